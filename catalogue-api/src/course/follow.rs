//! Waiting for a course's row to follow its seat inventory.
//!
//! Once a course's inventory is open, its seats are the stream's: the `course_seats`
//! projection copies them into `courses.seats` ([`projections::course_seats`]). A save
//! that decided them waits here, briefly, until that projection has passed the newest
//! event of the course's stream, so the list an admin reloads right after shows what was
//! decided. The save answers the decided seats either way: when the projector lags, or
//! runs in another process that is down, the row follows as soon as it catches up.

use std::time::Duration;

use api_core::ApiError;
use event_store::{Direction, EventStore, Position, ReadFrom, StoreError};
use projections::course_seats::CourseSeatsProjection;
use projections::Projection;
use sqlx::PgPool;
use uuid::Uuid;

use command_api::streams::course_stream;

/// How long a save waits for the row at most.
const PATIENCE: Duration = Duration::from_secs(3);
/// How often it looks.
const PAUSE: Duration = Duration::from_millis(15);

/// Where the newest event of course `id`'s stream is, if it has any.
async fn newest(store: &dyn EventStore, id: Uuid) -> Result<Option<Position>, ApiError> {
    let stream = course_stream(id)?;
    match store.read_stream(&stream, ReadFrom::End, Direction::Backwards, 1).await {
        Ok(events) => Ok(events.first().map(|e| e.position)),
        Err(StoreError::StreamNotFound(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Wait until course `id`'s row reflects every event of its stream so far, for at most
/// [`PATIENCE`]; whether it does.
#[tracing::instrument(skip(pool, store))]
pub async fn row_follows(pool: &PgPool, store: &dyn EventStore, id: Uuid) -> Result<bool, ApiError> {
    let Some(position) = newest(store, id).await? else { return Ok(true) };
    let name = CourseSeatsProjection.name();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let reached = projections::reached(pool, name, position)
            .await
            .map_err(|e| ApiError::Internal(format!("reading the {name} checkpoint: {e}")))?;
        if reached {
            return Ok(true);
        }
        if tokio::time::Instant::now() >= deadline {
            tracing::warn!(course = %id, "the course row has not followed its seat inventory yet");
            return Ok(false);
        }
        tokio::time::sleep(PAUSE).await;
    }
}
