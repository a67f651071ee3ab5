//! `RegisterPayment`: the customer pays again. A payment that failed at the gateway (or
//! was left unfinished) leaves the order waiting with its seats held; while they are
//! held, the customer may open a new gateway transaction for the same reservation.
//!
//! The caller registers the transaction with the gateway first (IO) under the session
//! id [`next_payment_session`] gives, then records it here. The reservation's time is
//! not extended: a new transaction only replaces the way to pay, and once `expires_at`
//! has passed the seats are about to go back on sale, so it is refused.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderState, OrderStatus, PaymentRef};

/// Record a new gateway transaction for an order that waits for payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterPayment {
    pub order_id: Uuid,
    pub payment: PaymentRef,
    pub now: DateTime<Utc>,
}

/// Why a new payment cannot be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterPaymentError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order is not waiting for payment (it is {})", .0.as_str())]
    NotPending(OrderStatus),
    #[error("the reservation has expired")]
    Expired,
    #[error("the order has nothing to pay through a gateway")]
    NothingToPay,
}

/// The session id of the next transaction of `order`: the order id for the first, then
/// `{order id}-2`, `{order id}-3`, … (a gateway wants every session id once).
pub fn next_payment_session(order: &OrderState) -> String {
    match order.payment_sessions.len() {
        0 => order.order_id.to_string(),
        n => format!("{}-{}", order.order_id, n + 1),
    }
}

/// The order a gateway session id belongs to ([`next_payment_session`]'s inverse, and
/// [`super::next_change_session`]'s: `{order id}-c{n}` pays the difference of a change).
pub fn order_of_session(session_id: &str) -> Option<Uuid> {
    let id = session_id.get(..36)?;
    let rest = &session_id[36..];
    let attempt_ok = rest.is_empty()
        || rest.strip_prefix('-').is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 2))
        || rest.strip_prefix("-c").is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n >= 1));
    attempt_ok.then(|| Uuid::try_parse(id).ok()).flatten()
}

/// Whether a gateway session pays the difference of a change of course.
pub fn is_change_session(session_id: &str) -> bool {
    session_id.get(36..).is_some_and(|rest| rest.starts_with("-c"))
}

/// Register: one [`OrderEvent::PaymentRegistered`]; nothing when this session was
/// recorded already.
pub fn decide_register_payment(cmd: &RegisterPayment, state: &Order) -> Result<Vec<OrderEvent>, RegisterPaymentError> {
    use RegisterPaymentError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    if order.payment_sessions.contains(&cmd.payment.session_id) {
        return Ok(vec![]);
    }
    match order.status {
        OrderStatus::PendingPayment => {}
        OrderStatus::Expired => return Err(E::Expired),
        other => return Err(E::NotPending(other)),
    }
    if cmd.now >= order.expires_at {
        return Err(E::Expired);
    }
    if order.to_pay <= 0 {
        return Err(E::NothingToPay);
    }
    Ok(vec![OrderEvent::PaymentRegistered {
        order_id: order.order_id,
        payment: cmd.payment.clone(),
        registered_at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn again(session: &str, minute: i64) -> RegisterPayment {
        RegisterPayment {
            order_id: ORDER,
            payment: PaymentRef {
                provider: "sandbox".into(),
                session_id: session.into(),
                token: format!("tok-{session}"),
            },
            now: at(minute),
        }
    }

    #[test]
    fn a_waiting_order_takes_a_new_transaction_and_is_paid_through_it() {
        let cmd = again("s-2", 5);
        let events =
            given([placed(false, 0)]).when(|o| decide_register_payment(&cmd, o)).outcome().expect("registered");
        assert_eq!(
            events,
            vec![OrderEvent::PaymentRegistered { order_id: ORDER, payment: cmd.payment.clone(), registered_at: at(5) }]
        );
        let after = given([placed(false, 0), events[0].clone()]).state();
        let order = after.placed().expect("placed");
        assert_eq!(order.payment, cmd.payment);
        assert_eq!(order.payment_sessions, vec!["s-1".to_string(), "s-2".to_string()]);
        assert_eq!(order.status, OrderStatus::PendingPayment, "the reservation itself is unchanged");
        assert_eq!(order.expires_at, at(15), "a new transaction does not extend the reservation");
    }

    #[test]
    fn the_same_session_twice_records_nothing() {
        let first =
            OrderEvent::PaymentRegistered { order_id: ORDER, payment: again("s-2", 5).payment, registered_at: at(5) };
        given([placed(false, 0), first]).when(|o| decide_register_payment(&again("s-2", 6), o)).then(vec![]);
    }

    #[test]
    fn after_the_payment_time_the_reservation_has_expired() {
        given([placed(false, 0)])
            .when(|o| decide_register_payment(&again("s-2", 15), o))
            .then_err(RegisterPaymentError::Expired);
        let expired = OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(15) };
        given([placed(false, 0), expired])
            .when(|o| decide_register_payment(&again("s-2", 16), o))
            .then_err(RegisterPaymentError::Expired);
    }

    #[test]
    fn a_paid_or_unknown_order_takes_no_new_transaction() {
        given([placed(false, 0), paid(false, 0)])
            .when(|o| decide_register_payment(&again("s-2", 5), o))
            .then_err(RegisterPaymentError::NotPending(OrderStatus::Paid));
        given([]).when(|o| decide_register_payment(&again("s-2", 5), o)).then_err(RegisterPaymentError::NotFound);
    }

    #[test]
    fn sessions_are_numbered_after_the_order_and_read_back() {
        let order_id = Uuid::from_u128(0xabc);
        let mut order = given([placed(false, 0)]).state().placed().expect("placed").clone();
        order.order_id = order_id;
        order.payment_sessions = vec![order_id.to_string()];
        let second = next_payment_session(&order);
        assert_eq!(second, format!("{order_id}-2"));
        assert_eq!(order_of_session(&second), Some(order_id));
        assert_eq!(order_of_session(&order_id.to_string()), Some(order_id));
        assert_eq!(order_of_session(&format!("{order_id}-1")), None);
        assert_eq!(order_of_session(&format!("{order_id}-x")), None);
        assert_eq!(order_of_session("not an order"), None);
        assert_eq!(order_of_session("ż"), None);
    }
}
