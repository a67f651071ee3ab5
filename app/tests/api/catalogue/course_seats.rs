//! A course's seats have one source of truth, its seat-inventory stream: the row follows
//! it (the `course_seats` projection), so a write that dies half-way (the decision
//! appended, nothing after it) leaves nothing apart once the projection catches up. And
//! a course row whose inventory never opened (the process died between the two) is
//! opened by the recovery sweep, with the row's seats.

use std::time::Duration;

use chrono::{DateTime, Utc};
use command_api::aggregate::{self, InventoryAgg};
use domain::seat_inventory::{decide_change_capacity, stream_name, ChangeCapacity};
use event_store::postgres::PgEventStore;
use event_store::{Metadata, StreamName};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::helpers::{spawn_app, TestApp};
use super::support::{data, in_days, network, warsaw};
use crate::helpers::eventually;

/// Change course `id`'s seats the way the save does (load, decide, append on its
/// stream), and stop there, as a process that dies right after the append.
async fn decide_seats_and_die(app: &TestApp, id: &str, seats: u32) {
    let course_id: Uuid = id.parse().unwrap();
    let store = PgEventStore::new(app.pool.clone());
    let stream = StreamName::parse(stream_name(course_id)).unwrap();
    let cmd = ChangeCapacity { course_id, seats };
    aggregate::execute::<InventoryAgg, _, _>(&store, &stream, Uuid::now_v7(), &Metadata::default(), |state| {
        decide_change_capacity(&cmd, state)
    })
    .await
    .unwrap();
}

async fn row_seats(app: &TestApp, id: &str) -> i32 {
    sqlx::query_scalar("select seats from courses where id = $1::uuid").bind(id).fetch_one(&app.pool).await.unwrap()
}

/// The seats the stream decided last (the newest `InventoryOpened` or `CapacityChanged`).
async fn stream_seats(app: &TestApp, id: &str) -> i64 {
    sqlx::query_scalar(
        "select (data->>'seats')::bigint from es_events where stream_id = $1 \
         and event_type in ('InventoryOpened', 'CapacityChanged') order by version desc limit 1",
    )
    .bind(format!("course-{id}"))
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_seat_change_that_died_after_its_append_reaches_the_row(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    decide_seats_and_die(&app, &id, 57).await;

    eventually("the row to follow the stream", || async { row_seats(&app, &id).await == 57 }).await;
    assert_eq!(stream_seats(&app, &id).await, 57);
    let shown = data(app.get(&format!("/course/course/one?id={id}"), None).await).await;
    assert_eq!(shown["seats"], 57);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_save_that_leaves_the_seats_out_keeps_the_streams(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    decide_seats_and_die(&app, &id, 57).await;

    let saved =
        data(app.put(&format!("/course/course/save?id={id}"), &json!({"sale_open": false}), app.admin()).await).await;

    assert_eq!((saved["seats"].clone(), saved["sale_open"].clone()), (json!(57), json!(false)));
    assert_eq!(stream_seats(&app, &id).await, 57, "the stream's seats are not set back from a stale row");
    assert_eq!(row_seats(&app, &id).await, 57);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn after_a_seat_change_the_row_and_the_stream_agree(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let saved = data(app.put(&format!("/course/course/save?id={id}"), &json!({"seats": 40}), app.admin()).await).await;

    assert_eq!(saved["seats"], 40);
    let shown = data(app.get(&format!("/course/course/one?id={id}"), None).await).await;
    assert_eq!((shown["seats"].clone(), stream_seats(&app, &id).await), (json!(40), 40));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn new_seats_for_a_course_opened_behind_the_rows_back_go_through_its_stream(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    // Opened with the row's seats by another write (the sweep, or a save that died
    // before marking the row).
    let id = app.opened_behind_the_rows_back(&net).await;

    let saved = data(app.put(&format!("/course/course/save?id={id}"), &json!({"seats": 35}), app.admin()).await).await;

    let id = id.to_string();
    assert_eq!((saved["seats"].clone(), saved["inventory_opened"].clone()), (json!(35), json!(true)));
    assert_eq!(stream_seats(&app, &id).await, 35);
    eventually("the row to follow the stream", || async { row_seats(&app, &id).await == 35 }).await;
}

/// A course row as a create or a generate leaves it when the process dies before the
/// stream is opened, written `age` ago.
async fn unopened_course(pool: &PgPool, route: i64, departure_at: DateTime<Utc>, age: &str) -> Uuid {
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into courses (id, route_id, departure_at, seats, created_at) \
         values ($1, $2, $3, 30, now() - $4::interval)",
    )
    .bind(id)
    .bind(route)
    .bind(departure_at)
    .bind(age)
    .execute(pool)
    .await
    .unwrap();
    id
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// The whole application (its timers and projector running), as started after a crash.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_row_whose_inventory_never_opened_is_opened_without_anyone_asking(pool: PgPool) {
    let line = crate::booking::line(&pool).await;
    let id = unopened_course(&pool, line.route_id, warsaw(in_days(1), 8, 0), "1 minute").await;

    let app = crate::booking::spawn(pool).await;

    let opened = format!("select count(*) from courses where id = '{id}' and inventory_opened_at is not null");
    eventually("the sweep to open the inventory", || async { count(&app.pool, &opened).await == 1 }).await;
    let events = format!("select count(*) from es_events where stream_id = 'course-{id}'");
    assert_eq!(count(&app.pool, &events).await, 1);
    let seats = format!(
        "select (data->>'seats')::bigint from es_events where stream_id = 'course-{id}' and event_type = 'InventoryOpened'"
    );
    assert_eq!(count(&app.pool, &seats).await, 30);
    let row: i32 =
        sqlx::query_scalar("select seats from courses where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(row, 30);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_sweep_leaves_a_fresh_row_to_its_own_write_and_past_courses_alone(pool: PgPool) {
    let line = crate::booking::line(&pool).await;
    let fresh = unopened_course(&pool, line.route_id, warsaw(in_days(1), 8, 0), "0 seconds").await;
    let past = unopened_course(&pool, line.route_id, Utc::now() - chrono::Duration::days(1), "1 day").await;
    let stale = unopened_course(&pool, line.route_id, warsaw(in_days(2), 8, 0), "1 hour").await;
    let store = PgEventStore::new(pool.clone());

    let opened = catalogue_api::course::recovery::sweep(&pool, &store, Duration::from_secs(30)).await.unwrap();

    assert_eq!(opened, 1);
    let unopened: Vec<Uuid> =
        sqlx::query_scalar("select id from courses where inventory_opened_at is null order by departure_at")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(unopened, [past, fresh]);
    let stale_events = format!("select count(*) from es_events where stream_id = 'course-{stale}'");
    assert_eq!(count(&pool, &stale_events).await, 1);
}
