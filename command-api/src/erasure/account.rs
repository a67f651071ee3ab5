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
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::person::{self, KeptData, Whose};
use super::requests::{self, Channel, Kind};
use super::Request;
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
    let request = Request { actor: privacy::Actor::Person, by: Some(user.id), reason: REASON, now: Utc::now() };
    let erased = person::erase(&state, Whose::Account(user.id), &request).await?;
    requests::record_done(&state.pool, Kind::Erasure, Channel::Account, Some(user.id), &erased).await?;
    tracing::info!(orders = erased.orders_erased, kept = erased.kept.len(), "account deleted");
    Ok(Data::new(AccountDeleted { orders_erased: erased.orders_erased, kept: erased.kept }))
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
