//! Who is asking: bearer tokens (opaque, random, stored as SHA-256 hashes in
//! `auth_tokens`) resolved to a user, and the extractors endpoints use to demand one.
//!
//! - [`AuthUser`]: any logged-in, active user; `401` without a valid token.
//! - [`AdminUser`]: a `SuperAdmin`; `401` without a token, `403` with a user's.
//! - [`DriverUser`]: a `Driver` (or a `SuperAdmin`, who may do what drivers do); `401`
//!   without a token, `403` with a customer's.
//! - [`MaybeUser`]: a user if a valid token came, or nobody (guests may order).

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::ApiError;

/// A user's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    User,
    SuperAdmin,
    /// Drives the coaches: sees the day's courses and their passengers, checks tickets.
    Driver,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "User",
            Role::SuperAdmin => "SuperAdmin",
            Role::Driver => "Driver",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "User" => Some(Role::User),
            "SuperAdmin" => Some(Role::SuperAdmin),
            "Driver" => Some(Role::Driver),
            _ => None,
        }
    }
}

/// A logged-in user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub role: Role,
}

/// A logged-in `SuperAdmin`.
#[derive(Debug, Clone)]
pub struct AdminUser(pub AuthUser);

/// A logged-in `Driver` or `SuperAdmin`.
#[derive(Debug, Clone)]
pub struct DriverUser(pub AuthUser);

/// A logged-in user, or a guest.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

/// A fresh random token (256 bits, hex) to hand to a client once.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What is stored for a token: its SHA-256. Tokens are random, so a fast hash suffices.
pub fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty() && token.len() <= 200).then_some(token)
}

/// The session token of the request, if it carries one (for logout).
pub fn session_token(parts: &Parts) -> Option<&str> {
    bearer(parts)
}

async fn resolve(pool: &PgPool, token: &str) -> Result<Option<AuthUser>, ApiError> {
    let row: Option<(Uuid, String, String, String)> = sqlx::query_as(
        "select u.id, u.email, u.first_name, u.role from auth_tokens t join users u on u.id = t.user_id \
         where t.token_hash = $1 and t.purpose = 'session' and t.revoked_at is null and t.expires_at > now() \
           and u.active",
    )
    .bind(hash_token(token))
    .fetch_optional(pool)
    .await?;
    Ok(row.and_then(|(id, email, first_name, role)| {
        Role::parse(&role).map(|role| AuthUser { id, email, first_name, role })
    }))
}

impl<S> FromRequestParts<S> for MaybeUser
where
    PgPool: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match bearer(parts) {
            Some(token) => Ok(MaybeUser(resolve(&PgPool::from_ref(state), token).await?)),
            None => Ok(MaybeUser(None)),
        }
    }
}

impl<S> FromRequestParts<S> for AuthUser
where
    PgPool: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        MaybeUser::from_request_parts(parts, state).await?.0.ok_or(ApiError::Unauthorized)
    }
}

impl<S> FromRequestParts<S> for AdminUser
where
    PgPool: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        if user.role == Role::SuperAdmin {
            Ok(AdminUser(user))
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

impl<S> FromRequestParts<S> for DriverUser
where
    PgPool: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        match user.role {
            Role::Driver | Role::SuperAdmin => Ok(DriverUser(user)),
            Role::User => Err(ApiError::Forbidden),
        }
    }
}

/// Middleware that refuses anyone but a SuperAdmin (`401`, `403`) before the layers and
/// the handler behind it run: for a route whose other layers must not act on a request the
/// handler would refuse, such as the idempotency layer of an admin's creating command.
/// `route_layer(from_fn_with_state(pool, require_admin))`, added after those layers.
pub async fn require_admin(
    axum::extract::State(pool): axum::extract::State<PgPool>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let (mut parts, body) = request.into_parts();
    match AdminUser::from_request_parts(&mut parts, &pool).await {
        Ok(_) => next.run(axum::extract::Request::from_parts(parts, body)).await,
        Err(refused) => refused.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), hash_token(&b));
        assert_eq!(hash_token(&a).len(), 32);
    }
}
