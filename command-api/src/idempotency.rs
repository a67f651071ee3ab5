//! `Idempotency-Key`: repeating a command with the same key answers the first answer and
//! changes nothing (docs/conventions.md, 'Idempotency-Key').
//!
//! One layer ([`layer`]) that every creating command's route wears; the handler itself
//! knows nothing of keys. With a key, the layer claims it ([`begin`]: one row in
//! `idempotency_keys`, scoped per user so two users cannot collide on one), runs the
//! handler, and stores the answer it gave ([`finish`]) exactly as it went out: the
//! status and the JSON body, success or error, made by the handler's normal response
//! path (`Data`, `ApiError`). A second request with the key gets that answer again, or
//! `409` while the first is still running; a key reused for another request is a `422`.
//! A request whose process died leaves a claim that can be taken over once
//! `locked_until` has passed.
//!
//! The resource a command creates gets its id from the claim ([`NewId`]), so a request
//! taken over from one that died works under the same id and converges (a placement's
//! ids all derive from the order id). Without a key, [`NewId`] is a fresh UUID v7.
//!
//! The creating commands that wear it: placing an order (`order.place`), issuing a
//! coupon (`coupon.create`) or a batch of them (`coupon.batch`), registering a new payment
//! of an order (`order.pay-again`), an office sale (`order.office-sale`) and filing a
//! complaint (`complaint.file`, whose body may carry 21 MiB of attachments: [`layer_up_to`]).

use api_core::auth::MaybeUser;
use api_core::ApiError;
use axum::body::{to_bytes, Body};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{from_fn_with_state, FromFnLayer, Next};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

/// The header's name.
pub const HEADER: &str = "idempotency-key";
/// How long a claim holds before another request may take it over.
const LOCK_SECONDS: f64 = 30.0;

/// [`LOCK_SECONDS`], or `IDEMPOTENCY_LOCK_SECONDS` from the environment (the crash tests
/// retry a request whose process died without waiting half a minute).
fn lock_seconds() -> f64 {
    static SECONDS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *SECONDS.get_or_init(|| {
        std::env::var("IDEMPOTENCY_LOCK_SECONDS")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
            .unwrap_or(LOCK_SECONDS)
    })
}

/// The most a request body (and a stored answer) may weigh here: the API's own limit
/// (a route may take larger bodies: [`layer_up_to`]).
const MAX_BYTES: usize = 1024 * 1024;

/// The id of the resource a creating command makes: the id its `Idempotency-Key` claimed,
/// or a new UUID v7 (time-ordered) without a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewId(pub Uuid);

impl<S: Send + Sync> FromRequestParts<S> for NewId {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<NewId>().copied().unwrap_or_else(|| NewId(Uuid::now_v7())))
    }
}

/// Which command a key is for: keys of different commands never meet.
#[derive(Clone)]
pub struct Scope {
    pool: PgPool,
    name: &'static str,
    /// The largest request body the route takes.
    max_body: usize,
}

impl Scope {
    pub fn new(pool: &PgPool, name: &'static str) -> Self {
        Scope { pool: pool.clone(), name, max_body: MAX_BYTES }
    }
}

/// The layer of a creating command's route, its keys kept apart under `scope`:
/// `post(handler).route_layer(idempotency::layer(&pool, "order.place"))`.
pub fn layer(pool: &PgPool, scope: &'static str) -> FromFnLayer<Middleware, Scope, (State<Scope>, Request)> {
    from_fn_with_state(Scope::new(pool, scope), idempotent as Middleware)
}

/// [`layer`] for a route whose bodies may weigh up to `max_body` bytes (a complaint's
/// attachments); the answer it keeps is held to the API's own limit still.
pub fn layer_up_to(
    pool: &PgPool,
    scope: &'static str,
    max_body: usize,
) -> FromFnLayer<Middleware, Scope, (State<Scope>, Request)> {
    from_fn_with_state(Scope { max_body, ..Scope::new(pool, scope) }, idempotent as Middleware)
}

/// [`idempotent`] as a plain function pointer, so [`layer`] can name its type.
pub type Middleware = fn(State<Scope>, Request, Next) -> BoxFuture;
type BoxFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Response> + Send>>;

fn idempotent(state: State<Scope>, request: Request, next: Next) -> BoxFuture {
    Box::pin(run(state, request, next))
}

/// The middleware: a request without a key goes through untouched.
async fn run(State(scope): State<Scope>, request: Request, next: Next) -> Response {
    match once(&scope, request, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn once(scope: &Scope, request: Request, next: Next) -> Result<Response, ApiError> {
    let Some(key) = key_of(request.headers())? else { return Ok(next.run(request).await) };
    let (mut parts, body) = request.into_parts();
    let MaybeUser(user) = MaybeUser::from_request_parts(&mut parts, &scope.pool).await?;
    let body = to_bytes(body, scope.max_body)
        .await
        .map_err(|_| ApiError::PayloadTooLarge(format!("the body is larger than {} KiB", scope.max_body / 1024)))?;
    // The key is the client's, per user: two users cannot collide on one.
    let scoped_key = format!("{}:{key}", user.map(|u| u.id.to_string()).unwrap_or_default());
    let hash = request_hash(parts.uri.query(), &body);
    let id = match begin(&scope.pool, scope.name, &scoped_key, &hash, Uuid::now_v7()).await? {
        Claim::Done(status, stored) => return Ok((status, axum::Json(stored)).into_response()),
        Claim::Fresh(id) => id,
    };
    parts.extensions.insert(NewId(id));
    let response = next.run(Request::from_parts(parts, Body::from(body))).await;
    // The answer as it goes out, kept for the next request with the key.
    let (parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_BYTES).await {
        Ok(bytes) => bytes,
        Err(e) => {
            let _ = finish(&scope.pool, scope.name, &scoped_key, StatusCode::INTERNAL_SERVER_ERROR, &Value::Null).await;
            return Err(ApiError::Internal(format!("reading the answer to keep it: {e}")));
        }
    };
    let stored: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    finish(&scope.pool, scope.name, &scoped_key, parts.status, &stored).await?;
    Ok(Response::from_parts(parts, Body::from(bytes)))
}

/// The key of a request, if it sent one. Refuses an empty or over-long one.
pub fn key_of(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(HEADER) else { return Ok(None) };
    let key = value.to_str().map_err(|_| ApiError::BadRequest("Idempotency-Key must be ASCII text".into()))?.trim();
    // As the document's pattern: printable ASCII (a tab, which a header may carry, is not).
    if key.is_empty() || key.len() > 200 || !key.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(ApiError::BadRequest("Idempotency-Key must be 1 to 200 printable ASCII characters".into()));
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

/// A digest of the request (its query, and its body), to refuse a key reused for a
/// different request (the path is the scope's). Without a query it is the body's digest
/// alone, as keys were stored before queries counted.
pub fn request_hash(query: Option<&str>, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    if let Some(query) = query {
        hasher.update(query.as_bytes());
        hasher.update([0]);
    }
    hasher.update(body);
    let digest = hasher.finalize();
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
    .bind(lock_seconds())
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
        Some((stored, _, _)) if stored != hash => Err(ApiError::refusal_on(
            "Idempotency-Key",
            api_core::codes::KEY_REUSED,
            "This Idempotency-Key was already used for a different request.",
        )),
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

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::request_hash;

    #[test]
    fn a_request_without_a_query_is_known_by_its_body_as_before() {
        let body = br#"{"tickets":[]}"#;
        let before: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(request_hash(None, body), before, "keys stored before queries counted still match");
        assert_ne!(request_hash(Some("hash_id=ab"), b""), request_hash(Some("hash_id=cd"), b""));
        assert_ne!(request_hash(Some("hash_id=ab"), b""), request_hash(None, b""));
    }
}
