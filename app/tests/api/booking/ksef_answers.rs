//! KSeF's answers as the Ministry's service gives them, through the stand-in: each
//! status code and fault of the guide ends with the document accepted, one copy in KSeF
//! and its number recorded (or, for a content rejection only, rejected). Which answer
//! means what is `ksef::answers`; these hold the sender to it end to end.

use command_api::CommandState;
use domain::order::{KsefStage, OrderEvent, RetryPolicy};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::ksef::{events_of, faults, invoice_queued, ksef_app, link, round, row_in, stage};
use super::*;

/// A sender whose failed sends go again at the next round (no backoff to wait out).
async fn impatient_sender(app: &BookingApp) -> CommandState {
    let mut link = link(app);
    link.retry = RetryPolicy::immediate();
    app.command_state().await.with_ksef(link)
}

/// One paid company order with its invoice queued: (order, invoice number).
async fn one_queued(app: &BookingApp) -> (Uuid, String) {
    let order_id = super::invoices::paid_order_with_invoice(app).await;
    let number = invoice_queued(app, order_id).await;
    (order_id, number)
}

/// The stand-in's statistics (`GET /sandbox/stats`).
async fn stats(app: &BookingApp) -> serde_json::Value {
    let url = app.url(&format!("{}/sandbox/stats", app::ksef_setup::SANDBOX_PATH));
    app.client.get(url).send().await.expect("stats").json().await.expect("json")
}

/// The document's KSeF number once accepted.
fn accepted_number(order: &domain::order::Order, number: &str) -> String {
    match stage(order, number) {
        KsefStage::Accepted { ksef_number, .. } => ksef_number,
        other => panic!("{number} not accepted: {other:?}"),
    }
}

/// The row's trouble, as the admin's views read it.
async fn trouble(app: &BookingApp, number: &str) -> Option<String> {
    sqlx::query_scalar("select trouble from rm_ksef_documents where document_number = $1")
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .expect("row")
}

/// After a first round that got `code` back for the invoice: it waits again, is never
/// rejected, and the next round gets it accepted; one copy in KSeF.
async fn goes_again_after(app: &BookingApp, fault: serde_json::Value, code: i64, blocked: bool) {
    let (order_id, number) = one_queued(app).await;
    faults(app, json!({ "failNext": [fault] })).await;
    let sender = impatient_sender(app).await;

    let first = round(&sender).await;
    let (again, held) = (first.try_again.clone(), first.blocked.clone());
    let expected = vec![number.clone()];
    if blocked {
        assert_eq!((again, held), (vec![], expected), "{first:?}");
    } else {
        assert_eq!((again, held), (expected, vec![]), "{first:?}");
    }
    assert!(first.rejected.is_empty() && first.accepted.is_empty(), "{first:?}");
    assert_eq!(stage(&app.order(order_id).await, &number), KsefStage::Waiting);
    assert!(events_of(app, order_id, "KsefRejected").await.is_empty(), "never a rejection");
    let failed = events_of(app, order_id, "KsefSendFailed").await;
    assert!(
        matches!(&failed[..], [OrderEvent::KsefSendFailed { code: c, blocked: b, .. }] if *c == code && *b == blocked),
        "{failed:?}"
    );
    eventually("the row says why it waits", || async {
        trouble(app, &number).await.is_some_and(|why| why.starts_with(&format!("{code}: ")))
    })
    .await;
    row_in(app, &number, "waiting").await;

    let second = round(&sender).await;
    assert_eq!(second.accepted, vec![number.clone()], "{second:?}");
    let ksef_number = accepted_number(&app.order(order_id).await, &number);
    assert!(::ksef::KsefNumber::parse(&ksef_number).is_ok(), "{ksef_number}");
    assert_eq!(events_of(app, order_id, "KsefSendStarted").await.len(), 2, "sent twice");
    assert_eq!(stats(app).await["invoicesAccepted"], 1, "one copy in KSeF");
    row_in(app, &number, "accepted").await;
    assert_eq!(trouble(app, &number).await, None, "no trouble once accepted");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn processing_cancelled_by_a_session_error_405_is_sent_again(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "invoiceStatus", "code": 405 }), 405, false).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unknown_error_500_is_sent_again(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "invoiceStatus", "code": 500 }), 500, false).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_operation_cancelled_by_the_system_550_is_sent_again(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "invoiceStatus", "code": 550 }), 550, false).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_file_ksef_could_not_decrypt_435_is_sent_again_in_a_new_session(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "invoiceStatus", "code": 435 }), 435, false).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn wrong_permissions_410_hold_the_document_for_an_admin_without_losing_it(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "invoiceStatus", "code": 410 }), 410, true).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_send_refused_because_ksef_ended_the_session_goes_in_a_new_one(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "sendRefused", "code": 21180 }), 21180, false).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_refused_request_is_not_a_rejection_of_the_invoice(pool: PgPool) {
    let app = ksef_app(pool).await;
    goes_again_after(&app, json!({ "kind": "sendRefused", "code": 21405 }), 21405, true).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_content_rejection_450_is_still_a_rejection(pool: PgPool) {
    let app = ksef_app(pool).await;
    let (order_id, number) = one_queued(&app).await;
    faults(&app, json!({ "failNext": [{ "kind": "schemaRejection" }] })).await;
    let report = round(&impatient_sender(&app).await).await;
    assert_eq!(report.rejected, vec![number.clone()], "{report:?}");
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Rejected { code: 450, .. }));
    // Nothing goes again by itself: its data must change first.
    let report = round(&impatient_sender(&app).await).await;
    assert!(report.sent.is_empty(), "{report:?}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_duplicate_is_accepted_under_the_originals_number_and_its_upo_fetched(pool: PgPool) {
    let app = ksef_app(pool).await;
    let (order_id, number) = one_queued(&app).await;
    // KSeF got this invoice before (a send whose answer was lost): it answers 440.
    faults(&app, json!({ "failNext": [{ "kind": "duplicate" }] })).await;
    let sender = impatient_sender(&app).await;
    let report = round(&sender).await;
    assert_eq!(report.accepted, vec![number.clone()], "{report:?}");
    assert!(report.rejected.is_empty(), "{report:?}");

    let order = app.order(order_id).await;
    let KsefStage::Accepted { ksef_number, session_ref, .. } = stage(&order, &number) else { panic!("not accepted") };
    let started = events_of(&app, order_id, "KsefSendStarted").await;
    let [OrderEvent::KsefSendStarted { session_ref: sent_in, .. }] = &started[..] else { panic!("{started:?}") };
    assert_ne!(&session_ref, sent_in, "accepted in the original's session, where its UPO is");
    let accepted = events_of(&app, order_id, "KsefAccepted").await;
    assert!(
        matches!(&accepted[..], [OrderEvent::KsefAccepted { duplicate_sent_in: Some(s), ksef_number: n, .. }]
            if s == sent_in && *n == ksef_number),
        "{accepted:?}"
    );
    assert_eq!(stats(&app).await["invoicesAccepted"], 1, "one copy in KSeF");
    row_in(&app, &number, "accepted").await;

    eventually("the original's UPO", || async {
        round(&sender).await;
        !events_of(&app, order_id, "KsefUpoReceived").await.is_empty()
    })
    .await;
    let upos = events_of(&app, order_id, "KsefUpoReceived").await;
    let [OrderEvent::KsefUpoReceived { upo, .. }] = &upos[..] else { panic!("{upos:?}") };
    assert!(upo.contains(&ksef_number), "the UPO names the original's KSeF number");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_refresh_refused_with_403_is_followed_by_a_fresh_authentication(pool: PgPool) {
    let app = ksef_app(pool).await;
    let sender = impatient_sender(&app).await;
    // A first round authenticates (nothing to send yet but the check of the keys).
    let (first_order, first) = one_queued(&app).await;
    assert_eq!(round(&sender).await.accepted, vec![first.clone()]);
    assert!(matches!(stage(&app.order(first_order).await, &first), KsefStage::Accepted { .. }));

    // The access token dies, and the refresh is refused (the token was revoked and
    // given again, say): the client authenticates anew rather than stopping.
    let (order_id, number) = one_queued(&app).await;
    faults(&app, json!({ "failNext": [{ "kind": "tokenExpired" }, { "kind": "refreshForbidden" }] })).await;
    let report = round(&sender).await;
    assert_eq!(report.trouble, None, "{report:?}");
    assert_eq!(report.accepted, vec![number.clone()], "{report:?}");
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Accepted { .. }));
}
