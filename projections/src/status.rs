//! How far behind the store each projection is: for `/metrics` and the status page.

use chrono::{DateTime, Utc};
use event_store::EventStore;
use serde::Serialize;
use sqlx::PgPool;

use crate::ProjectionError;

/// Lag figures are counted up to this many events; beyond it the count says "at least".
pub const LAG_COUNT_CAP: u64 = 1_000_000;

/// Where one projection stands.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ProjectionStatus {
    pub name: String,
    /// The checkpoint (opaque), `None` before the first batch.
    pub position: Option<String>,
    pub events_processed: i64,
    /// Events in the store after the checkpoint (at most [`LAG_COUNT_CAP`]).
    pub events_behind: u64,
    /// Age of the oldest event not yet applied; 0 when caught up.
    pub seconds_behind: f64,
    pub last_event_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct Row {
    name: String,
    position: Option<String>,
    events_processed: i64,
    last_event_at: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
}

/// The status of every projection that has a checkpoint, by name. Filtered projections
/// count every event after their checkpoint, so their lag is an upper bound; their
/// checkpoints move past the events they skip too (the runner's checkpointed
/// subscription), so the bound is close.
pub async fn status(pool: &PgPool, store: &dyn EventStore) -> Result<Vec<ProjectionStatus>, ProjectionError> {
    let rows: Vec<Row> = sqlx::query_as(
        "select name, position, events_processed, last_event_at, updated_at from projection_checkpoints order by name",
    )
    .fetch_all(pool)
    .await?;
    let positions =
        rows.iter().map(|row| row.position.as_deref().map(str::parse).transpose()).collect::<Result<Vec<_>, _>>()?;
    // Every checkpoint's lag in one ask: the store reads its end once for all of them.
    let lags = store.lag_after(&positions, LAG_COUNT_CAP).await?;
    let now = Utc::now();
    let mut out = Vec::with_capacity(rows.len());
    for (row, lag) in rows.into_iter().zip(lags) {
        let seconds_behind = if lag.events == 0 {
            0.0
        } else {
            // The oldest event not applied yet; if it is not readable yet (an older
            // transaction in flight), the head's age is a close lower bound.
            let at = match lag.oldest_at {
                Some(at) => Some(at),
                None => store.head().await?.map(|h| h.recorded_at),
            };
            at.map_or(0.0, |at| (now - at).num_microseconds().unwrap_or(i64::MAX).max(0) as f64 / 1e6)
        };
        out.push(ProjectionStatus {
            name: row.name,
            position: row.position,
            events_processed: row.events_processed,
            events_behind: lag.events,
            seconds_behind,
            last_event_at: row.last_event_at,
            updated_at: row.updated_at,
        });
    }
    Ok(out)
}
