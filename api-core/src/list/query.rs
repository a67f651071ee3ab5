//! Reading a list request: the query string checked against the endpoint's [`ListSpec`].

use std::collections::HashMap;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::{FieldType, Filter, FilterOp, ListField, ListSpec, DEFAULT_PER_PAGE, MAX_PER_PAGE};
use crate::{codes, ApiError, FieldError};

/// The raw query string of a list request, before it meets its [`ListSpec`].
#[derive(Debug, Clone, Default)]
pub struct RawListQuery(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequestParts<S> for RawListQuery {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let pairs = serde_urlencoded::from_str::<Vec<(String, String)>>(query)
            .map_err(|e| ApiError::BadRequest(format!("the query string is malformed: {e}")))?;
        Ok(RawListQuery(pairs))
    }
}

/// A validated list request.
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub page: u32,
    pub per_page: u32,
    /// `(field, descending)` in order of precedence.
    pub sort: Vec<(&'static ListField, bool)>,
    pub filters: Vec<Filter>,
    /// Query parameters that are not list parameters (for endpoint-specific use).
    pub extra: HashMap<String, String>,
    pub(super) spec: ListSpec,
}

impl RawListQuery {
    /// Check every list parameter against `spec`.
    pub fn parse(self, spec: ListSpec) -> Result<ListQuery, ApiError> {
        let mut q = ListQuery {
            page: 1,
            per_page: DEFAULT_PER_PAGE,
            sort: vec![],
            filters: vec![],
            extra: HashMap::new(),
            spec,
        };
        let mut errors = Vec::new();
        for (key, value) in self.0 {
            match key.as_str() {
                "page" => q.page = parse_positive(&key, &value)?,
                "per-page" => {
                    q.per_page = parse_positive(&key, &value)?;
                    if q.per_page > MAX_PER_PAGE {
                        errors.push(
                            FieldError::new(
                                "per-page",
                                codes::FIELD_OUT_OF_RANGE,
                                format!("per-page is at most {MAX_PER_PAGE}"),
                            )
                            .with_params([("min", 1), ("max", i64::from(MAX_PER_PAGE))]),
                        );
                    }
                }
                "sort" => {
                    for part in value.split(',') {
                        let (name, desc) = part.strip_prefix('-').map_or((part, false), |n| (n, true));
                        match spec.field(name) {
                            _ if name.is_empty() => errors.push(FieldError::new(
                                "sort",
                                codes::FIELD_BLANK,
                                "sort names a field in every part (`name,-id`)",
                            )),
                            Some(field) if field.condition().is_some() => errors.push(FieldError::new(
                                "sort",
                                codes::FIELD_INVALID_CHOICE,
                                format!("cannot sort by {name:?}"),
                            )),
                            Some(field) => q.sort.push((field, desc)),
                            None => errors.push(FieldError::new(
                                "sort",
                                codes::FIELD_INVALID_CHOICE,
                                format!("cannot sort by {name:?}"),
                            )),
                        }
                    }
                }
                _ if key.starts_with("filter[") => match filter(&spec, &key, value) {
                    Ok(filter) => q.filters.push(filter),
                    Err(error) => errors.push(error),
                },
                _ => {
                    q.extra.insert(key, value);
                }
            }
        }
        if errors.is_empty() {
            Ok(q)
        } else {
            Err(ApiError::Validation { message: "the list parameters are not valid".into(), errors })
        }
    }
}

/// The filter `filter[field][op]=value` names, or why it is none.
fn filter(spec: &ListSpec, key: &str, value: String) -> Result<Filter, FieldError> {
    let Some((name, op)) = parse_filter_key(key) else {
        return Err(FieldError::new(key, codes::FIELD_INVALID, "filters look like filter[field][op]=value"));
    };
    match (spec.field(name), FilterOp::parse(op)) {
        (Some(field), Some(op)) => match check_value(field, op, &value) {
            Ok(()) => Ok(Filter { field, op, value }),
            Err(message) => Err(FieldError::new(key, codes::FIELD_INVALID, message)),
        },
        (None, _) => Err(FieldError::new(key, codes::FIELD_INVALID_CHOICE, format!("cannot filter by {name:?}"))),
        (_, None) => Err(FieldError::new(key, codes::FIELD_INVALID_CHOICE, format!("unknown operator {op:?}"))),
    }
}

impl ListSpec {
    fn field(&self, name: &str) -> Option<&'static ListField> {
        self.fields.iter().find(|f| f.name == name)
    }
}

impl ListField {
    /// A condition field's SQL before and after its compared expression, and that
    /// expression: `("exists (… and ", "t.number", ")")`.
    pub(super) fn condition(&self) -> Option<(&'static str, &'static str, &'static str)> {
        let open = self.column.find('{')?;
        let close = self.column.rfind('}').filter(|&close| close > open)?;
        Some((&self.column[..open], &self.column[open + 1..close], &self.column[close + 1..]))
    }
}

/// The instants a Warsaw day starts and the next one starts: `[start, end)`.
pub(super) fn day_range(value: &str) -> Option<(chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>)> {
    let day = chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").ok()?;
    Some((crate::time::warsaw_midnight(day)?, crate::time::warsaw_midnight(day.succ_opt()?)?))
}

/// A page or a page size: digits only, from 1 to 2^31 - 1 (the document's `int32`).
fn parse_positive(key: &str, value: &str) -> Result<u32, ApiError> {
    let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<i32>() {
        Ok(n) if digits && n >= 1 => Ok(n.unsigned_abs()),
        _ => Err(ApiError::BadRequest(format!("{key} must be a whole number from 1, not {value:?}"))),
    }
}

/// `filter[name][op]` → `(name, op)`.
fn parse_filter_key(key: &str) -> Option<(&str, &str)> {
    let rest = key.strip_prefix("filter[")?;
    let (name, rest) = rest.split_once("][")?;
    let op = rest.strip_suffix(']')?;
    Some((name, op))
}

fn check_value(field: &ListField, op: FilterOp, value: &str) -> Result<(), String> {
    if op == FilterOp::Like && field.kind != FieldType::Text {
        return Err(format!("{} is not text: like does not apply", field.name));
    }
    let values: Vec<&str> = if op == FilterOp::In { value.split(',').collect() } else { vec![value] };
    for v in values {
        let ok = match field.kind {
            FieldType::Text => v.chars().count() <= 200,
            FieldType::Integer => v.parse::<i64>().is_ok(),
            FieldType::Boolean => matches!(v, "0" | "1" | "true" | "false"),
            FieldType::Uuid => uuid::Uuid::parse_str(v).is_ok(),
            FieldType::Timestamp => crate::time::parse_timestamp(v).is_some(),
            FieldType::Date => chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok(),
            FieldType::Day => day_range(v).is_some(),
        };
        if !ok {
            return Err(format!("{v:?} is not a valid value for {}", field.name));
        }
    }
    Ok(())
}
