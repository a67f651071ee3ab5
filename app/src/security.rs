//! Security headers: on the web app's pages and files, and on the API's answers.
//!
//! - `Content-Security-Policy`. Pages may run only the site's own scripts and, of inline
//!   scripts, exactly those the build wrote into `index.html` (the route preload and the
//!   Intl warm-up), named by their SHA-256 hashes, computed here when the server starts
//!   from the `index.html` it serves: no `'unsafe-inline'`, so injected markup cannot run
//!   script. Styles, fonts, connections and workers come from the site only; images also
//!   from `data:` and https (admin-written banners and pages may show pictures). API
//!   answers are data, never documents: `default-src 'none'`. No page may be framed
//!   (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older browsers).
//! - `X-Content-Type-Options: nosniff`.
//! - `Referrer-Policy: strict-origin-when-cross-origin`: another site never learns a
//!   page's path (order links carry the order's secret hash).
//!
//! The sandbox gateway's page (crate `payment`) imitates another site and is left as it is.

use std::path::Path;

use axum::http::{header, HeaderName, HeaderValue};
use axum::Router;
use base64::Engine;
use sha2::{Digest, Sha256};
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy of the API's answers.
const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// The policy of the web app's pages, allowing the inline scripts of `index_html`.
pub fn page_policy(index_html: &str) -> String {
    let hashes: String = inline_scripts(index_html)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(" 'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
        })
        .collect();
    format!(
        "default-src 'self'; script-src 'self'{hashes}; style-src 'self'; img-src 'self' data: https:; \
         font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; \
         frame-src 'self' blob:; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The page policy for the build in `dist` (without inline scripts when there is no build).
pub fn page_policy_for(dist: &Path) -> String {
    page_policy(&std::fs::read_to_string(dist.join("index.html")).unwrap_or_default())
}

/// The bodies of the `<script>` elements without a `src`.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script").skip(1).filter_map(|rest| {
        let (tag, after) = rest.split_once('>')?;
        if tag.contains(" src=") || tag.contains("\tsrc=") || tag.contains("\nsrc=") {
            return None;
        }
        let (body, _) = after.split_once("</script>")?;
        Some(body)
    })
}

/// Add the headers every answer gets, and `policy` as its content security policy.
pub fn with_headers(router: Router, policy: &str) -> Router {
    let policy = HeaderValue::from_str(policy).unwrap_or_else(|_| HeaderValue::from_static(API_POLICY));
    router
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, policy))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("DENY"),
        ))
}

/// The API's headers.
pub fn with_api_headers(router: Router) -> Router {
    with_headers(router, API_POLICY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inline_scripts_are_hashed() {
        let html = r#"<head><script>a()</script><script type="module" crossorigin src="/assets/x.js"></script>
<script>b()</script></head>"#;
        let found: Vec<&str> = inline_scripts(html).collect();
        assert_eq!(found, vec!["a()", "b()"]);
        let policy = page_policy(html);
        // The SHA-256 of `a()`, base64 (as `openssl dgst -sha256 -binary | base64` gives it).
        assert!(policy.contains("'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"), "{policy}");
        assert_eq!(policy.matches("'sha256-").count(), 2);
        assert!(!policy.contains("unsafe-inline"));
        assert!(policy.contains("frame-ancestors 'none'"));
    }

    #[test]
    fn without_a_build_no_inline_script_is_allowed() {
        assert!(page_policy("").contains("script-src 'self';"));
    }
}
