//! The rows of `auth_tokens`: sessions, activation links and password-reset links.
//!
//! A token is 256 random bits handed to the client (in a response or an e-mail link)
//! exactly once; only its SHA-256 is stored (`api_core::auth::hash_token`), so a copy of
//! the database does not let anyone log in or follow a link. A one-time token is used by
//! setting `revoked_at` in the same statement that checks it, so two clicks on the same
//! link can never both succeed.

use api_core::auth::{hash_token, new_token, AuthUser};
use api_core::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use chrono::{DateTime, Duration, Utc};
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

/// What a token is for, and how long it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A login; 30 days.
    Session,
    /// The link in the registration e-mail; 48 hours.
    Activation,
    /// The link in the forgot-password e-mail; 1 hour.
    PasswordReset,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Session => "session",
            Purpose::Activation => "activation",
            Purpose::PasswordReset => "password_reset",
        }
    }

    pub fn lifetime(self) -> Duration {
        match self {
            Purpose::Session => Duration::days(30),
            Purpose::Activation => Duration::hours(48),
            Purpose::PasswordReset => Duration::hours(1),
        }
    }
}

/// Creates a token for `user` and returns it in clear (the only time it exists so).
#[tracing::instrument(skip(db))]
pub async fn issue(db: impl PgExecutor<'_>, user: Uuid, purpose: Purpose) -> Result<String, ApiError> {
    let token = new_token();
    let expires_at: DateTime<Utc> = Utc::now() + purpose.lifetime();
    sqlx::query("insert into auth_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)")
        .bind(hash_token(&token))
        .bind(user)
        .bind(purpose.as_str())
        .bind(expires_at)
        .execute(db)
        .await?;
    Ok(token)
}

/// Uses a one-time token: if it exists for `purpose`, is not expired and not used, marks
/// it used and returns its user; otherwise `None`.
#[tracing::instrument(skip_all, fields(purpose = purpose.as_str()))]
pub async fn consume(db: impl PgExecutor<'_>, token: &str, purpose: Purpose) -> Result<Option<Uuid>, ApiError> {
    let user = sqlx::query_scalar(
        "update auth_tokens set revoked_at = now() \
         where token_hash = $1 and purpose = $2 and revoked_at is null and expires_at > now() returning user_id",
    )
    .bind(hash_token(token))
    .bind(purpose.as_str())
    .fetch_optional(db)
    .await?;
    Ok(user)
}

/// Revokes every live token of `user` for `purpose`, except the one whose hash is `keep`.
#[tracing::instrument(skip(db, keep))]
pub async fn revoke_all(
    db: impl PgExecutor<'_>,
    user: Uuid,
    purpose: Purpose,
    keep: Option<&[u8]>,
) -> Result<u64, ApiError> {
    let done = sqlx::query(
        "update auth_tokens set revoked_at = now() \
         where user_id = $1 and purpose = $2 and revoked_at is null and ($3::bytea is null or token_hash <> $3)",
    )
    .bind(user)
    .bind(purpose.as_str())
    .bind(keep)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// Revokes one session (logout).
#[tracing::instrument(skip_all)]
pub async fn revoke_session(pool: &PgPool, token_hash: &[u8]) -> Result<(), ApiError> {
    sqlx::query(
        "update auth_tokens set revoked_at = now() where token_hash = $1 and purpose = 'session' and revoked_at is null",
    )
    .bind(token_hash)
    .execute(pool)
    .await?;
    Ok(())
}

/// A logged-in user together with the hash of the session token they presented (to
/// revoke it at logout, or keep it when revoking the others). `401` without a valid token.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: AuthUser,
    pub token_hash: Vec<u8>,
}

impl FromRequestParts<crate::AccountsState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &crate::AccountsState) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        let token = api_core::auth::session_token(parts).ok_or(ApiError::Unauthorized)?;
        Ok(Session { user, token_hash: hash_token(token) })
    }
}

/// A [`Session`] if a valid token came, or nobody (change-password works both ways).
#[derive(Debug, Clone)]
pub struct MaybeSession(pub Option<Session>);

impl FromRequestParts<crate::AccountsState> for MaybeSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &crate::AccountsState) -> Result<Self, Self::Rejection> {
        match Session::from_request_parts(parts, state).await {
            Ok(session) => Ok(MaybeSession(Some(session))),
            Err(ApiError::Unauthorized) => Ok(MaybeSession(None)),
            Err(other) => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetimes_are_the_decided_ones() {
        assert_eq!(Purpose::Session.lifetime(), Duration::days(30));
        assert_eq!(Purpose::Activation.lifetime(), Duration::hours(48));
        assert_eq!(Purpose::PasswordReset.lifetime(), Duration::hours(1));
        assert_eq!(Purpose::PasswordReset.as_str(), "password_reset");
    }
}
