//! The seat inventory of courses as the catalogue changes it: opening the stream
//! `course-{id}` when a course is created, and changing its seats.
//!
//! Both go through the command side's one path, never a copy of it: opening is
//! [`aggregate::execute_new`] (the stream is new, so one append and no read; generating
//! opens thousands), a change of seats goes through the course's single writer
//! ([`crate::writer`]), where the booking's holds of that course are decided too, so an
//! admin's change and the orders of the moment are decided one after the other on one
//! state.
//!
//! Order of writes, and why: the course row is committed first, then the stream is
//! opened, then the row is marked `inventory_opened_at`. If the append fails, the row
//! stays unmarked and unsold; opening it again later (generate, or a save of the course)
//! appends the event, or, when the first append did land but the mark did not, appends
//! nothing: the command id is derived from the course id, so the repeat carries the same
//! event id and the store answers it as done (and a stream found open under another event
//! id, `OpenInventoryError::AlreadyOpened`, counts as opened too). Nobody has to ask:
//! the [`super::recovery`] sweep opens what was left unopened.
//!
//! Seats: the row's `seats` are what the inventory opens with; after that only the
//! stream changes them ([`change_capacity`]) and the `course_seats` projection copies
//! them into the row.

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::seat_inventory::{
    decide_change_capacity, decide_open, stream_name, ChangeCapacity, ChangeCapacityError, OpenInventory,
    OpenInventoryError, SeatInventory, Stop,
};
use event_store::{EventStore, Metadata, StoreError, StreamName};
use futures::StreamExt;
use sqlx::PgPool;
use uuid::Uuid;

use command_api::aggregate::{self, ExecuteError, InventoryAgg};
use command_api::streams::course_stream;
use command_api::CommandState;

/// Appends in flight at once while opening many inventories.
const PARALLEL_APPENDS: usize = 8;

/// A course whose inventory is to be opened.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct PendingCourse {
    pub id: Uuid,
    pub route_id: i64,
    pub departure_at: DateTime<Utc>,
    pub seats: i32,
}

/// What opening a set of inventories did.
#[derive(Debug, Default)]
pub struct Opened {
    pub opened: usize,
    /// Courses the seat-inventory rules refused (e.g. their route lost its stops).
    pub refused: Vec<(Uuid, OpenInventoryError)>,
}

/// The stops of each route, in order, with their minutes.
#[tracing::instrument(skip(pool))]
pub async fn route_stops(pool: &PgPool, route_ids: &[i64]) -> Result<HashMap<i64, Vec<Stop>>, ApiError> {
    let rows: Vec<(i64, i64, i32)> = sqlx::query_as(
        "select route_id, waypoint_id, minutes_from_start from route_waypoints \
         where route_id = any($1) order by route_id, position",
    )
    .bind(route_ids)
    .fetch_all(pool)
    .await?;
    let mut stops: HashMap<i64, Vec<Stop>> = HashMap::new();
    for (route_id, waypoint_id, minutes) in rows {
        let minutes_from_start = u32::try_from(minutes).unwrap_or(0);
        stops.entry(route_id).or_default().push(Stop { waypoint_id, minutes_from_start });
    }
    Ok(stops)
}

/// The courses of these routes whose inventory is not open yet.
#[tracing::instrument(skip(pool))]
pub async fn pending(pool: &PgPool, route_ids: &[i64]) -> Result<Vec<PendingCourse>, ApiError> {
    Ok(sqlx::query_as(
        "select id, route_id, departure_at, seats from courses \
         where inventory_opened_at is null and route_id = any($1) order by departure_at",
    )
    .bind(route_ids)
    .fetch_all(pool)
    .await?)
}

fn metadata(user: Option<Uuid>) -> Metadata {
    Metadata { user_id: user.map(|u| u.to_string()), occurred_at: Utc::now(), ..Metadata::default() }
}

/// The id of the command that opens course `course_id`'s inventory: the same for every
/// attempt, so a repeated opening carries the same event id.
fn open_command_id(course_id: Uuid) -> Uuid {
    Uuid::new_v5(&course_id, b"open-inventory")
}

enum Failure {
    Refused(OpenInventoryError),
    Store(StoreError),
}

async fn open_one(
    store: &dyn EventStore,
    course: PendingCourse,
    stops: Option<&Vec<Stop>>,
    user: Option<Uuid>,
) -> Result<(), Failure> {
    let cmd = OpenInventory {
        course_id: course.id,
        route_id: course.route_id,
        departure_at: course.departure_at,
        seats: u32::try_from(course.seats).unwrap_or(0),
        stops: stops.cloned().unwrap_or_default(),
    };
    let stream = StreamName::parse(stream_name(course.id)).map_err(Failure::Store)?;
    let decided = aggregate::execute_new::<InventoryAgg, _, _>(
        store,
        &stream,
        open_command_id(course.id),
        &metadata(user),
        |state| decide_open(&cmd, state),
    )
    .await;
    match decided {
        Ok(_) | Err(ExecuteError::Refused(OpenInventoryError::AlreadyOpened)) => Ok(()),
        Err(ExecuteError::Refused(why)) => Err(Failure::Refused(why)),
        Err(ExecuteError::Store(e)) => Err(Failure::Store(e)),
    }
}

/// Open the inventory of each course, then mark those opened. Refusals by the rules
/// are reported; the first store failure is returned after the successful ones are
/// marked (the others stay pending for the next attempt).
#[tracing::instrument(skip_all, fields(courses = courses.len()))]
pub async fn open(
    pool: &PgPool,
    store: &dyn EventStore,
    courses: Vec<PendingCourse>,
    stops: &HashMap<i64, Vec<Stop>>,
    user: Option<Uuid>,
) -> Result<Opened, ApiError> {
    let results: Vec<(Uuid, Result<(), Failure>)> = futures::stream::iter(courses)
        .map(|c| async move { (c.id, open_one(store, c, stops.get(&c.route_id), user).await) })
        .buffer_unordered(PARALLEL_APPENDS)
        .collect()
        .await;
    let mut outcome = Opened::default();
    let mut opened = Vec::new();
    let mut failure = None;
    for (id, result) in results {
        match result {
            Ok(()) => opened.push(id),
            Err(Failure::Refused(why)) => outcome.refused.push((id, why)),
            Err(Failure::Store(e)) => {
                tracing::warn!(course = %id, error = %e, "opening a seat inventory failed");
                failure.get_or_insert(e);
            }
        }
    }
    sqlx::query("update courses set inventory_opened_at = now() where id = any($1) and inventory_opened_at is null")
        .bind(&opened)
        .execute(pool)
        .await?;
    outcome.opened = opened.len();
    match failure {
        Some(e) => Err(e.into()),
        None => Ok(outcome),
    }
}

/// Give an opened course `seats` seats (never below what is taken), through the course's
/// single writer. Nothing is appended when the seats do not change.
#[tracing::instrument(skip(state))]
pub async fn change_capacity(state: &CommandState, course_id: Uuid, seats: u32, user: Uuid) -> Result<(), ApiError> {
    let stream = course_stream(course_id)?;
    let cmd = ChangeCapacity { course_id, seats };
    let decide = move |inventory: &SeatInventory| {
        decide_change_capacity(&cmd, inventory).map_err(|e| match e {
            ChangeCapacityError::NoSeats | ChangeCapacityError::BelowTaken { .. } => {
                ApiError::refusal_on("seats", domain::ErrorCode::code(&e), &e.to_string())
            }
            ChangeCapacityError::NotOpened => ApiError::Internal(format!("course {course_id} has no seat inventory")),
        })
    };
    // A new command each time: a repeated change decides "no change" on the new state.
    state.courses.submit(stream, Uuid::now_v7(), metadata(Some(user)), Box::new(decide)).await?;
    Ok(())
}
