//! The sandbox's browser-facing routes. They answer HTML (pages, `303` redirects),
//! never the JSON error body of the API: a customer's browser, not a client, reads them.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use super::{page, Sandbox, SandboxTransaction};
use crate::gateway::PaymentError;

/// The sandbox's pages, with their full paths (merge it at the root, not under `/api`):
///
/// - `GET /payment/sandbox/{token}`: the gateway page;
/// - `POST /api/payment/sandbox/{token}/pay`: pay, notify the shop, `303` to `url_return`;
/// - `POST /api/payment/sandbox/{token}/fail`: fail, `303` to `url_return` with `failed=1`.
///
/// An unknown token answers a `404` page; a settled transaction that is asked to
/// change answers its page with `409`.
pub fn sandbox_router(sandbox: Arc<Sandbox>) -> Router {
    Router::new()
        .route("/payment/sandbox/{token}", get(show))
        .route("/api/payment/sandbox/{token}/pay", post(pay))
        .route("/api/payment/sandbox/{token}/fail", post(fail))
        .with_state(sandbox)
}

async fn show(State(sandbox): State<Arc<Sandbox>>, Path(token): Path<String>) -> Response {
    match sandbox.transaction(&token).await {
        Ok(Some(t)) => html(StatusCode::OK, page::transaction(&t)),
        Ok(None) => not_found(),
        Err(err) => internal(err),
    }
}

async fn pay(State(sandbox): State<Arc<Sandbox>>, Path(token): Path<String>) -> Response {
    let result = sandbox.pay(&token).await;
    settle(&sandbox, &token, result, |t| t.url_return.clone()).await
}

async fn fail(State(sandbox): State<Arc<Sandbox>>, Path(token): Path<String>) -> Response {
    let result = sandbox.fail(&token).await;
    settle(&sandbox, &token, result, |t| page::with_failed_flag(&t.url_return)).await
}

/// Redirects after a successful change; shows the page with `409` when the
/// transaction was already settled the other way.
async fn settle(
    sandbox: &Sandbox,
    token: &str,
    result: Result<SandboxTransaction, PaymentError>,
    location: impl Fn(&SandboxTransaction) -> String,
) -> Response {
    match result {
        Ok(t) => see_other(&location(&t)),
        Err(PaymentError::NotFound) => not_found(),
        Err(PaymentError::WrongState(_)) => match sandbox.transaction(token).await {
            Ok(Some(t)) => html(StatusCode::CONFLICT, page::transaction(&t)),
            Ok(None) => not_found(),
            Err(err) => internal(err),
        },
        Err(err) => internal(err),
    }
}

fn see_other(location: &str) -> Response {
    match HeaderValue::from_str(location) {
        Ok(value) => (StatusCode::SEE_OTHER, [(header::LOCATION, value)]).into_response(),
        Err(_) => internal(PaymentError::Invalid(format!("url_return {location:?} is not a valid Location"))),
    }
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::REFERRER_POLICY, "no-referrer"),
            // No script, nothing fetched; forms may post and redirect to the shop.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
            ),
        ],
        Html(body),
    )
        .into_response()
}

fn not_found() -> Response {
    html(StatusCode::NOT_FOUND, page::message("Nie znaleziono płatności", "Payment not found"))
}

fn internal(err: PaymentError) -> Response {
    tracing::error!(error = %err, "sandbox page failed");
    html(
        StatusCode::INTERNAL_SERVER_ERROR,
        page::message("Wystąpił błąd, spróbuj ponownie", "Something went wrong, please try again"),
    )
}
