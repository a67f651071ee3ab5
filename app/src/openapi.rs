//! The OpenAPI document of the whole API, served at `GET /api/openapi.json`: the parts of
//! the query, catalogue, accounts and command APIs, each generated from its handlers'
//! annotations (or, for the declared resources, from their declarations), merged here
//! under one title. The web
//! client's mocks are checked against this document.

use std::sync::Arc;

use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;

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
    doc.merge(query_api::openapi::document());
    doc.merge(catalogue_api::openapi::document());
    doc.merge(accounts_api::AccountsApi::openapi());
    // The commands (order placement, returns, coupons…) are served by the command API;
    // the document covers the whole API a client sees.
    doc.merge(command_api::openapi::CommandApi::openapi());
    crate::guard::document(&mut doc);
    doc
}

/// `GET /openapi.json`, to be nested under `/api`.
pub fn router() -> Router {
    // Built once: the document does not change while the process runs.
    let doc = Arc::new(document());
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
            "/api/course/course/all",
            "/api/course/course/save",
            "/api/course/course/generate",
        ] {
            assert!(paths.iter().any(|p| p.as_str() == expected), "{expected} missing from {paths:?}");
        }
        assert_eq!(doc.info.title, "Nisko Bus booking API");
    }

    #[test]
    fn every_operation_documents_the_gate_and_the_error_shape() {
        let doc = serde_json::to_value(super::document()).expect("JSON");
        assert!(doc["components"]["schemas"]["Error"]["required"].is_array());
        let mut operations = 0;
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                operations += 1;
                let responses = operation["responses"].as_object().expect("responses");
                assert!(responses.contains_key("400"), "{method} {path}: no 400");
                if operation.get("requestBody").is_some() {
                    assert!(responses.contains_key("413"), "{method} {path}: no 413");
                }
                if operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty() && !s.contains(&serde_json::json!({})))
                {
                    assert!(responses.contains_key("401"), "{method} {path}: no 401");
                }
                for (status, response) in responses.iter().filter(|(s, _)| !s.starts_with('2')) {
                    assert_eq!(
                        response["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Error",
                        "{method} {path} {status}"
                    );
                }
            }
        }
        assert!(operations > 100, "{operations} operations");
    }
}
