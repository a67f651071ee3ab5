//! [`AppJson`]: `axum::Json` whose rejections answer in the API's error body, naming the
//! field a value of the wrong type was sent for.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::{ApiError, FieldError};

/// Extracts and answers JSON like `axum::Json`. A body that is not JSON (or not sent as
/// `application/json`) answers `400`; JSON of the wrong shape answers `422` with the
/// field named by its path (`value`, `content[0].name`; `body` for the body itself).
#[derive(Debug, Clone, Copy, Default)]
pub struct AppJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for AppJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<serde_json::Value>::from_request(req, state).await?;
        from_value(value).map(AppJson)
    }
}

/// `value` as a `T`, or the `422` naming the field whose value does not fit.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let field = if path == "." { "body".to_string() } else { path };
        let inner = err.into_inner();
        ApiError::Validation {
            message: format!("{field}: {inner}"),
            errors: vec![FieldError::new(field, inner.to_string())],
        }
    })
}

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

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Item {
        name: String,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Input {
        value: i64,
        content: Vec<Item>,
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_field() {
        let Err(ApiError::Validation { errors, .. }) = from_value::<Input>(json!({"value": "x", "content": []})) else {
            panic!("422 expected")
        };
        assert_eq!(errors[0].field, "value");
        let Err(ApiError::Validation { errors, .. }) =
            from_value::<Input>(json!({"value": 1, "content": [{"name": 3}]}))
        else {
            panic!("422 expected")
        };
        assert_eq!(errors[0].field, "content[0].name");
        let Err(ApiError::Validation { errors, .. }) = from_value::<Input>(json!([1])) else { panic!("422 expected") };
        assert_eq!(errors[0].field, "body");
    }
}
