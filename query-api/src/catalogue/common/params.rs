//! The query parameters of requests that are not lists (`?id=`, `?q=`).

use std::collections::HashMap;
use std::str::FromStr;

use api_core::list::RawListQuery;
use api_core::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// A request's query parameters; malformed query strings answer `400`.
#[derive(Debug, Clone, Default)]
pub struct Params(HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let RawListQuery(pairs) = RawListQuery::from_request_parts(parts, state).await?;
        Ok(Params(pairs.into_iter().collect()))
    }
}

impl Params {
    /// A parameter, trimmed, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim())
    }

    /// `?id=` of a catalogue row: a positive whole number, else `422` naming `id`.
    pub fn id(&self) -> Result<i64, ApiError> {
        self.parsed::<i64>("id").and_then(|id| {
            if id >= 1 {
                Ok(id)
            } else {
                Err(ApiError::invalid_field("id", "id must be a positive whole number"))
            }
        })
    }

    /// `?id=` of a course: a UUID, else `422` naming `id`.
    pub fn uuid(&self) -> Result<uuid::Uuid, ApiError> {
        self.parsed("id")
    }

    fn parsed<T: FromStr>(&self, name: &str) -> Result<T, ApiError> {
        match self.get(name) {
            None | Some("") => Err(ApiError::invalid_field(name, &format!("{name} is required"))),
            Some(raw) => {
                raw.parse().map_err(|_| ApiError::invalid_field(name, &format!("{name} is not valid: {raw:?}")))
            }
        }
    }
}
