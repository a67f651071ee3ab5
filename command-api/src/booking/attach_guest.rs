//! `POST /user/user/attach-guest-orders`: a customer who bought tickets as a guest and
//! registered later with the same e-mail address attaches those orders to the account
//! (issue #30), all at once, from "Moje bilety".
//!
//! **Only a confirmed address attaches.** The caller is an [`AuthUser`]: a session exists
//! only for an active account, and an account turns active only by opening a link sent to
//! its address (the activation link, or a password reset's). So nobody can register
//! someone else's address and read their tickets. The orders are those paid without an
//! account under the account's address, compared by the API's one e-mail rule
//! ([`Email::key`]); each is a command on its own stream
//! ([`order::decide_attach_guest`]), which decides again on the order itself: an order
//! that has another account stays with it, and one attached already is nothing new, so a
//! second call attaches nothing and is no error. The answer waits for the orders' read
//! model, so the list reloaded next shows the tickets.

use api_core::auth::AuthUser;
use api_core::values::Email;
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, AttachGuestOrder};
use event_store::Metadata;
use projections::orders::guest;
use serde::Serialize;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// What an attach did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GuestOrdersAttached {
    /// How many orders this call attached (0 when there was nothing left to attach).
    pub attached: i64,
    /// The orders attached by this call.
    pub order_ids: Vec<Uuid>,
    /// How many paid guest orders of the address are still left (more than one call
    /// takes, or placed meanwhile).
    pub remaining: i64,
}

/// Attach the paid orders placed without an account under the account's confirmed
/// e-mail address to the account (user).
#[utoipa::path(post, path = "/api/user/user/attach-guest-orders", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": GuestOrdersAttached}`: attached (`attached` 0 when nothing was left)", body = Data<GuestOrdersAttached>),
        (status = 401, description = "no token (or the account's e-mail address is not confirmed: it cannot log in)")))]
#[tracing::instrument(skip(state, user), fields(user_id = %user.id))]
pub async fn attach_guest_orders(
    State(state): State<CommandState>,
    user: AuthUser,
) -> Result<Data<GuestOrdersAttached>, ApiError> {
    // An address stored before the rule that it does not take matches nothing.
    let Ok(email) = Email::parse(&user.email) else {
        return Ok(Data::new(GuestOrdersAttached { attached: 0, order_ids: Vec::new(), remaining: 0 }));
    };
    let key = email.key();
    let mut order_ids = Vec::new();
    for order_id in guest::guest_orders(&state.pool, &key).await? {
        if attach_one(&state, order_id, user.id, &key).await? {
            order_ids.push(order_id);
        }
    }
    // Once for all: the projection that passed the last order's event passed the others'.
    if let Some(last) = order_ids.last() {
        crate::visible::after_write(&state.pool, state.store.as_ref(), &order_stream(*last)?, "orders").await?;
    }
    let remaining = guest::count_guest_orders(&state.pool, &key).await?;
    let attached = order_ids.len() as i64;
    tracing::info!(attached, remaining, "guest orders attached to the account");
    Ok(Data::new(GuestOrdersAttached { attached, order_ids, remaining }))
}

/// Attach one order; whether this call attached it. An order the read model offered but
/// the order itself refuses (another account took it meanwhile, its address was
/// corrected) is skipped: the read model follows the same events soon.
async fn attach_one(state: &CommandState, order_id: Uuid, user_id: Uuid, key: &str) -> Result<bool, ApiError> {
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(user_id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = AttachGuestOrder { order_id, user_id, now };
    let command_id = Uuid::new_v5(&order_id, format!("attach-guest/{user_id}").as_bytes());
    let stream = order_stream(order_id)?;
    let same_address = |email: &Email| email.key() == key;
    match aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_attach_guest(&command, o, same_address)
    })
    .await
    {
        Ok((events, _)) => Ok(!events.is_empty()),
        Err(ExecuteError::Refused(e)) => {
            tracing::info!(%order_id, reason = %e, "a guest order offered is not attached");
            Ok(false)
        }
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}
