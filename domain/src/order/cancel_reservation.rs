//! `CancelReservation`: the customer gives up a reservation that waits for payment
//! (issue 30). Only an unpaid order: nothing was paid, so only the coupon value it spent
//! goes back; the cancellation process releases its seats, and its payment link stops
//! working (a cancelled order registers and takes no payment). A paid order is returned
//! ticket by ticket, under the return rules, never cancelled by its customer.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{CancelOrderError, Order, OrderEvent, OrderStatus};

/// The reason the order records for a cancellation by its customer.
pub const CUSTOMER_CANCELLED: &str = "Rezerwacja anulowana przez klienta";

/// The customer cancels an unpaid reservation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelReservation {
    pub order_id: Uuid,
    /// The logged-in customer; `None` for a guest with the order's link.
    pub by_user_id: Option<Uuid>,
    pub now: DateTime<Utc>,
}

/// Cancel: one [`OrderEvent::OrderCancelled`] (by the customer, or by nobody known for a
/// guest: the nil id, as for the carrier's cancellation); nothing when it is cancelled
/// already; a refusal for any order that is not waiting for payment.
pub fn decide_cancel_reservation(cmd: &CancelReservation, state: &Order) -> Result<Vec<OrderEvent>, CancelOrderError> {
    let order = state.placed().ok_or(CancelOrderError::NotFound)?;
    match order.status {
        OrderStatus::PendingPayment => Ok(vec![OrderEvent::OrderCancelled {
            order_id: order.order_id,
            cancelled_at: cmd.now,
            by_user_id: cmd.by_user_id.unwrap_or(Uuid::nil()),
            reason: CUSTOMER_CANCELLED.to_owned(),
            refund: 0,
            coupon_refund: order.coupon_amount(),
        }]),
        OrderStatus::Cancelled => Ok(vec![]),
        other @ (OrderStatus::Paid | OrderStatus::Expired | OrderStatus::Returned | OrderStatus::Abandoned) => {
            Err(CancelOrderError::NotCancellable(other))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn cancel(by: Option<Uuid>) -> CancelReservation {
        CancelReservation { order_id: ORDER, by_user_id: by, now: at(10) }
    }

    fn cancelled(by: Uuid, coupon_refund: i64) -> OrderEvent {
        OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(10),
            by_user_id: by,
            reason: CUSTOMER_CANCELLED.into(),
            refund: 0,
            coupon_refund,
        }
    }

    #[test]
    fn an_unpaid_reservation_is_cancelled_with_its_coupon_back() {
        given([placed(false, 1000)])
            .when(|s| decide_cancel_reservation(&cancel(Some(USER)), s))
            .then([cancelled(USER, 1000)]);
        given([placed(false, 0)])
            .when(|s| decide_cancel_reservation(&cancel(None), s))
            .then([cancelled(Uuid::nil(), 0)]);
    }

    #[test]
    fn a_reservation_is_cancelled_once() {
        given([placed(false, 0), cancelled(USER, 0)]).when(|s| decide_cancel_reservation(&cancel(None), s)).then([]);
    }

    #[test]
    fn a_paid_or_expired_order_is_not_cancelled_by_its_customer() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_cancel_reservation(&cancel(Some(USER)), s))
            .then_err(CancelOrderError::NotCancellable(OrderStatus::Paid));
        let expired = OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(16) };
        given([placed(false, 0), expired])
            .when(|s| decide_cancel_reservation(&cancel(None), s))
            .then_err(CancelOrderError::NotCancellable(OrderStatus::Expired));
        given([]).when(|s| decide_cancel_reservation(&cancel(None), s)).then_err(CancelOrderError::NotFound);
    }
}
