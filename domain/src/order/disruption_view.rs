//! Where an order stands on a disrupted course, as the admin's list and the passenger's
//! offer show it (docs/disruptions.md, 'Who sees what, and where it is read'). Pure: the
//! API answers build their bodies from [`passenger`], [`offer_leg`] and [`choice_open`], whichever side reads the
//! order (the command side from its stream, the query side from `rm_order_events`), so
//! both say the same.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{tickets_on, CourseDisruption, DisruptionChoice, DisruptionChosenRecord, Leg, OrderState, OrderStatus};
use super::{DisruptionRecord, TicketState, TicketStatus};

/// Where the order stands on the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassengerState {
    /// Not told yet (the process tells it in a moment, or it had no e-mail).
    ToTell,
    Told,
    Moved,
    Refunded,
    /// An unpaid order the cancellation cancelled.
    OrderCancelled,
}

impl PassengerState {
    /// Its name in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            PassengerState::ToTell => "to_tell",
            PassengerState::Told => "told",
            PassengerState::Moved => "moved",
            PassengerState::Refunded => "refunded",
            PassengerState::OrderCancelled => "order_cancelled",
        }
    }
}

/// An order as a passenger of a disrupted course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassengerView<'a> {
    pub state: PassengerState,
    /// The seats it has (or had, before its choice) on the course.
    pub seats: u32,
    pub told_at: Option<DateTime<Utc>>,
    pub chosen: Option<&'a DisruptionChosenRecord>,
    /// The course its tickets moved to, with the departure of the first ticket still on it
    /// (`None` once they are all returned: the caller reads the course's departure).
    pub moved_to: Option<(Uuid, Option<DateTime<Utc>>)>,
    /// What the refund gave back (money and coupon), for a refund.
    pub refund_amount: Option<i64>,
    /// Compensation owed because the choice came late (art. 19(2)), and whether paid.
    pub compensation: Option<&'a crate::order::Compensation>,
}

/// The order as a passenger of `course_id`: `None` when it has nothing on it (an order
/// expired before, or whose tickets were all returned before the disruption).
pub fn passenger(order: &OrderState, course_id: Uuid) -> Option<PassengerView<'_>> {
    let record: Option<&DisruptionRecord> = order.disruption(course_id);
    let chosen = record.and_then(|r| r.chosen.as_ref());
    let on_course = tickets_on(order, course_id).len();
    let cancelled_by_disruption = order.status == OrderStatus::Cancelled && record.is_some();
    let pending = order.status == OrderStatus::PendingPayment && order.legs().any(|l| l.course_id == course_id);
    if on_course == 0 && chosen.is_none() && !cancelled_by_disruption && !pending {
        return None;
    }
    let state = match (chosen.map(|c| c.choice), cancelled_by_disruption, record.and_then(|r| r.told_at)) {
        (Some(DisruptionChoice::Move), _, _) => PassengerState::Moved,
        (Some(DisruptionChoice::Refund), _, _) => PassengerState::Refunded,
        (None, true, _) => PassengerState::OrderCancelled,
        (None, false, Some(_)) => PassengerState::Told,
        (None, false, None) => PassengerState::ToTell,
    };
    let seats = if on_course > 0 {
        on_course
    } else if let Some(c) = chosen {
        // The tickets the choice moved or refunded (not one returned before it).
        c.seats as usize
    } else if pending || cancelled_by_disruption {
        order.passengers() as usize
    } else {
        order.tickets.iter().filter(|t| was_on(order, t, course_id) && t.status != TicketStatus::Returned).count()
    };
    Some(PassengerView {
        state,
        seats: seats as u32,
        told_at: record.and_then(|r| r.told_at),
        chosen,
        moved_to: chosen.and_then(|c| c.to_course_id).map(|to| {
            // The moved tickets are on that course now: their leg says when it leaves.
            (to, order.tickets.iter().find(|t| t.course.course_id == to).map(|t| t.course.departure_at))
        }),
        refund_amount: chosen.filter(|c| c.choice == DisruptionChoice::Refund).map(|c| c.refund_amount),
        compensation: record.and_then(|r| r.compensation.as_ref()),
    })
}

/// The order's leg on `course_id`: a ticket's current course when it is on it (a ticket
/// moved onto the course names that course's route and times, not the one it left), else
/// the leg as it was sold (a ticket moved away still names it): the stops and times the
/// passenger's offer and message show.
pub fn offer_leg(order: &OrderState, course_id: Uuid) -> Option<Leg> {
    if let Some(t) = order.tickets.iter().find(|t| t.course.course_id == course_id) {
        return Some(t.course.clone());
    }
    order
        .tickets
        .iter()
        .find(|t| was_on(order, t, course_id))
        .map(|t| order.leg(t.ticket.leg).cloned().unwrap_or_else(|| t.course.clone()))
        .or_else(|| order.legs().find(|l| l.course_id == course_id).cloned())
        // Tickets moved onto the course earlier and moved away by the choice.
        .or_else(|| order.disruption(course_id).and_then(|r| r.chosen.as_ref()).and_then(|c| c.leg.clone()))
}

/// The passenger may still choose: a paid order with tickets on the course, nothing
/// chosen yet, a disruption that offers the choice, before its deadline.
pub fn choice_open(order: &OrderState, disruption: &CourseDisruption, now: DateTime<Utc>) -> bool {
    let chosen = order.disruption(disruption.course_id).is_some_and(|r| r.chosen.is_some());
    !chosen
        && order.status == OrderStatus::Paid
        && !tickets_on(order, disruption.course_id).is_empty()
        && disruption.choice_offered()
        && now < disruption.choice_until()
}

/// The ticket's leg is (or was, before a move) on `course_id`.
fn was_on(order: &OrderState, t: &TicketState, course_id: Uuid) -> bool {
    t.course.course_id == course_id || order.leg(t.ticket.leg).is_some_and(|l| l.course_id == course_id)
}
