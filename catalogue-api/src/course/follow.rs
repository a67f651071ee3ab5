//! Waiting for a course's row to follow its seat inventory.
//!
//! Once a course's inventory is open, its seats are the stream's: the `course_seats`
//! projection copies them into `courses.seats` ([`projections::course_seats`]). A save
//! that decided them waits here, briefly, until that projection has passed the newest
//! event of the course's stream, so the list an admin reloads right after shows what was
//! decided. The save answers the decided seats either way: when the projector lags, or
//! runs in another process that is down, the row follows as soon as it catches up.

use api_core::ApiError;
use event_store::EventStore;
use projections::course_seats::CourseSeatsProjection;
use projections::Projection;
use sqlx::PgPool;
use uuid::Uuid;

use command_api::streams::course_stream;

/// Wait until course `id`'s row reflects every event of its stream so far, for at most
/// [`command_api::visible::PATIENCE`]; whether it does.
#[tracing::instrument(skip(pool, store))]
pub async fn row_follows(pool: &PgPool, store: &dyn EventStore, id: Uuid) -> Result<bool, ApiError> {
    command_api::visible::after_write(pool, store, &course_stream(id)?, CourseSeatsProjection.name()).await
}
