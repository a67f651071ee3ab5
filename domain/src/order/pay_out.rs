//! [`decide_pay_out`]: money owed back on an order paid at the office is handed over at
//! the desk (in cash, or to the card on the terminal), once (docs/till.md).
//!
//! The refund itself is owed by the event that gave the money back ([`super::money_back`]:
//! a return, a cancellation, a disruption's refund, a compensation); the refunds process
//! records it under an id derived from that event, as owed at the desk. Paying it out is
//! this order's event, so the order is the arbiter: a refund is paid out once, whichever
//! desk or day tries it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent};

/// Hand over a refund owed at the desk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayOutRefund {
    pub order_id: Uuid,
    /// The refund's id in the refunds process (derived from the event that owed it).
    pub refund_id: Uuid,
    pub amount: i64,
    /// `cash` or `card_terminal`: how the order was paid, so how its money goes back.
    pub method: String,
    pub by_user_id: Uuid,
    pub now: DateTime<Utc>,
}

/// Why a refund cannot be paid out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayOutError {
    #[error("there is no such order")]
    NotFound,
    #[error("the refund was paid out already")]
    AlreadyPaidOut,
    #[error("the order was not paid at the office: its money goes back through the payment gateway")]
    NotAtTheDesk,
    #[error("there is nothing to pay out")]
    NothingToPay,
}

pub fn decide_pay_out(cmd: &PayOutRefund, state: &Order) -> Result<Vec<OrderEvent>, PayOutError> {
    let order = state.placed().ok_or(PayOutError::NotFound)?;
    if order.paid_out.contains(&cmd.refund_id) {
        return Err(PayOutError::AlreadyPaidOut);
    }
    if !matches!(cmd.method.as_str(), "cash" | "card_terminal") || order.payment.provider != cmd.method {
        return Err(PayOutError::NotAtTheDesk);
    }
    if cmd.amount <= 0 {
        return Err(PayOutError::NothingToPay);
    }
    Ok(vec![OrderEvent::RefundPaidOut {
        order_id: cmd.order_id,
        refund_id: cmd.refund_id,
        amount: cmd.amount,
        method: cmd.method.clone(),
        by_user_id: cmd.by_user_id,
        paid_out_at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::*;
    use crate::order::PaymentRef;

    fn placed_at_the_desk(method: &str) -> OrderEvent {
        let mut event = placed(false, 0);
        if let OrderEvent::OrderPlaced { payment, order_id, .. } = &mut event {
            *payment = PaymentRef { provider: method.into(), session_id: order_id.to_string(), token: String::new() };
        }
        event
    }

    fn pay_out(method: &str, amount: i64) -> PayOutRefund {
        PayOutRefund {
            order_id: ORDER,
            refund_id: uuid::Uuid::from_u128(42),
            amount,
            method: method.into(),
            by_user_id: uuid::Uuid::from_u128(7),
            now: at(60),
        }
    }

    #[test]
    fn a_refund_owed_at_the_desk_is_paid_out_once() {
        let history = vec![placed_at_the_desk("cash"), paid(false, 0)];
        let paid_out = OrderEvent::RefundPaidOut {
            order_id: ORDER,
            refund_id: uuid::Uuid::from_u128(42),
            amount: 3_900,
            method: "cash".into(),
            by_user_id: uuid::Uuid::from_u128(7),
            paid_out_at: at(60),
        };
        given(history.clone()).when(|s| decide_pay_out(&pay_out("cash", 3_900), s)).then([paid_out.clone()]);
        let again = [history, vec![paid_out]].concat();
        given(again).when(|s| decide_pay_out(&pay_out("cash", 3_900), s)).then_err(PayOutError::AlreadyPaidOut);
    }

    #[test]
    fn only_money_paid_at_the_desk_is_paid_out_there_the_way_it_came() {
        let online = vec![placed(false, 0), paid(false, 0)];
        given(online).when(|s| decide_pay_out(&pay_out("cash", 100), s)).then_err(PayOutError::NotAtTheDesk);
        let by_card = vec![placed_at_the_desk("card_terminal"), paid(false, 0)];
        given(by_card.clone()).when(|s| decide_pay_out(&pay_out("cash", 100), s)).then_err(PayOutError::NotAtTheDesk);
        given(by_card).when(|s| decide_pay_out(&pay_out("card_terminal", 0), s)).then_err(PayOutError::NothingToPay);
        given([]).when(|s| decide_pay_out(&pay_out("cash", 100), s)).then_err(PayOutError::NotFound);
    }
}
