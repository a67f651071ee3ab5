//! An admin's save of a course's seats and sale, as a process that finishes after a crash.
//!
//! The save writes to two stores no transaction spans: the seats are the course's event
//! stream's (opened first if the course has no inventory yet, then `CapacityChanged`), the
//! sale is the row's `sale_open`. A process that died between them used to leave the
//! seats changed and the sale not. Now the save is recorded in `course_saves` before its
//! first write ([`record`]), its steps run ([`apply`]) and the record goes when the save is
//! over ([`close`]); a record left behind is finished by the [`super::recovery`] sweep of
//! whichever process runs next. Every step can run twice: the seats are decided again on
//! the stream's state (an equal capacity appends nothing), the inventory's opening event
//! id is derived from the course id, and the row is set to the recorded values.
//!
//! A save the seat inventory refuses (fewer seats than are taken) is over too: the record
//! goes and nothing else is written, neither by the request nor by a sweep.

use std::collections::HashMap;

use api_core::resource::map_db;
use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::seat_inventory::Stop;
use sqlx::PgPool;
use uuid::Uuid;

use super::inventory::{self, route_stops, PendingCourse};
use command_api::CommandState;

/// One save, as recorded before its first write.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct CourseSave {
    pub course_id: Uuid,
    pub save_id: Uuid,
    /// The seats asked for; `None` keeps the stream's.
    pub seats: Option<i32>,
    pub sale_open: bool,
    pub user_id: Uuid,
}

/// Record the save before its first write. A save of the same course still recorded
/// (another admin's, or one left by a crash) is replaced: the later save is the one asked.
pub async fn record(pool: &PgPool, save: &CourseSave) -> Result<(), ApiError> {
    sqlx::query(
        "insert into course_saves (course_id, save_id, seats, sale_open, user_id) values ($1, $2, $3, $4, $5) \
         on conflict (course_id) do update set save_id = excluded.save_id, seats = excluded.seats, \
           sale_open = excluded.sale_open, user_id = excluded.user_id, started_at = now()",
    )
    .bind(save.course_id)
    .bind(save.save_id)
    .bind(save.seats)
    .bind(save.sale_open)
    .bind(save.user_id)
    .execute(pool)
    .await
    .map_err(|e| map_db(e, &[]))?;
    Ok(())
}

/// Remove the record of this attempt (not a later save's that replaced it).
pub async fn close(pool: &PgPool, save: &CourseSave) -> Result<(), ApiError> {
    sqlx::query("delete from course_saves where course_id = $1 and save_id = $2")
        .bind(save.course_id)
        .bind(save.save_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// The course as the save needs it.
#[derive(sqlx::FromRow)]
struct Row {
    route_id: i64,
    departure_at: DateTime<Utc>,
    seats: i32,
    opened: bool,
}

/// Run the save's steps: open the inventory if it is not open yet, decide the seats on
/// the stream, set the sale on the row. Each step is idempotent, so a sweep runs them all
/// again after a crash at any point.
pub async fn apply(state: &CommandState, save: &CourseSave) -> Result<(), ApiError> {
    let row: Option<Row> = sqlx::query_as(
        "select route_id, departure_at, seats, inventory_opened_at is not null as opened from courses where id = $1",
    )
    .bind(save.course_id)
    .fetch_optional(&state.pool)
    .await?;
    let Some(row) = row else { return Err(ApiError::NotFound(format!("no course with id {}", save.course_id))) };
    if !row.opened {
        open(state, save, &row).await?;
    }
    if let Some(seats) = save.seats {
        // The stream decides; nothing is appended when it has these seats already.
        inventory::change_capacity(state, save.course_id, u32::try_from(seats).unwrap_or(0), save.user_id).await?;
    }
    command_api::failpoint("course-save-after-seats");
    sqlx::query("update courses set sale_open = $2, updated_at = now() where id = $1")
        .bind(save.course_id)
        .bind(save.sale_open)
        .execute(&state.pool)
        .await
        .map_err(|e| map_db(e, &[]))?;
    Ok(())
}

/// Open a course's inventory with the seats asked for (the row holds the seats it is to
/// be opened with, unless the projection has written it already: another write opened
/// it meanwhile).
async fn open(state: &CommandState, save: &CourseSave, row: &Row) -> Result<(), ApiError> {
    let seats = save.seats.unwrap_or(row.seats);
    sqlx::query("update courses set seats = $2 where id = $1 and seats_version is null")
        .bind(save.course_id)
        .bind(seats)
        .execute(&state.pool)
        .await
        .map_err(|e| map_db(e, &[]))?;
    let stops = route_stops(&state.pool, &[row.route_id]).await?;
    let course = PendingCourse { id: save.course_id, route_id: row.route_id, departure_at: row.departure_at, seats };
    open_one(state, course, &stops, save.user_id).await
}

/// Open one course's inventory; a refusal by the seat-inventory rules (its route lost its
/// stops) is the route's field error.
pub(super) async fn open_one(
    state: &CommandState,
    course: PendingCourse,
    stops: &HashMap<i64, Vec<Stop>>,
    user: Uuid,
) -> Result<(), ApiError> {
    let opened = inventory::open(&state.pool, state.store.as_ref(), vec![course], stops, Some(user)).await?;
    match opened.refused.first() {
        Some((_, why)) => Err(ApiError::invalid_field("route_id", api_core::codes::FIELD_INVALID, &why.to_string())),
        None => Ok(()),
    }
}

/// Run a save: record it, apply it, and close it when it is over. A refusal closes it
/// (nothing was written); any other failure (the event store away) leaves it recorded,
/// and the sweep finishes what the admin asked.
pub async fn run(state: &CommandState, save: CourseSave) -> Result<(), ApiError> {
    record(&state.pool, &save).await?;
    match apply(state, &save).await {
        Ok(()) => close(&state.pool, &save).await,
        Err(e) if is_refusal(&e) => {
            close(&state.pool, &save).await?;
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// Whether the save was refused by a rule (a 4xx), as opposed to failing on the way.
fn is_refusal(e: &ApiError) -> bool {
    e.status().is_client_error()
}

/// Finish the saves recorded longer than `stale_after` ago (their process died, or its
/// store failed); how many were closed.
#[tracing::instrument(skip(state))]
pub async fn sweep(state: &CommandState, stale_after: std::time::Duration) -> Result<usize, ApiError> {
    let stale = stale_after.as_secs_f64();
    let saves: Vec<CourseSave> = sqlx::query_as(
        "select course_id, save_id, seats, sale_open, user_id from course_saves \
         where started_at < now() - make_interval(secs => $1) order by started_at limit 100",
    )
    .bind(stale)
    .fetch_all(&state.pool)
    .await?;
    let mut closed = 0;
    for save in saves {
        match apply(state, &save).await {
            Ok(()) => tracing::info!(course = %save.course_id, "finished a course save a crash interrupted"),
            Err(e) if is_refusal(&e) => {
                tracing::warn!(course = %save.course_id, error = %e, "a course save left by a crash is refused now")
            }
            Err(e) => return Err(e),
        }
        close(&state.pool, &save).await?;
        closed += 1;
    }
    Ok(closed)
}
