//! The list conventions of `DECISIONS.md`: `page`, `per-page`, `sort` (`-field` for
//! descending) and `filter[field][op]=value` (ops: eq, lt, gt, lte, gte, like, in), and the
//! answer `{"data": {"models": [...], "pagination": {...}}}`.
//!
//! An endpoint declares which fields may be sorted and filtered ([`ListSpec`]), each
//! mapped to a SQL expression and a type; anything else answers `422`, a non-numeric page
//! `400`. A field may also stand for related rows (any ticket of an order: a condition
//! with the compared expression in braces, see [`ListField::column`]), or for the Warsaw
//! days of a timestamp ([`FieldType::Day`], compared as ranges of the column so its index
//! serves them). [`ListQuery::push_where`] and friends write the clauses into a
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
    /// `YYYY-MM-DD`, a day in Europe/Warsaw, over a timestamp column: `eq` is any instant
    /// of that day, `gte` from its midnight, `lte` to its end, `lt` before it, `gt` after
    /// it, `in` any of the days. Written as ranges of the column (`col >= $1 and col <
    /// $2`), never as a cast of it, so the column's index serves the filter.
    Day,
}

/// One field a list can sort or filter by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListField {
    /// The name clients use.
    pub name: &'static str,
    /// The SQL expression it stands for. Or, for a field of related rows, a condition
    /// with the compared expression in braces: `exists (select 1 from rm_tickets t where
    /// t.order_id = o.order_id and {t.number})` filters the rows with any ticket whose
    /// number compares (the comparison replaces the braces). Such a field filters but
    /// does not sort.
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
                            Some(field) if field.condition().is_some() => {
                                errors.push(FieldError::new("sort", format!("cannot sort by {name:?}")))
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

impl ListField {
    /// A condition field's SQL before and after its compared expression, and that
    /// expression: `("exists (… and ", "t.number", ")")`.
    fn condition(&self) -> Option<(&'static str, &'static str, &'static str)> {
        let open = self.column.find('{')?;
        let close = self.column.rfind('}').filter(|&close| close > open)?;
        Some((&self.column[..open], &self.column[open + 1..close], &self.column[close + 1..]))
    }
}

/// The instants a Warsaw day starts and the next one starts: `[start, end)`.
fn day_range(value: &str) -> Option<(chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>)> {
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

impl ListQuery {
    /// ` where …` (or ` and …` after `already_where`) for the filters, values bound.
    pub fn push_where(&self, qb: &mut QueryBuilder<'_, Postgres>, already_where: bool) {
        for (i, f) in self.filters.iter().enumerate() {
            qb.push(if i == 0 && !already_where { " where " } else { " and " });
            match f.field.condition() {
                Some((before, subject, after)) => {
                    qb.push(before);
                    push_comparison(qb, subject, f);
                    qb.push(after);
                }
                None => push_comparison(qb, f.field.column, f),
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
        qb.push(" offset ").push_bind(self.offset());
    }

    /// ` limit … offset …` for the page and one row more, which tells whether a page
    /// follows without counting.
    pub fn push_page_and_next(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" limit ").push_bind(i64::from(self.per_page) + 1);
        qb.push(" offset ").push_bind(self.offset());
    }

    /// The rows before this page.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.per_page)
    }

    /// The pagination block for `total` matching rows.
    pub fn pagination(&self, total: i64) -> Pagination {
        let total = total.max(0) as u64;
        Pagination {
            page: self.page,
            per_page: self.per_page,
            total_count: total,
            page_count: total.div_ceil(u64::from(self.per_page)),
            total_count_estimated: false,
            has_more: None,
        }
    }

    /// The pagination block when `total` is an estimate, and whether a page follows
    /// this one (known for sure).
    pub fn estimated_pagination(&self, total: i64, has_more: bool) -> Pagination {
        Pagination { total_count_estimated: true, has_more: Some(has_more), ..self.pagination(total) }
    }
}

/// `subject op value` for one filter, its value bound.
fn push_comparison(qb: &mut QueryBuilder<'_, Postgres>, subject: &str, f: &Filter) {
    if f.field.kind == FieldType::Day {
        return push_days(qb, subject, f);
    }
    qb.push(subject).push(" ").push(f.op.sql()).push(" ");
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

/// A [`FieldType::Day`] filter as ranges of the timestamp `subject`.
fn push_days(qb: &mut QueryBuilder<'_, Postgres>, subject: &str, f: &Filter) {
    // Values were checked by `check_value`: every one is a day with a start and an end.
    let days: Vec<_> = f.value.split(',').filter_map(day_range).collect();
    let Some(&(start, end)) = days.first() else {
        qb.push("false");
        return;
    };
    match f.op {
        FilterOp::Lt => {
            qb.push(subject).push(" < ").push_bind(start);
        }
        FilterOp::Lte => {
            qb.push(subject).push(" < ").push_bind(end);
        }
        FilterOp::Gt => {
            qb.push(subject).push(" >= ").push_bind(end);
        }
        FilterOp::Gte => {
            qb.push(subject).push(" >= ").push_bind(start);
        }
        // `like` is refused for anything but text; `eq` is `in` with one day.
        FilterOp::Eq | FilterOp::In | FilterOp::Like => {
            qb.push("(");
            for (i, (start, end)) in days.into_iter().enumerate() {
                if i > 0 {
                    qb.push(" or ");
                }
                qb.push(subject).push(" >= ").push_bind(start);
                qb.push(" and ").push(subject).push(" < ").push_bind(end);
            }
            qb.push(")");
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
        // Days are written by `push_days`.
        FieldType::Day => qb.push_bind(day_range(v).map(|(start, _)| start).unwrap_or_default()),
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
        // Days are written by `push_days`.
        FieldType::Day => qb
            .push_bind(vs.iter().map(|v| day_range(v).map(|(start, _)| start).unwrap_or_default()).collect::<Vec<_>>()),
    };
}

/// The pagination block of a list answer: `{"page", "perPage", "totalCount", "pageCount"}`.
///
/// `totalCount` is exact, except on a list over a large table (the admin's orders) when
/// more rows match than it counts exactly (see `api_core::resource::Count`): then it is
/// the database's estimate, never below what is known for sure (the rows up to the end
/// of this page, and one more when a page follows; at most the rows before an empty page),
/// and two more keys say so: `"totalCountEstimated": true` and `"hasMore"`, whether a
/// page follows this one (always exact). Without them the total is exact and a page
/// follows when `page < pageCount`, so clients that read only the four keys still page
/// through the whole list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub page: u32,
    pub per_page: u32,
    /// The matching rows: exact unless `totalCountEstimated`.
    pub total_count: u64,
    pub page_count: u64,
    /// Present (and `true`) only when `totalCount` is an estimate.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    pub total_count_estimated: bool,
    /// Whether a page follows this one; present only with an estimated total.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub has_more: Option<bool>,
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
        let exact = serde_json::to_value(q.pagination(41)).unwrap();
        assert_eq!(exact, serde_json::json!({"page": 3, "perPage": 10, "totalCount": 41, "pageCount": 5}));
        let estimated = serde_json::to_value(q.estimated_pagination(12_345, true)).unwrap();
        assert_eq!(
            estimated,
            serde_json::json!({"page": 3, "perPage": 10, "totalCount": 12_345, "pageCount": 1235,
                "totalCountEstimated": true, "hasMore": true})
        );
    }

    const ORDERS: &[ListField] = &[
        ListField { name: "placed_day", column: "o.placed_at", kind: FieldType::Day },
        ListField {
            name: "ticket",
            column: "exists (select 1 from tickets t where t.order_id = o.id and {t.number})",
            kind: FieldType::Text,
        },
    ];
    const ORDER_SPEC: ListSpec = ListSpec { fields: ORDERS, default_order: "o.id" };

    fn where_of(query: &str) -> String {
        let q = raw(query).parse(ORDER_SPEC).unwrap();
        let mut qb = QueryBuilder::<Postgres>::new("select * from o");
        q.push_where(&mut qb, false);
        qb.sql().to_owned()
    }

    #[test]
    fn a_field_of_related_rows_is_a_condition_that_filters_but_does_not_sort() {
        assert_eq!(
            where_of("filter[ticket][eq]=NK-1"),
            "select * from o where exists (select 1 from tickets t where t.order_id = o.id and t.number = $1)"
        );
        assert_eq!(
            where_of("filter[ticket][in]=NK-1,NK-2&filter[ticket][like]=NK"),
            "select * from o where exists (select 1 from tickets t where t.order_id = o.id and t.number = any ($1)) \
             and exists (select 1 from tickets t where t.order_id = o.id and t.number ilike $2)"
        );
        assert!(matches!(raw("sort=ticket").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
        assert!(matches!(raw("sort=-ticket").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
    }

    #[test]
    fn a_day_is_a_range_of_warsaw_time() {
        assert_eq!(
            where_of("filter[placed_day][eq]=2026-07-10"),
            "select * from o where (o.placed_at >= $1 and o.placed_at < $2)"
        );
        assert_eq!(where_of("filter[placed_day][gte]=2026-07-10"), "select * from o where o.placed_at >= $1");
        assert_eq!(where_of("filter[placed_day][lte]=2026-07-10"), "select * from o where o.placed_at < $1");
        assert_eq!(
            where_of("filter[placed_day][in]=2026-07-10,2026-07-12"),
            "select * from o where (o.placed_at >= $1 and o.placed_at < $2 or o.placed_at >= $3 and o.placed_at < $4)"
        );
        let summer = day_range("2026-07-10").unwrap();
        assert_eq!(
            (summer.0.to_rfc3339(), summer.1.to_rfc3339()),
            ("2026-07-09T22:00:00+00:00".into(), "2026-07-10T22:00:00+00:00".into())
        );
        // The day the clocks go back has 25 hours.
        let autumn = day_range("2026-10-25").unwrap();
        assert_eq!(autumn.1 - autumn.0, chrono::Duration::hours(25));
        for bad in ["2026-02-30", "10.07.2026", "2026-07-10 00:00:00", ""] {
            let query = format!("filter[placed_day][eq]={bad}");
            assert!(matches!(raw(&query).parse(ORDER_SPEC), Err(ApiError::Validation { .. })), "{bad}");
        }
        assert!(matches!(raw("filter[placed_day][like]=2026").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
    }
}
