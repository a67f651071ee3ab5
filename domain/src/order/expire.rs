//! `ExpireOrder`: an order was not paid in time; the expiry process then releases its
//! seats and gives its coupon back.
//!
//! The order stream decides: seats are released only after `OrderExpired`, so a payment
//! recorded first (the order is paid, this is refused) never loses its seats.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus};

/// Expire an unpaid order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpireOrder {
    pub order_id: Uuid,
    pub now: DateTime<Utc>,
}

/// Why an order cannot expire.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpireOrderError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order is not waiting for payment (it is {})", .0.as_str())]
    NotPending(OrderStatus),
    #[error("the order's payment time is not over")]
    NotYetDue,
}

/// Expire: one [`OrderEvent::OrderExpired`]; nothing when it expired already.
pub fn decide_expire(cmd: &ExpireOrder, state: &Order) -> Result<Vec<OrderEvent>, ExpireOrderError> {
    let order = state.placed().ok_or(ExpireOrderError::NotFound)?;
    match order.status {
        OrderStatus::PendingPayment => {}
        OrderStatus::Expired => return Ok(vec![]),
        other => return Err(ExpireOrderError::NotPending(other)),
    }
    if cmd.now < order.expires_at {
        return Err(ExpireOrderError::NotYetDue);
    }
    Ok(vec![OrderEvent::OrderExpired { order_id: order.order_id, expired_at: cmd.now }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn expire(minute: i64) -> ExpireOrder {
        ExpireOrder { order_id: ORDER, now: at(minute) }
    }

    fn expired(minute: i64) -> OrderEvent {
        OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(minute) }
    }

    #[test]
    fn an_unpaid_order_expires_at_its_time() {
        given([placed(false, 0)]).when(|s| decide_expire(&expire(15), s)).then([expired(15)]);
        given([placed(false, 0)]).when(|s| decide_expire(&expire(30), s)).then([expired(30)]);
        let state = given([placed(false, 0), expired(15)]).state();
        assert_eq!(state.status(), Some(OrderStatus::Expired));
    }

    #[test]
    fn not_before_its_time() {
        given([placed(false, 0)]).when(|s| decide_expire(&expire(14), s)).then_err(ExpireOrderError::NotYetDue);
    }

    #[test]
    fn expiring_twice_changes_nothing() {
        given([placed(false, 0), expired(15)]).when(|s| decide_expire(&expire(20), s)).then([]);
    }

    #[test]
    fn a_paid_order_does_not_expire() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_expire(&expire(20), s))
            .then_err(ExpireOrderError::NotPending(OrderStatus::Paid));
    }

    #[test]
    fn a_missing_order_does_not_expire() {
        given([]).when(|s| decide_expire(&expire(20), s)).then_err(ExpireOrderError::NotFound);
    }
}
