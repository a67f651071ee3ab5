//! Database helpers: one list query per resource ([`fetch_page`]) and turning
//! constraint violations into answers about fields ([`on_constraint`]).

use api_core::list::{ListQuery, Page};
use api_core::{ApiError, FieldError};
use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgPool, Postgres, QueryBuilder};

/// One page of `select {columns} from {from}` with the list's filters, order and page,
/// and the count of every matching row. `restrict` is a fixed extra condition (SQL
/// without values) added for some callers, e.g. guests see only current banners.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    restrict: Option<&str>,
    q: &ListQuery,
) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let filtered = |select: &str| {
        let mut qb = QueryBuilder::<Postgres>::new(format!("select {select} from {from}"));
        if let Some(condition) = restrict {
            qb.push(" where ").push(condition);
        }
        q.push_where(&mut qb, restrict.is_some());
        qb
    };
    let total: i64 = filtered("count(*)").build_query_scalar().fetch_one(pool).await?;
    let mut rows = filtered(columns);
    q.push_order(&mut rows);
    q.push_page(&mut rows);
    let models = rows.build_query_as::<T>().fetch_all(pool).await?;
    Ok(Page { models, pagination: q.pagination(total) })
}

/// A constraint that a client can break, and what to tell them.
pub struct Constraint {
    pub name: &'static str,
    pub field: &'static str,
    pub message: &'static str,
}

/// `err` as a `422` naming the field when it broke one of `known`; otherwise as usual
/// (`500` for the unexpected).
pub fn on_constraint(err: sqlx::Error, known: &[Constraint]) -> ApiError {
    let broken =
        err.as_database_error().and_then(|e| e.constraint()).and_then(|name| known.iter().find(|c| c.name == name));
    match broken {
        Some(c) => {
            let error = FieldError::new(c.field, c.message).with_code(api_core::codes::FIELD_CONFLICT);
            ApiError::Validation { message: c.message.to_string(), errors: vec![error] }
        }
        None => err.into(),
    }
}
