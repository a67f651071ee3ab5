//! `POST /user/user/get-my-account` and `POST /user/user/update-my-account`.
//!
//! A user reads and edits only their own account: the account is the session's, there is
//! no id parameter to tamper with. The e-mail is the login and cannot be edited
//! (docs/accounts.md, 'The account's e-mail is not edited in the account form'): sending a
//! different one is refused, sending the same one
//! (the front end posts the whole form) is fine. Fields left out stay as they are.

use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use super::fields::{EmailAddress, Labelled, OptionalPhone, PersonName};
use super::tokens::Session;
use super::users::{self, AccountView};
use crate::AccountsState;
use api_core::Fields;

pub const EMAIL_READ_ONLY: &str = "The e-mail of an existing account cannot be edited.";

/// The editable account fields; each may be left out.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct MyAccountInput {
    #[schema(value_type = Option<PersonName>)]
    #[serde(default)]
    pub first_name: Option<Value>,
    #[schema(value_type = Option<PersonName>)]
    #[serde(default)]
    pub last_name: Option<Value>,
    /// Blank: none.
    #[schema(value_type = Option<api_core::values::OrEmpty<api_core::values::Phone>>)]
    #[serde(default)]
    pub phone: Option<Value>,
    /// Only the account's own address is accepted (and ignored).
    #[schema(value_type = Option<api_core::values::Email>)]
    #[serde(default)]
    pub email: Option<Value>,
}

/// The body: `{"my-account": {…}}` as the spec's front end sends it, or the bare fields
/// (not both: a request with both is refused).
/// (Written out rather than `#[serde(flatten)]`, so the document has one plain object.)
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UpdateMyAccountInput {
    /// An object (serde would also read a struct from a list, which the document does not allow).
    #[serde(rename = "my-account", default)]
    #[schema(value_type = Option<MyAccountInput>)]
    pub my_account: Option<serde_json::Map<String, Value>>,
    #[schema(value_type = Option<PersonName>)]
    #[serde(default)]
    pub first_name: Option<Value>,
    #[schema(value_type = Option<PersonName>)]
    #[serde(default)]
    pub last_name: Option<Value>,
    /// Blank: none.
    #[schema(value_type = Option<api_core::values::OrEmpty<api_core::values::Phone>>)]
    #[serde(default)]
    pub phone: Option<Value>,
    /// Only the account's own address is accepted (and ignored).
    #[schema(value_type = Option<api_core::values::Email>)]
    #[serde(default)]
    pub email: Option<Value>,
}

/// The logged-in user's account. Logged-in users.
#[utoipa::path(post, path = "/api/user/user/get-my-account", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "The account", body = super::openapi::AccountAnswer),
        (status = 401, description = "No valid session token"),
    ))]
#[tracing::instrument(skip_all, fields(user = %session.user.id))]
pub async fn get_my_account(
    State(state): State<AccountsState>,
    session: Session,
) -> Result<Data<AccountView>, ApiError> {
    Ok(Data::new(users::account_view(&state.pool, session.user.id).await?))
}

/// Updates first name, last name and phone of the logged-in user's account. Logged-in users.
#[utoipa::path(post, path = "/api/user/user/update-my-account", tag = "accounts", security(("bearer" = [])),
    request_body = UpdateMyAccountInput,
    responses(
        (status = 200, description = "The updated account", body = super::openapi::AccountAnswer),
        (status = 401, description = "No valid session token"),
        (status = 422, description = "One error per field; a different e-mail: 'The e-mail of an existing account cannot be edited.'"),
    ))]
#[tracing::instrument(skip_all, fields(user = %session.user.id))]
pub async fn update_my_account(
    State(state): State<AccountsState>,
    session: Session,
    AppJson(body): AppJson<UpdateMyAccountInput>,
) -> Result<Data<AccountView>, ApiError> {
    let bare = [&body.first_name, &body.last_name, &body.phone, &body.email];
    if body.my_account.is_some() && bare.iter().any(|field| field.is_some()) {
        // One or the other: fields beside `my-account` would be silently dropped.
        return Err(ApiError::invalid_field(
            "my-account",
            api_core::codes::FIELD_INVALID,
            "Send the fields either inside my-account or beside it, not both.",
        ));
    }
    let input = match body.my_account {
        Some(wrapped) => serde_json::from_value(Value::Object(wrapped)).map_err(|e| {
            ApiError::invalid_field("my-account", api_core::codes::FIELD_INVALID, &format!("my-account: {e}"))
        })?,
        None => MyAccountInput {
            first_name: body.first_name,
            last_name: body.last_name,
            phone: body.phone,
            email: body.email,
        },
    };
    let current = users::account_view(&state.pool, session.user.id).await?;

    let mut f = Fields::default();
    let first_name = f.optional("first_name", "First name", input.first_name.as_ref(), PersonName::parse);
    let last_name = f.optional("last_name", "Last name", input.last_name.as_ref(), PersonName::parse);
    let phone = f.optional("phone", "Phone", input.phone.as_ref(), OptionalPhone::parse);
    if let Some(email) = f.optional_text("email", "E-mail", input.email.as_ref()) {
        let same = EmailAddress::parse(email).is_ok_and(|e| e.key() == current.email.to_lowercase());
        if !same {
            f.error_coded("email", api_core::codes::EMAIL_READ_ONLY, EMAIL_READ_ONLY);
        }
    }
    f.finish_with("Your account was not saved.").map_err(|e| e.with_code(api_core::codes::ACCOUNT_NOT_SAVED))?;

    let account: AccountView = sqlx::query_as(
        "update users set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name), \
         phone = coalesce($4, phone), updated_at = now() where id = $1 \
         returning id, email, first_name, last_name, phone, role",
    )
    .bind(session.user.id)
    .bind(first_name.as_ref().map(PersonName::as_str))
    .bind(last_name.as_ref().map(PersonName::as_str))
    .bind(phone.as_ref().map(OptionalPhone::as_str))
    .fetch_one(&state.pool)
    .await?;
    Ok(Data::new(account))
}
