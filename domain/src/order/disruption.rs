//! A course of the order was cancelled or delayed by the carrier (docs/disruptions.md, its
//! part "Disruptions"; EU Regulation 181/2011).
//!
//! - [`TellDisruption`] ([`decide_tell_disruption`]): the order is told, once per
//!   announcement ([`CourseDisruption::notice_id`]). An order still waiting for payment on
//!   a cancelled course is cancelled in the same decision (its coupon goes back, its
//!   payment link stops working).
//! - [`ChooseDisruption`] ([`decide_choose_disruption`]): the passenger (or the office on
//!   their behalf) chooses, once, for all the order's tickets on the course: another
//!   course of the same route and stops at no extra cost, even a dearer one (each ticket
//!   moves with `price_difference: 0`, so a free move leaves the invoice as it is), or a
//!   full refund with no fee (each ticket returned with `fee: 0`: the coupon part to the
//!   coupon, the rest in money, and the invoice corrected). A cancellation's passenger
//!   who did not choose by the departure is refunded by [`ChosenBy::Automatic`].
//!
//! The choice is offered for a cancellation and for a delay of
//! [`crate::seat_inventory::CHOICE_DELAY_MINUTES`] or more; a shorter delay is only told.
//! The seats and the refunds follow from the ticket events, as for any return or change.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Leg, Order, OrderEvent, OrderState, OrderStatus, TicketState, TicketStatus};
use crate::seat_inventory::CHOICE_DELAY_MINUTES;

/// What a passenger chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisruptionChoice {
    Move,
    Refund,
}

/// Who made the choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChosenBy {
    /// Through the link of the message, or the ticket page.
    Passenger,
    /// An admin, on the passenger's behalf.
    Office,
    /// Nobody chose by the departure of a cancelled course: the full refund.
    Automatic,
}

impl DisruptionChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            DisruptionChoice::Move => "move",
            DisruptionChoice::Refund => "refund",
        }
    }
}

impl ChosenBy {
    pub fn as_str(self) -> &'static str {
        match self {
            ChosenBy::Passenger => "passenger",
            ChosenBy::Office => "office",
            ChosenBy::Automatic => "automatic",
        }
    }
}

/// What the course's inventory says of the disruption (the caller reads it there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseDisruption {
    pub course_id: Uuid,
    /// The id of the course event that announced it: an order is told once per notice.
    pub notice_id: Uuid,
    /// `None`: cancelled; `Some(minutes)`: delayed.
    pub delay_minutes: Option<u32>,
    pub reason: String,
    /// The course's scheduled departure.
    pub departure_at: DateTime<Utc>,
}

impl CourseDisruption {
    /// The passengers may choose (a cancellation, or a delay of 120 minutes or more).
    pub fn choice_offered(&self) -> bool {
        self.delay_minutes.is_none_or(|m| m >= CHOICE_DELAY_MINUTES)
    }

    /// Until when a choice can be made: the departure (a delayed course's actual one).
    pub fn deadline(&self) -> DateTime<Utc> {
        self.departure_at + Duration::minutes(i64::from(self.delay_minutes.unwrap_or(0)))
    }
}

/// Tell the order of a disruption of one of its courses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TellDisruption {
    pub order_id: Uuid,
    pub disruption: CourseDisruption,
    pub now: DateTime<Utc>,
}

/// Choose, for the order's tickets on the disrupted course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChooseDisruption {
    pub order_id: Uuid,
    pub disruption: CourseDisruption,
    /// `Some(course)` (with its seats held in `hold_id`) to move, `None` for the refund.
    pub move_to: Option<Leg>,
    pub by: ChosenBy,
    pub by_user_id: Option<Uuid>,
    pub now: DateTime<Utc>,
}

/// Why an order cannot be told or cannot choose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisruptionError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order has no ticket on this course")]
    NotOnCourse,
    #[error("a choice was made already")]
    AlreadyChosen,
    #[error("the time to choose is over")]
    ChoiceClosed,
    #[error("a delay this short offers no choice")]
    NoChoice,
    #[error("the automatic refund is due at the departure of a cancelled course")]
    NotYetDue,
    #[error("the ticket is for this course already")]
    SameCourse,
    #[error("the new course runs on another route")]
    DifferentRoute,
    #[error("the new course must be between the same stops")]
    DifferentStops,
    /// A ticket moves once (its one move is its `TicketCourseChanged`): a ticket moved
    /// before is refunded instead.
    #[error("a ticket on this course was moved once already: only the refund is possible")]
    MovedBefore,
}

/// The order's valid tickets on `course_id`.
pub fn tickets_on(order: &OrderState, course_id: Uuid) -> Vec<&TicketState> {
    order.tickets.iter().filter(|t| t.status == TicketStatus::Valid && t.course.course_id == course_id).collect()
}

/// What a full refund of the order's tickets on `course_id` gives back (money and coupon).
pub fn full_refund(order: &OrderState, course_id: Uuid) -> i64 {
    tickets_on(order, course_id).iter().map(|t| t.price.max(0)).sum()
}

/// Tell: one [`OrderEvent::DisruptionTold`] (and [`OrderEvent::OrderCancelled`] for an
/// unpaid order on a cancelled course); nothing when this notice was told already.
pub fn decide_tell_disruption(cmd: &TellDisruption, state: &Order) -> Result<Vec<OrderEvent>, DisruptionError> {
    let order = state.placed().ok_or(DisruptionError::NotFound)?;
    let d = &cmd.disruption;
    if order.disruption(d.course_id).is_some_and(|r| r.notices.contains(&d.notice_id)) {
        return Ok(vec![]);
    }
    let pending = order.status == OrderStatus::PendingPayment && order.legs().any(|l| l.course_id == d.course_id);
    if !pending && tickets_on(order, d.course_id).is_empty() {
        return Err(DisruptionError::NotOnCourse);
    }
    let mut events = vec![OrderEvent::DisruptionTold {
        order_id: order.order_id,
        course_id: d.course_id,
        notice_id: d.notice_id,
        delay_minutes: d.delay_minutes,
        reason: d.reason.clone(),
        told_at: cmd.now,
    }];
    if pending && d.delay_minutes.is_none() {
        events.push(OrderEvent::OrderCancelled {
            order_id: order.order_id,
            cancelled_at: cmd.now,
            // Nobody cancelled it by hand: the carrier's cancellation did.
            by_user_id: Uuid::nil(),
            reason: format!("Kurs odwołany: {}", d.reason),
            refund: 0,
            coupon_refund: order.coupon_amount(),
        });
    }
    Ok(events)
}

/// Choose: one [`OrderEvent::DisruptionChosen`] and, per ticket on the course, its
/// [`OrderEvent::TicketCourseChanged`] (free) or [`OrderEvent::TicketReturned`] (no fee).
pub fn decide_choose_disruption(cmd: &ChooseDisruption, state: &Order) -> Result<Vec<OrderEvent>, DisruptionError> {
    use DisruptionError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let d = &cmd.disruption;
    if let Some(chosen) = order.disruption(d.course_id).and_then(|r| r.chosen.as_ref()) {
        // Refunded automatically at the departure: for the passenger, the time was over.
        let closed = chosen.by == ChosenBy::Automatic && cmd.by != ChosenBy::Automatic;
        return Err(if closed { E::ChoiceClosed } else { E::AlreadyChosen });
    }
    let tickets = tickets_on(order, d.course_id);
    if order.status != OrderStatus::Paid || tickets.is_empty() {
        return Err(E::NotOnCourse);
    }
    if !d.choice_offered() {
        return Err(E::NoChoice);
    }
    if cmd.by == ChosenBy::Automatic {
        if d.delay_minutes.is_some() || cmd.move_to.is_some() || cmd.now < d.departure_at {
            return Err(E::NotYetDue);
        }
    } else if cmd.now >= d.deadline() {
        return Err(E::ChoiceClosed);
    }
    let chosen = |choice, to_course_id, refund_amount| OrderEvent::DisruptionChosen {
        order_id: order.order_id,
        course_id: d.course_id,
        choice,
        by: cmd.by,
        by_user_id: cmd.by_user_id,
        chosen_at: cmd.now,
        to_course_id,
        refund_amount,
    };
    let Some(to) = &cmd.move_to else {
        let mut events = vec![chosen(DisruptionChoice::Refund, None, full_refund(order, d.course_id))];
        events.extend(tickets.iter().map(|t| refunded(order, t, cmd)));
        return Ok(events);
    };
    for t in &tickets {
        if t.course_changed {
            return Err(E::MovedBefore);
        }
        if to.course_id == t.course.course_id {
            return Err(E::SameCourse);
        }
        if to.route_id != t.course.route_id {
            return Err(E::DifferentRoute);
        }
        if (to.from_waypoint_id, to.to_waypoint_id) != (t.course.from_waypoint_id, t.course.to_waypoint_id) {
            return Err(E::DifferentStops);
        }
    }
    let mut events = vec![chosen(DisruptionChoice::Move, Some(to.course_id), 0)];
    events.extend(tickets.iter().map(|t| OrderEvent::TicketCourseChanged {
        order_id: order.order_id,
        ticket_id: t.ticket.ticket_id,
        number: t.ticket.number.clone(),
        from_course_id: d.course_id,
        to_course: Leg { kind: t.ticket.leg, ..to.clone() },
        // At no extra cost, even to a dearer course (and nothing back from a cheaper one).
        price_difference: 0,
        changed_at: cmd.now,
    }));
    Ok(events)
}

/// A ticket returned in full: no fee, the coupon part to the coupon.
fn refunded(order: &OrderState, t: &TicketState, cmd: &ChooseDisruption) -> OrderEvent {
    let price = t.price.max(0);
    let coupon_refund = t.ticket.coupon_part.clamp(0, price);
    OrderEvent::TicketReturned {
        order_id: order.order_id,
        ticket_id: t.ticket.ticket_id,
        number: t.ticket.number.clone(),
        returned_at: cmd.now,
        by_user_id: cmd.by_user_id,
        price,
        fee: 0,
        coupon_refund,
        money_refund: price - coupon_refund,
    }
}

#[cfg(test)]
#[path = "disruption_tests.rs"]
mod tests;
