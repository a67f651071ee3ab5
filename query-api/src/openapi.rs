//! The query API's part of `/api/openapi.json`, generated from the handlers' annotations:
//! each area contributes its own part. The whole document (this part, the command API's,
//! and the title) is put together and served by the `app` crate; the web client's mocks
//! are checked against it.

use utoipa::OpenApi;

/// The query API's paths and schemas, every area merged.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = crate::accounts::AccountsApi::openapi();
    doc.merge(crate::booking::openapi::BookingApi::openapi());
    doc.merge(crate::catalogue::openapi::CatalogueApi::openapi());
    doc.merge(crate::content::openapi::ContentApi::openapi());
    doc
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
        ] {
            assert!(paths.iter().any(|p| p.as_str() == expected), "{expected} missing from {paths:?}");
        }
    }
}
