//! Sealing the events stored before sealing existed: the personal values of the policy's
//! event types still in plain text are sealed in place in the PostgreSQL store's
//! `es_events` (a subject erased before is written erased), a page at a time in the
//! store's order. Idempotent: a sealed value is never sealed again, so a run that stops
//! is simply run again (or resumed `after` the last position it printed).
//!
//! In place rather than copy-and-replace: the PostgreSQL store is the product's own table,
//! the event's id, stream, version and position stay, and no reader sees a stream twice.
//! KurrentDB cannot change a stored event; its copy-and-replace is not built.

use sqlx::PgPool;

use crate::keys::{KeyError, Keyring};
use crate::policy;
use crate::transform::{Plan, TransformError};

#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("the event store's table: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Keys(#[from] KeyError),
    #[error("event at {seq}: {source}")]
    Event { seq: i64, source: TransformError },
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Migrated {
    /// Events of the policy's types read.
    pub read: u64,
    /// Events whose plain values were sealed (or written erased).
    pub sealed: u64,
    /// The last position read (`es_events.seq`), to resume after.
    pub last: i64,
}

/// Seals every plain personal value of the events after `after` (`es_events.seq`), `page`
/// events a transaction. `keys` is the keyring the app seals with.
pub async fn seal_stored(pool: &PgPool, keys: &Keyring, after: i64, page: i64) -> Result<Migrated, MigrateError> {
    let types: Vec<&str> = policy::EVENT_TYPES.to_vec();
    let mut done = Migrated { last: after, ..Migrated::default() };
    loop {
        let rows: Vec<(i64, String, String)> = sqlx::query_as(
            "select seq, event_type, data::text from es_events
             where seq > $1 and event_type = any($2) order by seq limit $3",
        )
        .bind(done.last)
        .bind(&types)
        .bind(page)
        .fetch_all(pool)
        .await?;
        let Some((last, _, _)) = rows.last() else { return Ok(done) };
        let last = *last;
        let mut plans = Vec::new();
        let mut subjects = Vec::new();
        for (seq, event_type, data) in rows {
            done.read += 1;
            if let Some(plan) = Plan::new(&event_type, &data).map_err(|source| MigrateError::Event { seq, source })? {
                subjects.extend(plan.subjects().iter().cloned());
                plans.push((seq, plan));
            }
        }
        subjects.sort();
        subjects.dedup();
        let keyed = keys.to_seal(&subjects).await?;
        let mut tx = pool.begin().await?;
        for (seq, plan) in plans {
            let sealed = plan.seal(&keyed).map_err(|source| MigrateError::Event { seq, source })?;
            sqlx::query("update es_events set data = $2::json where seq = $1")
                .bind(seq)
                .bind(sealed)
                .execute(&mut *tx)
                .await?;
            done.sealed += 1;
        }
        tx.commit().await?;
        done.last = last;
    }
}
