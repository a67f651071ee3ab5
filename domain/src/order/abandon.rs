//! `AbandonOrder`: the placement of an order did not finish (no seats, a coupon spent
//! elsewhere, the gateway down); the order id is burnt so nothing can place it later.

use uuid::Uuid;

use super::{Order, OrderEvent};

/// Burn an order id whose placement failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbandonOrder {
    pub order_id: Uuid,
    pub reason: String,
}

/// Why an order cannot be abandoned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbandonOrderError {
    #[error("the order was placed; it can expire or be cancelled")]
    AlreadyPlaced,
}

/// Abandon: one [`OrderEvent::OrderAbandoned`]; nothing when it is abandoned already.
pub fn decide_abandon(cmd: &AbandonOrder, state: &Order) -> Result<Vec<OrderEvent>, AbandonOrderError> {
    match state {
        Order::Unplaced => Ok(vec![OrderEvent::OrderAbandoned { order_id: cmd.order_id, reason: cmd.reason.clone() }]),
        Order::Abandoned => Ok(vec![]),
        Order::Placed(_) => Err(AbandonOrderError::AlreadyPlaced),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::OrderStatus;

    fn abandon() -> AbandonOrder {
        AbandonOrder { order_id: ORDER, reason: "no seats left".into() }
    }

    fn abandoned() -> OrderEvent {
        OrderEvent::OrderAbandoned { order_id: ORDER, reason: "no seats left".into() }
    }

    #[test]
    fn an_unfinished_placement_burns_the_order_id() {
        given([]).when(|s| decide_abandon(&abandon(), s)).then([abandoned()]);
        assert_eq!(given([abandoned()]).state().status(), Some(OrderStatus::Abandoned));
    }

    #[test]
    fn abandoning_twice_changes_nothing() {
        given([abandoned()]).when(|s| decide_abandon(&abandon(), s)).then([]);
    }

    #[test]
    fn a_placed_order_cannot_be_abandoned() {
        given([placed(false, 0)]).when(|s| decide_abandon(&abandon(), s)).then_err(AbandonOrderError::AlreadyPlaced);
    }
}
