//! The KSeF stand-in: an axum `Router` serving the paths and bodies of `open-api.json`
//! (the operations the client uses) under its root; the caller nests it, e.g. at
//! `/ksef-sandbox/v2`. It authenticates a KSeF token (refusing any token or NIP other
//! than the one it was made with), opens interactive sessions, decrypts the invoices
//! with the session's key, checks hashes, sizes and the FA(3) schema (xmllint), refuses
//! duplicates, numbers invoices as KSeF does (CRC-8, the seller's NIP) and writes UPOs.
//! Batch sessions too (`batch`, `batch_process`): part uploads at addresses on its own
//! router, the package decrypted, checked, unzipped and schema-checked in one xmllint run.
//! It enforces the documented rate limits, and fails on demand (`faults`), in-process
//! or at `POST /sandbox/faults`. Its state is in memory.
//!
//! Its RSA key is the committed test key in `ksef/sandbox-keys/` (public, not a secret).

mod auth;
mod batch;
mod batch_process;
mod faults;
mod limits;
mod limits_api;
mod process;
mod reply;
mod sessions;
mod state;
mod upo;

pub use faults::{Fault, FaultSpec, Faults, FaultsRequest, RateLimits};

use crate::crypto;
use axum::extract::DefaultBodyLimit;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use rsa::RsaPrivateKey;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

const KEY_PEM: &str = include_str!("../../sandbox-keys/ksef-standin-key.pem");
const CERT_PEM: &str = include_str!("../../sandbox-keys/ksef-standin-cert.pem");

/// How the stand-in behaves beyond its NIP and token.
#[derive(Debug, Clone)]
pub struct StandInOptions {
    /// The folder holding `schemat_FA(3)_v1-0E.xsd` and its `catalog.xml` (the repository's
    /// `documents/ksef`).
    pub schema_dir: PathBuf,
    /// How long an access token lives (KSeF: minutes).
    pub access_token_ttl: chrono::Duration,
    /// A pause before each invoice (or batch package) is processed, to make "processing" last.
    pub processing_delay: Duration,
    /// The batch session's limits it enforces (the documented ones by default; smaller
    /// in tests, so a backlog "over the limit" stays small).
    pub batch: crate::client::BatchLimits,
    /// How long a batch session takes parts, per declared part (KSeF: 20 minutes).
    pub batch_upload_time_per_part: Duration,
}

impl Default for StandInOptions {
    fn default() -> Self {
        Self {
            schema_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../documents/ksef")),
            access_token_ttl: chrono::Duration::minutes(15),
            processing_delay: Duration::ZERO,
            batch: crate::client::BatchLimits::default(),
            batch_upload_time_per_part: Duration::from_secs(20 * 60),
        }
    }
}

/// Why the stand-in cannot start.
#[derive(Debug, thiserror::Error)]
#[error("the KSeF stand-in cannot start: {0}")]
pub struct StandInError(String);

pub(crate) struct Shared {
    pub nip: String,
    pub token: String,
    pub options: StandInOptions,
    pub key: RsaPrivateKey,
    pub cert_der: Vec<u8>,
    /// SHA-256 of the key's SubjectPublicKeyInfo, Base64 (`publicKeyId`).
    pub public_key_id: String,
    pub state: Mutex<state::Inner>,
    pub faults: Faults,
    pub limiter: limits::Limiter,
}

impl Shared {
    pub fn state(&self) -> MutexGuard<'_, state::Inner> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The stand-in; clones share one state.
#[derive(Clone)]
pub struct StandIn(Arc<Shared>);

impl std::fmt::Debug for StandIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandIn").field("nip", &self.0.nip).finish_non_exhaustive()
    }
}

type Ctx = State<Arc<Shared>>;

impl StandIn {
    /// A stand-in that knows one taxpayer (`nip`) and its KSeF token.
    pub fn new(nip: &str, token: &str) -> Result<Self, StandInError> {
        Self::with_options(nip, token, StandInOptions::default())
    }

    pub fn with_options(nip: &str, token: &str, options: StandInOptions) -> Result<Self, StandInError> {
        let key = crypto::private_key_pem(KEY_PEM).map_err(|e| StandInError(e.to_string()))?;
        let (cert_der, _, public) = crypto::certificate_pem(CERT_PEM).map_err(|e| StandInError(e.to_string()))?;
        let spki = crypto::public_key_der(&public).map_err(|e| StandInError(e.to_string()))?;
        Ok(Self(Arc::new(Shared {
            nip: nip.to_owned(),
            token: token.to_owned(),
            options,
            key,
            cert_der,
            public_key_id: crate::hash::sha256_base64(&spki),
            state: Mutex::new(state::Inner::default()),
            faults: Faults::new(),
            limiter: limits::Limiter::default(),
        })))
    }

    /// The fault injection handle.
    pub fn faults(&self) -> Faults {
        self.0.faults.clone()
    }

    /// How many times an invoice of this hash (Base64 SHA-256) was received.
    pub fn received(&self, sha256_base64: &str) -> u32 {
        self.0.state().received.get(sha256_base64).copied().unwrap_or(0)
    }

    /// How many invoices were accepted (given a KSeF number).
    pub fn accepted_count(&self) -> usize {
        self.0.state().accepted.len()
    }

    /// The API under the router's root, plus `POST /sandbox/faults`, `GET /sandbox/stats`
    /// (sessions by kind, invoices, the requests admitted and answered 429 per operation)
    /// and the batch part uploads (`PUT /sandbox/batch-parts/…`, the storage KSeF hands
    /// out addresses on; behind the same faults, outside the API's rate limits).
    pub fn router(&self) -> Router {
        let api = Router::new()
            .route("/security/public-key-certificates", get(auth::public_keys))
            .route("/auth/challenge", post(auth::challenge))
            .route("/auth/ksef-token", post(auth::ksef_token))
            .route("/auth/token/redeem", post(auth::redeem))
            .route("/auth/token/refresh", post(auth::refresh))
            .route("/auth/{reference}", get(auth::status))
            .route("/limits/context", get(limits_api::context))
            .route("/rate-limits", get(limits_api::rate_limits))
            .route("/sessions/online", post(sessions::open))
            .route("/sessions/online/{reference}/invoices", post(sessions::send))
            .route("/sessions/online/{reference}/close", post(sessions::close))
            .route("/sessions/batch", post(batch::open))
            .route("/sessions/batch/{reference}/close", post(batch::close))
            .route(
                "/sandbox/batch-parts/{reference}/{ordinal}",
                put(batch::upload).layer(DefaultBodyLimit::max(self.0.options.batch.max_part_bytes.saturating_add(64))),
            )
            .route("/sessions/{reference}", get(sessions::status))
            .route("/sessions/{reference}/invoices", get(sessions::invoices))
            .route("/sessions/{reference}/invoices/{invoice}", get(sessions::invoice))
            .route("/sessions/{reference}/invoices/ksef/{ksef_number}/upo", get(upo::by_ksef_number))
            .route("/sessions/{reference}/invoices/{invoice}/upo", get(upo::by_reference))
            .layer(middleware::from_fn_with_state(self.0.clone(), gate));
        Router::new()
            .route("/sandbox/faults", post(set_faults))
            .route("/sandbox/stats", get(stats))
            .merge(api)
            .with_state(self.0.clone())
    }
}

/// Before every API call: a wrong `Accept` (406: a UPO is `application/xml`, the rest
/// `application/json`, as `open-api.json` says), down (503), an injected server error
/// (500) or delay, the rate limits (429).
async fn gate(State(shared): Ctx, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let produces = if path.ends_with("/upo") { "application/xml" } else { "application/json" };
    let accept = request.headers().get(axum::http::header::ACCEPT).and_then(|v| v.to_str().ok());
    if !path.contains("/sandbox/batch-parts/") && !reply::accepts(accept, produces) {
        return reply::not_acceptable(produces);
    }
    if shared.faults.lock().down {
        return reply::server_error(StatusCode::SERVICE_UNAVAILABLE);
    }
    match shared.faults.take_request_fault() {
        Some(Fault::ServerError) => return reply::server_error(StatusCode::INTERNAL_SERVER_ERROR),
        Some(Fault::Timeout(delay)) => tokio::time::sleep(delay).await,
        Some(Fault::TooManyRequests(retry_after)) => return reply::too_many(retry_after, "(fault injected)"),
        _ => {}
    }
    let scale = shared.faults.lock().rate_limit_scale;
    if let (Some(scale), Some((op, limit))) =
        (scale, limits::operation(request.method().as_str(), request.uri().path()))
    {
        if let Err((retry_after, which)) = shared.limiter.admit(op, limit, scale) {
            return reply::too_many(retry_after, &which);
        }
    }
    next.run(request).await
}

async fn set_faults(State(shared): Ctx, Json(request): Json<FaultsRequest>) -> StatusCode {
    shared.faults.apply(&request);
    StatusCode::NO_CONTENT
}

async fn stats(State(shared): Ctx) -> Response {
    let state = shared.state();
    let sessions = state.sessions.len();
    let batch_sessions = state.sessions.values().filter(|s| s.batch.is_some()).count();
    let invoices: usize = state.sessions.values().map(|s| s.invoices.len()).sum();
    let counts = shared.limiter.counts();
    Json(serde_json::json!({
        "sessions": sessions,
        "onlineSessions": sessions - batch_sessions,
        "batchSessions": batch_sessions,
        "calls": counts.calls,
        "tooManyRequests": counts.too_many,
        "invoicesReceived": invoices,
        "invoicesAccepted": state.accepted.len(),
        "receivedByHash": state.received,
    }))
    .into_response()
}
