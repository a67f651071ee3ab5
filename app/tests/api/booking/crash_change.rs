//! A process killed between the steps of a change of course (`coach serve` with a
//! failpoint, aborted at the step as a power cut would): on restart the change is either
//! finished (the order recorded it: the old seat goes back) or undone (it did not: the
//! new seat goes back, the registered payment is never asked for), never half-way. After
//! it, each course's seats add up (no seat held twice, none lost), and the ticket can be
//! changed again and paid once.

use domain::order::{Order, OrderState};
use serde_json::json;

use super::crash::start;
use super::*;
use crate::helpers::{free_port, wait_ready};

/// A running `coach serve` (killed on drop) and the test's view of it.
pub(super) struct Served {
    pub(super) app: BookingApp,
    pub(super) url: String,
    pub(super) port: u16,
}

pub(super) async fn served(pool: PgPool) -> Served {
    let url = crate::helpers::database_url(&pool);
    let port = free_port();
    let (user_id, user_token) = user(&pool, "jan@example.test", "User").await;
    let (_, admin_token) = user(&pool, "admin@example.test", "SuperAdmin").await;
    let app = BookingApp {
        address: format!("http://127.0.0.1:{port}"),
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client"),
        store: privacy::SealingStore::over_postgres(pool.clone()),
        pool,
        admin_token,
        user_token,
        user_id,
        data_dir: std::env::temp_dir(),
        _running: crate::helpers::Running::elsewhere(),
    };
    Served { app, url, port }
}

/// A paid order of one ticket A → C on `course`, bought by the logged-in user: its id and the ticket's number.
async fn paid_ticket(app: &BookingApp, line: &Line, course: Uuid) -> (Uuid, String) {
    let order = booking(course, line, 0, 2, json!([{ "qty": 1 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let state = placed_order(app, order_id).await;
    (order_id, state.tickets[0].ticket.number.clone())
}

async fn placed_order(app: &BookingApp, order_id: Uuid) -> OrderState {
    match app.order(order_id).await {
        Order::Placed(state) => *state,
        other => panic!("the order is placed: {other:?}"),
    }
}

/// Ask for the change on a process that dies at its failpoint: the request gets no answer.
async fn change_and_die(served: &Served, doomed: &mut tokio::process::Child, number: &str, to: Uuid) {
    let change = json!({ "number": number, "course_id": to });
    let answer = served
        .app
        .client
        .post(served.app.url("/api/order/order/change-course"))
        .bearer_auth(&served.app.user_token)
        .json(&change)
        .send()
        .await;
    assert!(answer.is_err(), "the process died mid-request: {answer:?}");
    let status = doomed.wait().await.expect("exit status");
    assert!(!status.success(), "aborted");
}

/// The ticket's course now, whether it was changed, and whether a change waits for its payment.
async fn ticket_now(app: &BookingApp, order_id: Uuid, number: &str) -> (Uuid, bool, bool) {
    let order = placed_order(app, order_id).await;
    let ticket = order.ticket_by_number(number).expect("the ticket");
    (ticket.course.course_id, ticket.course_changed, ticket.pending_change.is_some())
}

async fn change(app: &BookingApp, number: &str, to: Uuid) -> (u16, Value) {
    let change = json!({ "number": number, "course_id": to });
    body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_change_killed_after_holding_the_new_seat_is_undone_on_restart(pool: PgPool) {
    let served = served(pool).await;
    let app = &served.app;
    let line = line(&app.pool).await;
    let first = course(app, &line, tomorrow(), 10).await;
    let second = course(app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;

    let mut doomed = start(&served.url, served.port, Some("change-after-hold"));
    wait_ready(&app.client, served.port).await;
    let (order_id, number) = paid_ticket(app, &line, first).await;
    change_and_die(&served, &mut doomed, &number, second).await;
    assert_eq!(app.loads(second).await.1, vec![1, 1], "the new seat was held before the process died");
    assert_eq!(ticket_now(app, order_id, &number).await, (first, false, false), "the order did not record it");

    // The restarted process finds the change half-way and undoes it: the new seat goes back.
    let _restarted = start(&served.url, served.port, None);
    wait_ready(&app.client, served.port).await;
    eventually("the new course's seat to come back", || async { app.loads(second).await.1 == vec![0, 0] }).await;
    assert_eq!(app.loads(first).await.1, vec![1, 1], "the ticket keeps its seat");
    assert_eq!(ticket_now(app, order_id, &number).await, (first, false, false));

    // And the ticket can be changed to that course after all: one seat there, none left behind.
    eventually("the ticket to be free for a change", || async {
        let (status, answer) = change(app, &number, second).await;
        assert!(status == 200 || status == 409, "{answer}");
        status == 200
    })
    .await;
    assert_eq!(ticket_now(app, order_id, &number).await, (second, true, false));
    assert_eq!(app.loads(second).await.1, vec![1, 1], "the moved ticket holds its new seat");
    eventually("the old seat to go back", || async { app.loads(first).await.1 == vec![0, 0] }).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_dearer_change_killed_after_registering_its_payment_is_undone_and_charged_once(pool: PgPool) {
    let served = served(pool).await;
    let app = &served.app;
    let line = line(&app.pool).await;
    let first = course(app, &line, tomorrow(), 10).await;
    let second = course(app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;

    let mut doomed = start(&served.url, served.port, Some("change-after-payment"));
    wait_ready(&app.client, served.port).await;
    let (order_id, number) = paid_ticket(app, &line, first).await;
    // The fare rises by 5 zł after the payment: the change costs the difference.
    sqlx::query("update route_prices set price = price + 500 where route_id = $1")
        .bind(line.route_id)
        .execute(&app.pool)
        .await
        .expect("a dearer fare");
    change_and_die(&served, &mut doomed, &number, second).await;
    assert_eq!(app.loads(second).await.1, vec![1, 1], "the new seat was held before the process died");
    let registered: i64 =
        sqlx::query_scalar("select count(*) from payment_sandbox_transactions where session_id ~ '-c[0-9]+$'")
            .fetch_one(&app.pool)
            .await
            .expect("registrations");
    assert_eq!(registered, 1, "the difference's payment was registered");

    let _restarted = start(&served.url, served.port, None);
    wait_ready(&app.client, served.port).await;
    eventually("the new course's seat to come back", || async { app.loads(second).await.1 == vec![0, 0] }).await;
    assert_eq!(app.loads(first).await.1, vec![1, 1]);
    assert_eq!(ticket_now(app, order_id, &number).await, (first, false, false), "no change waits in the order");
    assert!(placed_order(app, order_id).await.change_sessions.is_empty(), "the orphan payment is not the order's");

    // Asked again, the change is paid once and the ticket moves; one seat on each side.
    let asked = loop {
        let (status, answer) = change(app, &number, second).await;
        assert!(status == 200 || status == 409, "{answer}");
        if status == 200 {
            break answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(asked["data"]["status"], "awaiting_payment", "{asked}");
    assert_eq!(app.pay(asked["data"]["payment_url"].as_str().expect("where to pay")).await.status(), 303);
    let order = placed_order(app, order_id).await;
    let moved = order.ticket_by_number(&number).expect("ticket");
    assert_eq!((moved.course.course_id, moved.course_changed), (second, true));
    assert_eq!(order.change_payments.len(), 1, "the difference is charged once");
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    eventually("the old seat to go back", || async { app.loads(first).await.1 == vec![0, 0] }).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_change_killed_after_the_order_recorded_it_is_finished_on_restart(pool: PgPool) {
    let served = served(pool).await;
    let app = &served.app;
    let line = line(&app.pool).await;
    let first = course(app, &line, tomorrow(), 10).await;
    let second = course(app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;

    let mut doomed = start(&served.url, served.port, Some("change-after-append"));
    wait_ready(&app.client, served.port).await;
    let (order_id, number) = paid_ticket(app, &line, first).await;
    change_and_die(&served, &mut doomed, &number, second).await;
    assert_eq!(ticket_now(app, order_id, &number).await, (second, true, false), "the order recorded the change");

    // The restarted process finishes it: the old seat goes back, once; the new one stays.
    let _restarted = start(&served.url, served.port, None);
    wait_ready(&app.client, served.port).await;
    eventually("the old seat to go back", || async { app.loads(first).await.1 == vec![0, 0] }).await;
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    eventually("the change's record to be closed", || async {
        let open: i64 = sqlx::query_scalar("select count(*) from course_changes where finished_at is null")
            .fetch_one(&app.pool)
            .await
            .expect("count");
        open == 0
    })
    .await;
    assert_eq!(ticket_now(app, order_id, &number).await, (second, true, false));
    let (status, refused) = change(app, &number, first).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.already_changed")), "{refused}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_dearer_change_killed_after_the_order_recorded_it_waits_for_its_payment(pool: PgPool) {
    let served = served(pool).await;
    let app = &served.app;
    let line = line(&app.pool).await;
    let first = course(app, &line, tomorrow(), 10).await;
    let second = course(app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;

    let mut doomed = start(&served.url, served.port, Some("change-after-append"));
    wait_ready(&app.client, served.port).await;
    let (order_id, number) = paid_ticket(app, &line, first).await;
    sqlx::query("update route_prices set price = price + 500 where route_id = $1")
        .bind(line.route_id)
        .execute(&app.pool)
        .await
        .expect("a dearer fare");
    change_and_die(&served, &mut doomed, &number, second).await;

    // After the restart the change still waits for its payment (the seat on the new course
    // kept for it); paid from the ticket's page, the ticket moves and the old seat goes back.
    let _restarted = start(&served.url, served.port, None);
    wait_ready(&app.client, served.port).await;
    assert_eq!(ticket_now(app, order_id, &number).await, (first, false, true));
    assert_eq!((app.loads(first).await.1, app.loads(second).await.1), (vec![1, 1], vec![1, 1]));
    let order = placed_order(app, order_id).await;
    let pending = order.ticket_by_number(&number).and_then(|t| t.pending_change.clone()).expect("waiting");
    let url = format!("{}{}", app.url("/payment/sandbox/"), pending.payment.token);
    assert_eq!(app.pay(&url).await.status(), 303);
    let order = placed_order(app, order_id).await;
    assert_eq!(order.change_payments.len(), 1, "the difference is charged once");
    assert_eq!(ticket_now(app, order_id, &number).await, (second, true, false));
    eventually("the old seat to go back", || async { app.loads(first).await.1 == vec![0, 0] }).await;
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    eventually("the change's record to be closed", || async {
        let open: i64 = sqlx::query_scalar("select count(*) from course_changes where finished_at is null")
            .fetch_one(&app.pool)
            .await
            .expect("count");
        open == 0
    })
    .await;
}

/// The admin's move of a leg is one command over the same records: killed after holding
/// the seats for the whole leg, it is undone on restart; done again, every ticket moves at
/// once and the order says who moved it and why.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admins_leg_move_killed_after_holding_the_seats_is_undone_and_then_moves_every_ticket(pool: PgPool) {
    let served = served(pool).await;
    let app = &served.app;
    let line = line(&app.pool).await;
    let first = course(app, &line, tomorrow(), 10).await;
    let second = course(app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;

    let mut doomed = start(&served.url, served.port, Some("move-leg-after-hold"));
    wait_ready(&app.client, served.port).await;
    let order = booking(first, &line, 0, 2, json!([{ "qty": 2 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let save_leg = app.url(&format!("/api/order/order-waypoint/save?id={order_id}"));
    let move_it = json!({ "course_id": second, "reason": "Awaria autokaru" });
    let answer = app.client.put(&save_leg).bearer_auth(&app.admin_token).json(&move_it).send().await;
    assert!(answer.is_err(), "the process died mid-request: {answer:?}");
    assert!(!doomed.wait().await.expect("exit status").success(), "aborted");
    assert_eq!(app.loads(second).await.1, vec![2, 2], "the leg's seats were held before the process died");

    let _restarted = start(&served.url, served.port, None);
    wait_ready(&app.client, served.port).await;
    eventually("the leg's seats to come back", || async { app.loads(second).await.1 == vec![0, 0] }).await;
    assert_eq!(app.loads(first).await.1, vec![2, 2]);
    let state = placed_order(app, order_id).await;
    assert!(state.tickets.iter().all(|t| t.course.course_id == first && !t.course_changed), "nothing moved");

    let moved = loop {
        let answer = app.client.put(&save_leg).bearer_auth(&app.admin_token).json(&move_it).send().await;
        let (status, moved) = body(answer.expect("an answer")).await;
        assert!(status == 200 || status == 409, "{moved}");
        if status == 200 {
            break moved;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(moved["data"]["tickets"].as_array().map(Vec::len), Some(2), "{moved}");
    let state = placed_order(app, order_id).await;
    assert!(state.tickets.iter().all(|t| t.course.course_id == second && t.course_changed), "every ticket moved");
    assert_eq!(app.loads(second).await.1, vec![2, 2]);
    eventually("the old seats to go back", || async { app.loads(first).await.1 == vec![0, 0] }).await;
    let stream = event_store::StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let events = app
        .store
        .read_stream(&stream, event_store::ReadFrom::Start, event_store::Direction::Forwards, 1000)
        .await
        .expect("the order's events");
    let moved_by: Vec<Value> = events
        .iter()
        .filter(|e| e.event_type == "LegMoved")
        .map(|e| serde_json::from_str(&e.data).expect("JSON"))
        .collect();
    assert_eq!(moved_by.len(), 1, "one record of the move");
    assert_eq!(moved_by[0]["reason"], "Awaria autokaru");
    assert!(moved_by[0]["by_admin"].is_string() && moved_by[0]["moved_at"].is_string(), "{}", moved_by[0]);
}
