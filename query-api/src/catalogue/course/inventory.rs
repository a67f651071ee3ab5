//! The seat inventory of courses, in the event store: opening the stream `course-{id}`
//! when a course is created, and changing its seats.
//!
//! Order of writes, and why: the course row is committed first, then the stream is
//! opened (`ExpectedVersion::NoStream`, the event id derived from the course id), then
//! the row is marked `inventory_opened_at`. If the append fails, the row stays unmarked
//! and unsold; opening it again later (generate, or a save of the course) appends the
//! event, or, when the first append did land but the mark did not, appends nothing
//! (same event id, same place: the store answers the first append's result).

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::seat_inventory::{
    capacity_event_id, decide_change_capacity, decide_open, evolve, opened_event_id, stream_name, ChangeCapacity,
    ChangeCapacityError, OpenInventory, OpenInventoryError, SeatInventory, SeatInventoryEvent, Stop,
};
use event_store::{Direction, EventStore, ExpectedVersion, Metadata, NewEvent, ReadFrom, StoreError, StreamName};
use futures::StreamExt;
use sqlx::PgPool;
use uuid::Uuid;

/// Appends in flight at once while opening many inventories.
const PARALLEL_APPENDS: usize = 8;
/// Events read per page when loading an inventory.
const READ_PAGE: usize = 1_000;

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
    let events = decide_open(&cmd, &SeatInventory::Unopened).map_err(Failure::Refused)?;
    let stream = StreamName::parse(stream_name(course.id)).map_err(Failure::Store)?;
    let new = events
        .iter()
        .map(|e| NewEvent::json(opened_event_id(course.id), e.event_type(), e, metadata(user)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::Store)?;
    store.append(&stream, ExpectedVersion::NoStream, new).await.map_err(Failure::Store)?;
    Ok(())
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

/// The inventory of a course as its events leave it, and the stream's version.
#[tracing::instrument(skip(store))]
pub async fn load(store: &dyn EventStore, course_id: Uuid) -> Result<(SeatInventory, Option<u64>), ApiError> {
    let stream = StreamName::parse(stream_name(course_id))?;
    let (mut state, mut version, mut from) = (SeatInventory::Unopened, None, ReadFrom::Start);
    loop {
        let page = match store.read_stream(&stream, from, Direction::Forwards, READ_PAGE).await {
            Ok(page) => page,
            Err(StoreError::StreamNotFound(_)) => return Ok((state, version)),
            Err(e) => return Err(e.into()),
        };
        for e in &page {
            state = evolve(state, &e.decode::<SeatInventoryEvent>()?);
            version = Some(e.version);
        }
        match (page.len() < READ_PAGE, version) {
            (false, Some(v)) => from = ReadFrom::Version(v + 1),
            _ => return Ok((state, version)),
        }
    }
}

/// Give an opened course `seats` seats (never below what is taken). Nothing is appended
/// when the seats do not change; a concurrent change answers `409`.
#[tracing::instrument(skip(store))]
pub async fn change_capacity(store: &dyn EventStore, course_id: Uuid, seats: u32, user: Uuid) -> Result<(), ApiError> {
    let (state, version) = load(store, course_id).await?;
    let user = Some(user);
    let events = decide_change_capacity(&ChangeCapacity { course_id, seats }, &state).map_err(|e| match e {
        ChangeCapacityError::NoSeats | ChangeCapacityError::BelowTaken { .. } => {
            ApiError::invalid_field("seats", &e.to_string())
        }
        ChangeCapacityError::NotOpened => ApiError::Internal(format!("course {course_id} has no seat inventory")),
    })?;
    let Some(version) = version else { return Ok(()) };
    if events.is_empty() {
        return Ok(());
    }
    let new = events
        .iter()
        .map(|e| NewEvent::json(capacity_event_id(course_id, version, seats), e.event_type(), e, metadata(user)))
        .collect::<Result<Vec<_>, _>>()?;
    store.append(&StreamName::parse(stream_name(course_id))?, ExpectedVersion::Exact(version), new).await?;
    Ok(())
}
