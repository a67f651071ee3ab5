//! `POST /user/auth/login`, `POST /user/auth/logout`, `GET /user/auth/get`.
//!
//! Login answers `{"data": {"token", "user"}}` (the spec reads both from `data`). Every
//! refusal is `422`, because the front end shows the body's message only for 422 and
//! 404: wrong credentials get one message whatever was wrong (unknown e-mail or wrong
//! password, with the same timing, see `password::verify`); an account that was never
//! activated gets the spec's activation message, but only with the right password, so it
//! tells nothing to someone guessing. Password checks are throttled (`throttle`).

use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{Labelled, EMAIL_MAX};
use super::register::NOT_ACTIVATED;
use super::throttle::{self, ClientAddr};
use super::tokens::{self, Purpose, Session};
use super::users::{self, UserView};
use super::{password, Message};
use crate::AccountsState;
use api_core::values::ValueError;
use api_core::Fields;

pub const BAD_CREDENTIALS: &str = "Incorrect e-mail or password.";
pub const LOGGED_OUT: &str = "Zostałeś poprawnie wylogowany";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginInput {
    #[schema(value_type = api_core::values::Text<254>, required = true, example = "jan.kowalski@example.pl")]
    #[serde(default)]
    pub email: Option<Value>,
    #[schema(value_type = api_core::values::NotBlank, required = true)]
    #[serde(default)]
    pub password: Option<Value>,
}

/// A new session: the bearer token to send as `Authorization: Bearer …`, and the user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LoggedIn {
    pub token: String,
    pub user: UserView,
}

/// Logs in with e-mail and password. Public.
#[utoipa::path(post, path = "/api/user/auth/login", tag = "accounts", request_body = LoginInput,
    responses(
        (status = 200, description = "Logged in; the session lasts 30 days", body = super::openapi::LoggedInAnswer),
        (status = 422, description = "Blank fields; 'Incorrect e-mail or password.'; or, with the right password, 'Your account was not activated, please try again.'"),
        (status = 429, description = "More than 5 failures for the e-mail or 20 for the client address in 15 minutes"),
    ))]
#[tracing::instrument(skip_all)]
pub async fn login(
    State(state): State<AccountsState>,
    client: ClientAddr,
    AppJson(input): AppJson<LoginInput>,
) -> Result<Data<LoggedIn>, ApiError> {
    let mut f = Fields::default();
    // Not `EmailAddress::parse`: an account made by other means (fixtures, an admin) must
    // still be able to log in even if its address is unusual. Only the length is bounded.
    let email = f.required_text("email", "E-mail", input.email.as_ref()).map(|e| e.trim().to_lowercase());
    if email.as_ref().is_some_and(|e| e.chars().count() > EMAIL_MAX) {
        f.problem("email", "E-mail", ValueError::TooLong { max: EMAIL_MAX });
    }
    let given_password = f.required_text("password", "Password", input.password.as_ref()).map(str::to_string);
    f.finish_with(BAD_CREDENTIALS).map_err(|e| e.with_code(api_core::codes::BAD_CREDENTIALS))?;
    let (Some(email), Some(given_password)) = (email, given_password) else {
        return Err(ApiError::Internal("login parsed without errors but incomplete".into()));
    };

    let attempt = throttle::begin(&state.pool, &email, client).await?;
    let account = users::credentials(&state.pool, &email).await?;
    let matches = password::verify(&given_password, account.as_ref().map(|a| a.password_hash.clone())).await?;
    let account = match account {
        Some(account) if matches => account,
        _ => {
            attempt.failed();
            return Err(ApiError::refusal_on("password", api_core::codes::BAD_CREDENTIALS, BAD_CREDENTIALS));
        }
    };
    attempt.succeeded(&state.pool).await?;
    if !account.active {
        return Err(ApiError::refusal_on("email", api_core::codes::NOT_ACTIVATED, NOT_ACTIVATED));
    }
    let token = tokens::issue(&state.pool, account.id, Purpose::Session).await?;
    let user = users::user_view(&state.pool, account.id).await?;
    tracing::info!(user = %user.id, "logged in");
    Ok(Data::new(LoggedIn { token, user }))
}

/// Ends the presented session (its token stops working at once). Logged-in users.
#[utoipa::path(post, path = "/api/user/auth/logout", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "'Zostałeś poprawnie wylogowany'", body = super::openapi::MessageAnswer),
        (status = 401, description = "No valid session token"),
    ))]
#[tracing::instrument(skip_all, fields(user = %session.user.id))]
pub async fn logout(State(state): State<AccountsState>, session: Session) -> Result<Data<Message>, ApiError> {
    tokens::revoke_session(&state.pool, &session.token_hash).await?;
    Ok(Data::new(Message::new(LOGGED_OUT)))
}

/// The logged-in user. Logged-in users.
#[utoipa::path(get, path = "/api/user/auth/get", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = super::openapi::UserAnswer),
        (status = 401, description = "No valid session token"),
    ))]
#[tracing::instrument(skip_all, fields(user = %session.user.id))]
pub async fn get(State(state): State<AccountsState>, session: Session) -> Result<Data<UserView>, ApiError> {
    Ok(Data::new(users::user_view(&state.pool, session.user.id).await?))
}
