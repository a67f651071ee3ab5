//! PostgreSQL helpers of every list and CRUD endpoint: one page of a list
//! ([`fetch_page`]), and broken constraints turned into answers a client can act on
//! ([`map_db`]), never a `500`.

use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::list::{ListQuery, Page};
use crate::{ApiError, FieldError};

/// Which rows a list may show at all, before the client's filters.
#[derive(Debug, Clone, Copy, Default)]
pub enum Scope<'a> {
    /// Every row.
    #[default]
    All,
    /// A fixed condition (SQL without values), e.g. guests see only current banners.
    Where(&'a str),
    /// Only the rows whose `column` is this id (one user's orders), the value bound.
    Owner(&'a str, Uuid),
}

/// One page of `select {columns} from {from}` within `scope`, with the list's filters,
/// order and page, and the count of every matching row.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    scope: Scope<'_>,
    q: &ListQuery,
) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let filtered = |select: &str| {
        let mut qb = QueryBuilder::<Postgres>::new(format!("select {select} from {from}"));
        match scope {
            Scope::All => {}
            Scope::Where(condition) => {
                qb.push(" where ").push(condition);
            }
            Scope::Owner(column, id) => {
                qb.push(" where ").push(column).push(" = ").push_bind(id);
            }
        }
        q.push_where(&mut qb, !matches!(scope, Scope::All));
        qb
    };
    let total: i64 = filtered("count(*)").build_query_scalar().fetch_one(pool).await?;
    let mut rows = filtered(columns);
    q.push_order(&mut rows);
    q.push_page(&mut rows);
    let models = rows.build_query_as::<T>().fetch_all(pool).await?;
    Ok(Page { models, pagination: q.pagination(total) })
}

/// What a broken constraint means to the client.
#[derive(Debug, Clone, Copy)]
pub enum Rule {
    /// `422` naming the field (a unique rule: "this stop is on the route already").
    Field { constraint: &'static str, field: &'static str, message: &'static str },
    /// `409` (something still refers to the row).
    Conflict { constraint: &'static str, message: &'static str },
}

impl Rule {
    fn constraint(&self) -> &'static str {
        match self {
            Rule::Field { constraint, .. } | Rule::Conflict { constraint, .. } => constraint,
        }
    }
}

/// `err` as the answer its constraint calls for; constraints not in `rules` still
/// answer `409` (unique, foreign key) or `422` (check) rather than `500`.
pub fn map_db(err: sqlx::Error, rules: &[Rule]) -> ApiError {
    let Some(db) = err.as_database_error() else { return err.into() };
    if let Some(rule) = db.constraint().and_then(|name| rules.iter().find(|r| r.constraint() == name)) {
        return match rule {
            Rule::Field { field, message, .. } => {
                let error = FieldError::new(*field, *message).with_code(crate::codes::FIELD_CONFLICT);
                ApiError::Validation { message: message.to_string(), errors: vec![error] }
            }
            Rule::Conflict { message, .. } => ApiError::Conflict(message.to_string()).with_code(crate::codes::IN_USE),
        };
    }
    match db.code().as_deref() {
        Some("23503") => ApiError::Conflict("this record is still used by other records".into()),
        Some("23505") => ApiError::Conflict("such a record exists already".into()),
        Some("23514") => ApiError::Validation { message: "a value is out of range".into(), errors: vec![] },
        _ => err.into(),
    }
}
