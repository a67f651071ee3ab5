//! `GET /limits/context` and `GET /rate-limits` (`limity/limity.md`, `limity-api.md`): the
//! limits KSeF reports to an authenticated caller, here the documented production values
//! (the examples of `open-api.json`, which are also what [`super::limits`] enforces for
//! the operations the stand-in serves). What `coach finance ksef check` reads.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::auth::check_access;
use super::Ctx;

/// The context's limits: invoice sizes and counts per session.
pub(crate) async fn context(State(shared): Ctx, headers: HeaderMap) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let session = json!({ "maxInvoiceSizeInMB": 1, "maxInvoiceWithAttachmentSizeInMB": 3, "maxInvoices": 10000 });
    Json(json!({ "onlineSession": session, "batchSession": session })).into_response()
}

/// The API's rate limits per group of operations.
pub(crate) async fn rate_limits(State(shared): Ctx, headers: HeaderMap) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let per =
        |second: u32, minute: u32, hour: u32| json!({ "perSecond": second, "perMinute": minute, "perHour": hour });
    Json(json!({
        "onlineSession": per(10, 30, 120),
        "batchSession": per(10, 20, 60),
        "invoiceSend": per(10, 30, 180),
        "invoiceStatus": per(30, 120, 1200),
        "sessionList": per(5, 10, 60),
        "sessionInvoiceList": per(10, 20, 200),
        "sessionMisc": per(10, 120, 1200),
        "invoiceMetadata": per(8, 16, 20),
        "invoiceExport": per(8, 16, 20),
        "invoiceExportStatus": per(10, 60, 600),
        "invoiceDownload": per(8, 16, 64),
        "other": per(10, 30, 120),
    }))
    .into_response()
}
