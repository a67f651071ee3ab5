//! Getting a request's JSON body ([`Body`]), refusing bad input in the API's error body
//! with the offending field named.

use api_core::{ApiError, FieldError};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// A JSON body of type `T`. Malformed JSON answers `400`; a value of the wrong type
/// answers `422` naming the field (`value`, `content[0].name`), which `AppJson` cannot.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| ApiError::BadRequest(format!("the body could not be read: {}", e.body_text())))?;
        let mut de = serde_json::Deserializer::from_slice(&bytes);
        match serde_path_to_error::deserialize(&mut de) {
            Ok(value) => match de.end() {
                Ok(()) => Ok(Body(value)),
                Err(err) => Err(ApiError::BadRequest(format!("the body is not valid JSON: {err}"))),
            },
            Err(err) => {
                let field = err.path().to_string();
                let inner = err.into_inner();
                if inner.is_data() {
                    let field = if field == "." { "body".to_string() } else { field };
                    let message = format!("{field}: {inner}");
                    Err(ApiError::Validation { message, errors: vec![FieldError::new(field, inner.to_string())] })
                } else {
                    Err(ApiError::BadRequest(format!("the body is not valid JSON: {inner}")))
                }
            }
        }
    }
}

/// For a field that may be absent (keep the stored value), `null` (clear it) or a
/// value: `#[serde(default, deserialize_with = "nullable")]` on `Option<Option<T>>`.
pub fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A yes/no field sent as `true`/`false` or, as the web's forms do, `1`/`0`.
pub fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
    }
    match Option::<Flag>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Flag::Bool(b)) => Ok(Some(b)),
        Some(Flag::Int(0)) => Ok(Some(false)),
        Some(Flag::Int(1)) => Ok(Some(true)),
        Some(Flag::Int(n)) => Err(serde::de::Error::custom(format!("expected true, false, 0 or 1, not {n}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Input {
        #[serde(default, deserialize_with = "nullable")]
        valid_to: Option<Option<String>>,
        #[serde(default, deserialize_with = "flag")]
        active: Option<bool>,
    }

    #[test]
    fn absent_null_and_values_differ() {
        let absent: Input = serde_json::from_str("{}").unwrap();
        assert_eq!((absent.valid_to, absent.active), (None, None));
        let null: Input = serde_json::from_str(r#"{"valid_to": null, "active": 1}"#).unwrap();
        assert_eq!((null.valid_to, null.active), (Some(None), Some(true)));
        let value: Input = serde_json::from_str(r#"{"valid_to": "x", "active": false}"#).unwrap();
        assert_eq!((value.valid_to, value.active), (Some(Some("x".into())), Some(false)));
        assert!(serde_json::from_str::<Input>(r#"{"active": 2}"#).is_err());
    }
}
