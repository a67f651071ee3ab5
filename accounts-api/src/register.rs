//! `POST /user/auth/register` and `POST|GET /user/auth/confirm`.
//!
//! A new account is stored inactive; the activation link goes out by e-mail inside the
//! same transaction that stores the account, so a failed e-mail leaves no half-made
//! account behind and the person can simply try again. Confirming uses the one-time
//! activation token and turns the account active.

use std::collections::HashMap;

use api_core::{ApiError, AppJson, Data};
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::fields::{EmailAddress, Labelled, NewPassword, OptionalPhone, PersonName};
use super::tokens::{self, Purpose};
use super::users::{self, UserView};
use super::{mails, password, Message};
use crate::AccountsState;
use api_core::Fields;

pub const REGISTRATION_FAILED: &str = "Your registration failed.";
pub const NOT_ACTIVATED: &str = "Your account was not activated, please try again.";
const EMAIL_TAKEN: &str = "This e-mail address is already registered.";

/// The registration form. Every field is checked and all problems come back at once.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RegisterInput {
    #[schema(value_type = api_core::values::Email, required = true, example = "jan.kowalski@example.pl")]
    #[serde(default)]
    pub email: Option<Value>,
    /// At least 8 characters.
    #[schema(value_type = super::fields::NewPassword, required = true)]
    #[serde(default)]
    pub password: Option<Value>,
    #[schema(value_type = api_core::values::Line<100>, required = true, example = "Jan")]
    #[serde(default)]
    pub first_name: Option<Value>,
    #[schema(value_type = api_core::values::Line<100>, required = true, example = "Kowalski")]
    #[serde(default)]
    pub last_name: Option<Value>,
    /// Blank: none.
    #[schema(value_type = Option<api_core::values::OrEmpty<api_core::values::Phone>>, example = "+48 600 100 200")]
    #[serde(default)]
    pub phone: Option<Value>,
}

/// A registration that passed every check.
#[derive(Debug)]
struct Registration {
    email: EmailAddress,
    password: NewPassword,
    first_name: PersonName,
    last_name: PersonName,
    phone: OptionalPhone,
}

impl TryFrom<&RegisterInput> for Registration {
    type Error = ApiError;

    fn try_from(input: &RegisterInput) -> Result<Self, ApiError> {
        let mut f = Fields::default();
        let email = f.required("email", "E-mail", input.email.as_ref(), EmailAddress::parse);
        let password = f.required("password", "Password", input.password.as_ref(), NewPassword::parse);
        let first_name = f.required("first_name", "First name", input.first_name.as_ref(), PersonName::parse);
        let last_name = f.required("last_name", "Last name", input.last_name.as_ref(), PersonName::parse);
        let phone = f.optional("phone", "Phone", input.phone.as_ref(), OptionalPhone::parse).unwrap_or_default();
        f.finish_with(REGISTRATION_FAILED).map_err(|e| e.with_code(api_core::codes::REGISTRATION_FAILED))?;
        match (email, password, first_name, last_name) {
            (Some(email), Some(password), Some(first_name), Some(last_name)) => {
                Ok(Registration { email, password, first_name, last_name, phone })
            }
            // `finish` passed, so every required field parsed.
            _ => Err(ApiError::Internal("registration parsed without errors but incomplete".into())),
        }
    }
}

/// The answer to a registration: what to tell the person, and the (inactive) account.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    pub message: String,
    pub user: UserView,
}

fn email_taken() -> ApiError {
    ApiError::Validation {
        message: REGISTRATION_FAILED.into(),
        errors: vec![api_core::FieldError::new("email", api_core::codes::EMAIL_TAKEN, EMAIL_TAKEN)],
    }
    .with_code(api_core::codes::REGISTRATION_FAILED)
}

/// Registers an inactive account and e-mails its activation link. Public.
// The body inline: schemathesis signs up from an inline schema with `properties` (a $ref crashes its bootstrap).
#[utoipa::path(post, path = "/api/user/auth/register", tag = "accounts", request_body = inline(RegisterInput),
    responses(
        (status = 200, description = "Registered; the activation e-mail was sent", body = super::openapi::RegisteredAnswer),
        (status = 422, description = "'Your registration failed.' with one error per field (also: e-mail already registered)"),
        (status = 503, description = "The e-mail could not be sent; nothing was stored"),
    ))]
#[tracing::instrument(skip_all)]
pub async fn register(
    State(state): State<AccountsState>,
    AppJson(input): AppJson<RegisterInput>,
) -> Result<Data<Registered>, ApiError> {
    let form = Registration::try_from(&input)?;
    if users::email_taken(&state.pool, &form.email.key()).await? {
        return Err(email_taken());
    }
    let hash = password::hash(&form.password).await?;
    let id = Uuid::new_v4();
    let mut tx = state.pool.begin().await?;
    let user: UserView = sqlx::query_as(
        "insert into users (id, email, password_hash, first_name, last_name, phone, role, active) \
         values ($1, $2, $3, $4, $5, $6, 'User', false) returning id, email, first_name, last_name, role",
    )
    .bind(id)
    .bind(form.email.as_str())
    .bind(&hash.0)
    .bind(form.first_name.as_str())
    .bind(form.last_name.as_str())
    .bind(form.phone.as_str())
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| match e.as_database_error().and_then(|d| d.constraint()) {
        // Someone registered the same address between the check and the insert.
        Some("users_email") => email_taken(),
        _ => ApiError::from(e),
    })?;
    let token = tokens::issue(&mut *tx, id, Purpose::Activation).await?;
    let mail = mails::activation(form.email.as_str(), form.first_name.as_str(), &state.public_url, &token);
    state.mailer.send(mail).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    tx.commit().await?;
    tracing::info!(user = %id, "account registered");
    let message = "Dziękujemy za rejestrację. Wysłaliśmy e-mail z linkiem aktywacyjnym.".to_string();
    Ok(Data::new(Registered { message, user }))
}

/// The activation link's token.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConfirmInput {
    #[schema(value_type = api_core::values::NotBlank, required = true)]
    #[serde(default)]
    pub token: Option<Value>,
}

/// Activates the account of an activation token (once). Public.
#[utoipa::path(post, path = "/api/user/auth/confirm", tag = "accounts", request_body = ConfirmInput,
    responses(
        (status = 200, description = "The account is active", body = super::openapi::MessageAnswer),
        (status = 422, description = "'Your account was not activated, please try again.' (unknown, expired or used token)"),
    ))]
pub async fn confirm(
    State(state): State<AccountsState>,
    AppJson(input): AppJson<ConfirmInput>,
) -> Result<Data<Message>, ApiError> {
    activate(&state, input.token.as_ref().and_then(Value::as_str)).await
}

/// The same as `POST`, for a link opened directly: `GET /user/auth/confirm?token=…`. Public.
#[utoipa::path(get, path = "/api/user/auth/confirm", tag = "accounts", params(("token" = inline(api_core::values::NotBlank), Query, description = "the activation link's token")),
    responses(
        (status = 200, description = "The account is active", body = super::openapi::MessageAnswer),
        (status = 422, description = "'Your account was not activated, please try again.'"),
    ))]
pub async fn confirm_get(
    State(state): State<AccountsState>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Data<Message>, ApiError> {
    activate(&state, query.get("token").map(String::as_str)).await
}

#[tracing::instrument(skip_all)]
async fn activate(state: &AccountsState, token: Option<&str>) -> Result<Data<Message>, ApiError> {
    let refused = || ApiError::refusal_on("token", api_core::codes::NOT_ACTIVATED, NOT_ACTIVATED);
    let token = token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 200).ok_or_else(refused)?;
    let mut tx = state.pool.begin().await?;
    let user = tokens::consume(&mut *tx, token, Purpose::Activation).await?.ok_or_else(refused)?;
    sqlx::query("update users set active = true, updated_at = now() where id = $1")
        .bind(user)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(user = %user, "account activated");
    Ok(Data::new(Message::new("Twoje konto zostało aktywowane. Możesz się zalogować.")))
}
