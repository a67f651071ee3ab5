//! Batched reads and writes of read-model rows, as JSON.
//!
//! The booking projections fold a whole batch in memory: they load the rows the batch
//! touches in one statement ([`load`]), apply the events to them (skipping every event
//! whose stream version the row already reflects), and write the changed rows back in
//! one statement per table ([`upsert`]). A row travels as a JSON object whose keys are
//! the table's columns (`to_jsonb` one way, `jsonb_populate_recordset` the other), so a
//! row struct is the single description of its table's columns, and a batch of 5,000
//! events costs a handful of round trips rather than thousands.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sqlx::postgres::Postgres;
use sqlx::types::Json;
use sqlx::{Encode, PgConnection, Type};

use crate::ProjectionError;

/// The rows of `table` whose `key` is one of `keys`.
pub(crate) async fn load<T, K>(
    conn: &mut PgConnection,
    table: &str,
    key: &str,
    keys: Vec<K>,
) -> Result<Vec<T>, ProjectionError>
where
    T: DeserializeOwned + Send + Unpin + 'static,
    Vec<K>: for<'q> Encode<'q, Postgres> + Type<Postgres> + Send + 'static,
{
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<Json<T>> = sqlx::query_scalar(&format!("select to_jsonb(t) from {table} t where {key} = any($1)"))
        .bind(keys)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|Json(row)| row).collect())
}

/// The keys to read before folding a batch: those of `touched` that did not start in it.
/// An entity whose first event (`started`) is in the batch is complete when folded from
/// that event, and the upsert's version guard leaves a row that is already there (a
/// replay) alone, so reading it would be wasted work.
pub(crate) fn begun_earlier<K: Ord>(touched: impl Iterator<Item = K>, started: impl Iterator<Item = K>) -> Vec<K> {
    let started: BTreeSet<K> = started.collect();
    touched.filter(|k| !started.contains(k)).collect::<BTreeSet<_>>().into_iter().collect()
}

/// Insert `rows` into `table`, or update the row with the same `conflict` key when its
/// `version` is older. Every field of `T` must be a column of `table` (and every column
/// a field: an absent one would be written as null).
pub(crate) async fn upsert<T: Serialize>(
    conn: &mut PgConnection,
    projection: &'static str,
    table: &str,
    conflict: &str,
    rows: &[T],
) -> Result<(), ProjectionError> {
    let Some(first) = rows.first() else { return Ok(()) };
    let columns: Vec<String> = match serde_json::to_value(first) {
        Ok(serde_json::Value::Object(fields)) => fields.keys().cloned().collect(),
        _ => return Err(ProjectionError::Handler { projection, reason: format!("a {table} row is not an object") }),
    };
    // The column names are our own struct's field names, never input.
    let set = columns.join(", ");
    let excluded = columns.iter().map(|c| format!("excluded.{c}")).collect::<Vec<_>>().join(", ");
    sqlx::query(&format!(
        "insert into {table} select * from jsonb_populate_recordset(null::{table}, $1) \
         on conflict ({conflict}) do update set ({set}) = row({excluded}) \
         where {table}.version < excluded.version"
    ))
    .bind(Json(rows))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Insert `rows` into `table`; rows whose key is there already are left alone (for
/// append-only tables, such as an order's history).
pub(crate) async fn insert_new<T: Serialize>(
    conn: &mut PgConnection,
    table: &str,
    rows: &[T],
) -> Result<(), ProjectionError> {
    if rows.is_empty() {
        return Ok(());
    }
    sqlx::query(&format!(
        "insert into {table} select * from jsonb_populate_recordset(null::{table}, $1) on conflict do nothing"
    ))
    .bind(Json(rows))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::begun_earlier;

    #[test]
    fn only_keys_that_began_before_the_batch_are_read_once_each_in_order() {
        let touched = [3, 1, 2, 3, 1, 4];
        assert_eq!(begun_earlier(touched.into_iter(), [2, 4].into_iter()), vec![1, 3]);
        assert_eq!(begun_earlier(touched.into_iter(), std::iter::empty()), vec![1, 2, 3, 4]);
    }
}
