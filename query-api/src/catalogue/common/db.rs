//! PostgreSQL helpers: one list query per resource ([`fetch_page`]), one row by id
//! ([`fetch_by_id`]), a delete by id ([`delete_by_id`]), and constraint violations turned
//! into answers a client can act on ([`map_db`]), never a `500`.

use api_core::list::{ListQuery, Page};
use api_core::{ApiError, FieldError};
use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgPool, Postgres, QueryBuilder};

/// `select {columns} from {from} where {id_column} = $1`, or a `404` naming `what`.
pub async fn fetch_by_id<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    id_column: &str,
    id: i64,
    what: &str,
) -> Result<T, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    sqlx::query_as(&format!("select {columns} from {from} where {id_column} = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no {what} with id {id}")))
}

/// Delete row `id` of `table`: a `404` naming `what` when there is none, and `rules`
/// for the constraints that still reference it (answered `409`).
#[tracing::instrument(skip(pool, rules))]
pub async fn delete_by_id(
    pool: &PgPool,
    table: &str,
    id: i64,
    rules: &[Rule],
    what: &str,
) -> Result<super::Deleted, ApiError> {
    let done = sqlx::query(&format!("delete from {table} where id = $1"))
        .bind(id)
        .execute(pool)
        .await
        .map_err(|e| map_db(e, rules))?;
    if done.rows_affected() == 0 {
        return Err(ApiError::NotFound(format!("no {what} with id {id}")));
    }
    Ok(super::Deleted { id })
}

/// One page of `select {columns} from {from}` with the list's filters, order and page,
/// and the count of every matching row.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page<T>(pool: &PgPool, columns: &str, from: &str, q: &ListQuery) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let filtered = |select: &str| {
        let mut qb = QueryBuilder::<Postgres>::new(format!("select {select} from {from}"));
        q.push_where(&mut qb, false);
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
pub enum Rule {
    /// `422` naming the field.
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
                let error = FieldError::new(*field, *message).with_code(api_core::codes::FIELD_CONFLICT);
                ApiError::Validation { message: message.to_string(), errors: vec![error] }
            }
            Rule::Conflict { message, .. } => {
                ApiError::Conflict(message.to_string()).with_code(api_core::codes::IN_USE)
            }
        };
    }
    match db.code().as_deref() {
        Some("23503") => ApiError::Conflict("this record is still used by other records".into()),
        Some("23505") => ApiError::Conflict("such a record exists already".into()),
        Some("23514") => ApiError::Validation { message: "a value is out of range".into(), errors: vec![] },
        _ => err.into(),
    }
}
