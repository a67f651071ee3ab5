//! `Idempotency-Key`: repeating a command with the same key answers the first answer and
//! changes nothing (`DECISIONS.md`, "Orders and tickets").
//!
//! [`begin`] claims the key (one row in `idempotency_keys`); the handler runs; [`finish`]
//! stores its answer. A second request with the key gets the stored answer, or `409`
//! while the first is still running. A request whose process died leaves a claim that
//! can be taken over once `locked_until` has passed; the command itself is written so
//! that running it again converges (its ids derive from the key).

use api_core::ApiError;
use axum::http::{HeaderMap, StatusCode};
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

/// The header's name.
pub const HEADER: &str = "idempotency-key";
/// How long a claim holds before another request may take it over.
const LOCK_SECONDS: f64 = 30.0;

/// The key of a request, if it sent one. Refuses an empty or over-long one.
pub fn key_of(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(HEADER) else { return Ok(None) };
    let key = value.to_str().map_err(|_| ApiError::BadRequest("Idempotency-Key must be ASCII text".into()))?.trim();
    if key.is_empty() || key.len() > 200 {
        return Err(ApiError::BadRequest("Idempotency-Key must be 1 to 200 characters".into()));
    }
    Ok(Some(key.to_owned()))
}

/// What [`begin`] found.
pub enum Claim {
    /// The key is ours: run the command with this resource id, then [`finish`]. A claim
    /// taken over from a request that died keeps that request's id.
    Fresh(Uuid),
    /// The command ran before: answer this.
    Done(StatusCode, Value),
}

/// A digest of the request body, to refuse a key reused for a different request.
pub fn request_hash(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Claim `key` for this request; `new_id` becomes the resource id of a first claim.
pub async fn begin(pool: &PgPool, scope: &str, key: &str, hash: &str, new_id: Uuid) -> Result<Claim, ApiError> {
    let row: Option<(Uuid,)> = sqlx::query_as(
        "insert into idempotency_keys (scope, key, request_hash, resource_id, locked_until) \
         values ($1, $2, $3, $5, now() + make_interval(secs => $4)) \
         on conflict (scope, key) do update set locked_until = now() + make_interval(secs => $4) \
             where idempotency_keys.status_code is null and idempotency_keys.locked_until < now() \
               and idempotency_keys.request_hash = excluded.request_hash \
         returning resource_id",
    )
    .bind(scope)
    .bind(key)
    .bind(hash)
    .bind(LOCK_SECONDS)
    .bind(new_id)
    .fetch_optional(pool)
    .await
    .map_err(db)?;
    if let Some((resource_id,)) = row {
        return Ok(Claim::Fresh(resource_id));
    }
    // Someone has it: finished, in flight, or a different request.
    let existing: Option<(String, Option<i32>, Option<Value>)> = sqlx::query_as(
        "select request_hash, status_code, response from idempotency_keys where scope = $1 and key = $2",
    )
    .bind(scope)
    .bind(key)
    .fetch_optional(pool)
    .await
    .map_err(db)?;
    match existing {
        Some((stored, _, _)) if stored != hash => Err(ApiError::invalid_field(
            "Idempotency-Key",
            "This Idempotency-Key was already used for a different request.",
        )
        .with_code(api_core::codes::KEY_REUSED)),
        Some((_, Some(status), Some(response))) => {
            let status =
                u16::try_from(status).ok().and_then(|s| StatusCode::from_u16(s).ok()).unwrap_or(StatusCode::OK);
            Ok(Claim::Done(status, response))
        }
        _ => Err(ApiError::Conflict("The same request is still being processed; please try again shortly.".into())
            .with_code(api_core::codes::IN_PROGRESS)),
    }
}

/// Store the answer to the claimed key. Only final answers are kept: a `5xx` or `409`
/// releases the claim so the client may retry.
pub async fn finish(pool: &PgPool, scope: &str, key: &str, status: StatusCode, body: &Value) -> Result<(), ApiError> {
    if status.is_server_error() || status == StatusCode::CONFLICT {
        sqlx::query("delete from idempotency_keys where scope = $1 and key = $2 and status_code is null")
            .bind(scope)
            .bind(key)
            .execute(pool)
            .await
            .map_err(db)?;
        return Ok(());
    }
    sqlx::query(
        "update idempotency_keys set status_code = $3, response = $4, completed_at = now() \
         where scope = $1 and key = $2",
    )
    .bind(scope)
    .bind(key)
    .bind(i32::from(status.as_u16()))
    .bind(body)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(())
}

fn db(e: sqlx::Error) -> ApiError {
    ApiError::Unavailable(format!("idempotency keys: {e}"))
}
