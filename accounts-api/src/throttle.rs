//! Login throttling: at most 5 failed password checks per e-mail and 20 per client
//! address in any 15 minutes; past that, `429` until the oldest failure leaves the window,
//! even with the right password. A successful login resets the e-mail's count.
//!
//! The attempts live in the `login_attempts` table so the limit holds across processes.
//! An attempt *reserves* its row before the password is checked, and only while fewer
//! than the limit are in the window (reservations take turns, see [`begin`]), so parallel
//! requests cannot slip more guesses through than the limit. A success deletes its row; a
//! failure leaves it; a refused attempt adds none, so hammering during a lockout does not
//! prolong it.

use std::net::{IpAddr, SocketAddr};

use api_core::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use sqlx::PgPool;

/// Failed attempts allowed per e-mail in the window.
pub const PER_EMAIL: i64 = 5;
/// Failed attempts allowed per client address in the window.
pub const PER_CLIENT: i64 = 20;
/// The window, in minutes.
pub const WINDOW_MINUTES: i32 = 15;

pub const TOO_MANY: &str = "Too many failed login attempts. Please wait 15 minutes and try again.";

/// The address the request came from: the TCP peer (`ConnectInfo`), which the server must
/// be started with (`into_make_service_with_connect_info::<SocketAddr>()`). Forwarded
/// headers are not trusted: anyone can write them. Without connect info the per-address
/// limit is skipped (the per-e-mail one still holds) and a warning is logged.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let addr = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        if addr.is_none() {
            tracing::warn!("no client address (serve with connect info): the per-address login limit is off");
        }
        Ok(ClientAddr(addr))
    }
}

/// A password check that is allowed to happen; say how it ended.
#[derive(Debug)]
#[must_use = "an attempt must be marked succeeded, or it counts as a failure"]
pub struct Attempt {
    id: i64,
    email: String,
}

/// Reserves an attempt for `email_key` (lower-cased) from `client`, or `429`.
#[tracing::instrument(skip(pool, email_key))]
pub async fn begin(pool: &PgPool, email_key: &str, client: ClientAddr) -> Result<Attempt, ApiError> {
    let client = client.0.map(|ip| ip.to_string());
    // Housekeeping: rows older than the window no longer count for anything.
    sqlx::query("delete from login_attempts where attempted_at < now() - make_interval(mins => $1)")
        .bind(WINDOW_MINUTES)
        .execute(pool)
        .await?;
    // Reservations for one e-mail (and for one address) take turns: each counts the rows
    // before it and adds its own under a transaction-scoped advisory lock, so exactly the
    // allowed number get through however many arrive at once. Two lock spaces (1: e-mail,
    // 2: address), always taken in that order, so two reservations cannot deadlock.
    let mut tx = pool.begin().await?;
    sqlx::query("select pg_advisory_xact_lock(1, hashtext($1))").bind(email_key).execute(&mut *tx).await?;
    if let Some(client) = &client {
        sqlx::query("select pg_advisory_xact_lock(2, hashtext($1))").bind(client).execute(&mut *tx).await?;
    }
    let (per_email, per_client): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where email = $1 and not email_cleared), \
                count(*) filter (where client_addr = $2) \
         from login_attempts where attempted_at > now() - make_interval(mins => $3)",
    )
    .bind(email_key)
    .bind(&client)
    .bind(WINDOW_MINUTES)
    .fetch_one(&mut *tx)
    .await?;
    if per_email >= PER_EMAIL || per_client >= PER_CLIENT {
        tx.rollback().await?;
        tracing::info!(per_email, per_client, "login throttled");
        return Err(ApiError::TooManyRequests(TOO_MANY.into()).with_code(api_core::codes::TOO_MANY_LOGINS));
    }
    let id: i64 = sqlx::query_scalar("insert into login_attempts (email, client_addr) values ($1, $2) returning id")
        .bind(email_key)
        .bind(&client)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Attempt { id, email: email_key.to_string() })
}

impl Attempt {
    /// The password was right: this attempt is not a failure, and the e-mail's earlier
    /// failures stop counting (they still count for the client address).
    #[tracing::instrument(skip_all)]
    pub async fn succeeded(self, pool: &PgPool) -> Result<(), ApiError> {
        sqlx::query("delete from login_attempts where id = $1").bind(self.id).execute(pool).await?;
        sqlx::query("update login_attempts set email_cleared = true where email = $1 and not email_cleared")
            .bind(&self.email)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// The password was wrong: the reserved row stays and counts.
    pub fn failed(self) {}
}
