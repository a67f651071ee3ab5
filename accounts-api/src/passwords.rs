//! `POST /user/auth/forgot-password` and `POST /user/auth/change-password`.
//!
//! Forgot-password answers the same whether or not the address has an account (no
//! account enumeration); the e-mail is sent in the background so the answer time does
//! not tell either. Change-password works two ways: with the token of the e-mailed link
//! (`{token, password}`), or logged in with the current password (`{old_password,
//! password}`). A reset also ends every session of the account (whoever knew the old
//! password is logged out) and activates the account, since following the link proves
//! the person reads that mailbox; a logged-in change ends the other sessions.

use api_core::{ApiError, AppJson, Data, FieldError};
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use super::fields::{EmailAddress, Labelled, NewPassword};
use super::throttle::{self, ClientAddr};
use super::tokens::{self, MaybeSession, Purpose, Session};
use super::{mails, password, users, Message};
use crate::AccountsState;
use api_core::Fields;

pub const NOT_CHANGED: &str = "Password was not changed. Please try again later.";
const WRONG_OLD_PASSWORD: &str = "The current password is incorrect.";
const RESET_SENT: &str = "Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do zmiany hasła.";
const CHANGED: &str = "Hasło zostało zmienione.";
/// A new reset link is sent at most once in this many minutes per account.
const RESEND_AFTER_MINUTES: i32 = 1;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ForgotPasswordInput {
    #[schema(value_type = api_core::values::Email, required = true, example = "jan.kowalski@example.pl")]
    #[serde(default)]
    pub email: Option<Value>,
}

/// E-mails a password-reset link (valid 1 hour) if the address has an account. Public.
#[utoipa::path(post, path = "/api/user/auth/forgot-password", tag = "accounts", request_body = ForgotPasswordInput,
    responses(
        (status = 200, description = "Always the same message, whether or not the account exists", body = super::openapi::MessageAnswer),
        (status = 422, description = "The e-mail is blank or not an e-mail address"),
    ))]
#[tracing::instrument(skip_all)]
pub async fn forgot_password(
    State(state): State<AccountsState>,
    AppJson(input): AppJson<ForgotPasswordInput>,
) -> Result<Data<Message>, ApiError> {
    let mut f = Fields::default();
    let email = f.required("email", "E-mail", input.email.as_ref(), EmailAddress::parse);
    f.finish_with("Please enter a valid e-mail address.").map_err(|e| e.with_code(api_core::codes::RESET_REFUSED))?;
    let Some(email) = email else { return Err(ApiError::Internal("forgot-password parsed but empty".into())) };

    let account: Option<(Uuid, String, String, bool)> = sqlx::query_as(
        "select u.id, u.email, u.first_name, exists (select 1 from auth_tokens t where t.user_id = u.id \
           and t.purpose = 'password_reset' and t.created_at > now() - make_interval(mins => $2)) \
         from users u where lower(u.email) = $1",
    )
    .bind(email.key())
    .bind(RESEND_AFTER_MINUTES)
    .fetch_optional(&state.pool)
    .await?;
    match account {
        // One link a minute at most: the form cannot be used to flood someone's mailbox.
        Some((id, _, _, true)) => tracing::info!(user = %id, "a reset link was sent moments ago; not sending another"),
        Some((id, address, first_name, false)) => {
            let token = tokens::issue(&state.pool, id, Purpose::PasswordReset).await?;
            let mail = mails::password_reset(&address, &first_name, &state.public_url, &token);
            let mailer = state.mailer.clone();
            tokio::spawn(async move {
                if let Err(e) = mailer.send(mail).await {
                    tracing::error!(user = %id, error = %e, "could not send the password-reset e-mail");
                }
            });
        }
        None => {}
    }
    Ok(Data::new(Message::new(RESET_SENT)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChangePasswordInput {
    /// The token of the e-mailed link; when present, no login is needed.
    #[schema(value_type = Option<api_core::values::NotBlank>)]
    #[serde(default)]
    pub token: Option<Value>,
    /// The current password, when changing it logged in (without `token`).
    #[schema(value_type = Option<api_core::values::NotBlank>)]
    #[serde(default)]
    pub old_password: Option<Value>,
    /// The new password: at least 8 characters.
    #[schema(value_type = super::fields::NewPassword, required = true)]
    #[serde(default)]
    pub password: Option<Value>,
}

/// Sets a new password, with a reset token (public) or logged in with the old password.
#[utoipa::path(post, path = "/api/user/auth/change-password", tag = "accounts", request_body = ChangePasswordInput,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Changed", body = super::openapi::MessageAnswer),
        (status = 401, description = "Neither a token in the body nor a valid session"),
        (status = 422, description = "'Password was not changed. Please try again later.' with the field: token, old_password or password"),
        (status = 429, description = "Too many wrong old passwords (the login limits)"),
    ))]
#[tracing::instrument(skip_all)]
pub async fn change_password(
    State(state): State<AccountsState>,
    MaybeSession(session): MaybeSession,
    client: ClientAddr,
    AppJson(input): AppJson<ChangePasswordInput>,
) -> Result<Data<Message>, ApiError> {
    if input.token.as_ref().is_some_and(|t| !t.is_null()) {
        reset_with_token(&state, &input).await?;
    } else {
        let session = session.ok_or(ApiError::Unauthorized)?;
        change_logged_in(&state, &session, client, &input).await?;
    }
    Ok(Data::new(Message::new(CHANGED)))
}

async fn reset_with_token(state: &AccountsState, input: &ChangePasswordInput) -> Result<(), ApiError> {
    let mut f = Fields::default();
    let token = f.required_text("token", "Token", input.token.as_ref()).map(|t| t.trim().to_string());
    let new_password = f.required("password", "Password", input.password.as_ref(), NewPassword::parse);
    f.finish_with(NOT_CHANGED).map_err(|e| e.with_code(api_core::codes::PASSWORD_NOT_CHANGED))?;
    let (Some(token), Some(new_password)) = (token, new_password) else {
        return Err(ApiError::Internal("change-password parsed but empty".into()));
    };
    let refused = || ApiError::refusal_on("token", api_core::codes::PASSWORD_NOT_CHANGED, NOT_CHANGED);
    // Check the token cheaply before spending a hash on it; it is used atomically below.
    let live: bool = sqlx::query_scalar(
        "select exists (select 1 from auth_tokens where token_hash = $1 and purpose = 'password_reset' \
         and revoked_at is null and expires_at > now())",
    )
    .bind(api_core::auth::hash_token(&token))
    .fetch_one(&state.pool)
    .await?;
    if !live {
        return Err(refused());
    }
    let hash = password::hash(&new_password).await?;
    let mut tx = state.pool.begin().await?;
    let user = tokens::consume(&mut *tx, &token, Purpose::PasswordReset).await?.ok_or_else(refused)?;
    users::set_password(&mut *tx, user, &hash.0).await?;
    sqlx::query("update users set active = true where id = $1").bind(user).execute(&mut *tx).await?;
    tokens::revoke_all(&mut *tx, user, Purpose::PasswordReset, None).await?;
    tokens::revoke_all(&mut *tx, user, Purpose::Session, None).await?;
    tx.commit().await?;
    tracing::info!(user = %user, "password reset");
    Ok(())
}

async fn change_logged_in(
    state: &AccountsState,
    session: &Session,
    client: ClientAddr,
    input: &ChangePasswordInput,
) -> Result<(), ApiError> {
    let mut f = Fields::default();
    let old_password = f.required_text("old_password", "Current password", input.old_password.as_ref());
    let new_password = f.required("password", "Password", input.password.as_ref(), NewPassword::parse);
    f.finish_with(NOT_CHANGED).map_err(|e| e.with_code(api_core::codes::PASSWORD_NOT_CHANGED))?;
    let (Some(old_password), Some(new_password)) = (old_password, new_password) else {
        return Err(ApiError::Internal("change-password parsed but empty".into()));
    };
    let user = session.user.id;
    // Guessing the current password through a stolen session is throttled like a login.
    let attempt = throttle::begin(&state.pool, &session.user.email.to_lowercase(), client).await?;
    let stored: Option<String> = sqlx::query_scalar("select password_hash from users where id = $1")
        .bind(user)
        .fetch_optional(&state.pool)
        .await?;
    if !password::verify(old_password, stored).await? {
        attempt.failed();
        return Err(ApiError::Validation {
            message: NOT_CHANGED.into(),
            errors: vec![FieldError::new("old_password", api_core::codes::WRONG_OLD_PASSWORD, WRONG_OLD_PASSWORD)],
        }
        .with_code(api_core::codes::PASSWORD_NOT_CHANGED));
    }
    attempt.succeeded(&state.pool).await?;
    let hash = password::hash(&new_password).await?;
    let mut tx = state.pool.begin().await?;
    users::set_password(&mut *tx, user, &hash.0).await?;
    tokens::revoke_all(&mut *tx, user, Purpose::Session, Some(&session.token_hash)).await?;
    tx.commit().await?;
    tracing::info!(user = %user, "password changed");
    Ok(())
}
