//! The KSeF deadline alert through the real application (sender off, the rows set as the
//! sender would leave them): an offline document KSeF does not hold whose deadline falls
//! within one working day is named by the admin's `ksef-deadlines` answer (with its
//! invoice's id) and in the daily report; one due later, or one KSeF took in, is not.

use api_core::mail::FileMailer;
use command_api::processes::daily_report::{self, Outcome};
use command_api::settings::SettingsCache;
use domain::order::next_working_day;

use super::invoice_mails::{company_with_offices, REPORT_OFFICE};
use super::invoices::paid_order_with_invoice;
use super::ksef_documents::{documents, get, ksef_row};
use super::mailbox::mails_to;
use super::*;

async fn deadlines(app: &BookingApp) -> Value {
    let (status, answer) =
        body(get(app, "/api/order/order-invoice/ksef-deadlines", Some(&app.admin_token)).await).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

async fn set_deadline(pool: &PgPool, deadline: chrono::NaiveDate, invoice_ref: Option<&str>) {
    sqlx::query("update rm_ksef_documents set offline = true, deadline = $1, invoice_ref = $2")
        .bind(deadline)
        .bind(invoice_ref)
        .execute(pool)
        .await
        .expect("offline");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_offline_deadline_within_a_working_day_is_an_alert_in_the_panel_and_the_daily_report(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company_with_offices(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let invoice = documents(&app, order_id, 1).await.remove(0);
    let number = invoice["number"].as_str().expect("number").to_string();
    let today = api_core::time::warsaw_today();
    let due_by = next_working_day(today);

    // Waiting online: no deadline, no alert.
    ksef_row(&app.pool, &invoice, "waiting").await;
    let none = deadlines(&app).await;
    assert_eq!(none["documents"], json!([]), "{none}");
    assert_eq!(
        (none["today"].as_str(), none["due_by"].as_str()),
        (Some(&*today.to_string()), Some(&*due_by.to_string()))
    );

    // Offline, due after the next working day: not yet.
    ksef_row(&app.pool, &invoice, "offline").await;
    set_deadline(&app.pool, next_working_day(due_by), None).await;
    assert_eq!(deadlines(&app).await["documents"], json!([]));

    // Due on the next working day: named, with its invoice's id.
    set_deadline(&app.pool, due_by, None).await;
    let alert = deadlines(&app).await;
    assert_eq!(
        alert["documents"],
        json!([{ "id": invoice["id"], "number": number, "order_id": order_id, "state": "offline",
                 "deadline": due_by.to_string(), "overdue": false, "why": "offline", "detail": null }]),
        "{alert}"
    );
    assert_eq!(alert["more"], json!(false));

    // The daily report sent today names it.
    let settings = SettingsCache::default().get(&app.pool).await.expect("settings");
    let mailer = FileMailer::new(app.data_dir.join("mail"), "test@example.test");
    let yesterday = today.pred_opt().expect("a day");
    let sent = daily_report::send(&app.pool, &mailer, &settings, yesterday).await.expect("sent");
    assert!(matches!(sent, Outcome::Sent { .. }), "{sent:?}");
    let subject = format!("Raport sprzedaży za {yesterday}");
    let mail = mails_to(&app.data_dir, REPORT_OFFICE).into_iter().find(|m| m.subject == subject).expect("the report");
    assert!(mail.text.contains(&format!("{number} — termin {due_by}")), "{}", mail.text);

    // Sent and taken in by KSeF (its reference recorded): the deadline is met.
    ksef_row(&app.pool, &invoice, "sent").await;
    set_deadline(&app.pool, today.pred_opt().expect("a day"), Some("R1")).await;
    assert_eq!(deadlines(&app).await["documents"], json!([]));
    // Begun but not confirmed, and past its day: overdue.
    set_deadline(&app.pool, today.pred_opt().expect("a day"), None).await;
    let overdue = deadlines(&app).await;
    assert_eq!(
        (overdue["documents"][0]["state"].as_str(), overdue["documents"][0]["overdue"].as_bool()),
        (Some("sent"), Some(true))
    );

    // Admin only.
    let guest = get(&app, "/api/order/order-invoice/ksef-deadlines", None).await;
    assert_eq!(guest.status(), 401);
}
