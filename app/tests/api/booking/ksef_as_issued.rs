//! The invoice as issued (issue 36), through the real stand-in and HTTP: an invoice's XML
//! is fixed once at its issue and stored (`issued_document_xml`), and everything after
//! that, what KSeF gets, the `/fa3` download and the PDF's KOD I, is those bytes, whatever
//! changed in the order since (a contact corrected through the admin's edit, a payment
//! registered anew, a company setting). The stored copy missing (a crash between the
//! issue and the storing, or a document issued before the copies were kept) is rendered
//! by its first reader from the order's events as at the issue.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use command_api::aggregate::{execute, stream_of, OrderAgg};
use command_api::processes::ksef::issued_xml;
use domain::order::{KsefStage, OrderEvent, PaymentRef};
use event_store::Metadata;
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio_util::sync::CancellationToken;

use super::ksef::{events_of_all, invoice_queued, ksef_app, received, round, sender, stage};
use super::ksef_documents::{codes_of, documents, fa3_of, pdf_of};
use super::*;

/// The FA(3) form of payment of a transfer (the sandbox gateway) and of cash.
const TRANSFER: &str = "<FormaPlatnosci>6</FormaPlatnosci>";
const CASH: &str = "<FormaPlatnosci>1</FormaPlatnosci>";

/// The order from now on paid through the desk's cash register (a payment registered
/// anew after the invoice), appended as the command side appends, and seen by the read
/// model the downloads read.
async fn payment_registered_anew(app: &BookingApp, order_id: Uuid) {
    let event = OrderEvent::PaymentRegistered {
        order_id,
        payment: PaymentRef { provider: "cash".into(), session_id: format!("{order_id}-cash"), token: String::new() },
        registered_at: chrono::Utc::now(),
    };
    let stream = stream_of::<OrderAgg>(&order_id).expect("stream");
    let metadata = Metadata { correlation_id: Some(order_id), ..Metadata::default() };
    execute::<OrderAgg, domain::order::KsefStepError, _>(&app.store, &stream, Uuid::new_v4(), &metadata, |_| {
        Ok(vec![event.clone()])
    })
    .await
    .expect("registered");
    eventually("the read model paid in cash", || async {
        let provider: Option<String> = sqlx::query_scalar("select payment_provider from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_optional(&app.pool)
            .await
            .expect("row");
        provider.as_deref() == Some("cash")
    })
    .await;
}

/// The customer's contact corrected through the admin's order edit.
async fn contact_corrected(app: &BookingApp, order_id: Uuid) {
    let customer = json!({ "first_name": "Jan", "last_name": "Poprawiony", "email": "jan.poprawiony@example.test",
        "phone": "+48 600 100 200" });
    let edit = json!({ "customer": customer, "reason": "Literówka w nazwisku" });
    let url = app.url(&format!("/api/order/order/save?id={order_id}"));
    let saved = app.client.put(url).json(&edit).bearer_auth(&app.admin_token).send().await.expect("saved");
    let (status, saved) = body(saved).await;
    assert_eq!(status, 200, "{saved}");
}

/// The stored XML of `number`, once there.
async fn stored(app: &BookingApp, number: &str) -> issued_xml::Fixed {
    eventually(&format!("the XML of {number} stored"), || async {
        issued_xml::stored(&app.pool, number).await.expect("read").is_some()
    })
    .await;
    issued_xml::stored(&app.pool, number).await.expect("read").expect("stored")
}

/// The SHA-256 (Base64URL) KOD I of the document's PDF carries.
async fn kod_i_hash(app: &BookingApp, id: &str) -> String {
    let codes = codes_of(&pdf_of(app, id).await);
    let [kod_i] = &codes[..] else { panic!("one code: {codes:?}") };
    kod_i.rsplit('/').next().expect("the hash").to_owned()
}

/// `/fa3`, KOD I and what the stand-in KSeF received agree byte for byte: one copy, the
/// hash of the bytes downloaded. Returns those bytes.
async fn all_agree(app: &BookingApp, id: &str) -> String {
    let xml = fa3_of(app, id).await;
    let digest = Sha256::digest(xml.as_bytes());
    assert_eq!(kod_i_hash(app, id).await, URL_SAFE_NO_PAD.encode(digest), "KOD I is not the hash of /fa3");
    let copies = received(app).await;
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(copies.get(&STANDARD.encode(digest)).and_then(|n| n.as_u64()), Some(1), "{copies:?}\n{xml}");
    xml
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_sent_invoice_stays_the_bytes_ksef_holds_whatever_changes_in_its_order(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let report = round(&sender(&app).await).await;
    assert_eq!(report.accepted, vec![number.clone()], "{report:?}");
    super::ksef::row_in(&app, &number, "accepted").await;
    let id = documents(&app, order_id, 1).await[0]["id"].as_str().expect("id").to_owned();
    let sent = all_agree(&app, &id).await;
    assert!(sent.contains(TRANSFER), "{sent}");

    // After the issue: the contact corrected, the payment registered anew, the seller's
    // address changed in the company settings.
    contact_corrected(&app, order_id).await;
    payment_registered_anew(&app, order_id).await;
    sqlx::query("update companies set address = 'ul. Nowa 1'").execute(&app.pool).await.expect("settings");

    assert_eq!(all_agree(&app, &id).await, sent, "the invoice is what was issued and sent");
    assert_eq!(stored(&app, &number).await.xml, sent);
    // The order as it stands now is paid in cash (rendered from it, the invoice would say
    // so: see the backfill's test); the invoice stays as issued.
    let order = app.order(order_id).await;
    assert_eq!(order.placed().expect("placed").payment.provider, "cash");
    assert_eq!(order.placed().expect("placed").customer.last_name.as_str(), "Poprawiony");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_missing_copy_is_rendered_as_at_the_issue_by_its_first_reader(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    // Stored at the issue (the reactions); lost as in a crash before the storing, and the
    // order changed since.
    let at_issue = stored(&app, &number).await;
    let events = events_of_all(&app, order_id).await;
    let issue = events.iter().position(|e| matches!(e, OrderEvent::InvoiceIssued { .. })).expect("issued");
    assert_eq!(at_issue.position, i64::try_from(issue).expect("small"), "fixed at the issuing event");
    sqlx::query("delete from issued_document_xml").execute(&app.pool).await.expect("lost");
    payment_registered_anew(&app, order_id).await;

    // The sender is the first reader: it renders as at the issue, stores it, sends it.
    let report = round(&sender(&app).await).await;
    assert_eq!(report.accepted, vec![number.clone()], "{report:?}");
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Accepted { .. }));
    let fixed = stored(&app, &number).await;
    assert_eq!(fixed, at_issue, "the same bytes as stored at the issue");
    assert!(fixed.xml.contains(TRANSFER), "{}", fixed.xml);
    super::ksef::row_in(&app, &number, "accepted").await;
    let id = documents(&app, order_id, 1).await[0]["id"].as_str().expect("id").to_owned();
    assert_eq!(all_agree(&app, &id).await, fixed.xml);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn documents_issued_before_the_copies_were_kept_are_stored_as_at_their_issue(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let at_issue = stored(&app, &number).await;
    sqlx::query("delete from issued_document_xml").execute(&app.pool).await.expect("not kept yet");
    payment_registered_anew(&app, order_id).await;

    // Before the backfill the download still serves a document (from its rows).
    let id = documents(&app, order_id, 1).await[0]["id"].as_str().expect("id").to_owned();
    assert!(fa3_of(&app, &id).await.contains(CASH), "rendered from the rows as they stand");
    let state = app.command_state().await;
    let looked_at = issued_xml::backfill_all(&state, &CancellationToken::new()).await.expect("backfill");
    assert_eq!(looked_at, 1);
    assert_eq!(stored(&app, &number).await, at_issue);
    assert_eq!(fa3_of(&app, &id).await, at_issue.xml, "served from the stored copy");
    // Once more: nothing left to store.
    assert_eq!(issued_xml::backfill_all(&state, &CancellationToken::new()).await.expect("backfill"), 0);
}
