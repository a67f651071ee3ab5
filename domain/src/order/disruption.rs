//! A course of the order was cancelled or delayed by the carrier (docs/disruptions.md, its
//! part "Disruptions"; EU Regulation 181/2011, art. 19 and 20).
//!
//! - [`TellDisruption`] ([`decide_tell_disruption`]): the order is told, once per
//!   announcement ([`CourseDisruption::notice_id`]), a delay's change and its clearing
//!   too. Only the tickets the disruption touches count: a course cancelled from a stop
//!   onward leaves a ticket that ends before it alone. An order still waiting for payment
//!   on a cancelled stretch is cancelled in the same decision (its coupon goes back, its
//!   payment link stops working). When the choice comes only after the scheduled
//!   departure (the passengers waited at the stop), half the tickets' price is owed as
//!   compensation (art. 19(2)): [`OrderEvent::CompensationOwed`], paid by the office
//!   through the refund path ([`super::decide_pay_compensation`]).
//! - [`ChooseDisruption`] ([`decide_choose_disruption`]): the passenger (or the office on
//!   their behalf) chooses, once, for all the order's tickets the disruption touches:
//!   another course serving the same two stops (any route, any later date) at no extra
//!   cost, even a dearer one (each ticket moves with `price_difference: 0`, so a free move
//!   leaves the invoice as it is), or a full refund with no fee (each ticket returned with
//!   `fee: 0`), the return leg too when the outbound is the disrupted one (its purpose is
//!   gone, art. 19(1)(b)). The choice stays open [`CHOICE_WINDOW_DAYS`] days after the
//!   announcement; a cancellation's passenger who did not choose by then is refunded by
//!   [`ChosenBy::Automatic`].
//!
//! The choice is offered for a cancellation and for a delay of
//! [`crate::seat_inventory::CHOICE_DELAY_MINUTES`] or more; a shorter delay is only told.
//! The seats and the refunds follow from the ticket events, as for any return or change.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::compensation::compensation_of;
use super::{Leg, LegKind, Order, OrderEvent, OrderState, OrderStatus, TicketState, TicketStatus};
use crate::seat_inventory::CHOICE_DELAY_MINUTES;

/// How long the passenger may choose after the announcement: never only the minutes to a
/// late cancellation's departure.
pub const CHOICE_WINDOW_DAYS: i64 = 14;

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
    /// `None`: cancelled; `Some(0)`: the delay was cleared; `Some(minutes)`: delayed.
    pub delay_minutes: Option<u32>,
    /// A cancellation from a stop onward: the stops the course no longer reaches (a
    /// ticket to one of them is touched). `None`: every ticket on the course.
    pub unserved_stops: Option<Vec<i64>>,
    pub reason: String,
    /// The course's scheduled departure.
    pub departure_at: DateTime<Utc>,
    /// When the carrier announced it.
    pub announced_at: DateTime<Utc>,
}

impl CourseDisruption {
    /// The passengers may choose (a cancellation, or a delay of 120 minutes or more).
    pub fn choice_offered(&self) -> bool {
        self.delay_minutes.is_none_or(|m| m >= CHOICE_DELAY_MINUTES)
    }

    /// Until when a choice can be made: [`CHOICE_WINDOW_DAYS`] after the announcement.
    pub fn choice_until(&self) -> DateTime<Utc> {
        self.announced_at + Duration::days(CHOICE_WINDOW_DAYS)
    }

    /// When the course is now expected to leave (the scheduled departure, later by a delay).
    pub fn expected_departure(&self) -> DateTime<Utc> {
        self.departure_at + Duration::minutes(i64::from(self.delay_minutes.unwrap_or(0)))
    }

    /// The choice came only after the scheduled departure: the passengers were not
    /// offered it in time (art. 19(2)).
    pub fn offered_late(&self) -> bool {
        self.choice_offered() && self.announced_at > self.departure_at
    }

    /// The disruption touches a leg that ends at `to_waypoint`.
    pub fn touches(&self, to_waypoint: i64) -> bool {
        touches(self.unserved_stops.as_deref(), to_waypoint)
    }
}

fn touches(unserved: Option<&[i64]>, to_waypoint: i64) -> bool {
    unserved.is_none_or(|stops| stops.contains(&to_waypoint))
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
    #[error("the new course must be between the same stops")]
    DifferentStops,
    #[error("the course is not one of the alternatives offered")]
    NotAnAlternative,
    #[error("no compensation is owed on this course")]
    NoCompensation,
    #[error("the compensation was paid already")]
    CompensationPaid,
}

/// The order's valid tickets on `course_id` that its disruption touches (all of them
/// when the order was told of none, or of one that touches every ticket).
pub fn tickets_on(order: &OrderState, course_id: Uuid) -> Vec<&TicketState> {
    let unserved = order.disruption(course_id).and_then(|r| r.unserved_stops.as_deref());
    valid_on(order, course_id, unserved)
}

fn valid_on<'a>(order: &'a OrderState, course_id: Uuid, unserved: Option<&[i64]>) -> Vec<&'a TicketState> {
    order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid && t.course.course_id == course_id)
        .filter(|t| touches(unserved, t.course.to_waypoint_id))
        .collect()
}

/// The tickets whose purpose is gone with those on `course_id`: the return leg's, when
/// the disrupted tickets are the outward journey's (art. 19(1)(b)).
pub fn purpose_lost(order: &OrderState, course_id: Uuid) -> Vec<&TicketState> {
    lost_with(order, &tickets_on(order, course_id), course_id)
}

fn lost_with<'a>(order: &'a OrderState, touched: &[&TicketState], course_id: Uuid) -> Vec<&'a TicketState> {
    if !touched.iter().any(|t| t.ticket.leg == LegKind::Outbound) {
        return Vec::new();
    }
    order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid && t.ticket.leg == LegKind::Back && t.course.course_id != course_id)
        .collect()
}

/// What a full refund of the order's tickets on `course_id` gives back (money and
/// coupon), with the return leg whose purpose is gone.
pub fn full_refund(order: &OrderState, course_id: Uuid) -> i64 {
    tickets_on(order, course_id).iter().chain(purpose_lost(order, course_id).iter()).map(|t| t.price.max(0)).sum()
}

/// The ticket's trip is disrupted and the choice still stands: its course (where the
/// disruption touches it) or, for a return-leg ticket, its outward journey's course was
/// cancelled or delayed 120 minutes or more, and nothing was chosen yet. Its return costs
/// no fee (the choice's refund, asked on the ordinary return page).
pub fn disrupted_trip(order: &OrderState, ticket: &TicketState) -> bool {
    let open = |course_id: Uuid, to_waypoint: i64| {
        order.disruption(course_id).is_some_and(|r| {
            r.choice_offered && r.chosen.is_none() && touches(r.unserved_stops.as_deref(), to_waypoint)
        })
    };
    if open(ticket.course.course_id, ticket.course.to_waypoint_id) {
        return true;
    }
    ticket.ticket.leg == LegKind::Back
        && order
            .tickets
            .iter()
            .filter(|t| t.ticket.leg == LegKind::Outbound && t.status == TicketStatus::Valid)
            .any(|t| open(t.course.course_id, t.course.to_waypoint_id))
}

/// Tell: one [`OrderEvent::DisruptionTold`] (with [`OrderEvent::OrderCancelled`] for an
/// unpaid order on a cancelled stretch, or [`OrderEvent::CompensationOwed`] for a paid
/// one offered the choice late); nothing when this notice was told already.
pub fn decide_tell_disruption(cmd: &TellDisruption, state: &Order) -> Result<Vec<OrderEvent>, DisruptionError> {
    let order = state.placed().ok_or(DisruptionError::NotFound)?;
    let d = &cmd.disruption;
    let record = order.disruption(d.course_id);
    if record.is_some_and(|r| r.notices.contains(&d.notice_id)) {
        return Ok(vec![]);
    }
    let pending = order.status == OrderStatus::PendingPayment
        && order.legs().any(|l| l.course_id == d.course_id && d.touches(l.to_waypoint_id));
    let touched = valid_on(order, d.course_id, d.unserved_stops.as_deref());
    if !pending && touched.is_empty() {
        return Err(DisruptionError::NotOnCourse);
    }
    let mut events = vec![OrderEvent::DisruptionTold {
        order_id: order.order_id,
        course_id: d.course_id,
        notice_id: d.notice_id,
        delay_minutes: d.delay_minutes,
        reason: d.reason.clone(),
        told_at: cmd.now,
        unserved_stops: d.unserved_stops.clone(),
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
    let owed_already = record.is_some_and(|r| r.compensation.is_some() || r.chosen.is_some());
    if order.status == OrderStatus::Paid && d.offered_late() && !owed_already {
        let amount = compensation_of(touched.iter().map(|t| t.price).sum());
        if amount > 0 {
            events.push(OrderEvent::CompensationOwed {
                order_id: order.order_id,
                course_id: d.course_id,
                amount,
                owed_at: cmd.now,
            });
        }
    }
    Ok(events)
}

/// Choose: one [`OrderEvent::DisruptionChosen`] and, per ticket touched, its
/// [`OrderEvent::TicketCourseChanged`] (free) or [`OrderEvent::TicketReturned`] (no fee,
/// with the return leg whose purpose is gone).
pub fn decide_choose_disruption(cmd: &ChooseDisruption, state: &Order) -> Result<Vec<OrderEvent>, DisruptionError> {
    use DisruptionError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let d = &cmd.disruption;
    if let Some(chosen) = order.disruption(d.course_id).and_then(|r| r.chosen.as_ref()) {
        // Refunded automatically when the window closed: for the passenger, the time was over.
        let closed = chosen.by == ChosenBy::Automatic && cmd.by != ChosenBy::Automatic;
        return Err(if closed { E::ChoiceClosed } else { E::AlreadyChosen });
    }
    let tickets = valid_on(order, d.course_id, d.unserved_stops.as_deref());
    if order.status != OrderStatus::Paid || tickets.is_empty() {
        return Err(E::NotOnCourse);
    }
    if !d.choice_offered() {
        return Err(E::NoChoice);
    }
    if cmd.by == ChosenBy::Automatic {
        if d.delay_minutes.is_some() || cmd.move_to.is_some() || cmd.now < d.choice_until() {
            return Err(E::NotYetDue);
        }
    } else if cmd.now >= d.choice_until() {
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
        let lost = lost_with(order, &tickets, d.course_id);
        let refunded_tickets: Vec<&TicketState> = tickets.iter().chain(lost.iter()).copied().collect();
        let amount = refunded_tickets.iter().map(|t| t.price.max(0)).sum();
        let mut events = vec![chosen(DisruptionChoice::Refund, None, amount)];
        events.extend(refunded_tickets.iter().map(|t| refunded(order, t, cmd)));
        return Ok(events);
    };
    for t in &tickets {
        if to.course_id == t.course.course_id {
            return Err(E::SameCourse);
        }
        // Any course serving the same two stops, on any route.
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
