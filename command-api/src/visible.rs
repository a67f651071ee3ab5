//! Read your writes: a command whose caller reads the result from a read model next (the
//! admin's list reloaded after a save, a client that fetches what it just created) waits
//! here, briefly, until that read model's projection has passed the newest event of the
//! stream it wrote. The answer is the same either way: when the projector lags, or runs
//! in another process that is down, the row follows as soon as it catches up.

use std::time::Duration;

use api_core::ApiError;
use event_store::{Direction, EventStore, Position, ReadFrom, StoreError, StreamName};
use sqlx::PgPool;

/// How long a write waits for its read model at most.
pub const PATIENCE: Duration = Duration::from_secs(3);

/// Where the newest event of `stream` is, if it has any.
pub async fn newest(store: &dyn EventStore, stream: &StreamName) -> Result<Option<Position>, ApiError> {
    match store.read_stream(stream, ReadFrom::End, Direction::Backwards, 1).await {
        Ok(events) => Ok(events.first().map(|e| e.position)),
        Err(StoreError::StreamNotFound(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Waits until projection `projection` shows every event of `stream` so far, for at most
/// [`PATIENCE`]; whether it does (a lag past it is logged, not refused).
pub async fn after_write(
    pool: &PgPool,
    store: &dyn EventStore,
    stream: &StreamName,
    projection: &str,
) -> Result<bool, ApiError> {
    let Some(position) = newest(store, stream).await? else { return Ok(true) };
    let reached = projections::wait_until_reached(pool, projection, position, PATIENCE)
        .await
        .map_err(|e| ApiError::Internal(format!("reading the {projection} checkpoint: {e}")))?;
    if !reached {
        tracing::warn!(stream = %stream, projection, "the read model has not caught up with the write yet");
    }
    Ok(reached)
}
