//! A technical correction of a rejected offline invoice (`offline/korekta-techniczna.md`):
//! accepted once, refused for an accepted original or a second time; and the session's
//! status as it closes.

mod common;

use common::{invoice, invoice_made, settle, Harness};
use ksef::hash::sha256_base64;
use ksef::sandbox::Fault;
use ksef::{InvoiceStatus, KsefError};

#[tokio::test]
async fn a_rejected_offline_invoice_is_corrected_technically_once() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    h.standin.faults().fail_next(Fault::SchemaRejection);
    let rejected = invoice("FV/OFF/1");
    let reference = client.send(&session, &rejected, true).await.unwrap();
    assert!(matches!(settle(&client, &session, &reference).await, InvoiceStatus::Rejected { code: 450, .. }));

    // The same invoice made again (another instant of making: other bytes, another hash).
    let corrected = invoice_made("FV/OFF/1", 1);
    assert_ne!(sha256_base64(&corrected), sha256_base64(&rejected));
    let reference = client.send_technical_correction(&session, &corrected, &sha256_base64(&rejected)).await.unwrap();
    let InvoiceStatus::Accepted { ksef_number, .. } = settle(&client, &session, &reference).await else {
        panic!("the correction is accepted");
    };

    let again =
        client.send_technical_correction(&session, &invoice_made("FV/OFF/1", 2), &sha256_base64(&rejected)).await;
    assert!(matches!(again, Err(KsefError::Refused { code: 21166, .. })), "{again:?}");
    let of_accepted =
        client.send_technical_correction(&session, &invoice("FV/OFF/2"), &sha256_base64(&corrected)).await;
    assert!(matches!(of_accepted, Err(KsefError::Refused { code: 21167, .. })), "{of_accepted:?}");

    assert_eq!(client.session_status(&session.reference).await.unwrap().status.code, 100);
    client.close(&session.reference).await.unwrap();
    let closed = client.session_status(&session.reference).await.unwrap();
    assert_eq!(
        (closed.status.code, closed.successful_invoice_count, closed.failed_invoice_count),
        (200, Some(1), Some(1))
    );
    let upo = client.invoice_upo(&session.reference, ksef_number.as_str()).await.unwrap().unwrap();
    assert!(upo.contains("<TrybWysylki>Offline</TrybWysylki>"), "{upo}");
    h.assert_conformant();
}

#[tokio::test]
async fn a_session_closed_without_invoices_is_cancelled_and_takes_no_more() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    client.close(&session.reference).await.unwrap();
    assert_eq!(client.session_status(&session.reference).await.unwrap().status.code, 440);
    let late = client.send(&session, &invoice("FV/LATE/1"), false).await;
    assert!(matches!(late, Err(KsefError::Refused { code: 21180, .. })), "{late:?}");
    let unknown = client.status("20261127-SO-0000000000-0000000000-00", "20261127-EE-0000000000-0000000000-00").await;
    assert!(matches!(unknown, Err(KsefError::Refused { code: 21173, .. })), "{unknown:?}");
    h.assert_conformant();
}
