//! `ChangeTicketCourse`: a ticket moves, once, to another course of the same route and
//! stops, before the cutoff of its current course.
//!
//! The new price is the new course's unit price after the ticket line's discount; a
//! cheaper course's difference is refunded like a payment, and from then on the ticket
//! costs the new price. A dearer course's difference is paid like a new payment
//! (docs/returns.md, 'A dearer course is paid first'): the caller registers a gateway
//! transaction for it and the order
//! records [`OrderEvent::TicketChangeRequested`]; the ticket moves only when it is paid
//! ([`super::decide_pay_change`]), or stays when the time runs out
//! ([`super::decide_expire_change`]). Without a transaction a dearer course answers
//! [`ChangeTicketCourseError::CostsMore`] with the difference, which is what the caller
//! registers. The change process holds the seat on the new course first (its hold is in
//! [`super::Leg::hold_id`] of `to_course`) and releases the old one once the ticket moved.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::access::{authorize, AccessDenied};
use super::{Leg, Order, OrderEvent, OrderState, OrderStatus, PaymentRef, TicketStatus};
use crate::money::seat_price;

/// Move the ticket `number` to the course `to_course`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeTicketCourse {
    pub order_id: Uuid,
    pub number: String,
    /// The ticket's code; required unless the logged-in owner changes it.
    pub code: Option<String>,
    pub by_user_id: Option<Uuid>,
    /// An admin acting on the customer's behalf (the caller checked the role): no code
    /// or ownership needed.
    pub by_staff: bool,
    /// The new course, for the ticket's stops (its `kind` is taken from the ticket).
    pub to_course: Leg,
    pub now: DateTime<Utc>,
    /// Changes close this many minutes before the current course leaves (*setting*).
    pub cutoff_minutes: u32,
    /// For a dearer course: the gateway transaction registered for the difference.
    pub payment: Option<PaymentRef>,
    /// How long a dearer change waits for its payment (*setting* "payment time").
    pub pay_within_minutes: u32,
}

/// The session id of the next change's payment: `{order id}-c1`, `-c2`, …
pub fn next_change_session(order: &OrderState) -> String {
    change_session(order.order_id, order.change_sessions.len() + 1)
}

/// The session id of an order's `n`-th change payment: `{order id}-c{n}`. The change
/// process counts its undone attempts too, so a session is never registered twice.
pub fn change_session(order_id: Uuid, n: usize) -> String {
    format!("{order_id}-c{n}")
}

/// Why a ticket's course cannot be changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeTicketCourseError {
    #[error("there is no such order")]
    NotFound,
    #[error("there is no such ticket")]
    TicketNotFound,
    #[error(transparent)]
    Denied(#[from] AccessDenied),
    #[error("the ticket was returned")]
    TicketReturned,
    #[error("the ticket was used")]
    Used,
    #[error("the order is not paid")]
    NotPaid,
    #[error("a ticket's course can be changed once")]
    AlreadyChanged,
    #[error("the ticket is for this course already")]
    SameCourse,
    #[error("the new course runs on another route")]
    DifferentRoute,
    #[error("the new course must be between the same stops")]
    DifferentStops,
    #[error("changes close {0} minutes before departure")]
    TooLate(u32),
    /// The new course costs this much more (grosz): the difference is to be paid first,
    /// through a transaction the caller registers and gives in `payment`.
    #[error("the new course costs {0} grosz more: the difference is paid first")]
    CostsMore(i64),
    #[error("a change of this ticket waits for its payment")]
    ChangePending,
}

/// Change: one [`OrderEvent::TicketCourseChanged`] with the price difference.
pub fn decide_change_course(
    cmd: &ChangeTicketCourse,
    state: &Order,
) -> Result<Vec<OrderEvent>, ChangeTicketCourseError> {
    use ChangeTicketCourseError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let ticket = order.ticket_by_number(&cmd.number).ok_or(E::TicketNotFound)?;
    authorize(order, ticket, cmd.code.as_deref(), cmd.by_user_id, cmd.by_staff)?;
    match ticket.status {
        TicketStatus::Returned => return Err(E::TicketReturned),
        TicketStatus::Used => return Err(E::Used),
        TicketStatus::Valid => {}
    }
    if order.status != OrderStatus::Paid {
        return Err(E::NotPaid);
    }
    if ticket.course_changed {
        return Err(E::AlreadyChanged);
    }
    if ticket.pending_change.as_ref().is_some_and(|c| cmd.now < c.expires_at) {
        return Err(E::ChangePending);
    }
    let current = &ticket.course;
    if cmd.to_course.course_id == current.course_id {
        return Err(E::SameCourse);
    }
    if cmd.to_course.route_id != current.route_id {
        return Err(E::DifferentRoute);
    }
    if (cmd.to_course.from_waypoint_id, cmd.to_course.to_waypoint_id)
        != (current.from_waypoint_id, current.to_waypoint_id)
    {
        return Err(E::DifferentStops);
    }
    if cmd.now >= current.departure_at - Duration::minutes(i64::from(cmd.cutoff_minutes)) {
        return Err(E::TooLate(cmd.cutoff_minutes));
    }
    let discount = order.line(ticket.ticket.line).and_then(|l| l.discount.as_ref()).map(|d| d.reduction);
    let new_price = seat_price(cmd.to_course.unit_price, discount);
    let to_course = Leg { kind: ticket.ticket.leg, ..cmd.to_course.clone() };
    if new_price > ticket.price {
        let Some(payment) = &cmd.payment else { return Err(E::CostsMore(new_price - ticket.price)) };
        return Ok(vec![OrderEvent::TicketChangeRequested {
            order_id: order.order_id,
            ticket_id: ticket.ticket.ticket_id,
            number: ticket.ticket.number.clone(),
            from_course_id: current.course_id,
            to_course,
            price_difference: new_price - ticket.price,
            payment: payment.clone(),
            requested_at: cmd.now,
            expires_at: cmd.now + Duration::minutes(i64::from(cmd.pay_within_minutes)),
        }]);
    }
    Ok(vec![OrderEvent::TicketCourseChanged {
        order_id: order.order_id,
        ticket_id: ticket.ticket.ticket_id,
        number: ticket.ticket.number.clone(),
        from_course_id: current.course_id,
        to_course,
        price_difference: new_price - ticket.price,
        changed_at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::{LegKind, Ticket};

    /// A later outbound course (leaves at minute 900) at 36 zł, 3 zł less.
    fn later(kind: LegKind) -> Leg {
        let base = leg(LegKind::Outbound);
        Leg {
            kind,
            course_id: Uuid::from_u128(300),
            hold_id: Uuid::from_u128(301),
            departure_at: at(900),
            arrival_at: at(1020),
            unit_price: 3600,
            ..base
        }
    }

    fn change(n: u32) -> ChangeTicketCourse {
        ChangeTicketCourse {
            order_id: ORDER,
            number: format!("NK-{n}"),
            code: Some(format!("CODE-{n}")),
            by_user_id: None,
            by_staff: false,
            to_course: later(LegKind::Outbound),
            now: at(100),
            cutoff_minutes: 10,
            payment: None,
            pay_within_minutes: 15,
        }
    }

    fn changed(ticket: &Ticket, price_difference: i64) -> OrderEvent {
        course_changed(ticket, later(LegKind::Outbound), price_difference, 100)
    }

    #[test]
    fn the_ticket_moves_and_the_difference_is_the_new_price_less_the_old() {
        let (events, tickets) = paid_one_way();
        given(events).when(|s| decide_change_course(&change(1), s)).then([changed(&tickets[0], -300)]);
    }

    #[test]
    fn the_line_discount_applies_to_the_new_price() {
        // The student pays 3600 less 49% = 1836 (1836 - 1989 = 153 back).
        let (events, tickets) = paid_one_way();
        given(events).when(|s| decide_change_course(&change(3), s)).then([changed(&tickets[2], -153)]);
    }

    #[test]
    fn a_dearer_course_is_refused_and_the_same_price_is_not() {
        let (events, tickets) = paid_one_way();
        let dearer =
            ChangeTicketCourse { to_course: Leg { unit_price: 4500, ..later(LegKind::Outbound) }, ..change(1) };
        given(events.clone())
            .when(|s| decide_change_course(&dearer, s))
            .then_err(ChangeTicketCourseError::CostsMore(600));
        // The student's discount counts: 4000 less 49% = 2040, 51 more than 1989.
        let student =
            ChangeTicketCourse { to_course: Leg { unit_price: 4000, ..later(LegKind::Outbound) }, ..change(3) };
        given(events.clone())
            .when(|s| decide_change_course(&student, s))
            .then_err(ChangeTicketCourseError::CostsMore(51));
        let same = Leg { unit_price: 3900, ..later(LegKind::Outbound) };
        let cmd = ChangeTicketCourse { to_course: same.clone(), ..change(1) };
        given(events).when(|s| decide_change_course(&cmd, s)).then([course_changed(&tickets[0], same, 0, 100)]);
    }

    #[test]
    fn a_cheaper_course_gives_a_negative_difference() {
        let (events, tickets) = paid_one_way();
        let cmd = ChangeTicketCourse { to_course: Leg { unit_price: 3000, ..later(LegKind::Outbound) }, ..change(1) };
        let expected = course_changed(&tickets[0], Leg { unit_price: 3000, ..later(LegKind::Outbound) }, -900, 100);
        given(events).when(|s| decide_change_course(&cmd, s)).then([expected]);
    }

    #[test]
    fn the_leg_kind_is_the_tickets() {
        let (events, tickets) = paid_one_way();
        let cmd = ChangeTicketCourse { to_course: later(LegKind::Back), ..change(1) };
        given(events).when(|s| decide_change_course(&cmd, s)).then([changed(&tickets[0], -300)]);
    }

    #[test]
    fn the_ticket_then_belongs_to_the_new_course_at_the_new_price() {
        let (mut events, tickets) = paid_one_way();
        events.push(changed(&tickets[0], -300));
        let order = given(events).state();
        let ticket = order.placed().and_then(|o| o.ticket_by_number("NK-1")).expect("the ticket");
        assert!(ticket.course_changed);
        assert_eq!((ticket.course.course_id, ticket.course.hold_id), (Uuid::from_u128(300), Uuid::from_u128(301)));
        assert_eq!(ticket.price, 3600);
    }

    #[test]
    fn a_course_changes_once() {
        let (mut events, tickets) = paid_one_way();
        events.push(changed(&tickets[0], -300));
        let back_again = ChangeTicketCourse { to_course: leg(LegKind::Outbound), ..change(1) };
        given(events).when(|s| decide_change_course(&back_again, s)).then_err(ChangeTicketCourseError::AlreadyChanged);
    }

    #[test]
    fn the_new_course_is_another_one_of_the_same_route_and_stops() {
        let (events, _) = paid_one_way();
        let given = || given(events.clone());
        let same = ChangeTicketCourse { to_course: leg(LegKind::Outbound), ..change(1) };
        given().when(|s| decide_change_course(&same, s)).then_err(ChangeTicketCourseError::SameCourse);
        let route = ChangeTicketCourse { to_course: Leg { route_id: 4, ..later(LegKind::Outbound) }, ..change(1) };
        given().when(|s| decide_change_course(&route, s)).then_err(ChangeTicketCourseError::DifferentRoute);
        let from =
            ChangeTicketCourse { to_course: Leg { from_waypoint_id: 11, ..later(LegKind::Outbound) }, ..change(1) };
        given().when(|s| decide_change_course(&from, s)).then_err(ChangeTicketCourseError::DifferentStops);
        let to = ChangeTicketCourse { to_course: Leg { to_waypoint_id: 21, ..later(LegKind::Outbound) }, ..change(1) };
        given().when(|s| decide_change_course(&to, s)).then_err(ChangeTicketCourseError::DifferentStops);
    }

    #[test]
    fn changes_close_before_the_current_course_leaves() {
        let (events, tickets) = paid_one_way();
        let late = ChangeTicketCourse { now: at(590), ..change(1) };
        given(events.clone()).when(|s| decide_change_course(&late, s)).then_err(ChangeTicketCourseError::TooLate(10));
        let just_in_time = ChangeTicketCourse { now: at(589), ..change(1) };
        let expected = course_changed(&tickets[0], later(LegKind::Outbound), -300, 589);
        given(events).when(|s| decide_change_course(&just_in_time, s)).then([expected]);
    }

    #[test]
    fn only_the_owner_the_code_holder_or_the_staff_change_a_ticket() {
        let (events, tickets) = paid_one_way();
        let wrong = ChangeTicketCourse { code: Some("nope".into()), ..change(1) };
        given(events.clone()).when(|s| decide_change_course(&wrong, s)).then_err(AccessDenied::WrongCode.into());
        let guest = ChangeTicketCourse { code: None, ..change(1) };
        given(events.clone()).when(|s| decide_change_course(&guest, s)).then_err(AccessDenied::CodeRequired.into());
        let stranger = ChangeTicketCourse { code: None, by_user_id: Some(Uuid::from_u128(77)), ..change(1) };
        given(events.clone()).when(|s| decide_change_course(&stranger, s)).then_err(AccessDenied::NotOwner.into());
        let staff = ChangeTicketCourse { code: None, by_user_id: Some(ADMIN), by_staff: true, ..change(1) };
        let by_staff = changed(&tickets[0], -300);
        given(events.clone()).when(|s| decide_change_course(&staff, s)).then([by_staff]);
        let owner = ChangeTicketCourse { code: None, by_user_id: Some(USER), ..change(1) };
        given(events).when(|s| decide_change_course(&owner, s)).then([changed(&tickets[0], -300)]);
    }

    #[test]
    fn returned_tickets_and_unpaid_orders_cannot_change() {
        let (mut events, tickets) = paid_one_way();
        let returned = OrderEvent::TicketReturned {
            order_id: ORDER,
            ticket_id: tickets[0].ticket_id,
            number: "NK-1".into(),
            returned_at: at(50),
            by_user_id: None,
            price: 3900,
            fee: 390,
            coupon_refund: 0,
            money_refund: 3510,
        };
        events.push(returned);
        given(events.clone())
            .when(|s| decide_change_course(&change(1), s))
            .then_err(ChangeTicketCourseError::TicketReturned);
        let cancelled = OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(60),
            by_user_id: ADMIN,
            reason: "course withdrawn".into(),
            refund: 5889,
            coupon_refund: 0,
        };
        events.push(cancelled);
        given(events).when(|s| decide_change_course(&change(2), s)).then_err(ChangeTicketCourseError::NotPaid);
        given([placed(false, 0)])
            .when(|s| decide_change_course(&change(1), s))
            .then_err(ChangeTicketCourseError::TicketNotFound);
        given([]).when(|s| decide_change_course(&change(1), s)).then_err(ChangeTicketCourseError::NotFound);
    }
}
