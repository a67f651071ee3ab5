//! A process killed in the middle of an admin's course save (`coach serve` with a
//! failpoint, aborted at the step as a power cut would): on restart the save is finished
//! by the sweep of the process that runs next, never left half-way (the seats decided on
//! the course's stream and the sale on its row, both or neither); and a course created
//! by hand whose seat inventory never opened is opened, so it is for sale.

use serde_json::json;

use super::crash::start;
use super::crash_change::{served, Served};
use super::*;
use crate::helpers::wait_ready;

/// The course row's `sale_open`, and whether a save of it is still recorded.
async fn sale_and_record(app: &BookingApp, course: Uuid) -> (bool, i64) {
    let sale: bool = sqlx::query_scalar("select sale_open from courses where id = $1")
        .bind(course)
        .fetch_one(&app.pool)
        .await
        .expect("the course");
    let recorded: i64 = sqlx::query_scalar("select count(*) from course_saves where course_id = $1")
        .bind(course)
        .fetch_one(&app.pool)
        .await
        .expect("records");
    (sale, recorded)
}

/// Send a request to a process that dies at its failpoint: it gets no answer.
async fn send_and_die(doomed: &mut tokio::process::Child, request: reqwest::RequestBuilder) {
    let answer = request.send().await;
    assert!(answer.is_err(), "the process died mid-request: {answer:?}");
    assert!(!doomed.wait().await.expect("exit status").success(), "aborted");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_save_killed_between_the_seats_and_the_sale_is_finished_on_restart(pool: PgPool) {
    let Served { app, url, port } = served(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;

    let mut doomed = start(&url, port, Some("course-save-after-seats"));
    wait_ready(&app.client, port).await;
    let save = app
        .client
        .put(app.url(&format!("/api/course/course/save?id={course}")))
        .bearer_auth(&app.admin_token)
        .json(&json!({ "seats": 20, "sale_open": false }));
    send_and_die(&mut doomed, save).await;
    assert_eq!(app.loads(course).await.0, 20, "the stream decided the seats before the process died");
    assert_eq!(sale_and_record(&app, course).await, (true, 1), "the sale is not stopped yet; the save is recorded");

    // The next process finishes the save: the sale stops, the record goes, the seats stay.
    let _restarted = start(&url, port, None);
    wait_ready(&app.client, port).await;
    eventually("the save to be finished", || async { sale_and_record(&app, course).await == (false, 0) }).await;
    assert_eq!(app.loads(course).await.0, 20);
    // The row's seats are the `course_seats` projection's copy of the stream: the sweep
    // that finished the save does not wait for it, so the row follows at its own pace.
    let listed = || async {
        sqlx::query_scalar::<_, i32>("select seats from courses where id = $1")
            .bind(course)
            .fetch_one(&app.pool)
            .await
            .expect("row")
    };
    eventually("the row to follow the stream", || async { listed().await == 20 }).await;
    assert_eq!(listed().await, 20, "the row follows the stream");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_created_and_killed_before_its_inventory_opened_is_opened_on_restart(pool: PgPool) {
    let Served { app, url, port } = served(pool).await;
    let line = line(&app.pool).await;
    let departure = (tomorrow() + chrono::Duration::hours(3)).to_rfc3339();

    let mut doomed = start(&url, port, Some("course-create-after-row"));
    wait_ready(&app.client, port).await;
    let create = app
        .client
        .post(app.url("/api/course/course/save"))
        .bearer_auth(&app.admin_token)
        .json(&json!({ "route_id": line.route_id, "departure_at": departure, "seats": 12 }));
    send_and_die(&mut doomed, create).await;
    let (course, opened): (Uuid, bool) =
        sqlx::query_as("select id, inventory_opened_at is not null from courses where route_id = $1")
            .bind(line.route_id)
            .fetch_one(&app.pool)
            .await
            .expect("the row was written before the process died");
    assert!(!opened, "its inventory did not open");

    let _restarted = start(&url, port, None);
    wait_ready(&app.client, port).await;
    eventually("the inventory to open", || async {
        sqlx::query_scalar::<_, bool>("select inventory_opened_at is not null from courses where id = $1")
            .bind(course)
            .fetch_one(&app.pool)
            .await
            .expect("row")
    })
    .await;
    assert_eq!(app.loads(course).await, (12, vec![0, 0]), "open with the seats asked for, none taken");
    // For sale: an order takes a seat on it.
    let order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.loads(course).await.1, vec![1, 1]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_refused_save_writes_nothing_and_leaves_no_record(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 2).await;
    let order = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");

    // One seat, with two taken, and the sale stopped in the same save: refused as a whole.
    let save = json!({ "seats": 1, "sale_open": false });
    let answer = app
        .client
        .put(app.url(&format!("/api/course/course/save?id={course}")))
        .bearer_auth(&app.admin_token)
        .json(&save)
        .send()
        .await
        .expect("answer");
    let (status, refused) = body(answer).await;
    assert_eq!((status, &refused["errors"][0]["code"]), (422, &json!("inventory.below_taken")), "{refused}");
    assert_eq!(app.loads(course).await.0, 2, "the seats stay");
    assert_eq!(sale_and_record(&app, course).await, (true, 0), "the sale stays open; nothing is left to finish");
}
