//! The customer's language, as the request tells it: the gateway's page and the links
//! back to the site follow it.

use axum::http::HeaderMap;
use payment::Language;

/// The site's path prefix of a language (Polish is the default, at the root).
pub(crate) fn language_prefix(language: Language) -> &'static str {
    match language {
        Language::En => "/en",
        Language::Pl => "",
    }
}

/// The order's record of the gateway's language.
pub(crate) fn order_language(language: Language) -> domain::order::Language {
    match language {
        Language::En => domain::order::Language::En,
        Language::Pl => domain::order::Language::Pl,
    }
}

/// The request's language: English when `Accept-Language` starts with it, else Polish.
pub(crate) fn headers_language(headers: &HeaderMap) -> Language {
    let lang = headers.get("accept-language").and_then(|v| v.to_str().ok()).unwrap_or("pl");
    if lang.trim_start().starts_with("en") {
        Language::En
    } else {
        Language::Pl
    }
}
