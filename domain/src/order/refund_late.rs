//! `RefundLatePayment`: a payment the order cannot take (it arrived after the order
//! expired and its seats were gone, or after it was cancelled, or it paid twice) is
//! paid back.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus};

/// Pay back a transaction the order did not take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundLatePayment {
    pub order_id: Uuid,
    pub amount: i64,
    pub transaction_id: String,
    /// The gateway session of the payment.
    pub session_id: String,
    pub now: DateTime<Utc>,
}

/// Why a payment cannot be refunded this way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefundLatePaymentError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order is waiting for this payment; record it instead")]
    StillPayable,
    #[error("this transaction paid the order; return or cancel instead")]
    PaidTheOrder,
}

/// Refund: one [`OrderEvent::LatePaymentRefunded`]; nothing when the transaction was
/// refunded already.
pub fn decide_refund_late(cmd: &RefundLatePayment, state: &Order) -> Result<Vec<OrderEvent>, RefundLatePaymentError> {
    let order = state.placed().ok_or(RefundLatePaymentError::NotFound)?;
    if order.refunded_transactions.contains(&cmd.transaction_id) {
        return Ok(vec![]);
    }
    if order.paid.as_ref().is_some_and(|p| p.transaction_id == cmd.transaction_id) {
        return Err(RefundLatePaymentError::PaidTheOrder);
    }
    if order.status == OrderStatus::PendingPayment {
        return Err(RefundLatePaymentError::StillPayable);
    }
    Ok(vec![OrderEvent::LatePaymentRefunded {
        order_id: order.order_id,
        amount: cmd.amount,
        transaction_id: cmd.transaction_id.clone(),
        session_id: cmd.session_id.clone(),
        at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn expired() -> OrderEvent {
        OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(15) }
    }

    fn refund(transaction: &str) -> RefundLatePayment {
        RefundLatePayment {
            order_id: ORDER,
            amount: 9789,
            transaction_id: transaction.into(),
            session_id: "s-1".into(),
            now: at(40),
        }
    }

    fn refunded(transaction: &str) -> OrderEvent {
        OrderEvent::LatePaymentRefunded {
            order_id: ORDER,
            amount: 9789,
            transaction_id: transaction.into(),
            session_id: "s-1".into(),
            at: at(40),
        }
    }

    #[test]
    fn a_payment_after_expiry_is_paid_back_once() {
        given([placed(false, 0), expired()]).when(|s| decide_refund_late(&refund("T-1"), s)).then([refunded("T-1")]);
        given([placed(false, 0), expired(), refunded("T-1")]).when(|s| decide_refund_late(&refund("T-1"), s)).then([]);
    }

    #[test]
    fn a_second_payment_of_a_paid_order_is_paid_back() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_refund_late(&refund("T-2"), s))
            .then([refunded("T-2")]);
    }

    #[test]
    fn the_payment_of_the_order_is_not_refunded_this_way() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_refund_late(&refund("T-1"), s))
            .then_err(RefundLatePaymentError::PaidTheOrder);
    }

    #[test]
    fn a_pending_order_takes_its_payment() {
        given([placed(false, 0)])
            .when(|s| decide_refund_late(&refund("T-1"), s))
            .then_err(RefundLatePaymentError::StillPayable);
        given([]).when(|s| decide_refund_late(&refund("T-1"), s)).then_err(RefundLatePaymentError::NotFound);
    }
}
