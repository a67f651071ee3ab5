//! [`Params`]: the query parameters of requests that are not lists (`?id=`, `?q=`,
//! `?lang=`), each refusal a `422` naming the parameter.

use std::collections::HashMap;
use std::str::FromStr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::list::RawListQuery;
use crate::ApiError;

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

impl FromIterator<(String, String)> for Params {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        Params(pairs.into_iter().collect())
    }
}

impl Params {
    /// A parameter, trimmed, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim())
    }

    /// A parameter as it was sent (not trimmed), if given.
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// A required parameter; missing or empty answers `422` naming it.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.optional(name)
            .ok_or_else(|| ApiError::invalid_field(name, crate::codes::FIELD_BLANK, &format!("{name} is required")))
    }

    /// An optional parameter: `None` when absent or empty.
    pub fn optional(&self, name: &str) -> Option<&str> {
        self.get(name).filter(|v| !v.is_empty())
    }

    /// `?id=` of a row: a positive whole number, else `422` naming `id`.
    pub fn id(&self) -> Result<i64, ApiError> {
        match self.required("id")?.parse::<i64>() {
            Ok(id) if id >= 1 => Ok(id),
            _ => Err(ApiError::invalid_field(
                "id",
                crate::codes::FIELD_OUT_OF_RANGE,
                "id must be a positive whole number",
            )),
        }
    }

    /// `?id=` of a course: a UUID, else `422` naming `id`.
    pub fn uuid(&self) -> Result<uuid::Uuid, ApiError> {
        self.parsed("id")
    }

    /// A required parameter parsed as `T`, else `422` naming it.
    pub fn parsed<T: FromStr>(&self, name: &str) -> Result<T, ApiError> {
        let raw = self.required(name)?;
        raw.parse().map_err(|_| {
            ApiError::invalid_field(name, crate::codes::FIELD_INVALID, &format!("{name} is not valid: {raw:?}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
    }

    #[test]
    fn ids_are_positive_whole_numbers() {
        assert_eq!(params(&[("id", " 7 ")]).id().unwrap(), 7);
        for bad in ["0", "-1", "abc", ""] {
            assert!(matches!(params(&[("id", bad)]).id(), Err(ApiError::Validation { .. })), "{bad}");
        }
        assert!(params(&[]).id().is_err());
        assert_eq!(params(&[("q", " ")]).optional("q"), None);
    }
}
