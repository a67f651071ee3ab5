//! The `course_seats` projection through the runner, against PostgreSQL: a course row's
//! seats follow its seat-inventory stream, after a restart (a new runner resuming from
//! the checkpoint), a replay and a rebuild alike.

use std::sync::Arc;
use std::time::Duration;

use chrono::{TimeZone, Utc};
use domain::seat_inventory::{capacity_event_id, opened_event_id, stream_name, SeatInventoryEvent, Stop};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::course_seats::CourseSeatsProjection;
use projections::{RebuildOutcome, Runner, RunnerConfig};
use sqlx::PgPool;
use uuid::Uuid;

fn store(pool: &PgPool) -> Arc<dyn EventStore> {
    Arc::new(PgEventStore::new(pool.clone()))
}

/// A new runner, as a process (re)started.
fn runner(pool: &PgPool) -> Runner {
    let config = RunnerConfig {
        batch_size: 2,
        max_backoff: Duration::from_millis(200),
        verify_interval: Duration::from_millis(100),
        // As the projector runs them: batches commit without waiting for the flush.
        durable: false,
    };
    Runner::new(store(pool), pool.clone(), config)
}

async fn append(store: &dyn EventStore, course: Uuid, expected: ExpectedVersion, id: Uuid, event: SeatInventoryEvent) {
    let stream = StreamName::parse(stream_name(course)).unwrap();
    let new = NewEvent::json(id, event.event_type(), &event, Metadata::default()).unwrap();
    store.append(&stream, expected, vec![new]).await.unwrap();
}

/// A course row with `seats`, as the catalogue writes it, and its inventory opened with them.
async fn course(pool: &PgPool, seats: u32) -> Uuid {
    let route: i64 =
        sqlx::query_scalar("insert into routes (name) values ('R') returning id").fetch_one(pool).await.unwrap();
    let (id, departure_at) = (Uuid::new_v4(), Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap());
    sqlx::query("insert into courses (id, route_id, departure_at, seats) values ($1, $2, $3, $4)")
        .bind(id)
        .bind(route)
        .bind(departure_at)
        .bind(seats as i32)
        .execute(pool)
        .await
        .unwrap();
    let stops = vec![Stop { waypoint_id: 1, minutes_from_start: 0 }, Stop { waypoint_id: 2, minutes_from_start: 60 }];
    let opened = SeatInventoryEvent::InventoryOpened { course_id: id, route_id: route, departure_at, seats, stops };
    append(store(pool).as_ref(), id, ExpectedVersion::NoStream, opened_event_id(id), opened).await;
    id
}

async fn change(pool: &PgPool, id: Uuid, after: u64, previous_seats: u32, seats: u32) {
    let event = SeatInventoryEvent::CapacityChanged { course_id: id, previous_seats, seats };
    let event_id = capacity_event_id(id, after, seats);
    append(store(pool).as_ref(), id, ExpectedVersion::Exact(after), event_id, event).await;
}

async fn seats(pool: &PgPool, id: Uuid) -> (i32, Option<i64>) {
    sqlx::query_as("select seats, seats_version from courses where id = $1").bind(id).fetch_one(pool).await.unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_change_appended_before_a_crash_reaches_the_row_after_a_restart(pool: PgPool) {
    let id = course(&pool, 49).await;
    runner(&pool).catch_up(&CourseSeatsProjection).await.unwrap();
    assert_eq!(seats(&pool, id).await, (49, Some(0)));

    // The decision is appended; the process dies before anything else happens.
    change(&pool, id, 0, 49, 57).await;
    assert_eq!(seats(&pool, id).await.0, 49);

    runner(&pool).catch_up(&CourseSeatsProjection).await.unwrap();

    assert_eq!(seats(&pool, id).await, (57, Some(1)));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_newest_seats_win_in_one_batch_and_holds_leave_them(pool: PgPool) {
    let id = course(&pool, 49).await;
    change(&pool, id, 0, 49, 57).await;
    change(&pool, id, 1, 57, 40).await;
    let held = SeatInventoryEvent::SeatsHeld {
        course_id: id,
        hold_id: Uuid::new_v4(),
        from: 0,
        to: 1,
        seats: 2,
        expires_at: Utc::now(),
    };
    append(store(&pool).as_ref(), id, ExpectedVersion::Exact(2), Uuid::new_v4(), held).await;

    runner(&pool).catch_up(&CourseSeatsProjection).await.unwrap();

    assert_eq!(seats(&pool, id).await, (40, Some(2)));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_row_written_by_hand_is_set_right_by_a_rebuild_and_a_replay_changes_nothing(pool: PgPool) {
    let id = course(&pool, 49).await;
    change(&pool, id, 0, 49, 57).await;
    let runner = runner(&pool);
    runner.catch_up(&CourseSeatsProjection).await.unwrap();
    sqlx::query("update courses set seats = 3 where id = $1").bind(id).execute(&pool).await.unwrap();

    runner.catch_up(&CourseSeatsProjection).await.unwrap();
    assert_eq!(seats(&pool, id).await.0, 3, "nothing new: the row is not touched");

    let rebuilt = runner.rebuild(&CourseSeatsProjection).await.unwrap();

    assert!(matches!(rebuilt, RebuildOutcome::Rebuilt { .. }));
    assert_eq!(seats(&pool, id).await, (57, Some(1)));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn events_replayed_after_a_lost_checkpoint_change_nothing(pool: PgPool) {
    let id = course(&pool, 49).await;
    change(&pool, id, 0, 49, 57).await;
    runner(&pool).catch_up(&CourseSeatsProjection).await.unwrap();
    // As if the checkpoint had been lost after the rows committed: everything again.
    sqlx::query("update projection_checkpoints set position = null where name = 'course_seats'")
        .execute(&pool)
        .await
        .unwrap();
    // A mark to tell a write from none: the guard must keep every replayed event out.
    sqlx::query("update courses set seats = 3 where id = $1").bind(id).execute(&pool).await.unwrap();

    runner(&pool).catch_up(&CourseSeatsProjection).await.unwrap();

    assert_eq!(seats(&pool, id).await, (3, Some(1)));
}
