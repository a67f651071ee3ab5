//! `GET /user/user/guest-orders`: how many orders the logged-in customer paid for as a
//! guest, under the account's e-mail address, before registering (issue #30), so that
//! "Moje bilety" offers to attach them only when there is something to attach.
//!
//! **Only a confirmed address is offered anything.** The caller is an [`AuthUser`]: a
//! session exists only for an active account, and an account turns active only by opening
//! a link sent to its address (activation, or a password reset). Addresses compare by the
//! API's one e-mail rule ([`Email::key`]); an order that has an account is never counted.
//! The attaching itself is a command (`POST /user/user/attach-guest-orders`).

use api_core::auth::AuthUser;
use api_core::values::Email;
use api_core::{ApiError, Data};
use axum::extract::State;
use projections::orders::guest;
use serde::Serialize;
use utoipa::ToSchema;

use crate::QueryState;

/// The paid orders without an account under the account's address.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GuestOrders {
    /// How many there are (0: offer nothing).
    pub count: i64,
}

/// How many orders paid without an account under the account's confirmed e-mail
/// address the customer could attach (user).
#[utoipa::path(get, path = "/api/user/user/guest-orders", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": GuestOrders}`", body = Data<GuestOrders>),
        (status = 401, description = "no token (or the account's e-mail address is not confirmed: it cannot log in)")))]
#[tracing::instrument(skip(state, user), fields(user_id = %user.id))]
pub async fn guest_orders(user: AuthUser, State(state): State<QueryState>) -> Result<Data<GuestOrders>, ApiError> {
    // An address stored before the rule that it does not take matches nothing.
    let count = match Email::parse(&user.email) {
        Ok(email) => guest::count_guest_orders(&state.pool, &email.key()).await?,
        Err(_) => 0,
    };
    Ok(Data::new(GuestOrders { count }))
}
