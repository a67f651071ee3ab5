//! The API's gate for raw input: what no handler should ever see.
//!
//! PostgreSQL refuses a NUL character in text (`invalid byte sequence for encoding
//! "UTF8": 0x00`), so a NUL that reaches a query becomes a `500`. Rather than trusting
//! every handler and extractor to check, every `/api` request passes here first:
//! - a path or query string that decodes to invalid UTF-8 or holds a NUL is a `400`;
//! - a query naming one parameter twice (`id=1&id=2`) is a `400`: no parameter of the
//!   API takes a list that way, and a handler would silently take one of the two;
//! - a body larger than [`MAX_BODY_BYTES`] is a `413` (announced or streamed);
//! - a JSON body holding a NUL (raw, or escaped as `\u0000`) is a `400` coded
//!   `request.nul_character`, whose message names the field that holds it (`name`,
//!   `prices[2].note`), so the admin panel can say which field to clear.
//!
//! Each answer has the API's error shape. Everything else goes on unchanged (the body
//! is buffered once and handed on as it came).

use api_core::ApiError;
use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;

/// The largest request body the API takes (the biggest real one, an order with its
/// tickets or a content page, is a few kilobytes).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The middleware (`axum::middleware::from_fn`).
pub async fn reject_raw_input(request: Request, next: Next) -> Response {
    if let Err(e) = check_uri(request.uri().path(), request.uri().query()) {
        return e.into_response();
    }
    let limit = body_limit(request.uri().path());
    let announced =
        request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return too_large(limit).into_response();
    }
    let (parts, body) = request.into_parts();
    let bytes = match to_bytes(body, limit).await {
        Ok(bytes) => bytes,
        Err(_) => return too_large(limit).into_response(),
    };
    if json_holds_nul(&bytes) {
        return nul_refusal(&bytes).into_response();
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// The refusal of a body holding a NUL, naming the first field that holds one when the
/// body is JSON (a NUL in a member's name, or in a body that does not parse, names none).
fn nul_refusal(bytes: &[u8]) -> ApiError {
    let field =
        serde_json::from_slice::<serde_json::Value>(bytes).ok().and_then(|value| nul_field(&value, String::new()));
    let message = match field {
        Some(field) => format!("the field `{field}` holds a NUL character, which no field accepts"),
        None => "the body holds a NUL character, which no field accepts".to_string(),
    };
    ApiError::BadRequest(message).with_code(api_core::codes::REQUEST_NUL_CHARACTER)
}

/// The path (`tickets[1].name`) of the first string under `value` holding a NUL.
fn nul_field(value: &serde_json::Value, path: String) -> Option<String> {
    use serde_json::Value;
    match value {
        Value::String(text) if text.contains('\0') => Some(path),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| nul_field(item, format!("{path}[{i}]"))),
        Value::Object(members) => members.iter().find_map(|(name, member)| {
            let inner = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
            nul_field(member, inner)
        }),
        _ => None,
    }
}

fn too_large(limit: usize) -> ApiError {
    ApiError::PayloadTooLarge(format!("the body is larger than {} KiB", limit / 1024))
}

/// The largest body a path takes: [`MAX_BODY_BYTES`], except a complaint's filing,
/// which carries its attachments (three files of 5 MB, in base64).
fn body_limit(path: &str) -> usize {
    let path = path.strip_prefix("/api").unwrap_or(path);
    if path == command_api::complaints::file::PATH {
        command_api::complaints::file::MAX_BODY_BYTES
    } else {
        MAX_BODY_BYTES
    }
}

/// The path and query decode to UTF-8 without a NUL.
fn check_uri(path: &str, query: Option<&str>) -> Result<(), ApiError> {
    for (part, text) in [("path", Some(path)), ("query string", query)] {
        let Some(text) = text else { continue };
        // `+` is a space in a query; it cannot hide a NUL, so it needs no decoding here.
        match percent_decode_str(text).decode_utf8() {
            Ok(decoded) if !decoded.contains('\0') => {}
            Ok(_) => return Err(ApiError::BadRequest(format!("the {part} holds a NUL character"))),
            Err(_) => return Err(ApiError::BadRequest(format!("the {part} is not valid UTF-8"))),
        }
    }
    if let Some(query) = query {
        let mut seen = std::collections::HashSet::new();
        for (name, _) in form_urlencoded::parse(query.as_bytes()) {
            if !seen.insert(name.clone()) {
                return Err(ApiError::BadRequest(format!("the query names {name:?} more than once")));
            }
        }
    }
    Ok(())
}

/// Whether a JSON text holds a NUL: a raw zero byte, or the escape `\u0000` (an escaped
/// backslash followed by `u0000` is text, not a NUL). Bodies that are not JSON have no
/// escapes, so only their raw bytes count.
fn json_holds_nul(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0 => return true,
            b'\\' => {
                if bytes.get(i + 1) == Some(&b'u') && bytes.get(i + 2..i + 6) == Some(b"0000".as_slice()) {
                    return true;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    false
}

/// Writes into the API's document what the layers in front of every handler answer, so
/// that no operation's entry can leave them out: the error shape (`ApiErrorBody`, which
/// `openapi::document` registers) on every error answer, `400` from this gate on every operation, `413` on every operation that
/// takes a body, and `401` on every operation that requires a bearer token.
pub fn document(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

    let error = || ContentBuilder::new().schema(Some(Ref::from_schema_name("ApiErrorBody"))).build();
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
            &mut item.options,
            &mut item.trace,
        ];
        for operation in operations.into_iter().flatten() {
            let needs_token = operation.security.as_ref().is_some_and(|alternatives| {
                !alternatives.is_empty()
                    && alternatives.iter().all(|a| serde_json::to_value(a).is_ok_and(|v| v != serde_json::json!({})))
            });
            let responses = &mut operation.responses.responses;
            let mut add = |status: &str, description: &str| {
                responses
                    .entry(status.to_string())
                    .or_insert_with(|| ResponseBuilder::new().description(description).into());
            };
            add(
                "400",
                "malformed input: invalid UTF-8 or a NUL in the path, the query or the body, a query parameter given \
                 twice, or a body that is not JSON",
            );
            if operation.request_body.is_some() {
                add("413", "the body is larger than 1 MiB");
            }
            // Parameters and bodies are read into typed values at the edge: one that does not
            // hold is a `422` naming it.
            if operation.request_body.is_some() || operation.parameters.as_ref().is_some_and(|p| !p.is_empty()) {
                add("422", "a parameter or a field is not valid (one error per field)");
            }
            if needs_token {
                add("401", "no valid bearer token");
            }
            for (status, response) in responses.iter_mut() {
                if let (false, RefOr::T(response)) = (status.starts_with('2'), response) {
                    if response.content.is_empty() {
                        response.content.insert("application/json".into(), error());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_in_json_is_found_raw_or_escaped_but_not_an_escaped_backslash() {
        assert!(json_holds_nul(br#"{"name":"a\u0000b"}"#));
        assert!(json_holds_nul(b"{\"name\":\"a\0b\"}"));
        assert!(!json_holds_nul(br#"{"name":"a\\u0000b"}"#), "a backslash, then the text u0000");
        assert!(json_holds_nul(br#"{"name":"a\\\u0000b"}"#), "a backslash, then a NUL");
        assert!(!json_holds_nul(br#"{"name":"\u00e9","n":"\u0001"}"#));
        assert!(!json_holds_nul(br#"{"name":"ends with \\"}"#));
        assert!(!json_holds_nul(b"\\"));
    }

    #[test]
    fn a_nul_refusal_names_the_field_that_holds_it() {
        let named = |body: &[u8]| nul_refusal(body).to_string();
        assert_eq!(
            named(br#"{"town":"Nisko","name":"a\u0000b"}"#),
            "the field `name` holds a NUL character, which no field accepts"
        );
        assert_eq!(
            named(br#"{"prices":[{"note":"x"},{"note":"\u0000"}]}"#),
            "the field `prices[1].note` holds a NUL character, which no field accepts"
        );
        assert_eq!(named(b"{\"name\":\"a\0b\""), "the body holds a NUL character, which no field accepts");
        assert_eq!(nul_refusal(br#"{"name":"\u0000"}"#).code(), "request.nul_character");
        assert_eq!(nul_refusal(br#"{"name":"\u0000"}"#).status(), axum::http::StatusCode::BAD_REQUEST);
    }

    #[test]
    fn paths_and_queries_with_a_nul_or_bad_utf8_are_refused() {
        assert!(check_uri("/api/app/content/get-content", Some("id=regulamin")).is_ok());
        assert!(check_uri("/api/x", Some("q=Krak%C3%B3w")).is_ok());
        assert!(matches!(check_uri("/api/x", Some("id=%00")), Err(ApiError::BadRequest(_))));
        assert!(matches!(check_uri("/api/x%00", None), Err(ApiError::BadRequest(_))));
        assert!(matches!(check_uri("/api/x", Some("q=%C3%28")), Err(ApiError::BadRequest(_))));
    }

    #[test]
    fn a_parameter_named_twice_is_refused() {
        assert!(check_uri("/api/x", Some("page=1&per-page=2&filter[id][in]=1,2")).is_ok());
        assert!(matches!(check_uri("/api/x", Some("id=1&id=2")), Err(ApiError::BadRequest(_))));
        assert!(matches!(check_uri("/api/x", Some("sort=a&x=1&sort=b")), Err(ApiError::BadRequest(_))));
        // Spelled differently, the same name once decoded.
        assert!(matches!(
            check_uri("/api/x", Some("filter[id][eq]=1&filter%5Bid%5D%5Beq%5D=2")),
            Err(ApiError::BadRequest(_))
        ));
    }
}
