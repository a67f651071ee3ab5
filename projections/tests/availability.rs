//! The `availability` projection through the runner, against PostgreSQL: rows from the
//! seat-inventory events, and the same table after a replay or a rebuild.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use domain::seat_inventory::{
    capacity_event_id, opened_event_id, stream_name, ReleaseReason, SeatInventoryEvent, Stop,
};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::availability::AvailabilityProjection;
use projections::{RebuildOutcome, Runner, RunnerConfig};
use sqlx::PgPool;
use uuid::Uuid;

type Row = (Uuid, i64, DateTime<Utc>, i32, Vec<i32>, Vec<i64>, i64);

fn runner(pool: &PgPool) -> (Arc<dyn EventStore>, Runner) {
    let store: Arc<dyn EventStore> = Arc::new(PgEventStore::new(pool.clone()));
    let config = RunnerConfig {
        batch_size: 3,
        max_backoff: Duration::from_millis(200),
        verify_interval: Duration::from_millis(100),
        // As the projector runs them: batches commit without waiting for the flush.
        durable: false,
    };
    (store.clone(), Runner::new(store, pool.clone(), config))
}

fn departure(n: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap() + chrono::Duration::hours(i64::from(n))
}

async fn append(store: &dyn EventStore, course: Uuid, expected: ExpectedVersion, id: Uuid, event: SeatInventoryEvent) {
    let stream = StreamName::parse(stream_name(course)).unwrap();
    let new = NewEvent::json(id, event.event_type(), &event, Metadata::default()).unwrap();
    store.append(&stream, expected, vec![new]).await.unwrap();
}

/// Open a course with `stops` stops (waypoints 100, 101, …, 30 minutes apart).
async fn open(store: &dyn EventStore, n: u32, seats: u32, stops: usize) -> Uuid {
    let course = Uuid::new_v4();
    let stops = (0..stops).map(|i| Stop { waypoint_id: 100 + i as i64, minutes_from_start: i as u32 * 30 }).collect();
    let event = SeatInventoryEvent::InventoryOpened {
        course_id: course,
        route_id: 7,
        departure_at: departure(n),
        seats,
        stops,
    };
    append(store, course, ExpectedVersion::NoStream, opened_event_id(course), event).await;
    course
}

async fn table(pool: &PgPool) -> Vec<Row> {
    sqlx::query_as(
        "select course_id, route_id, departure_at, seats, segment_loads, stop_ids, version \
         from rm_course_availability order by course_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_opened_inventory_has_empty_segments_between_its_stops(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let course = open(store.as_ref(), 0, 49, 4).await;

    runner.catch_up(&AvailabilityProjection).await.unwrap();

    assert_eq!(table(&pool).await, vec![(course, 7, departure(0), 49, vec![0, 0, 0], vec![100, 101, 102, 103], 0)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_keeps_the_minutes_of_its_stops(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let course = open(store.as_ref(), 0, 49, 3).await;

    runner.catch_up(&AvailabilityProjection).await.unwrap();

    let minutes: Vec<i32> = sqlx::query_scalar("select stop_minutes from rm_course_availability where course_id = $1")
        .bind(course)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(minutes, vec![0, 30, 60], "the minutes its inventory was opened with, stop by stop");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn other_streams_are_ignored(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let order = StreamName::parse(format!("order-{}", Uuid::new_v4())).unwrap();
    let placed =
        NewEvent::json(Uuid::new_v4(), "OrderPlaced", &serde_json::json!({"n": 1}), Metadata::default()).unwrap();
    store.append(&order, ExpectedVersion::NoStream, vec![placed]).await.unwrap();
    let course = open(store.as_ref(), 0, 10, 2).await;

    runner.catch_up(&AvailabilityProjection).await.unwrap();

    assert_eq!(table(&pool).await.iter().map(|r| r.0).collect::<Vec<_>>(), vec![course]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_capacity_change_sets_the_seats(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let course = open(store.as_ref(), 0, 49, 3).await;
    let changed = SeatInventoryEvent::CapacityChanged { course_id: course, previous_seats: 49, seats: 57 };
    append(store.as_ref(), course, ExpectedVersion::Exact(0), capacity_event_id(course, 0, 57), changed).await;

    runner.catch_up(&AvailabilityProjection).await.unwrap();

    assert_eq!(table(&pool).await, vec![(course, 7, departure(0), 57, vec![0, 0], vec![100, 101, 102], 1)]);
}

/// Several courses, in batches of 3, with a capacity change in the middle of a batch.
async fn history(store: &dyn EventStore) {
    let mut courses = Vec::new();
    for n in 0..7 {
        courses.push(open(store, n, 40 + n, 2 + n as usize % 3).await);
    }
    let changed = SeatInventoryEvent::CapacityChanged { course_id: courses[2], previous_seats: 42, seats: 30 };
    append(store, courses[2], ExpectedVersion::Exact(0), capacity_event_id(courses[2], 0, 30), changed).await;
    open(store, 9, 12, 5).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn replaying_every_event_again_gives_the_same_table(pool: PgPool) {
    let (store, runner) = runner(&pool);
    history(store.as_ref()).await;
    runner.catch_up(&AvailabilityProjection).await.unwrap();
    let first = table(&pool).await;
    assert_eq!(first.len(), 8);

    // Back to the start, rows kept: every event is offered again.
    sqlx::query("update projection_checkpoints set position = null where name = 'availability'")
        .execute(&pool)
        .await
        .unwrap();
    let read = runner.catch_up(&AvailabilityProjection).await.unwrap();

    assert_eq!(read, 9);
    assert_eq!(table(&pool).await, first);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_rebuild_gives_the_same_table(pool: PgPool) {
    let (store, runner) = runner(&pool);
    history(store.as_ref()).await;
    runner.catch_up(&AvailabilityProjection).await.unwrap();
    let first = table(&pool).await;

    let outcome = runner.rebuild(&AvailabilityProjection).await.unwrap();

    assert_eq!(outcome, RebuildOutcome::Rebuilt { events: 9 });
    assert_eq!(table(&pool).await, first);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_replayed_opening_does_not_undo_later_facts(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let course = open(store.as_ref(), 0, 49, 3).await;
    runner.catch_up(&AvailabilityProjection).await.unwrap();
    // Loads as a later event (of the booking work) would leave them, at a later version.
    sqlx::query("update rm_course_availability set segment_loads = '{5,9}', version = 3 where course_id = $1")
        .bind(course)
        .execute(&pool)
        .await
        .unwrap();

    sqlx::query("update projection_checkpoints set position = null where name = 'availability'")
        .execute(&pool)
        .await
        .unwrap();
    runner.catch_up(&AvailabilityProjection).await.unwrap();

    assert_eq!(table(&pool).await[0].4, vec![5, 9]);
}

/// Two holds on overlapping stretches, one confirmed and partly released: the segments
/// carry the held seats less the released ones, after a replay and a rebuild too.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn holds_load_the_segments_of_their_stretch_and_releases_free_them(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let course = open(store.as_ref(), 0, 49, 4).await;
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let held = |hold_id, from, to, seats| SeatInventoryEvent::SeatsHeld {
        course_id: course,
        hold_id,
        from,
        to,
        seats,
        expires_at: departure(0),
    };
    append(store.as_ref(), course, ExpectedVersion::Exact(0), Uuid::new_v4(), held(a, 0, 2, 3)).await;
    append(store.as_ref(), course, ExpectedVersion::Exact(1), Uuid::new_v4(), held(b, 1, 3, 2)).await;
    runner.catch_up(&AvailabilityProjection).await.unwrap();
    assert_eq!(table(&pool).await[0].4, vec![3, 5, 2]);

    let confirmed = SeatInventoryEvent::HoldConfirmed { course_id: course, hold_id: a };
    append(store.as_ref(), course, ExpectedVersion::Exact(2), Uuid::new_v4(), confirmed).await;
    let released = SeatInventoryEvent::SeatsReleased {
        course_id: course,
        hold_id: a,
        release_id: Uuid::new_v4(),
        from: 0,
        to: 2,
        seats: 1,
        reason: ReleaseReason::Returned,
    };
    append(store.as_ref(), course, ExpectedVersion::Exact(3), Uuid::new_v4(), released).await;
    runner.catch_up(&AvailabilityProjection).await.unwrap();

    let row = &table(&pool).await[0];
    assert_eq!((row.4.clone(), row.6), (vec![2, 4, 2], 4));

    // Replayed from the start, rows kept: the loads stay the same.
    sqlx::query("update projection_checkpoints set position = null where name = 'availability'")
        .execute(&pool)
        .await
        .unwrap();
    runner.catch_up(&AvailabilityProjection).await.unwrap();
    assert_eq!(table(&pool).await[0].4, vec![2, 4, 2]);
    runner.rebuild(&AvailabilityProjection).await.unwrap();
    assert_eq!(table(&pool).await[0].4, vec![2, 4, 2]);
}
