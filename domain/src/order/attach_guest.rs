//! `AttachGuestOrder`: a customer attaches to their account an order they paid for
//! without one, under the same e-mail address.
//!
//! The rule (issue #30): only an account whose e-mail address is confirmed may attach,
//! and only orders placed with that address. The confirmation is the edge's to check (an
//! account logs in only once its activation or password-reset link, sent to the address,
//! was opened); the order's side is decided here: it must be paid (tickets were bought),
//! its buyer's address must be the account's (by the API's one e-mail rule, which the
//! edge hands in as `is_account_email`), and it must have no account yet. An order that
//! has an account stays with it; attaching it to the same account again is nothing new,
//! not a refusal, so repeating the command is harmless.
//!
//! The event is the admin's [`OrderEvent::OrderAssignedToUser`], with the customer as
//! `by_user_id`: the read models, the stamps and the history follow it already.

use chrono::{DateTime, Utc};
use uuid::Uuid;
use values::Email;

use super::{Order, OrderEvent};

/// What the history says of an order the customer attached themselves.
pub const ATTACHED_BY_CUSTOMER: &str = "attached by the customer after confirming the e-mail address";

/// Attach an order paid for without an account to the account of `user_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttachGuestOrder {
    pub order_id: Uuid,
    /// The customer's account, whose e-mail address is confirmed.
    pub user_id: Uuid,
    pub now: DateTime<Utc>,
}

/// Why an order is not attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AttachGuestError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order is not paid")]
    NotPaid,
    #[error("the order belongs to an account already")]
    OtherAccount,
    #[error("the order was placed with another e-mail address")]
    OtherEmail,
}

/// One [`OrderEvent::OrderAssignedToUser`] for a paid order without an account whose
/// buyer's address `is_account_email` takes; none for an order of this account already.
pub fn decide_attach_guest(
    cmd: &AttachGuestOrder,
    state: &Order,
    is_account_email: impl Fn(&Email) -> bool,
) -> Result<Vec<OrderEvent>, AttachGuestError> {
    let order = state.placed().ok_or(AttachGuestError::NotFound)?;
    match order.user_id {
        Some(user) if user == cmd.user_id => return Ok(Vec::new()),
        Some(_) => return Err(AttachGuestError::OtherAccount),
        None => {}
    }
    if order.paid.is_none() {
        return Err(AttachGuestError::NotPaid);
    }
    if !order.customer.email.as_ref().is_some_and(is_account_email) {
        return Err(AttachGuestError::OtherEmail);
    }
    Ok(vec![OrderEvent::OrderAssignedToUser {
        order_id: order.order_id,
        user_id: cmd.user_id,
        assigned_at: cmd.now,
        by_user_id: Some(cmd.user_id),
        reason: ATTACHED_BY_CUSTOMER.into(),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn guest() -> OrderEvent {
        let mut event = placed(false, 0);
        if let OrderEvent::OrderPlaced { user_id, .. } = &mut event {
            *user_id = None;
        }
        event
    }

    fn cmd() -> AttachGuestOrder {
        AttachGuestOrder { order_id: ORDER, user_id: USER, now: at(60) }
    }

    /// The account's address, compared as the edge does (`customer()` has `jan@example.pl`).
    fn jans(email: &Email) -> bool {
        email.key() == "jan@example.pl"
    }

    fn attached() -> OrderEvent {
        OrderEvent::OrderAssignedToUser {
            order_id: ORDER,
            user_id: USER,
            assigned_at: at(60),
            by_user_id: Some(USER),
            reason: ATTACHED_BY_CUSTOMER.into(),
        }
    }

    #[test]
    fn a_paid_guest_order_of_the_same_address_is_attached_once() {
        given([guest(), paid(false, 0)]).when(|s| decide_attach_guest(&cmd(), s, jans)).then([attached()]);
        let after = || given([guest(), paid(false, 0), attached()]);
        assert_eq!(after().state().placed().and_then(|o| o.user_id), Some(USER));
        // Again: nothing new, and no refusal either.
        after().when(|s| decide_attach_guest(&cmd(), s, jans)).then([]);
    }

    #[test]
    fn an_order_of_another_account_stays_with_it() {
        let theirs = AttachGuestOrder { user_id: Uuid::from_u128(99), ..cmd() };
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_attach_guest(&theirs, s, jans))
            .then_err(AttachGuestError::OtherAccount);
        given([guest(), paid(false, 0), attached()])
            .when(|s| decide_attach_guest(&theirs, s, jans))
            .then_err(AttachGuestError::OtherAccount);
    }

    #[test]
    fn another_address_an_unpaid_order_or_none_are_refused() {
        given([guest(), paid(false, 0)])
            .when(|s| decide_attach_guest(&cmd(), s, |e| e.as_str() == "ewa@example.pl"))
            .then_err(AttachGuestError::OtherEmail);
        given([guest()]).when(|s| decide_attach_guest(&cmd(), s, jans)).then_err(AttachGuestError::NotPaid);
        given([]).when(|s| decide_attach_guest(&cmd(), s, jans)).then_err(AttachGuestError::NotFound);
    }
}
