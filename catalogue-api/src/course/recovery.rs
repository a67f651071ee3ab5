//! Recovery of course rows whose seat inventory never opened, and of admins' saves a
//! crash interrupted ([`super::save_process`]).
//!
//! A course is written in two steps that no transaction can span (a row in the catalogue,
//! then the stream `course-{id}` in the event store, which may be KurrentDB): the row
//! first, so a stream never exists without its row. A crash (or an event-store failure)
//! after the row leaves a course that is not for sale until its inventory opens. A
//! generate of its route or a save of the course opens it; this sweep does it without
//! anyone having to: every [`PERIOD`] it opens the inventory of each future course whose
//! row has waited longer than [`STALE_AFTER`] (a write still in flight gets time to
//! finish; racing it would be harmless anyway, since opening is idempotent: the event
//! id is derived from the course id).

use std::time::Duration;

use api_core::ApiError;
use event_store::EventStore;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use super::inventory::{self, route_stops, PendingCourse};
use command_api::CommandState;

/// How often the sweep looks.
pub const PERIOD: Duration = Duration::from_secs(5);
/// How long a row waits for its own write to open its inventory before the sweep does.
pub const STALE_AFTER: Duration = Duration::from_secs(30);
/// The most courses opened per round.
const ROUND: i64 = 5_000;

/// Open the inventory of every future course left unopened for longer than
/// `stale_after`; how many were opened. Refusals (a route that lost its stops) stay
/// pending, as they do after a generate.
#[tracing::instrument(skip(pool, store))]
pub async fn sweep(pool: &PgPool, store: &dyn EventStore, stale_after: Duration) -> Result<usize, ApiError> {
    let stale = i64::try_from(stale_after.as_secs()).unwrap_or(i64::MAX);
    let pending: Vec<PendingCourse> = sqlx::query_as(
        "select id, route_id, departure_at, seats from courses \
         where inventory_opened_at is null and departure_at > now() \
           and created_at < now() - make_interval(secs => $1) \
         order by departure_at limit $2",
    )
    .bind(stale as f64)
    .bind(ROUND)
    .fetch_all(pool)
    .await?;
    if pending.is_empty() {
        return Ok(0);
    }
    let routes: Vec<i64> = pending.iter().map(|c| c.route_id).collect();
    let stops = route_stops(pool, &routes).await?;
    let opened = inventory::open(pool, store, pending, &stops, None).await?;
    for (course, why) in &opened.refused {
        tracing::debug!(%course, reason = %why, "a course's seat inventory cannot be opened");
    }
    if opened.opened > 0 {
        tracing::info!(opened = opened.opened, "opened the seat inventories of courses left unopened");
    }
    Ok(opened.opened)
}

/// Run [`sweep`], then the sweep of interrupted saves ([`super::save_process::sweep`]),
/// every [`PERIOD`] until `shutdown`. Both take a record for dead after [`STALE_AFTER`]
/// (`PLACEMENT_STALE_SECONDS` in tests).
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    let stale = command_api::processes::recovery::stale_after_or(STALE_AFTER);
    command_api::processes::every(PERIOD.min(stale.max(Duration::from_secs(1))), shutdown, || async {
        if let Err(e) = sweep(&state.pool, state.store.as_ref(), stale).await {
            tracing::warn!(error = %e, "the sweep of unopened seat inventories failed");
        }
        if let Err(e) = super::save_process::sweep(&state, stale).await {
            tracing::warn!(error = %e, "the sweep of interrupted course saves failed");
        }
    })
    .await;
}
