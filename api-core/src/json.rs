//! [`AppJson`]: `axum::Json` whose rejections answer in the API's error body.

use axum::extract::rejection::JsonRejection;
use axum::extract::FromRequest;
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// Extracts and answers JSON like `axum::Json`; a body that is not valid JSON for the
/// type answers `400` (syntax) or `422` (shape) in the API's error body.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct AppJson<T>(pub T);

impl<T: serde::Serialize> IntoResponse for AppJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(e) => ApiError::Validation { message: e.body_text(), errors: vec![] },
            other => ApiError::BadRequest(other.body_text()),
        }
    }
}
