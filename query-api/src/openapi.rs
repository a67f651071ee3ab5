//! The query API's part of `/api/openapi.json`, generated from the handlers' annotations:
//! each area contributes its own part. The whole document (this part, the catalogue's,
//! the accounts', the command API's, and the title) is put together and served by the
//! `app` crate; the web client's mocks are checked against it.

use utoipa::OpenApi;

use crate::search::{self, Connection, SearchInput, SearchResult, StopRef};

/// The search.
#[derive(OpenApi)]
#[openapi(
    paths(search::index),
    components(schemas(SearchInput, SearchResult, Connection, StopRef)),
    tags((name = "search", description = "Connections between two stops"))
)]
pub struct SearchApi;

/// The query API's paths and schemas, every area merged.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = crate::booking::openapi::BookingApi::openapi();
    doc.merge(SearchApi::openapi());
    doc.merge(crate::complaints::openapi::ComplaintsApi::openapi());
    doc.merge(crate::privacy::openapi::PrivacyApi::openapi());
    doc.merge(crate::messages::MessagesApi::openapi());
    doc.merge(<crate::dashboard::DashboardApi as OpenApi>::openapi());
    doc
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_names_every_area() {
        let doc = super::document();
        let paths: Vec<&String> = doc.paths.paths.keys().collect();
        for expected in ["/api/order/order/success-data", "/api/search/search/index"] {
            assert!(paths.iter().any(|p| p.as_str() == expected), "{expected} missing from {paths:?}");
        }
    }
}
