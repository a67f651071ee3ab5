//! The technical correction of a rejected offline invoice (`offline/korekta-techniczna.md`),
//! through the real stand-in: an invoice issued offline while KSeF was down was sent by
//! an earlier version of the program with other bytes, and KSeF rejected it as not
//! valid; the sender sends the XML it makes now as a technical correction
//! (`offlineMode: true`, `hashOfCorrectedInvoice` naming the rejected XML), KSeF numbers
//! it, and the original cannot be corrected twice.

use command_api::aggregate::{execute, stream_of, OrderAgg};
use domain::order::{decide_ksef, KsefStage, KsefStep};
use event_store::Metadata;
use serde_json::json;

use super::ksef::{events_of_all, faults, invoice_queued, ksef_app, link, received, round, sender, stage};
use super::*;

/// Record `step` on the order as the sender records it.
pub(super) async fn record(app: &BookingApp, order_id: Uuid, step: &KsefStep) {
    let stream = stream_of::<OrderAgg>(&order_id).expect("stream");
    let metadata = Metadata { correlation_id: Some(order_id), ..Metadata::default() };
    execute::<OrderAgg, _, _>(&app.store, &stream, Uuid::new_v4(), &metadata, |o| decide_ksef(step, o))
        .await
        .expect("recorded");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_rejected_offline_invoice_is_sent_again_as_a_technical_correction(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    faults(&app, json!({ "down": true })).await;
    assert_eq!(round(&sender(&app).await).await.went_offline, vec![number.clone()]);
    faults(&app, json!({ "down": false })).await;

    // An earlier version of the program made other bytes (a line more at the end), sent
    // them offline, and KSeF rejected them; it recorded that as the sender does.
    let events = events_of_all(&app, order_id).await;
    let order = app.order(order_id).await;
    let made_now = command_api::processes::ksef::render_xml(&events, order.placed().expect("placed"), &number)
        .expect("the invoice")
        .expect("valid");
    let old = format!("{}\n", made_now.xml);
    let old_hash = ::ksef::hash::sha256_base64(old.as_bytes());
    let client = link(&app).client.expect("a client");
    let session = client.open_session().await.expect("a session");
    let start = KsefStep::Start {
        document: number.clone(),
        xml_sha256: old_hash.clone(),
        session_ref: session.reference.clone(),
        replaces: None,
        at: chrono::Utc::now(),
        batch: false,
    };
    record(&app, order_id, &start).await;
    faults(&app, json!({ "failNext": [{ "kind": "schemaRejection" }] })).await;
    let invoice_ref = client.send(&session, old.as_bytes(), true).await.expect("sent");
    let status = || client.status(&session.reference, &invoice_ref);
    eventually("KSeF's rejection", || async { !matches!(status().await, Ok(::ksef::InvoiceStatus::Processing)) }).await;
    let ::ksef::InvoiceStatus::Rejected { code, reason } = status().await.expect("a status") else {
        panic!("rejected")
    };
    let rejected = KsefStep::Rejected { document: number.clone(), code, reason, at: chrono::Utc::now() };
    record(&app, order_id, &rejected).await;
    client.close(&session.reference).await.expect("closed");
    super::ksef::row_in(&app, &number, "rejected").await;

    // The sender sends what it makes now as the technical correction of the rejected XML.
    let report = round(&sender(&app).await).await;
    assert_eq!(
        (report.sent.clone(), report.accepted.clone()),
        (vec![number.clone()], vec![number.clone()]),
        "{report:?}"
    );
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Accepted { .. }));
    let copies = received(&app).await;
    assert_eq!(copies.get(&made_now.sha256).and_then(|n| n.as_u64()), Some(1), "{copies:?}");
    // KSeF holds it as the correction of the rejected original: that one cannot be corrected again.
    let session = client.open_session().await.expect("a session");
    let again = client.send_technical_correction(&session, format!("{old}\n").as_bytes(), &old_hash).await;
    assert!(matches!(again, Err(::ksef::KsefError::Refused { code: 21166, .. })), "{again:?}");
    // A later round has nothing more to send.
    let report = round(&sender(&app).await).await;
    assert!(report.sent.is_empty(), "{report:?}");
}
