//! `CancelOrder`: an admin cancels a pending or paid order.
//!
//! Nothing is charged for an admin cancellation: every valid ticket is paid back in
//! full, its coupon part to the coupon and the rest in money. A pending order paid
//! nothing, so only the coupon it spent goes back. The cancellation process then
//! releases the seats and refunds.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus, TicketStatus};

/// Cancel an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelOrder {
    pub order_id: Uuid,
    pub by_user_id: Uuid,
    pub reason: String,
    pub now: DateTime<Utc>,
}

/// Why an order cannot be cancelled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CancelOrderError {
    #[error("there is no such order")]
    NotFound,
    #[error("an order that is {} cannot be cancelled", .0.as_str())]
    NotCancellable(OrderStatus),
}

/// Cancel: one [`OrderEvent::OrderCancelled`] with what goes back; nothing when it is
/// cancelled already.
pub fn decide_cancel(cmd: &CancelOrder, state: &Order) -> Result<Vec<OrderEvent>, CancelOrderError> {
    let order = state.placed().ok_or(CancelOrderError::NotFound)?;
    let (refund, coupon_refund) = match order.status {
        OrderStatus::Cancelled => return Ok(vec![]),
        OrderStatus::PendingPayment => (0, order.coupon_amount()),
        OrderStatus::Paid => {
            order.tickets.iter().filter(|t| t.status == TicketStatus::Valid).fold((0, 0), |(money, coupon), t| {
                // A change of course may have lowered the price below the coupon part.
                let to_coupon = t.ticket.coupon_part.min(t.price).max(0);
                (money + t.price - to_coupon, coupon + to_coupon)
            })
        }
        other @ (OrderStatus::Expired | OrderStatus::Returned | OrderStatus::Abandoned) => {
            return Err(CancelOrderError::NotCancellable(other))
        }
    };
    Ok(vec![OrderEvent::OrderCancelled {
        order_id: order.order_id,
        cancelled_at: cmd.now,
        by_user_id: cmd.by_user_id,
        reason: cmd.reason.clone(),
        refund,
        coupon_refund,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn cancel() -> CancelOrder {
        CancelOrder { order_id: ORDER, by_user_id: ADMIN, reason: "course withdrawn".into(), now: at(30) }
    }

    fn cancelled(refund: i64, coupon_refund: i64) -> OrderEvent {
        OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(30),
            by_user_id: ADMIN,
            reason: "course withdrawn".into(),
            refund,
            coupon_refund,
        }
    }

    fn returned(ticket: &crate::order::Ticket, coupon_refund: i64, money_refund: i64) -> OrderEvent {
        OrderEvent::TicketReturned {
            order_id: ORDER,
            ticket_id: ticket.ticket_id,
            number: ticket.number.clone(),
            returned_at: at(20),
            by_user_id: Some(USER),
            price: ticket.price,
            fee: ticket.price - coupon_refund - money_refund,
            coupon_refund,
            money_refund,
        }
    }

    #[test]
    fn a_pending_order_gives_its_coupon_back() {
        given([placed(false, 1000)]).when(|s| decide_cancel(&cancel(), s)).then([cancelled(0, 1000)]);
        given([placed(false, 0)]).when(|s| decide_cancel(&cancel(), s)).then([cancelled(0, 0)]);
    }

    #[test]
    fn a_paid_order_is_paid_back_in_full() {
        // 9789 in all: 1000 from the coupon, 8789 in money.
        given([placed(false, 1000), paid(false, 1000)])
            .when(|s| decide_cancel(&cancel(), s))
            .then([cancelled(8789, 1000)]);
    }

    #[test]
    fn returned_tickets_are_not_paid_back_twice() {
        let paid = paid(false, 1000);
        let first = tickets_of(&paid)[0].clone(); // 3900, coupon part 399
        let returned = returned(&first, 399, 3111);
        given([placed(false, 1000), paid, returned])
            .when(|s| decide_cancel(&cancel(), s))
            .then([cancelled(3900 + 1989 - 398 - 203, 398 + 203)]);
    }

    #[test]
    fn a_cancelled_order_is_cancelled_once() {
        given([placed(false, 0), cancelled(0, 0)]).when(|s| decide_cancel(&cancel(), s)).then([]);
        assert_eq!(given([placed(false, 0), cancelled(0, 0)]).state().status(), Some(OrderStatus::Cancelled));
    }

    #[test]
    fn expired_returned_or_missing_orders_cannot_be_cancelled() {
        let expired = OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(15) };
        given([placed(false, 0), expired])
            .when(|s| decide_cancel(&cancel(), s))
            .then_err(CancelOrderError::NotCancellable(OrderStatus::Expired));
        let paid = paid(false, 0);
        let all_returned: Vec<OrderEvent> = tickets_of(&paid).iter().map(|t| returned(t, 0, t.price)).collect();
        let history = [placed(false, 0), paid].into_iter().chain(all_returned);
        given(history)
            .when(|s| decide_cancel(&cancel(), s))
            .then_err(CancelOrderError::NotCancellable(OrderStatus::Returned));
        given([]).when(|s| decide_cancel(&cancel(), s)).then_err(CancelOrderError::NotFound);
    }
}
