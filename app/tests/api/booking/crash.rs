//! A process killed between placement steps: on restart the order is fully undone. Also
//! the process every crash test starts ([`start`]).

use domain::order::Order;
use serde_json::json;

use super::*;
use crate::helpers::{free_port, wait_ready};

/// `coach serve` on `port`, dying at `failpoint`; a process's record goes stale after a
/// second, and so does a dead request's claim on its `Idempotency-Key`.
pub(super) fn start(url: &str, port: u16, failpoint: Option<&str>) -> tokio::process::Child {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"));
    command
        .args([
            "serve",
            "--port",
            &port.to_string(),
            "--public-url",
            &format!("http://127.0.0.1:{port}"),
            "--database-url",
            url,
        ])
        .env("PLACEMENT_STALE_SECONDS", "1")
        .env("IDEMPOTENCY_LOCK_SECONDS", "1")
        // Its mail goes where the test's `BookingApp` reads it, not into `app/.data` of the checkout.
        .env("DATA_DIR", std::env::temp_dir())
        .env("LOG_FORMAT", "json")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    if let Some(f) = failpoint {
        command.env("COACH_FAILPOINT", f);
    }
    command.spawn().expect("coach starts")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_placement_killed_after_holding_seats_is_undone_on_restart(pool: PgPool) {
    let url = crate::helpers::database_url(&pool);
    let port = free_port();
    let client = reqwest::Client::new();
    let store = privacy::SealingStore::over_postgres(pool.clone());
    let app = BookingApp {
        address: format!("http://127.0.0.1:{port}"),
        client: client.clone(),
        pool: pool.clone(),
        store,
        admin_token: String::new(),
        user_token: String::new(),
        user_id: Uuid::nil(),
        data_dir: std::env::temp_dir(),
        _running: crate::helpers::Running::elsewhere(),
    };
    let line = line(&pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;

    // The first process dies right after holding the seats.
    let mut doomed = start(&url, port, Some("place-after-hold"));
    wait_ready(&client, port).await;
    let order = booking(course, &line, 0, 2, json!([{ "qty": 3 }]));
    let answer = client.post(app.url("/api/order/order/place")).json(&order).send().await;
    assert!(answer.is_err(), "the process died mid-request");
    let status = doomed.wait().await.expect("exit status");
    assert!(!status.success(), "aborted");
    assert_eq!(app.loads(course).await.1, vec![3, 3], "seats held by an order that does not exist");
    let order_id: Uuid =
        sqlx::query_scalar("select order_id from placements").fetch_one(&pool).await.expect("the placement's record");

    // The restarted process finds the interrupted placement and undoes it.
    let _restarted = start(&url, port, None);
    wait_ready(&client, port).await;
    eventually("the seats to come back", || async { app.loads(course).await.1 == vec![0, 0] }).await;
    assert_eq!(app.order(order_id).await, Order::Abandoned, "the order id is burnt");
    // The sweep removes the placement's record after giving the seats back: a step later.
    eventually("the placement's record to be removed", || async {
        let left: i64 = sqlx::query_scalar("select count(*) from placements").fetch_one(&pool).await.expect("count");
        left == 0
    })
    .await;

    // And the course sells normally again.
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
}
