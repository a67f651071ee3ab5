//! A change to a dearer course, after it was requested ([`super::decide_change_course`]
//! with a transaction for the difference, [`OrderEvent::TicketChangeRequested`]):
//!
//! - [`PayTicketChange`] ([`decide_pay_change`]): the gateway confirmed the payment of the
//!   difference: [`OrderEvent::TicketChangePaid`] and the [`OrderEvent::TicketCourseChanged`]
//!   it paid for (the ticket moves, costs the new price, and is changed once). A payment
//!   that finds no change waiting (it expired first, or the ticket was returned) is
//!   refused, and the caller pays it back.
//! - [`ExpireTicketChange`] ([`decide_expire_change`]): the payment time is over:
//!   [`OrderEvent::TicketChangeExpired`], and the seat held on the new course goes back.
//!
//! Whichever the order stream records first wins, as for an order's own payment and
//! expiry.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus, TicketStatus};

/// The difference of a change was paid through the gateway session `session_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayTicketChange {
    pub order_id: Uuid,
    pub session_id: String,
    pub amount: i64,
    pub transaction_id: String,
    pub now: DateTime<Utc>,
}

/// Why a change's payment cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayChangeError {
    #[error("there is no such order")]
    NotFound,
    /// Expired, or the ticket returned or used, before the payment arrived: pay it back.
    #[error("no change of course waits for this payment")]
    NothingWaiting,
    #[error("the amount paid is not the difference ({0} grosz)")]
    WrongAmount(i64),
}

/// Pay: [`OrderEvent::TicketChangePaid`] and [`OrderEvent::TicketCourseChanged`]; nothing
/// when this transaction paid it already.
pub fn decide_pay_change(cmd: &PayTicketChange, state: &Order) -> Result<Vec<OrderEvent>, PayChangeError> {
    use PayChangeError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let Some(ticket) = order.ticket_of_change_session(&cmd.session_id) else {
        return Err(E::NothingWaiting);
    };
    let Some(change) = &ticket.pending_change else { return Err(E::NothingWaiting) };
    if ticket.status != TicketStatus::Valid || order.status != OrderStatus::Paid {
        return Err(E::NothingWaiting);
    }
    if cmd.amount != change.price_difference {
        return Err(E::WrongAmount(change.price_difference));
    }
    Ok(vec![
        OrderEvent::TicketChangePaid {
            order_id: order.order_id,
            ticket_id: ticket.ticket.ticket_id,
            number: ticket.ticket.number.clone(),
            amount: cmd.amount,
            transaction_id: cmd.transaction_id.clone(),
            session_id: cmd.session_id.clone(),
            paid_at: cmd.now,
        },
        OrderEvent::TicketCourseChanged {
            order_id: order.order_id,
            ticket_id: ticket.ticket.ticket_id,
            number: ticket.ticket.number.clone(),
            from_course_id: ticket.course.course_id,
            to_course: change.to_course.clone(),
            price_difference: change.price_difference,
            changed_at: cmd.now,
        },
    ])
}

/// Drop the change of ticket `ticket_id` whose payment time is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpireTicketChange {
    pub order_id: Uuid,
    pub ticket_id: Uuid,
    pub now: DateTime<Utc>,
}

/// Why a change cannot expire.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpireChangeError {
    #[error("there is no such order")]
    NotFound,
    #[error("no change of course waits for payment")]
    NothingWaiting,
    #[error("the change's payment time is not over")]
    NotYetDue,
}

/// Expire: one [`OrderEvent::TicketChangeExpired`].
pub fn decide_expire_change(cmd: &ExpireTicketChange, state: &Order) -> Result<Vec<OrderEvent>, ExpireChangeError> {
    use ExpireChangeError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let ticket = order.tickets.iter().find(|t| t.ticket.ticket_id == cmd.ticket_id).ok_or(E::NothingWaiting)?;
    let change = ticket.pending_change.as_ref().ok_or(E::NothingWaiting)?;
    if cmd.now < change.expires_at {
        return Err(E::NotYetDue);
    }
    Ok(vec![OrderEvent::TicketChangeExpired {
        order_id: order.order_id,
        ticket_id: ticket.ticket.ticket_id,
        number: ticket.ticket.number.clone(),
        to_course_id: change.to_course.course_id,
        hold_id: change.to_course.hold_id,
        expired_at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::{
        decide_change_course, decide_return, ChangeTicketCourse, ChangeTicketCourseError, Leg, LegKind, PaymentRef,
        ReturnTicket, Ticket,
    };

    /// A later outbound course at 45 zł: 6 zł more than the 39 zł paid.
    fn dearer() -> Leg {
        Leg {
            course_id: Uuid::from_u128(300),
            hold_id: Uuid::from_u128(301),
            departure_at: at(900),
            arrival_at: at(1020),
            unit_price: 4500,
            ..leg(LegKind::Outbound)
        }
    }

    fn payment(n: u32) -> PaymentRef {
        PaymentRef { provider: "sandbox".into(), session_id: format!("{ORDER}-c{n}"), token: format!("t{n}") }
    }

    fn change(payment: Option<PaymentRef>) -> ChangeTicketCourse {
        ChangeTicketCourse {
            order_id: ORDER,
            number: "NK-1".into(),
            code: None,
            by_user_id: Some(USER),
            by_staff: false,
            to_course: dearer(),
            now: at(100),
            cutoff_minutes: 10,
            payment,
            pay_within_minutes: 15,
        }
    }

    fn requested(ticket: &Ticket, n: u32) -> OrderEvent {
        OrderEvent::TicketChangeRequested {
            order_id: ORDER,
            ticket_id: ticket.ticket_id,
            number: ticket.number.clone(),
            from_course_id: Uuid::from_u128(100),
            to_course: dearer(),
            price_difference: 600,
            payment: payment(n),
            requested_at: at(100),
            expires_at: at(115),
        }
    }

    fn pay(n: u32, amount: i64, minute: i64) -> PayTicketChange {
        PayTicketChange {
            order_id: ORDER,
            session_id: format!("{ORDER}-c{n}"),
            amount,
            transaction_id: format!("tx-{n}"),
            now: at(minute),
        }
    }

    #[test]
    fn a_dearer_course_asks_for_the_difference_then_waits_for_it() {
        let (events, tickets) = paid_one_way();
        given(events.clone())
            .when(|s| decide_change_course(&change(None), s))
            .then_err(ChangeTicketCourseError::CostsMore(600));
        given(events.clone())
            .when(|s| decide_change_course(&change(Some(payment(1))), s))
            .then([requested(&tickets[0], 1)]);
        // While it waits the ticket stays on its course, unchanged, and cannot be changed again.
        let mut waiting = events;
        waiting.push(requested(&tickets[0], 1));
        let order = given(waiting.clone()).state();
        let ticket = order.placed().and_then(|o| o.ticket_by_number("NK-1")).expect("ticket");
        assert_eq!((ticket.course.course_id, ticket.course_changed, ticket.price), (Uuid::from_u128(100), false, 3900));
        let again = ChangeTicketCourse { now: at(110), ..change(Some(payment(2))) };
        given(waiting).when(|s| decide_change_course(&again, s)).then_err(ChangeTicketCourseError::ChangePending);
    }

    #[test]
    fn paying_the_difference_moves_the_ticket_once() {
        let (mut events, tickets) = paid_one_way();
        events.push(requested(&tickets[0], 1));
        let moved = course_changed(&tickets[0], dearer(), 600, 105);
        let paid = OrderEvent::TicketChangePaid {
            order_id: ORDER,
            ticket_id: tickets[0].ticket_id,
            number: "NK-1".into(),
            amount: 600,
            transaction_id: "tx-1".into(),
            session_id: format!("{ORDER}-c1"),
            paid_at: at(105),
        };
        given(events.clone()).when(|s| decide_pay_change(&pay(1, 600, 105), s)).then([paid.clone(), moved.clone()]);
        given(events.clone())
            .when(|s| decide_pay_change(&pay(1, 500, 105), s))
            .then_err(PayChangeError::WrongAmount(600));
        given(events.clone())
            .when(|s| decide_pay_change(&pay(2, 600, 105), s))
            .then_err(PayChangeError::NothingWaiting);
        events.extend([paid, moved]);
        let order = given(events.clone()).state();
        let ticket = order.placed().and_then(|o| o.ticket_by_number("NK-1")).expect("ticket");
        assert_eq!((ticket.course.course_id, ticket.course_changed, ticket.price), (Uuid::from_u128(300), true, 4500));
        assert!(ticket.pending_change.is_none());
        // The same notification again finds nothing waiting: the caller answers it as paid.
        given(events.clone())
            .when(|s| decide_pay_change(&pay(1, 600, 106), s))
            .then_err(PayChangeError::NothingWaiting);
        // Changed once.
        let more = ChangeTicketCourse { to_course: leg(LegKind::Outbound), now: at(110), ..change(None) };
        given(events).when(|s| decide_change_course(&more, s)).then_err(ChangeTicketCourseError::AlreadyChanged);
    }

    #[test]
    fn an_unpaid_change_expires_at_its_time_and_a_late_payment_finds_nothing() {
        let (mut events, tickets) = paid_one_way();
        events.push(requested(&tickets[0], 1));
        let expire = |minute| ExpireTicketChange { order_id: ORDER, ticket_id: tickets[0].ticket_id, now: at(minute) };
        given(events.clone()).when(|s| decide_expire_change(&expire(114), s)).then_err(ExpireChangeError::NotYetDue);
        let expired = OrderEvent::TicketChangeExpired {
            order_id: ORDER,
            ticket_id: tickets[0].ticket_id,
            number: "NK-1".into(),
            to_course_id: Uuid::from_u128(300),
            hold_id: Uuid::from_u128(301),
            expired_at: at(115),
        };
        given(events.clone()).when(|s| decide_expire_change(&expire(115), s)).then([expired.clone()]);
        // A payment before the expiry was recorded still wins.
        assert!(given(events.clone()).when(|s| decide_pay_change(&pay(1, 600, 116), s)).outcome().is_ok());
        events.push(expired);
        given(events.clone())
            .when(|s| decide_pay_change(&pay(1, 600, 116), s))
            .then_err(PayChangeError::NothingWaiting);
        given(events.clone())
            .when(|s| decide_expire_change(&expire(120), s))
            .then_err(ExpireChangeError::NothingWaiting);
        // The ticket may be changed again, under a new transaction.
        let again = ChangeTicketCourse { now: at(120), ..change(Some(payment(2))) };
        assert!(given(events).when(|s| decide_change_course(&again, s)).outcome().is_ok());
    }

    #[test]
    fn a_returned_ticket_takes_no_change_payment() {
        let (mut events, tickets) = paid_one_way();
        events.push(requested(&tickets[0], 1));
        let ret = ReturnTicket {
            order_id: ORDER,
            number: "NK-1".into(),
            code: None,
            by_user_id: Some(USER),
            by_staff: false,
            now: at(110),
            cutoff_minutes: 10,
            fee_percent: 10,
        };
        let returned = given(events.clone()).when(|s| decide_return(&ret, s)).outcome().expect("returned");
        events.extend(returned);
        given(events).when(|s| decide_pay_change(&pay(1, 600, 112), s)).then_err(PayChangeError::NothingWaiting);
    }
}
