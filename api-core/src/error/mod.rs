//! [`ApiError`]: every failure an endpoint can answer, mapped to its status in one place.
//!
//! Every answer carries a stable machine `code` beside its English `message`: the
//! default of its kind (`not_found`, `validation`…, see [`codes`]) or a specific one
//! given at the edge with [`ApiError::with_code`], usually a domain error's
//! `domain::ErrorCode::code()`. Clients translate by code, never by message; the
//! messages stay as they are (the spec quotes them). `docs/errors.md` lists every code.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
#[cfg(feature = "event-store")]
use event_store::StoreError;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::codes;
use crate::values::ToFieldError;

/// The numbers an error's message states, by name (`{"max": 254}`), so a client words
/// its own message from the code and these instead of reading them out of the English
/// one. The names per code are listed in `docs/errors.md`: `min`/`max` (a field's
/// limits), `max` (an order's seats), `minutes` (a deadline before departure), `line`.
pub type ErrorParams = BTreeMap<&'static str, i64>;

/// One field's problem in a `422` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
    /// What is wrong, for clients (`field.blank`…); [`codes::FIELD_INVALID`] unless given.
    pub code: &'static str,
    /// The numbers the message states (`{"max": 254}` for `field.too_long`); absent when
    /// there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub params: Option<ErrorParams>,
}

impl FieldError {
    /// A problem with `field`, its stable `code` (`api_core::codes`, a domain code) and
    /// the message for people. There is no field error without a code.
    pub fn new(field: impl Into<String>, code: &'static str, message: impl Into<String>) -> Self {
        FieldError { field: field.into(), message: message.into(), code, params: None }
    }

    /// The same error with a specific code.
    pub fn with_code(self, code: &'static str) -> Self {
        FieldError { code, ..self }
    }

    /// The same error with the number `name` (`max`…) the message states.
    pub fn with_param(mut self, name: &'static str, value: i64) -> Self {
        self.params.get_or_insert_with(BTreeMap::new).insert(name, value);
        self
    }

    /// The same error with the numbers `params` (none: as it is).
    pub fn with_params(mut self, params: impl IntoIterator<Item = (&'static str, i64)>) -> Self {
        for (name, value) in params {
            self = self.with_param(name, value);
        }
        self
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
    /// Any of the above (its status, message and fields) with a specific code in place
    /// of its kind's default. Built by [`ApiError::with_code`]; match on
    /// [`ApiError::kind`] to see the variant under it.
    #[error("{error}")]
    Coded { code: &'static str, error: Box<ApiError> },
    /// Any of the above with the numbers its message states ([`ErrorParams`]). Built by
    /// [`ApiError::with_params`]; [`ApiError::kind`] sees through it.
    #[error("{error}")]
    WithParams { params: ErrorParams, error: Box<ApiError> },
}

/// The body of every error answer (and of an idempotent replay of one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = ApiErrorBody)]
pub struct ErrorBody {
    /// The status's reason phrase (`Conflict`).
    pub name: &'static str,
    /// English, for people and logs; clients translate `code`, not this.
    pub message: String,
    pub status: u16,
    /// Stable, machine-readable: see [`codes`] and `docs/errors.md`.
    pub code: &'static str,
    /// For a `422`: one error per field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldError>>,
    /// The numbers the message states, for an error that is not about one field
    /// (`{"minutes": 120}` for `return.too_late`); absent when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub params: Option<ErrorParams>,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Coded { error, .. } | ApiError::WithParams { error, .. } => error.status(),
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

    /// The stable code clients see: the one given by [`ApiError::with_code`], else the
    /// default of the kind.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Coded { code, .. } => code,
            ApiError::WithParams { error, .. } => error.code(),
            ApiError::BadRequest(_) => codes::REQUEST_INVALID,
            ApiError::Unauthorized => codes::AUTH_REQUIRED,
            ApiError::Forbidden => codes::AUTH_FORBIDDEN,
            ApiError::NotFound(_) => codes::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => codes::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => codes::CONFLICT,
            ApiError::PayloadTooLarge(_) => codes::REQUEST_TOO_LARGE,
            ApiError::Validation { .. } => codes::VALIDATION,
            ApiError::TooManyRequests(_) => codes::RATE_LIMITED,
            ApiError::Unavailable(_) => codes::UNAVAILABLE,
            ApiError::Internal(_) => codes::INTERNAL,
        }
    }

    /// The same answer with a specific code (`ApiError::Conflict(msg).with_code(e.code())`).
    /// The field errors of a `422` that have no code of their own take it too, so a
    /// domain refusal shown on a field (`invalid_field`) is coded on the field as well.
    pub fn with_code(self, code: &'static str) -> Self {
        let error = match self {
            ApiError::Coded { error, .. } => *error,
            ApiError::WithParams { params, error } => {
                return ApiError::WithParams { params, error: Box::new(error.with_code(code)) };
            }
            other => other,
        };
        let error = match error {
            ApiError::Validation { message, errors } => ApiError::Validation {
                message,
                errors: errors
                    .into_iter()
                    .map(|e| if e.code == codes::FIELD_INVALID { e.with_code(code) } else { e })
                    .collect(),
            },
            other => other,
        };
        ApiError::Coded { code, error: Box::new(error) }
    }

    /// The same answer with the numbers its message states (`minutes`…), in the body's
    /// `params` (none: as it is). A refusal shown on one field (`invalid_field`) carries
    /// them on the field too.
    pub fn with_params(self, params: impl IntoIterator<Item = (&'static str, i64)>) -> Self {
        let params: ErrorParams = params.into_iter().collect();
        if params.is_empty() {
            return self;
        }
        match self {
            ApiError::WithParams { params: mut before, error } => {
                before.extend(params);
                ApiError::WithParams { params: before, error }
            }
            ApiError::Coded { code, error } => ApiError::Coded { code, error: Box::new(error.with_params(params)) },
            ApiError::Validation { message, mut errors } => {
                if let [only] = errors.as_mut_slice() {
                    only.params.get_or_insert_with(BTreeMap::new).extend(params.clone());
                }
                ApiError::WithParams { params, error: Box::new(ApiError::Validation { message, errors }) }
            }
            other => ApiError::WithParams { params, error: Box::new(other) },
        }
    }

    /// The numbers the message states, if any.
    pub fn params(&self) -> Option<&ErrorParams> {
        match self {
            ApiError::WithParams { params, .. } => Some(params),
            ApiError::Coded { error, .. } => error.params(),
            _ => None,
        }
    }

    /// The variant under a code or params (the error itself when it has none).
    pub fn kind(&self) -> &ApiError {
        match self {
            ApiError::Coded { error, .. } | ApiError::WithParams { error, .. } => error.kind(),
            other => other,
        }
    }

    /// A `422` refusing one field's value, with the problem's code and the numbers it
    /// states (the one kit: [`crate::values::ValueError`]), worded `"{field} {problem}"`.
    pub fn refused(field: &str, problem: crate::values::ValueError) -> Self {
        let error = problem.field_error(field);
        ApiError::Validation { message: error.message.clone(), errors: vec![error] }
    }

    /// [`ApiError::refused`] in the screen's own words.
    pub fn refused_with(field: &str, problem: crate::values::ValueError, message: &str) -> Self {
        ApiError::Validation { message: message.to_string(), errors: vec![problem.field_error_with(field, message)] }
    }

    /// A `422` with a single field error, coded `code` (the answer's own code stays
    /// `validation`, as for any field error). Every field error has a code: there is no
    /// constructor without one.
    pub fn invalid_field(field: &str, code: &'static str, message: &str) -> Self {
        ApiError::field(FieldError::new(field, code, message))
    }

    /// A `422` of one field error, its message the answer's.
    pub fn field(error: FieldError) -> Self {
        ApiError::Validation { message: error.message.clone(), errors: vec![error] }
    }

    /// A refusal (a domain decision, an edge rule) shown on one field of the form: the
    /// answer and its field error both carry `code`.
    pub fn refusal_on(field: &str, code: &'static str, message: &str) -> Self {
        ApiError::invalid_field(field, code, message).with_code(code)
    }

    /// A `422`'s field errors moved to `field` (one refusal, shown on the form's field),
    /// codes kept; any other error as it is.
    pub fn on_field(self, field: &str) -> Self {
        match self {
            ApiError::Coded { code, error } => ApiError::Coded { code, error: Box::new(error.on_field(field)) },
            ApiError::WithParams { params, error } => {
                ApiError::WithParams { params, error: Box::new(error.on_field(field)) }
            }
            ApiError::Validation { message, errors } => {
                let first = errors.first();
                let code = first.map_or(codes::FIELD_INVALID, |e| e.code);
                let mut moved = FieldError::new(field, code, message.as_str());
                moved.params = first.and_then(|e| e.params.clone());
                ApiError::Validation { errors: vec![moved], message }
            }
            other => other,
        }
    }

    /// The body the client gets.
    pub fn body(&self) -> ErrorBody {
        let status = self.status();
        let errors = match self.kind() {
            ApiError::Validation { errors, .. } => Some(errors.clone()),
            _ => None,
        };
        ErrorBody {
            name: status.canonical_reason().unwrap_or("Error"),
            message: self.to_string(),
            status: status.as_u16(),
            code: self.code(),
            errors,
            params: self.params().cloned(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match self.kind() {
            ApiError::Internal(cause) | ApiError::Unavailable(cause) => {
                tracing::error!(status = status.as_u16(), code = self.code(), cause = %cause, "request failed");
            }
            _ => tracing::debug!(status = status.as_u16(), code = self.code(), error = %self, "request refused"),
        }
        (status, Json(self.body())).into_response()
    }
}

#[cfg(feature = "event-store")]
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::WrongExpectedVersion { .. } | StoreError::DuplicateEventId(_) => {
                ApiError::Conflict("this was changed by someone else in the meantime; please try again".into())
                    .with_code(codes::CHANGED_MEANWHILE)
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
mod tests;
