//! The stand-in's answers in the API's shapes: `ExceptionResponse` (400), the problem
//! details (401, 403), `TooManyRequestsResponse` (429 with `Retry-After`), 503 when down.

use crate::wire::{
    ExceptionDetails, ExceptionInfo, ExceptionResponse, ProblemDetails, TooManyRequestsResponse, TooManyStatus,
};
use axum::extract::FromRequest;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{SecondsFormat, Utc};

/// An instant as the API writes it (RFC 3339, UTC).
pub fn now_string() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// 400 with one `exceptionCode`, its description and details.
pub fn exception(code: i64, description: &str, details: Option<String>) -> Response {
    let body = ExceptionResponse {
        exception: ExceptionInfo {
            exception_detail_list: vec![ExceptionDetails {
                exception_code: code,
                exception_description: Some(description.to_owned()),
                details: details.map(|d| vec![d]),
            }],
            service_code: Some("ksef-stand-in".into()),
            timestamp: now_string(),
        },
    };
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

/// 401 (`UnauthorizedProblemDetails`).
pub fn unauthorized(detail: &str) -> Response {
    problem(StatusCode::UNAUTHORIZED, "Unauthorized", detail, None)
}

/// 403 (`ForbiddenProblemDetails`, with its `reasonCode`).
pub fn forbidden(detail: &str, reason_code: &str) -> Response {
    problem(StatusCode::FORBIDDEN, "Forbidden", detail, Some(reason_code.to_owned()))
}

/// 406: the request's `Accept` names no type the operation answers in (`produces`).
pub fn not_acceptable(produces: &str) -> Response {
    (StatusCode::NOT_ACCEPTABLE, format!("This operation answers in {produces} only.")).into_response()
}

/// Whether an `Accept` header (absent: anything) takes `produces` (e.g. `application/xml`).
pub fn accepts(accept: Option<&str>, produces: &str) -> bool {
    let Some(accept) = accept else { return true };
    let (kind, _) = produces.split_once('/').unwrap_or((produces, ""));
    accept.split(',').map(|part| part.split(';').next().unwrap_or("").trim()).any(|range| {
        range == "*/*" || range.eq_ignore_ascii_case(produces) || range.eq_ignore_ascii_case(&format!("{kind}/*"))
    })
}

fn problem(status: StatusCode, title: &str, detail: &str, reason_code: Option<String>) -> Response {
    let body = ProblemDetails {
        title: title.to_owned(),
        status: i64::from(status.as_u16()),
        detail: detail.to_owned(),
        reason_code,
        timestamp: now_string(),
    };
    let mut response = (status, Json(body)).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
    response
}

/// 429 with `Retry-After` (seconds) and the documented body.
pub fn too_many(retry_after_s: u64, limit: &str) -> Response {
    let body = TooManyRequestsResponse {
        status: TooManyStatus {
            code: 429,
            description: "Too Many Requests".into(),
            details: vec![format!("Przekroczono limit {limit}. Spróbuj ponownie po {retry_after_s} sekundach.")],
        },
    };
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_s));
    response
}

/// What the stand-in answers while "down" or on an injected server error.
pub fn server_error(status: StatusCode) -> Response {
    (status, "KSeF stand-in: injected outage").into_response()
}

/// A JSON body whose refusal is the API's own (400, `ExceptionResponse` 21405) rather
/// than axum's plain-text one, so a malformed request gets a documented answer.
pub struct ApiJson<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = Response;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(exception(21405, "Błąd walidacji danych wejściowych.", Some(rejection.body_text()))),
        }
    }
}
