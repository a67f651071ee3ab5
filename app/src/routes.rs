//! Operational endpoints (`/health`, `/ready`, `/metrics`, `/status/projections`), the
//! web app's static files, and the layers every request passes: a request id (taken
//! from `x-request-id` or made), a tracing span carrying it, the id echoed back, and
//! compression of answers the client accepts compressed.
//!
//! The web app's files are served precompressed (`.br`/`.gz` written by `npm run build`);
//! its hashed files under `/assets` are cached for a year, everything else is revalidated.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;
use std::sync::Arc;

use api_core::ApiError;
use axum::extract::{OriginalUri, Request, State};
use axum::handler::Handler;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use event_store::EventStore;
use projections::Runner;
use serde_json::json;
use sqlx::PgPool;
use tower::{ServiceBuilder, ServiceExt};

use crate::pages::Pages;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

#[derive(Clone)]
pub struct OpsState {
    pub pool: PgPool,
    pub store: Arc<dyn EventStore>,
    /// Present in processes that run the projections.
    /// Every runner of this process (their last errors are shown).
    pub runners: Vec<Runner>,
}

/// Add the operational routes and the request layers.
pub fn with_ops_and_layers(router: Router, state: OpsState) -> Router {
    let ops = Router::new()
        .route("/health", get(health))
        .route("/ready", get(ready))
        .route("/metrics", get(metrics))
        .route("/status/projections", get(projection_status))
        .with_state(state);
    router.merge(ops).layer(
        ServiceBuilder::new()
            .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(request_span)
                    .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
            )
            .layer(PropagateRequestIdLayer::x_request_id())
            .layer(CompressionLayer::new()),
    )
}

fn request_span(req: &Request) -> tracing::Span {
    let id = req.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
    tracing::info_span!("request", request_id = %id, method = %req.method(), path = %req.uri().path())
}

/// The built web app, with every path that is not a file answered by `index.html` (client
/// routes): `200` for the app's pages, `404` for any other path ([`Pages`]), so the app
/// shows its not-found page and the status says so.
pub fn web_app(dist: &Path, pages: Pages) -> Router {
    if !dist.join("index.html").exists() {
        tracing::warn!(dist = %dist.display(), "the web app is not built (npm run build in web/)");
    }
    // Hashed names: a changed file gets a new name, so the old one may be kept forever.
    // A missing asset is a 404 (a stale page's chunk), never index.html.
    let assets = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .service(ServeDir::new(dist.join("assets")).precompressed_br().precompressed_gzip());
    let index = ServeFile::new(dist.join("index.html")).precompressed_br().precompressed_gzip();
    let page = IndexPage { index, pages: Arc::new(pages) };
    let files = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        .service(
            ServeDir::new(dist)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(Handler::<_, IndexPage>::with_state(index_page, page)),
        );
    Router::new().nest_service("/assets", assets).fallback_service(files)
}

#[derive(Clone)]
struct IndexPage {
    index: ServeFile,
    pages: Arc<Pages>,
}

/// `index.html`, with `404` when the path is none of the app's pages.
async fn index_page(State(page): State<IndexPage>, request: Request) -> Response {
    let exists = page.pages.exists(request.uri().path()).await;
    let mut response = match page.index.oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    };
    if !exists && response.status() == StatusCode::OK {
        *response.status_mut() = StatusCode::NOT_FOUND;
    }
    response
}

/// Unknown API paths answer JSON, never the web app's page.
pub async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NotFound(format!("no endpoint {method} {}", uri.path()))
}

/// A known API path asked with a method it does not take: `405` in the error shape (the
/// router adds the `Allow` header).
pub async fn api_method_not_allowed(method: Method) -> ApiError {
    ApiError::MethodNotAllowed(method.to_string())
}

/// Alive: the process answers.
async fn health() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

/// Ready: the database and the event store answer.
async fn ready(State(state): State<OpsState>) -> Response {
    let db = sqlx::query("select 1").execute(&state.pool).await.map(|_| ()).map_err(|e| e.to_string());
    let store = state.store.head().await.map(|_| ()).map_err(|e| e.to_string());
    let body = json!({
        "status": if db.is_ok() && store.is_ok() { "ready" } else { "unavailable" },
        "database": db.err().unwrap_or_else(|| "ok".into()),
        "event_store": store.err().unwrap_or_else(|| "ok".into()),
    });
    let status = if body["status"] == "ready" { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(body)).into_response()
}

/// Projection checkpoints and lag, as JSON.
async fn projection_status(State(state): State<OpsState>) -> Result<Json<serde_json::Value>, ApiError> {
    let status = projections::status(&state.pool, state.store.as_ref())
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?;
    let errors: HashMap<&str, String> = state.runners.iter().flat_map(|r| r.last_errors()).collect();
    let rows: Vec<_> = status
        .into_iter()
        .map(|s| {
            let error = errors.get(s.name.as_str()).cloned();
            json!({ "status": s, "last_error": error })
        })
        .collect();
    Ok(Json(json!({ "data": { "store": state.store.kind(), "projections": rows } })))
}

/// A metric: name, help text, and how to read it off a projection's status.
type Gauge = (&'static str, &'static str, fn(&projections::ProjectionStatus) -> f64);

/// A counter: name, help text, and how to read it off what a runner spent on a projection.
type Counter = (&'static str, &'static str, fn(&projections::Work) -> f64);

/// Prometheus text format: per projection, events and seconds behind and events applied.
async fn metrics(State(state): State<OpsState>) -> Result<Response, ApiError> {
    let status = projections::status(&state.pool, state.store.as_ref())
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?;
    let mut out = String::new();
    let gauges: [Gauge; 3] = [
        ("coach_projection_events_behind", "Events in the store after the projection's checkpoint.", |s| {
            s.events_behind as f64
        }),
        ("coach_projection_seconds_behind", "Age of the oldest event not yet applied (0 when caught up).", |s| {
            s.seconds_behind
        }),
        ("coach_projection_events_processed", "Events applied since the last rebuild.", |s| s.events_processed as f64),
    ];
    for (name, help, value) in gauges {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
        for s in &status {
            let _ = writeln!(out, "{name}{{projection=\"{}\"}} {}", s.name, value(s));
        }
    }
    // What this process's runners spent on each projection they lead.
    let mut work: Vec<(&str, projections::Work)> = state.runners.iter().flat_map(|r| r.work()).collect();
    work.sort_by_key(|(name, _)| *name);
    let counters: [Counter; 2] = [
        ("coach_projection_batches_total", "Batches this process applied.", |w| w.batches as f64),
        (
            "coach_projection_apply_seconds_total",
            "Seconds this process spent applying batches (BEGIN to COMMIT, waits included).",
            |w| w.busy.as_secs_f64(),
        ),
    ];
    for (name, help, value) in counters {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter");
        for (projection, w) in &work {
            let _ = writeln!(out, "{name}{{projection=\"{projection}\"}} {}", value(w));
        }
    }
    let mut response = out.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4"));
    Ok(response)
}
