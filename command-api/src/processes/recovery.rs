//! Recovery of placements interrupted by a crash.
//!
//! The placement process records itself in `placements` before its first step and
//! removes the row when it is done (order recorded, or its steps undone). A row older
//! than [`STALE_AFTER`] belongs to a process that died. The sweep burns its order id
//! (`OrderAbandoned`, expected: no stream) — if the order stream exists, the order was
//! recorded and only the row is left to remove — then releases the seats it may have
//! held and gives back the coupon value it may have spent. Every step is idempotent
//! (derived release and refund ids), so a sweep that dies too is simply run again.

use std::time::Duration;

use api_core::ApiError;
use batching::Batcher;
use domain::ids::{abandon_command_id, placement_undo_id};
use domain::order::{self, AbandonOrder};
use domain::seat_inventory::{ReleaseReason, ReleaseSeats};
use event_store::Metadata;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::holds::Holds;
use crate::streams::order_stream;
use crate::CommandState;

/// A placement still running after this long is taken for dead.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// [`STALE_AFTER`], or `PLACEMENT_STALE_SECONDS` from the environment (tests). The
/// processes [`super::resume`] finishes go stale after as long.
pub(crate) fn stale_after() -> Duration {
    stale_after_or(STALE_AFTER)
}

/// `PLACEMENT_STALE_SECONDS` from the environment (tests, which kill a process and want
/// its successor to take over at once), or `default`: when a process's durable record
/// is taken for dead.
pub fn stale_after_or(default: Duration) -> Duration {
    std::env::var("PLACEMENT_STALE_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(default, Duration::from_secs)
}

/// Record a placement before its first step; answers once the record is committed.
/// Concurrent placements share one insert ([`Started`]).
pub async fn start(
    state: &CommandState,
    order_id: Uuid,
    courses: &[Uuid],
    holds: &[Uuid],
    coupon: Option<&str>,
) -> Result<(), ApiError> {
    let record = Started {
        order_id,
        course_ids: courses.to_vec(),
        hold_ids: holds.to_vec(),
        coupon_code: coupon.map(domain::coupon::normalize_code),
    };
    state
        .placements
        .started
        .submit(record)
        .await
        .map_err(|e| ApiError::Unavailable(format!("recording the placement: {e}")))
}

/// A placement's record, as inserted into `placements`.
#[derive(Debug, Clone, serde::Serialize)]
struct Started {
    order_id: Uuid,
    course_ids: Vec<Uuid>,
    hold_ids: Vec<Uuid>,
    coupon_code: Option<String>,
}

/// Insert the records of placements that started at about the same time, in one
/// statement. A record already there (a retried placement) is left as it is.
async fn insert_started(pool: PgPool, ahead: bool, records: Vec<Started>) -> Result<(), String> {
    let rows = serde_json::to_value(&records).map_err(|e| e.to_string())?;
    // With `ahead`: the seats' hold comes next, in this database, and its commit flushes
    // this record.
    let ahead = if ahead { format!("cross join {}", event_store::postgres::COMMIT_AHEAD) } else { String::new() };
    sqlx::query(&format!(
        "insert into placements (order_id, course_ids, hold_ids, coupon_code) \
         select order_id, course_ids, hold_ids, coupon_code from jsonb_populate_recordset(null::placements, $1) {ahead} \
         on conflict (order_id) do nothing"
    ))
    .bind(rows)
    .execute(&pool)
    .await
    .map(|_| ())
    .map_err(|e| e.to_string())
}

/// The placements' records: new ones inserted and finished ones removed in batches.
pub struct Placements {
    started: Batcher<Started, String>,
    finished: Batcher<Uuid, String>,
}

/// Writers taking turns at the placements' inserts, and the most records one insert
/// carries; the same for the deletes of finished ones.
const START_WRITERS: usize = 2;
const START_BATCH: usize = 256;
const FINISH_WRITERS: usize = 1;
const FINISH_BATCH: usize = 512;

impl Placements {
    /// `ahead`: the events go to this database, so a record may commit without waiting
    /// for its flush ([`event_store::postgres::COMMIT_AHEAD`]).
    pub fn new(pool: &PgPool, ahead: bool) -> Self {
        let (insert_pool, delete_pool) = (pool.clone(), pool.clone());
        Placements {
            started: Batcher::new(START_WRITERS, START_BATCH, move |records| {
                insert_started(insert_pool.clone(), ahead, records)
            }),
            finished: Batcher::new(FINISH_WRITERS, FINISH_BATCH, move |order_ids| {
                remove_all(delete_pool.clone(), order_ids)
            }),
        }
    }
}

/// The placement is over (either way): its row goes, in a batched delete the customer
/// does not wait for. A row that is never removed (the process stopped first, or the
/// delete failed) only means the sweep will look at it later and find nothing to undo, or
/// undo again what is already undone (every undo step is idempotent).
pub fn finish(state: &CommandState, order_id: Uuid) {
    state.placements.finished.push(order_id);
}

/// Remove one placement's row now.
async fn remove(pool: &PgPool, order_id: Uuid) {
    let _ = remove_all(pool.clone(), vec![order_id]).await;
}

async fn remove_all(pool: PgPool, order_ids: Vec<Uuid>) -> Result<(), String> {
    sqlx::query("delete from placements where order_id = any($1)").bind(&order_ids).execute(&pool).await.map_err(
        |e| {
            tracing::warn!(count = order_ids.len(), error = %e, "could not remove finished placements");
            e.to_string()
        },
    )?;
    Ok(())
}

/// A row of `placements`: the order, its courses and holds, its coupon.
type PlacementRow = (Uuid, Vec<Uuid>, Vec<Uuid>, Option<String>);

/// Undo every placement that has been running for longer than `stale`. Answers how many
/// were abandoned.
pub async fn sweep(state: &CommandState, stale: Duration) -> Result<usize, ApiError> {
    let rows: Vec<PlacementRow> = sqlx::query_as(
        "select order_id, course_ids, hold_ids, coupon_code from placements \
         where started_at < now() - make_interval(secs => $1) order by started_at limit 500",
    )
    .bind(stale.as_secs_f64())
    .fetch_all(&state.pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("reading placements: {e}")))?;
    let mut abandoned = 0;
    for (order_id, courses, holds, coupon) in rows {
        if abandon(state, order_id, &courses, &holds, coupon.as_deref()).await? {
            abandoned += 1;
        }
        remove(&state.pool, order_id).await;
    }
    Ok(abandoned)
}

/// Burn the order id and give back what the placement took. `false` when the order was
/// recorded after all (nothing to undo).
async fn abandon(
    state: &CommandState,
    order_id: Uuid,
    courses: &[Uuid],
    holds: &[Uuid],
    coupon: Option<&str>,
) -> Result<bool, ApiError> {
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: chrono::Utc::now(), ..Metadata::default() };
    let stream = order_stream(order_id)?;
    let command = AbandonOrder { order_id, reason: "the placement was interrupted".into() };
    let command_id = abandon_command_id(order_id);
    match aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_abandon(&command, o)
    })
    .await
    {
        Ok(_) => {}
        Err(ExecuteError::Refused(_)) => return Ok(false),
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    }
    tracing::warn!(%order_id, "an interrupted placement was abandoned; giving its seats and coupon back");
    let release_id = placement_undo_id(order_id);
    let seat_holds = Holds::new(state, metadata.clone());
    for (course_id, hold_id) in courses.iter().zip(holds) {
        let release = ReleaseSeats { hold_id: *hold_id, release_id, seats: None, reason: ReleaseReason::Abandoned };
        // A hold that was never made is nothing to release.
        match seat_holds.release(*course_id, release).await {
            Ok(_) => {}
            Err(e) => tracing::debug!(%order_id, %course_id, error = %e, "no seats to release"),
        }
    }
    if let Some(code) = coupon {
        crate::coupons::refund_spend(state, code, order_id, release_id).await?;
    }
    Ok(true)
}

/// Sweep every few seconds until `shutdown`: the placements, then the changes of course
/// ([`super::course_changes`]).
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    super::every(Duration::from_secs(1).min(stale_after()), shutdown, || async {
        if let Err(e) = sweep(&state, stale_after()).await {
            tracing::warn!(error = %e, "placement recovery sweep failed");
        }
        if let Err(e) = super::course_changes::sweep(&state, stale_after()).await {
            tracing::warn!(error = %e, "course change recovery sweep failed");
        }
    })
    .await
}
