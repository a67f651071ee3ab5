//! KSeF's announced outages and the alerts of issue 36, through the real application: an
//! admin enters an outage (`POST /api/order/ksef-outage/save`; bad input is a 422 and
//! changes nothing), it is listed (`GET /api/order/ksef-outage/all`) with who entered it,
//! and the deadlines it extends are no longer alerts (the panel's list and the admin
//! home's count); a document held back by a refused token is an alert that says why, in
//! the panel and the daily report, with the offline certificate's note.

use command_api::processes::ksef::daily;
use domain::order::next_working_day;

use super::invoices::paid_order_with_invoice;
use super::ksef::{invoice_queued, ksef_app, link, round, row_in};
use super::ksef_documents::{documents, get, ksef_row};
use super::*;

const OUTAGES: &str = "/api/order/ksef-outage/all";
const SAVE: &str = "/api/order/ksef-outage/save";

async fn as_admin(app: &BookingApp, path: &str) -> Value {
    let (status, answer) = body(get(app, path, Some(&app.admin_token)).await).await;
    assert_eq!(status, 200, "{path}: {answer}");
    answer["data"].clone()
}

async fn enter(app: &BookingApp, outage: Value, token: Option<&str>) -> (u16, Value) {
    body(app.post(SAVE, &outage, token, None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_outage_entered_by_an_admin_extends_the_deadlines_it_covers(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let invoice = documents(&app, order_id, 1).await.remove(0);
    let today = api_core::time::warsaw_today();
    // Issued today, offline, its recorded deadline already past: overdue.
    ksef_row(&app.pool, &invoice, "offline").await;
    sqlx::query("update rm_ksef_documents set offline = true, deadline = $1")
        .bind(today.pred_opt().expect("a day"))
        .execute(&app.pool)
        .await
        .expect("offline");
    assert_eq!(as_admin(&app, "/api/order/order-invoice/ksef-deadlines").await["documents"][0]["overdue"], json!(true));
    assert_eq!(as_admin(&app, "/api/admin/home").await["attention"]["ksef_deadlines"], json!(1));

    // Bad input: a 422 in the API's shape naming the field, and nothing entered.
    let tomorrow = next_working_day(today).to_string();
    let refused = [
        (json!({ "kind": "emergency", "from": tomorrow, "to": today.to_string() }), "to"),
        (json!({ "kind": "total", "from": today.to_string(), "to": tomorrow }), "kind"),
        (json!({ "kind": "unavailable", "from": "jutro", "to": tomorrow }), "from"),
        (json!({ "kind": "unavailable", "from": today.to_string() }), "to"),
    ];
    for (outage, field) in refused {
        let (status, answer) = enter(&app, outage.clone(), Some(&app.admin_token)).await;
        assert_eq!(status, 422, "{outage}: {answer}");
        assert_eq!(answer["errors"][0]["field"], json!(field), "{answer}");
        assert_eq!(answer["status"], json!(422), "{answer}");
    }
    let outage = json!({ "kind": "emergency", "from": today.to_string(), "to": tomorrow, "note": "BIP MF" });
    assert_eq!(enter(&app, outage.clone(), None).await.0, 401);
    assert_eq!(enter(&app, outage.clone(), Some(&app.user_token)).await.0, 403);
    assert_eq!(as_admin(&app, OUTAGES).await["outages"], json!([]));

    // Entered: listed with who, and the document is due 7 working days after its end.
    let (status, answer) = enter(&app, outage, Some(&app.admin_token)).await;
    assert_eq!(status, 200, "{answer}");
    let listed = as_admin(&app, OUTAGES).await;
    let entered = &listed["outages"][0];
    assert_eq!(
        (entered["kind"].as_str(), entered["from"].as_str(), entered["to"].as_str(), entered["note"].as_str()),
        (Some("emergency"), Some(&*today.to_string()), Some(&*tomorrow), Some("BIP MF"))
    );
    assert_eq!(entered["entered_by"], json!("admin@example.test"), "{listed}");
    // KSeF off: no certificate, and no note (nothing goes offline).
    assert_eq!(
        (listed["offline_certificate"].clone(), listed["certificate_note"].clone()),
        (json!(false), Value::Null)
    );
    assert_eq!(as_admin(&app, "/api/order/order-invoice/ksef-deadlines").await["documents"], json!([]));
    assert_eq!(as_admin(&app, "/api/admin/home").await["attention"]["ksef_deadlines"], json!(0));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_document_held_back_by_a_refused_token_is_an_alert_that_says_why(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;

    // The sender's round with a token KSeF refuses: nothing sent, the trouble noted.
    let mut refused = link(&app);
    refused.client = Some(std::sync::Arc::new(
        ::ksef::Client::new(::ksef::Config {
            env: ::ksef::Environment::Sandbox,
            api_url: app.url(app::ksef_setup::SANDBOX_PATH),
            nip: "8652556348".into(),
            token: "a-token-ksef-refuses".into(),
        })
        .expect("a client"),
    ));
    let state = app.command_state().await.with_ksef(refused);
    let report = round(&state).await;
    let trouble = report.trouble.clone().expect("a trouble");
    assert!(report.sent.is_empty(), "{report:?}");
    // A fresh invoice is no alert; one waiting for an hour is (its day: the next working
    // day after its issue, as KSeF counts a late invoice offline).
    assert_eq!(as_admin(&app, "/api/order/order-invoice/ksef-deadlines").await["documents"], json!([]));
    sqlx::query("update rm_ksef_documents set issued_at = issued_at - interval '1 hour'")
        .execute(&app.pool)
        .await
        .expect("older");
    let alert = as_admin(&app, "/api/order/order-invoice/ksef-deadlines").await;
    let doc = &alert["documents"][0];
    assert_eq!((doc["number"].as_str(), doc["state"].as_str()), (Some(&*number), Some("waiting")), "{alert}");
    assert_eq!((doc["why"].as_str(), doc["detail"].as_str()), (Some("sender_trouble"), Some(&*trouble)), "{alert}");
    assert_eq!(as_admin(&app, "/api/admin/home").await["attention"]["ksef_deadlines"], json!(1));
    assert_eq!(as_admin(&app, OUTAGES).await["sender_trouble"]["message"], json!(trouble));

    // The daily report's section names it and why, and says what the missing offline
    // certificate means; the panel says it too.
    let today = api_core::time::warsaw_today();
    let email = api_core::mail::Email {
        to: "r@example.test".into(),
        subject: "r".into(),
        text: String::new(),
        attachments: vec![],
    };
    let email = daily::with_deadlines(&app.pool, email, today).await.expect("the section");
    assert!(email.text.contains(&format!("{number} — termin")), "{}", email.text);
    assert!(email.text.contains(&format!("(KSeF nie przyjmuje wysyłki: {trouble})")), "{}", email.text);
    let note = daily::certificate_note(&state.ksef).expect("no certificate: a note");
    assert!(note.contains("KOD I only"), "{note}");
    assert_eq!(as_admin(&app, OUTAGES).await["certificate_note"], json!(note));

    // The right token: sent and accepted, the trouble cleared, no alert.
    let report = round(&super::ksef::sender(&app).await).await;
    assert_eq!(report.trouble, None, "{report:?}");
    row_in(&app, &number, "accepted").await;
    assert_eq!(as_admin(&app, "/api/order/order-invoice/ksef-deadlines").await["documents"], json!([]));
    assert_eq!(as_admin(&app, OUTAGES).await["sender_trouble"], Value::Null);
}
