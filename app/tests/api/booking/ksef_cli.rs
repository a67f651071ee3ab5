//! `coach finance ksef status|send` as the finance office runs them (the `coach` binary,
//! its printed output): the queue by state, the nearest deadline and an alert for an
//! offline document due within one working day; a round now through the running
//! server's stand-in, naming what it sent and what KSeF accepted. The admin panel's view
//! of the sending (`GET /api/order/ksef-outage/all`) says the same as `status`.

use domain::order::next_working_day;

use super::ksef::{invoice_queued, ksef_app};
use super::ksef_documents::get;
use super::*;

/// Where the sending stands, as the admin panel reads it.
async fn panel(app: &BookingApp) -> Value {
    let (status, answer) = body(get(app, "/api/order/ksef-outage/all", Some(&app.admin_token)).await).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

/// `coach finance ksef …args` against the test's database: its exit and its output.
async fn coach_ksef(app: &BookingApp, args: &[&str]) -> (bool, String) {
    let run = super::ksef_check::coach(app, args, &[]).await;
    (run.code == Some(0), run.out)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn coach_finance_ksef_prints_the_queue_its_deadline_alert_and_a_rounds_outcome(pool: PgPool) {
    let app = ksef_app(pool).await;
    let first_order = super::invoices::paid_order_with_invoice(&app).await;
    let first = invoice_queued(&app, first_order).await;
    let second_order = super::invoices::paid_order_with_invoice(&app).await;
    let second = invoice_queued(&app, second_order).await;

    let (ok, out) = coach_ksef(&app, &["status"]).await;
    assert!(ok, "{out}");
    let oldest = format!("oldest not in KSeF: {first} (waiting) issued ");
    assert!(out.starts_with(&format!("waiting: 2\n{oldest}")), "{out}");
    assert!(out.ends_with("\nthe sender has not run a round yet\n"), "{out}");
    let seen = panel(&app).await;
    assert_eq!(seen["sender"], Value::Null, "{seen}");
    assert_eq!(seen["oldest_not_in_ksef"]["document_number"], json!(first), "{seen}");
    assert_eq!(seen["oldest_not_in_ksef"]["state"], json!("waiting"), "{seen}");

    // The second went offline (as the sender records it) with its deadline the next
    // working day: the nearest deadline, and an alert.
    let due = next_working_day(api_core::time::warsaw_today());
    sqlx::query(
        "update rm_ksef_documents set state = 'offline', offline = true, deadline = $2 where document_number = $1",
    )
    .bind(&second)
    .bind(due)
    .execute(&app.pool)
    .await
    .expect("offline");
    let (ok, out) = coach_ksef(&app, &["status"]).await;
    assert!(ok, "{out}");
    let alert =
        format!("offline: 1\nwaiting: 1\nnearest deadline: {due} ({second})\nALERT: {second} (offline) due {due}\n");
    assert!(out.starts_with(&format!("{alert}{oldest}")), "{out}");

    // A round now, through the server's stand-in: both sent, in the queue's order, and accepted.
    let port = app.address.rsplit(':').next().expect("a port").to_string();
    let (ok, out) = coach_ksef(&app, &["send", "--port", &port]).await;
    assert!(ok, "{out}");
    assert!(out.contains(&format!("sent: {first}, {second}\n")), "{out}");
    assert!(out.contains(&format!("accepted: {first}, {second}\n")), "{out}");
    super::ksef::row_in(&app, &second, "accepted").await;
    let (ok, out) = coach_ksef(&app, &["status"]).await;
    assert!(ok, "{out}");
    // No deadline, no alert once KSeF holds them; the round's session closed; the calls
    // the round made are counted against KSeF's limits.
    assert!(out.starts_with("accepted: 2\nno interactive session open (as of "), "{out}");
    let sends = out.lines().find(|l| l.starts_with("calls left sendInvoice: ")).unwrap_or_default();
    assert!(sends.contains("minute 22/24 left") && sends.contains("hour 142/144 left"), "two sends counted: {out}");
    let seen = panel(&app).await;
    assert_eq!(seen["oldest_not_in_ksef"], Value::Null, "{seen}");
    assert_eq!(seen["sender"]["session"], Value::Null, "{seen}");
    let operations = seen["sender"]["operations"].as_array().cloned().unwrap_or_default();
    let sends = operations.iter().find(|o| o["operation"] == json!("sendInvoice")).expect("sendInvoice listed");
    assert_eq!(sends["calls"], json!(2), "{seen}");
    let windows = sends["windows"].as_array().cloned().unwrap_or_default();
    let minute = windows.iter().find(|w| w["window"] == json!("minute")).expect("a minute's window");
    assert_eq!((minute["left"].clone(), minute["budget"].clone()), (json!(22), json!(24)), "{seen}");
}
