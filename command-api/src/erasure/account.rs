//! `POST /user/user/delete-my-account`: a customer deletes their account with their
//! password (RODO art. 17), from "My account".
//!
//! Takes effect at once for them: the account row is emptied of its personal data and can
//! no longer log in, every session and link is dead, their login attempts are gone. Each of
//! their orders is erased as far as the law lets it be now ([`super::erase_order`]); what
//! must stay (a journey ahead, a payment awaited, an invoice for its tax period) waits in
//! `privacy_pending` for the sweep, and the answer says until when. The orders themselves
//! stay, with the person's values erased, so the books and the seat counts add up.
//! The password check is throttled like a login (a stolen session cannot guess it).

use accounts_api::throttle::{self, ClientAddr};
use api_core::auth::AuthUser;
use api_core::FieldError;
use api_core::{codes, ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{erase_complaint, erase_order, Kept, Request};
use crate::CommandState;

/// Why the account goes, as the register of erasures keeps it.
const REASON: &str = "usunięcie konta przez klienta";

/// The message of a wrong password.
const WRONG_PASSWORD: &str = "The password is not right: the account was not deleted.";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeleteMyAccountInput {
    /// The account's current password.
    #[schema(value_type = api_core::values::NotBlank)]
    #[serde(default)]
    pub password: Option<Value>,
}

/// One order's data kept for now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct KeptData {
    pub order_number: String,
    /// `customer` (name, contact, passengers), `buyer` (the invoice's buyer) or
    /// `complaint` (an open complaint's e-mail, text and files).
    pub data: String,
    /// The first instant it may go (the sweep erases it then).
    pub until: DateTime<Utc>,
    /// `awaiting_payment`, `journey_ahead`, `invoice` or `open_complaint`.
    pub why: String,
}

/// What the deletion did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AccountDeleted {
    /// Orders whose personal data were erased now (all or part).
    pub orders_erased: usize,
    /// What the law keeps for now, with until when and why.
    pub kept: Vec<KeptData>,
}

/// Deletes the logged-in customer's account and erases their orders' personal data as far
/// as the law allows now (user).
#[utoipa::path(post, path = "/api/user/user/delete-my-account", tag = "accounts", request_body = DeleteMyAccountInput,
    security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": AccountDeleted}`: deleted; the session is dead", body = Data<AccountDeleted>),
        (status = 401, description = "no token"),
        (status = 403, description = "an admin's or a driver's account (removed by another admin)"),
        (status = 422, description = "the password is missing or not right (`password.wrong_old` on `password`)"),
        (status = 429, description = "too many wrong passwords (the login limits)")))]
#[tracing::instrument(skip_all, fields(user_id = %user.id))]
pub async fn delete_my_account(
    State(state): State<CommandState>,
    user: AuthUser,
    client: ClientAddr,
    AppJson(input): AppJson<DeleteMyAccountInput>,
) -> Result<Data<AccountDeleted>, ApiError> {
    if user.role != api_core::auth::Role::User {
        return Err(ApiError::Forbidden);
    }
    let Some(password) = input.password.as_ref().and_then(Value::as_str).filter(|p| !p.is_empty()) else {
        return Err(ApiError::invalid_field("password", codes::FIELD_BLANK, "Password: this field is required."));
    };
    check_password(&state, &user, client, password).await?;
    let orders: Vec<(Uuid, String)> = sqlx::query_as("select order_id, number from rm_orders where user_id = $1")
        .bind(user.id)
        .fetch_all(&state.pool)
        .await?;
    let request = Request { by: Some(user.id), reason: REASON, now: Utc::now() };
    let mut answer = AccountDeleted { orders_erased: 0, kept: Vec::new() };
    for (order_id, number) in orders {
        let outcome = erase_order(state.store.as_ref(), &state.keys, &state.pool, order_id, &request)
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        answer.orders_erased += usize::from(!outcome.erased.is_empty());
        for kept in outcome.kept {
            super::pending::wait(&state.pool, order_id, &kept, &request).await?;
            answer.kept.push(kept_data(&number, &kept));
        }
    }
    // Complaints they filed logged in about an order not theirs (a passenger's).
    let complaints: Vec<(Uuid, Uuid, String)> = sqlx::query_as(
        "select c.complaint_id, c.order_id, c.order_number from rm_complaints c
         where c.user_id = $1 and not exists (select 1 from rm_orders o where o.order_id = c.order_id and o.user_id = $1)",
    )
    .bind(user.id)
    .fetch_all(&state.pool)
    .await?;
    for (complaint_id, order_id, number) in complaints {
        let kept = erase_complaint(state.store.as_ref(), &state.keys, &state.pool, complaint_id, &request)
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        if let Some(kept) = kept {
            super::pending::wait(&state.pool, order_id, &kept, &request).await?;
            answer.kept.push(kept_data(&number, &kept));
        }
    }
    empty_account(&state, &user).await?;
    tracing::info!(orders = answer.orders_erased, kept = answer.kept.len(), "account deleted");
    Ok(Data::new(answer))
}

fn kept_data(number: &str, kept: &Kept) -> KeptData {
    let subject = kept.subject.as_str();
    let data = if subject.ends_with(":buyer") {
        "buyer"
    } else if subject.starts_with("complaint:") {
        "complaint"
    } else {
        "customer"
    };
    KeptData { order_number: number.to_string(), data: data.into(), until: kept.until, why: kept.why.code().into() }
}

async fn check_password(
    state: &CommandState,
    user: &AuthUser,
    client: ClientAddr,
    password: &str,
) -> Result<(), ApiError> {
    let attempt = throttle::begin(&state.pool, &user.email.to_lowercase(), client).await?;
    let stored: Option<String> = sqlx::query_scalar("select password_hash from users where id = $1")
        .bind(user.id)
        .fetch_optional(&state.pool)
        .await?;
    if !accounts_api::password::verify(password, stored).await? {
        attempt.failed();
        return Err(ApiError::field(FieldError::new("password", codes::WRONG_OLD_PASSWORD, WRONG_PASSWORD)));
    }
    attempt.succeeded(&state.pool).await
}

/// The account's row kept (orders and stamps name its id) without a personal value and
/// unable to log in; its sessions, links and login attempts gone. One transaction.
async fn empty_account(state: &CommandState, user: &AuthUser) -> Result<(), ApiError> {
    let mut tx = state.pool.begin().await?;
    sqlx::query("delete from auth_tokens where user_id = $1").bind(user.id).execute(&mut *tx).await?;
    sqlx::query("delete from login_attempts where email = $1")
        .bind(user.email.to_lowercase())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "update users set email = 'usuniete-' || id || '@invalid', first_name = $2, last_name = '', phone = '',
                password_hash = '!', active = false, updated_at = now()
         where id = $1",
    )
    .bind(user.id)
    .bind(privacy::ERASED_TEXT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
