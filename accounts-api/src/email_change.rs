//! A customer corrects their account's e-mail (RODO art. 16): `POST
//! /user/user/change-email` with the new address and the password (checked and throttled
//! like a login) sends a link to the new address and a notice to the old one; the login
//! changes only when the link is opened (`POST /user/auth/confirm-email`, valid 24 hours,
//! once). So a typo, or an address that is not theirs, never becomes the login. The orders
//! keep the contact they were placed with (each order's own, editable on the order).

use api_core::auth::{hash_token, new_token};
use api_core::mail::Email;
use api_core::{codes, ApiError, AppJson, Data, FieldError, Fields};
use axum::extract::State;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{EmailAddress, Labelled};
use super::mails::link;
use super::throttle::{self, ClientAddr};
use super::tokens::Session;
use super::{password, users, AccountsState};

/// How long the link to the new address works.
pub const LINK_HOURS: i64 = 24;

const NOT_CHANGED: &str = "The e-mail address was not changed.";
const WRONG_PASSWORD: &str = "The password is not right.";
const SAME: &str = "This is the account's e-mail address already.";
const TAKEN: &str = "This e-mail address is already registered.";
const SENT: &str = "Wysłaliśmy link na nowy adres. Adres zmieni się, gdy go otworzysz.";
const CHANGED: &str = "Adres e-mail został zmieniony.";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChangeEmailInput {
    /// The new address.
    #[schema(value_type = api_core::values::Email, required = true)]
    #[serde(default)]
    pub email: Option<Value>,
    /// The account's current password.
    #[schema(value_type = api_core::values::NotBlank, required = true)]
    #[serde(default)]
    pub password: Option<Value>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConfirmEmailInput {
    /// The token from the link sent to the new address.
    #[schema(value_type = api_core::values::NotBlank, required = true)]
    #[serde(default)]
    pub token: Option<Value>,
}

/// The answer: what to tell the person, and the address the account has now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailChanged {
    pub message: String,
    pub email: String,
}

/// Asks to change the logged-in user's e-mail: a link goes to the new address (user).
#[utoipa::path(post, path = "/api/user/user/change-email", tag = "accounts", request_body = ChangeEmailInput,
    security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": EmailChanged}`: the link is on its way; the address is still the old one", body = Data<EmailChanged>),
        (status = 401, description = "no token"),
        (status = 422, description = "not an e-mail address, the same address, one registered already (`account.email_taken`), or the password missing or not right (`password.wrong_old`)"),
        (status = 429, description = "too many wrong passwords (the login limits)"),
        (status = 503, description = "the e-mail could not be sent; nothing changed")))]
#[tracing::instrument(skip_all, fields(user_id = %session.user.id))]
pub async fn change_email(
    State(state): State<AccountsState>,
    session: Session,
    client: ClientAddr,
    AppJson(input): AppJson<ChangeEmailInput>,
) -> Result<Data<EmailChanged>, ApiError> {
    let user = &session.user;
    let mut f = Fields::default();
    let email = f.required("email", "E-mail", input.email.as_ref(), EmailAddress::parse);
    let given = f.required_text("password", "Password", input.password.as_ref());
    f.finish_with(NOT_CHANGED)?;
    let (Some(email), Some(given)) = (email, given) else {
        return Err(ApiError::Internal("change-email parsed but empty".into()));
    };
    if email.key() == user.email.to_lowercase() {
        return Err(ApiError::field(FieldError::new("email", codes::FIELD_INVALID, SAME)));
    }
    let attempt = throttle::begin(&state.pool, &user.email.to_lowercase(), client).await?;
    let stored: Option<String> = sqlx::query_scalar("select password_hash from users where id = $1")
        .bind(user.id)
        .fetch_optional(&state.pool)
        .await?;
    if !password::verify(given, stored).await? {
        attempt.failed();
        return Err(ApiError::field(FieldError::new("password", codes::WRONG_OLD_PASSWORD, WRONG_PASSWORD)));
    }
    attempt.succeeded(&state.pool).await?;
    if users::email_taken(&state.pool, &email.key()).await? {
        return Err(ApiError::field(FieldError::new("email", codes::EMAIL_TAKEN, TAKEN)));
    }
    let token = new_token();
    let mut tx = state.pool.begin().await?;
    // A new request replaces an earlier one (only the last link works).
    sqlx::query("delete from email_changes where user_id = $1").bind(user.id).execute(&mut *tx).await?;
    sqlx::query("insert into email_changes (token_hash, user_id, new_email, expires_at) values ($1, $2, $3, $4)")
        .bind(hash_token(&token))
        .bind(user.id)
        .bind(email.as_str())
        .bind(Utc::now() + Duration::hours(LINK_HOURS))
        .execute(&mut *tx)
        .await?;
    let url = link(&state.public_url, "/confirm-email", &token);
    state.mailer.send(confirmation(email.as_str(), &url)).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    tx.commit().await?;
    if let Err(e) = state.mailer.send(notice(&user.email, email.as_str())).await {
        tracing::warn!(error = %e, "the notice to the old address was not sent");
    }
    Ok(Data::new(EmailChanged { message: SENT.into(), email: user.email.clone() }))
}

/// Changes the account's e-mail to the address the link was sent to (public, the link's token).
#[utoipa::path(post, path = "/api/user/auth/confirm-email", tag = "accounts", request_body = ConfirmEmailInput,
    responses((status = 200, description = "`{\"data\": EmailChanged}`: changed", body = Data<EmailChanged>),
        (status = 422, description = "the link is unknown, used or expired (`account.email_link_invalid` on `token`), or the address was registered by someone else meanwhile (`account.email_taken`)")))]
#[tracing::instrument(skip_all)]
pub async fn confirm_email(
    State(state): State<AccountsState>,
    AppJson(input): AppJson<ConfirmEmailInput>,
) -> Result<Data<EmailChanged>, ApiError> {
    let mut f = Fields::default();
    let token = f.required_text("token", "Token", input.token.as_ref());
    f.finish_with(NOT_CHANGED)?;
    let Some(token) = token else { return Err(ApiError::Internal("confirm-email parsed but empty".into())) };
    let mut tx = state.pool.begin().await?;
    let change: Option<(uuid::Uuid, String)> = sqlx::query_as(
        "delete from email_changes where token_hash = $1 and expires_at > now() returning user_id, new_email",
    )
    .bind(hash_token(token.trim()))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, new_email)) = change else {
        return Err(ApiError::field(FieldError::new(
            "token",
            codes::EMAIL_LINK_INVALID,
            "This link is not valid: it has expired or was used.",
        )));
    };
    sqlx::query("update users set email = $2, updated_at = now() where id = $1")
        .bind(user_id)
        .bind(&new_email)
        .execute(&mut *tx)
        .await
        .map_err(|e| match e.as_database_error().and_then(|d| d.constraint()) {
            Some("users_email") => ApiError::field(FieldError::new("email", codes::EMAIL_TAKEN, TAKEN)),
            _ => ApiError::from(e),
        })?;
    tx.commit().await?;
    tracing::info!(%user_id, "account e-mail changed");
    Ok(Data::new(EmailChanged { message: CHANGED.into(), email: new_email }))
}

fn confirmation(to: &str, url: &str) -> Email {
    let text = format!(
        "Dzień dobry,\n\n\
         poproszono o zmianę adresu e-mail konta na ten adres. Aby ją potwierdzić, otwórz link:\n\n\
         {url}\n\n\
         Link jest ważny przez {LINK_HOURS} godziny. Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni.\n\n\
         ----\n\n\
         Hello,\n\n\
         a change of an account's e-mail address to this one was asked for. To confirm it, open the link:\n\n\
         {url}\n\n\
         The link is valid for {LINK_HOURS} hours. If it was not you, ignore this message: nothing will change.\n"
    );
    Email {
        to: to.to_string(),
        subject: "Nowy adres e-mail / New e-mail address".into(),
        text,
        attachments: Vec::new(),
    }
}

fn notice(to: &str, new_address: &str) -> Email {
    let text = format!(
        "Dzień dobry,\n\n\
         poproszono o zmianę adresu e-mail Twojego konta na {new_address}. Zmieni się, gdy ktoś otworzy link \
         wysłany na ten adres. Jeśli to nie Ty, zmień hasło.\n\n\
         ----\n\n\
         Hello,\n\n\
         a change of your account's e-mail address to {new_address} was asked for. It changes once the link \
         sent there is opened. If it was not you, change your password.\n"
    );
    Email {
        to: to.to_string(),
        subject: "Zmiana adresu e-mail / E-mail address change".into(),
        text,
        attachments: Vec::new(),
    }
}
