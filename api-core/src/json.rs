//! [`AppJson`]: `axum::Json` whose rejections answer in the API's error body, naming the
//! field a value of the wrong type was sent for.

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap};
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
        if !is_json(req.headers()) {
            return Err(ApiError::BadRequest("Expected request with `Content-Type: application/json`".into()));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| ApiError::BadRequest(e.body_text()))?;
        // Every body of the API is an object; serde would read a struct from a list as well.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
            return Err(ApiError::invalid_field("body", crate::codes::FIELD_INVALID, "the body must be a JSON object"));
        }
        from_slice(&bytes).map(AppJson)
    }
}

/// Whether the request says its body is JSON (`application/json`, or `application/*+json`).
fn is_json(headers: &HeaderMap) -> bool {
    let Some(mime) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let essence = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The body as a `T`, read straight from its bytes (no intermediate `Value`: this is every
/// command's hot path): JSON that does not parse is a `400`, JSON of the wrong shape the
/// `422` naming its field.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = match serde_path_to_error::deserialize(&mut deserializer) {
        Ok(value) => value,
        Err(err) if err.inner().is_data() => {
            // JSON (and the document's `integer`) counts `43.0` as the whole number 43; serde
            // does not. Only a body that failed is read again that way, off the hot path.
            let again = serde_json::from_slice(bytes).map(whole_numbers_as_integers);
            return match again.map(from_value) {
                Ok(Ok(value)) => Ok(value),
                _ => Err(shape_error(err)),
            };
        }
        Err(err) => {
            return Err(ApiError::BadRequest(format!("Failed to parse the request body as JSON: {}", err.into_inner())))
        }
    };
    deserializer.end().map_err(|e| ApiError::BadRequest(format!("Failed to parse the request body as JSON: {e}")))?;
    Ok(value)
}

/// `n` as a whole number: an integer, or a float with no fractional part (`43.0`, which
/// JSON Schema's `integer` admits), within the range a float holds exactly.
pub fn whole_number(n: &serde_json::Number) -> Option<i64> {
    n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
}

/// `value` with every number that has no fractional part (`43.0`) written as an integer.
pub fn whole_numbers_as_integers(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => match whole_number(&n) {
            Some(whole) => Value::from(whole),
            None => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers_as_integers).collect()),
        Value::Object(members) => {
            Value::Object(members.into_iter().map(|(k, v)| (k, whole_numbers_as_integers(v))).collect())
        }
        other => other,
    }
}

/// The `422` of a value that does not fit `T`, naming its field by path.
fn shape_error(err: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = err.path().to_string();
    let inner = err.into_inner();
    let text = inner.to_string();
    // A required field left out is an error of that field (serde names it in its words).
    let missing = text.strip_prefix("missing field `").and_then(|rest| rest.split('`').next());
    let field = match (path.as_str(), missing) {
        (".", Some(name)) => name.to_string(),
        (_, Some(name)) => format!("{path}.{name}"),
        (".", None) => "body".to_string(),
        _ => path,
    };
    if let Some(refused) = crate::values::ValueError::untag(&inner.to_string()) {
        let message = format!("{field} {}", refused.message);
        let error = FieldError::new(field, refused.code, message.as_str()).with_params(refused.params);
        return ApiError::Validation { message, errors: vec![error] };
    }
    // serde's own refusals, by what they say: not one of an enumeration's values, a
    // required field missing.
    let code = if text.starts_with("unknown variant") {
        crate::codes::FIELD_INVALID_CHOICE
    } else if text.starts_with("missing field") {
        crate::codes::FIELD_BLANK
    } else {
        crate::codes::FIELD_INVALID
    };
    ApiError::Validation { message: format!("{field}: {inner}"), errors: vec![FieldError::new(field, code, text)] }
}

/// `value` as a `T`, or the `422` naming the field whose value does not fit.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(shape_error)
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

    #[test]
    fn a_whole_number_written_with_a_point_is_an_integer() {
        let input: Input = from_slice(br#"{"value": 43.0, "content": []}"#).unwrap();
        assert_eq!(input.value, 43);
        let Err(ApiError::Validation { errors, .. }) = from_slice::<Input>(br#"{"value": 43.5, "content": []}"#) else {
            panic!("422 expected")
        };
        assert_eq!(errors[0].field, "value");
    }

    #[test]
    fn bytes_that_are_not_json_are_a_400_and_json_of_the_wrong_shape_a_422() {
        assert!(matches!(from_slice::<Input>(b"{\"value\": 1,"), Err(ApiError::BadRequest(_))));
        assert!(matches!(
            from_slice::<Input>(b"{\"value\": 1, \"content\": []} trailing"),
            Err(ApiError::BadRequest(_))
        ));
        let Err(ApiError::Validation { errors, .. }) =
            from_slice::<Input>(br#"{"value": 1, "content": [{"name": 2}]}"#)
        else {
            panic!("422 expected")
        };
        assert_eq!(errors[0].field, "content[0].name");
        assert!(from_slice::<Input>(br#"{"value": 1, "content": []}"#).is_ok());
    }
}
