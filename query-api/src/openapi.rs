//! The OpenAPI document of the whole API, generated from the handlers' annotations and
//! served at `GET /api/openapi.json`. Each area contributes its own part; the web
//! client's mocks are checked against this document.

use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;

use crate::QueryState;

#[derive(OpenApi)]
#[openapi(info(
    title = "Nisko Bus booking API",
    description = "Coach-ticket booking: catalogue, search, accounts, content. \
                   Successes answer {\"data\": …}; errors {\"name\", \"message\", \"status\", \"errors\"}."
))]
struct Root;

/// The merged document.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = Root::openapi();
    doc.merge(crate::accounts::AccountsApi::openapi());
    doc.merge(crate::booking::openapi::BookingApi::openapi());
    doc.merge(crate::catalogue::openapi::CatalogueApi::openapi());
    doc.merge(crate::content::openapi::ContentApi::openapi());
    // The commands (order placement, returns, coupons…) are served by the command API;
    // the document covers the whole API a client sees.
    doc.merge(command_api::openapi::CommandApi::openapi());
    doc
}

pub fn router() -> Router<QueryState> {
    // Built once: the document does not change while the process runs.
    let doc = std::sync::Arc::new(document());
    Router::new().route("/openapi.json", get(move || async move { Json(doc.as_ref().clone()) }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_names_every_area() {
        let doc = super::document();
        let paths: Vec<&String> = doc.paths.paths.keys().collect();
        for expected in [
            "/api/user/auth/login",
            "/api/company/company/get-public-settings",
            "/api/app/banner/all",
            "/api/route/waypoint/search-dropdown",
            "/api/search/search/index",
            "/api/order/order/place",
            "/api/course/discount/calculate-for-tickets",
        ] {
            assert!(paths.iter().any(|p| p.as_str() == expected), "{expected} missing from {paths:?}");
        }
    }
}
