//! The list conventions of `DECISIONS.md`: `page`, `per-page`, `sort` (`-field` for
//! descending) and `filter[field][op]=value` (ops: eq, lt, gt, lte, gte, like, in), and the
//! answer `{"data": {"models": [...], "pagination": {...}}}`.
//!
//! An endpoint declares which fields may be sorted and filtered ([`ListSpec`]), each
//! mapped to a SQL expression and a type; anything else answers `422`, a non-numeric page
//! `400`. [`ListQuery::push_where`] and friends write the clauses into a
//! `sqlx::QueryBuilder` with every value bound, never spliced.

use std::collections::HashMap;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::Serialize;
use sqlx::{Postgres, QueryBuilder};

use crate::{ApiError, FieldError};

/// The largest page a client may ask for (the spec's banner strip asks for 999).
pub const MAX_PER_PAGE: u32 = 1_000;
/// The page size when none is given.
pub const DEFAULT_PER_PAGE: u32 = 20;

/// How a filterable field's values are parsed and bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    Text,
    Integer,
    Boolean,
    Uuid,
    /// `YYYY-MM-DD HH:MM:SS` or RFC 3339, in Europe/Warsaw when no offset is given.
    Timestamp,
    Date,
}

/// One field a list can sort or filter by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListField {
    /// The name clients use.
    pub name: &'static str,
    /// The SQL expression it stands for.
    pub column: &'static str,
    pub kind: FieldType,
}

/// What a list endpoint allows.
#[derive(Debug, Clone, Copy)]
pub struct ListSpec {
    pub fields: &'static [ListField],
    /// The order when the client gives none (a SQL `order by` body).
    pub default_order: &'static str,
}

/// A comparison of a [`FieldType`]-typed value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterOp {
    Eq,
    Lt,
    Gt,
    Lte,
    Gte,
    Like,
    In,
}

impl FilterOp {
    fn parse(op: &str) -> Option<Self> {
        Some(match op {
            "eq" => FilterOp::Eq,
            "lt" => FilterOp::Lt,
            "gt" => FilterOp::Gt,
            "lte" => FilterOp::Lte,
            "gte" => FilterOp::Gte,
            "like" => FilterOp::Like,
            "in" => FilterOp::In,
            _ => return None,
        })
    }

    fn sql(self) -> &'static str {
        match self {
            FilterOp::Eq => "=",
            FilterOp::Lt => "<",
            FilterOp::Gt => ">",
            FilterOp::Lte => "<=",
            FilterOp::Gte => ">=",
            FilterOp::Like => "ilike",
            FilterOp::In => "= any",
        }
    }
}

/// A parsed filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    pub field: &'static ListField,
    pub op: FilterOp,
    pub value: String,
}

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
    spec: ListSpec,
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
                        errors.push(FieldError::new("per-page", format!("per-page is at most {MAX_PER_PAGE}")));
                    }
                }
                "sort" => {
                    for part in value.split(',') {
                        let (name, desc) = part.strip_prefix('-').map_or((part, false), |n| (n, true));
                        match spec.field(name) {
                            _ if name.is_empty() => {
                                errors.push(FieldError::new("sort", "sort names a field in every part (`name,-id`)"))
                            }
                            Some(field) => q.sort.push((field, desc)),
                            None => errors.push(FieldError::new("sort", format!("cannot sort by {name:?}"))),
                        }
                    }
                }
                _ if key.starts_with("filter[") => match parse_filter_key(&key) {
                    Some((name, op)) => match (spec.field(name), FilterOp::parse(op)) {
                        (Some(field), Some(op)) => match check_value(field, op, &value) {
                            Ok(()) => q.filters.push(Filter { field, op, value }),
                            Err(message) => errors.push(FieldError::new(key.clone(), message)),
                        },
                        (None, _) => errors.push(FieldError::new(key.clone(), format!("cannot filter by {name:?}"))),
                        (_, None) => errors.push(FieldError::new(key.clone(), format!("unknown operator {op:?}"))),
                    },
                    None => errors.push(FieldError::new(key.clone(), "filters look like filter[field][op]=value")),
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

impl ListSpec {
    fn field(&self, name: &str) -> Option<&'static ListField> {
        self.fields.iter().find(|f| f.name == name)
    }
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
        };
        if !ok {
            return Err(format!("{v:?} is not a valid value for {}", field.name));
        }
    }
    Ok(())
}

impl ListQuery {
    /// ` where …` (or ` and …` after `already_where`) for the filters, values bound.
    pub fn push_where(&self, qb: &mut QueryBuilder<'_, Postgres>, already_where: bool) {
        for (i, f) in self.filters.iter().enumerate() {
            qb.push(if i == 0 && !already_where { " where " } else { " and " });
            qb.push(f.field.column).push(" ").push(f.op.sql()).push(" ");
            if f.op == FilterOp::In {
                qb.push("(");
                push_array(qb, f.field.kind, f.value.split(',').collect());
                qb.push(")");
            } else if f.op == FilterOp::Like {
                qb.push_bind(format!("%{}%", escape_like(&f.value)));
            } else {
                push_value(qb, f.field.kind, &f.value);
            }
        }
    }

    /// ` order by …` from the sort parameter or the spec's default.
    pub fn push_order(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" order by ");
        if self.sort.is_empty() {
            qb.push(self.spec.default_order);
        } else {
            let parts: Vec<String> = self
                .sort
                .iter()
                .map(|(f, desc)| format!("{} {}", f.column, if *desc { "desc" } else { "asc" }))
                .collect();
            qb.push(parts.join(", "));
        }
    }

    /// ` limit … offset …`.
    pub fn push_page(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" limit ").push_bind(i64::from(self.per_page));
        qb.push(" offset ").push_bind(i64::from(self.page - 1) * i64::from(self.per_page));
    }

    /// The pagination block for `total` matching rows.
    pub fn pagination(&self, total: i64) -> Pagination {
        let total = total.max(0) as u64;
        Pagination {
            page: self.page,
            per_page: self.per_page,
            total_count: total,
            page_count: total.div_ceil(u64::from(self.per_page)),
        }
    }
}

fn escape_like(value: &str) -> String {
    value.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

fn push_value(qb: &mut QueryBuilder<'_, Postgres>, kind: FieldType, v: &str) {
    match kind {
        FieldType::Text => qb.push_bind(v.to_string()),
        FieldType::Integer => qb.push_bind(v.parse::<i64>().unwrap_or_default()),
        FieldType::Boolean => qb.push_bind(matches!(v, "1" | "true")),
        FieldType::Uuid => qb.push_bind(uuid::Uuid::parse_str(v).unwrap_or_default()),
        FieldType::Timestamp => qb.push_bind(crate::time::parse_timestamp(v).unwrap_or_default()),
        FieldType::Date => qb.push_bind(chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").unwrap_or_default()),
    };
}

fn push_array(qb: &mut QueryBuilder<'_, Postgres>, kind: FieldType, vs: Vec<&str>) {
    // Values were checked by `check_value`; the defaults below are never used.
    match kind {
        FieldType::Text => qb.push_bind(vs.iter().map(|v| v.to_string()).collect::<Vec<_>>()),
        FieldType::Integer => qb.push_bind(vs.iter().map(|v| v.parse::<i64>().unwrap_or_default()).collect::<Vec<_>>()),
        FieldType::Boolean => qb.push_bind(vs.iter().map(|v| matches!(*v, "1" | "true")).collect::<Vec<_>>()),
        FieldType::Uuid => {
            qb.push_bind(vs.iter().map(|v| uuid::Uuid::parse_str(v).unwrap_or_default()).collect::<Vec<_>>())
        }
        FieldType::Timestamp => {
            qb.push_bind(vs.iter().map(|v| crate::time::parse_timestamp(v).unwrap_or_default()).collect::<Vec<_>>())
        }
        FieldType::Date => qb.push_bind(
            vs.iter().map(|v| chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").unwrap_or_default()).collect::<Vec<_>>(),
        ),
    };
}

/// The pagination block of a list answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub page: u32,
    pub per_page: u32,
    pub total_count: u64,
    pub page_count: u64,
}

/// `{"models": [...], "pagination": {...}}`, to be wrapped in `{"data": …}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub models: Vec<T>,
    pub pagination: Pagination,
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &[ListField] = &[
        ListField { name: "name", column: "w.name", kind: FieldType::Text },
        ListField { name: "valid_from", column: "valid_from", kind: FieldType::Timestamp },
        ListField { name: "id", column: "id", kind: FieldType::Integer },
    ];
    const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

    fn raw(q: &str) -> RawListQuery {
        RawListQuery(serde_urlencoded::from_str(q).unwrap())
    }

    #[test]
    fn the_spec_banner_query_parses() {
        let q = raw("page=1&per-page=999&sort=-created_at&filter[valid_from][lt]=2026-11-22 10:00:00");
        let err = q.parse(SPEC).unwrap_err();
        assert!(matches!(err, ApiError::Validation { .. }), "created_at is not sortable here");

        let q = raw("page=2&per-page=999&sort=-valid_from,name&filter[valid_from][lt]=2026-11-22 10:00:00")
            .parse(SPEC)
            .unwrap();
        assert_eq!((q.page, q.per_page, q.sort.len(), q.filters.len()), (2, 999, 2, 1));
        assert!(q.sort[0].1 && !q.sort[1].1);
    }

    #[test]
    fn bad_parameters_are_refused_with_the_right_status() {
        assert!(matches!(raw("page=abc").parse(SPEC), Err(ApiError::BadRequest(_))));
        assert!(matches!(raw("page=0").parse(SPEC), Err(ApiError::BadRequest(_))));
        assert!(matches!(raw("page=2147483648").parse(SPEC), Err(ApiError::BadRequest(_))));
        assert!(matches!(raw("page=%2B2").parse(SPEC), Err(ApiError::BadRequest(_))));
        assert!(raw("page=2147483647").parse(SPEC).is_ok());
        assert!(matches!(raw("per-page=5000").parse(SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("filter[password][eq]=x").parse(SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("filter[id][eq]=x").parse(SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("filter[id][near]=1").parse(SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("filter[id]=1").parse(SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("filter[id][like]=1").parse(SPEC), Err(ApiError::Validation { .. })));
        // A sort names a field in every part: an empty one is refused, as the document's pattern says.
        for sort in ["sort=", "sort=-", "sort=id,", "sort=,id"] {
            assert!(matches!(raw(sort).parse(SPEC), Err(ApiError::Validation { .. })), "{sort}");
        }
    }

    #[test]
    fn clauses_bind_every_value() {
        let q = raw("filter[name][like]=kra&filter[id][in]=1,2&sort=-id&per-page=10&page=3").parse(SPEC).unwrap();
        let mut qb = QueryBuilder::<Postgres>::new("select * from t");
        q.push_where(&mut qb, false);
        q.push_order(&mut qb);
        q.push_page(&mut qb);
        assert_eq!(
            qb.sql(),
            "select * from t where w.name ilike $1 and id = any ($2) order by id desc limit $3 offset $4"
        );
        assert_eq!(q.pagination(41), Pagination { page: 3, per_page: 10, total_count: 41, page_count: 5 });
    }
}
