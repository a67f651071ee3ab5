//! [`ApiError`]: every failure an endpoint can answer, mapped to its status in one place.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
#[cfg(feature = "event-store")]
use event_store::StoreError;
use serde::Serialize;

/// One field's problem in a `422` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError { field: field.into(), message: message.into() }
    }
}

/// What an endpoint answers when it cannot do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// `400 Bad Request`: the request itself is malformed (bad JSON, bad query).
    #[error("{0}")]
    BadRequest(String),
    /// `401 Unauthorized`: no valid token.
    #[error("authentication required")]
    Unauthorized,
    /// `403 Forbidden`: a valid token without the right role or ownership.
    #[error("you are not allowed to do this")]
    Forbidden,
    /// `404 Not Found`.
    #[error("{0}")]
    NotFound(String),
    /// `405 Method Not Allowed`: the path exists, the method does not (the `Allow` header
    /// lists the ones that do).
    #[error("this address does not take {0} requests")]
    MethodNotAllowed(String),
    /// `409 Conflict`: someone else changed it first, or there is nothing left.
    #[error("{0}")]
    Conflict(String),
    /// `413 Payload Too Large`: the body is over the API's limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// `422 Unprocessable Entity`, with one error per field.
    #[error("{message}")]
    Validation { message: String, errors: Vec<FieldError> },
    /// `429 Too Many Requests`.
    #[error("{0}")]
    TooManyRequests(String),
    /// `503 Service Unavailable`: a dependency is down. Logged; the cause is not sent.
    #[error("the service is temporarily unavailable")]
    Unavailable(String),
    /// `500 Internal Server Error`. Logged; the cause is not sent.
    #[error("an internal error occurred")]
    Internal(String),
}

/// The body of every error answer, as the OpenAPI document describes it (the answer is
/// written by [`ApiError`]'s `IntoResponse`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// The status's reason phrase (`Unprocessable Entity`).
    pub name: String,
    pub message: String,
    pub status: u16,
    /// With `422`: one error per invalid field.
    pub errors: Option<Vec<FieldError>>,
}

#[derive(Serialize)]
struct Body<'a> {
    name: &'a str,
    message: String,
    status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a [FieldError]>,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A `422` with a single field error.
    pub fn invalid_field(field: &str, message: &str) -> Self {
        ApiError::Validation { message: message.to_string(), errors: vec![FieldError::new(field, message)] }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            ApiError::Internal(cause) | ApiError::Unavailable(cause) => {
                tracing::error!(status = status.as_u16(), cause = %cause, "request failed");
            }
            _ => tracing::debug!(status = status.as_u16(), error = %self, "request refused"),
        }
        let errors = match &self {
            ApiError::Validation { errors, .. } => Some(errors.as_slice()),
            _ => None,
        };
        let body = Body {
            name: status.canonical_reason().unwrap_or("Error"),
            message: self.to_string(),
            status: status.as_u16(),
            errors,
        };
        (status, Json(body)).into_response()
    }
}

#[cfg(feature = "event-store")]
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::WrongExpectedVersion { .. } | StoreError::DuplicateEventId(_) => {
                ApiError::Conflict("this was changed by someone else in the meantime; please try again".into())
            }
            StoreError::StreamNotFound(_) => ApiError::NotFound("not found".into()),
            StoreError::InvalidStreamName(m) | StoreError::InvalidEvent(m) => {
                ApiError::Validation { message: m.clone(), errors: vec![] }
            }
            StoreError::PositionNotFound(_) | StoreError::InvalidPosition(_) => ApiError::BadRequest(err.to_string()),
            StoreError::Decode { .. } => ApiError::Internal(err.to_string()),
            StoreError::Unavailable(m) => ApiError::Unavailable(m),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            sqlx::Error::RowNotFound => ApiError::NotFound("not found".into()),
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => {
                ApiError::Unavailable(err.to_string())
            }
            other => ApiError::Internal(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "event-store")]
    #[test]
    fn store_errors_map_to_the_documented_statuses() {
        let conflict = ApiError::from(StoreError::WrongExpectedVersion {
            stream: "s".into(),
            expected: event_store::ExpectedVersion::Exact(1),
            actual: Some(2),
        });
        assert_eq!(conflict.status(), StatusCode::CONFLICT);
        assert_eq!(ApiError::from(StoreError::StreamNotFound("s".into())).status(), StatusCode::NOT_FOUND);
        assert_eq!(ApiError::from(StoreError::InvalidEvent("x".into())).status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(ApiError::from(StoreError::Unavailable("down".into())).status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn internal_causes_are_not_sent_to_clients() {
        let e = ApiError::Internal("password=hunter2".into());
        assert!(!e.to_string().contains("hunter2"));
    }
}
