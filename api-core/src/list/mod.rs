//! The list conventions (docs/conventions.md, 'Lists'): `page`, `per-page`, `sort` (`-field` for
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

mod query;
mod sql;

pub use query::{ListQuery, RawListQuery};

use serde::Serialize;

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
mod tests;
