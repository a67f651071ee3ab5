//! The `users` rows and the two shapes clients see: [`UserView`] (what login and
//! `/user/auth/get` answer) and [`AccountView`] (the "my account" form). Neither has a
//! password field, so no answer can carry one.

use api_core::ApiError;
use serde::Serialize;
use sqlx::{FromRow, PgExecutor};
use uuid::Uuid;

/// The logged-in user, as the front end keeps it (`role` contains `SuperAdmin` for admins).
#[derive(Debug, Clone, Serialize, FromRow, utoipa::ToSchema)]
pub struct UserView {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// `User` or `SuperAdmin`.
    pub role: String,
}

/// The account a user reads and edits on the "my account" page.
#[derive(Debug, Clone, Serialize, FromRow, utoipa::ToSchema)]
pub struct AccountView {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub role: String,
}

/// What login needs to decide.
#[derive(Debug, Clone, FromRow)]
pub struct Credentials {
    pub id: Uuid,
    pub password_hash: String,
    pub active: bool,
}

#[tracing::instrument(skip_all)]
pub async fn credentials(db: impl PgExecutor<'_>, email_key: &str) -> Result<Option<Credentials>, ApiError> {
    let row = sqlx::query_as("select id, password_hash, active from users where lower(email) = $1")
        .bind(email_key)
        .fetch_optional(db)
        .await?;
    Ok(row)
}

#[tracing::instrument(skip(db))]
pub async fn user_view(db: impl PgExecutor<'_>, id: Uuid) -> Result<UserView, ApiError> {
    let row = sqlx::query_as("select id, email, first_name, last_name, role from users where id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.ok_or(ApiError::Unauthorized)
}

#[tracing::instrument(skip(db))]
pub async fn account_view(db: impl PgExecutor<'_>, id: Uuid) -> Result<AccountView, ApiError> {
    let row = sqlx::query_as("select id, email, first_name, last_name, phone, role from users where id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.ok_or(ApiError::Unauthorized)
}

/// Whether an account with this (lower-cased) e-mail exists.
#[tracing::instrument(skip_all)]
pub async fn email_taken(db: impl PgExecutor<'_>, email_key: &str) -> Result<bool, ApiError> {
    let taken = sqlx::query_scalar("select exists (select 1 from users where lower(email) = $1)")
        .bind(email_key)
        .fetch_one(db)
        .await?;
    Ok(taken)
}

/// Stores a new password hash.
#[tracing::instrument(skip(db, password_hash))]
pub async fn set_password(db: impl PgExecutor<'_>, id: Uuid, password_hash: &str) -> Result<(), ApiError> {
    sqlx::query("update users set password_hash = $2, updated_at = now() where id = $1")
        .bind(id)
        .bind(password_hash)
        .execute(db)
        .await?;
    Ok(())
}
