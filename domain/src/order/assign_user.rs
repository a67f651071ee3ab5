//! `AssignOrderToUser`: an admin gives an order placed without an account to the
//! customer's account, with who, when and why.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{EditError, Order, OrderEvent};

/// Give an order placed without an account to a customer's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignOrderToUser {
    pub order_id: Uuid,
    pub user_id: Uuid,
    pub by_user_id: Option<Uuid>,
    pub reason: String,
    pub now: DateTime<Utc>,
}

/// The account: one [`OrderEvent::OrderAssignedToUser`] for an order without one; the
/// same account again is nothing, another one a refusal (an order's tickets and stamps
/// are not moved between customers).
pub fn decide_assign_user(cmd: &AssignOrderToUser, state: &Order) -> Result<Vec<OrderEvent>, EditError> {
    let order = state.placed().ok_or(EditError::NotFound)?;
    match order.user_id {
        Some(user) if user == cmd.user_id => Err(EditError::Unchanged),
        Some(_) => Err(EditError::HasAccount),
        None => Ok(vec![OrderEvent::OrderAssignedToUser {
            order_id: order.order_id,
            user_id: cmd.user_id,
            assigned_at: cmd.now,
            by_user_id: cmd.by_user_id,
            reason: cmd.reason.clone(),
        }]),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_guest_order_goes_to_one_account_once() {
        let mut guest = placed(false, 0);
        if let OrderEvent::OrderPlaced { user_id, .. } = &mut guest {
            *user_id = None;
        }
        let cmd = AssignOrderToUser {
            order_id: ORDER,
            user_id: USER,
            by_user_id: Some(ADMIN),
            reason: "Klient założył konto".into(),
            now: at(60),
        };
        let assigned = OrderEvent::OrderAssignedToUser {
            order_id: ORDER,
            user_id: USER,
            assigned_at: at(60),
            by_user_id: Some(ADMIN),
            reason: "Klient założył konto".into(),
        };
        given([guest.clone()]).when(|s| decide_assign_user(&cmd, s)).then([assigned.clone()]);
        assert_eq!(given([guest.clone(), assigned.clone()]).state().placed().and_then(|o| o.user_id), Some(USER));
        given([guest.clone(), assigned]).when(|s| decide_assign_user(&cmd, s)).then_err(EditError::Unchanged);
        let other = AssignOrderToUser { user_id: Uuid::from_u128(99), ..cmd };
        given([placed(false, 0)]).when(|s| decide_assign_user(&other, s)).then_err(EditError::HasAccount);
        given([]).when(|s| decide_assign_user(&other, s)).then_err(EditError::NotFound);
    }
}
