//! Batch sessions against the stand-in over real HTTP: accepted invoices with their KSeF
//! numbers, an invalid one among valid ones, duplicates, a backlog over the per-session
//! limit in several sessions, a package in several parts, the stand-in down; every
//! exchange held to `open-api.json` (the part uploads are storage, not the API).

mod common;

use common::{invoice, invoice_made, Harness, NIP, TOKEN};
use ksef::client::{BatchLimits, BatchResult, Options};
use ksef::hash::sha256_base64;
use ksef::sandbox::{Fault, StandIn, StandInOptions};
use ksef::{BatchInvoice, Client, InvoiceStatus, KsefError, KsefNumber};
use std::time::Duration;

fn online(xml: Vec<u8>) -> BatchInvoice {
    BatchInvoice { xml, offline: false }
}

/// Polls the session until its package is processed; its code and every invoice's outcome.
async fn settle(client: &Client, reference: &str) -> (i64, Vec<BatchResult>) {
    for _ in 0..1200 {
        let status = client.session_status(reference).await.unwrap();
        if !matches!(status.status.code, 100 | 150) {
            return (status.status.code, client.batch_results(reference).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("batch session {reference} still processing after 120 s");
}

fn accepted(result: &BatchResult) -> &KsefNumber {
    match &result.status {
        InvoiceStatus::Accepted { ksef_number, .. } => ksef_number,
        other => panic!("invoice {} not accepted: {other:?}", result.ordinal),
    }
}

/// A harness and a client that share the batch limits.
async fn limited(limits: BatchLimits) -> (Harness, Client) {
    let options = StandInOptions { batch: limits, ..StandInOptions::default() };
    let h = Harness::with(StandIn::with_options(NIP, TOKEN, options).unwrap()).await;
    let client = h.client_with(Options { batch: limits, ..Options::default() });
    (h, client)
}

#[tokio::test]
async fn a_batch_is_accepted_each_invoice_numbered_and_found_by_hash() {
    let h = Harness::start().await;
    let client = h.client();
    let xmls: Vec<Vec<u8>> = (1..=3).map(|i| invoice(&format!("FV/B/{i}"))).collect();
    let sessions = client.send_batch(&xmls.iter().cloned().map(online).collect::<Vec<_>>()).await.unwrap();
    assert_eq!(sessions.len(), 1, "three invoices are one package");
    let session = &sessions[0];
    assert_eq!(session.indices, vec![0, 1, 2]);
    assert_eq!(&session.reference[8..12], "-SB-");
    let (code, results) = settle(&client, &session.reference).await;
    assert_eq!(code, 200);
    assert_eq!(results.len(), 3);
    for (xml, result) in xmls.iter().zip(&results) {
        assert_eq!(result.hash, sha256_base64(xml), "in package order");
        let number = accepted(result);
        assert_eq!(number.nip(), NIP);
        assert_eq!(KsefNumber::parse(number.as_str()).as_ref(), Ok(number), "its CRC-8 holds");
        let found = client.find_sent(&session.reference, &sha256_base64(xml)).await.unwrap();
        assert_eq!(found.map(|(_, s)| s), Some(result.status.clone()), "find_sent works for a batch session");
        assert_eq!(h.standin.received(&sha256_base64(xml)), 1, "one copy only");
        let upo = client.invoice_upo(&session.reference, number.as_str()).await.unwrap().unwrap();
        assert!(upo.contains(&format!("<NumerKSeFDokumentu>{number}</NumerKSeFDokumentu>")), "{upo}");
    }
    assert_eq!(h.statuses("/sessions/batch"), vec![201, 204], "opened, then closed");
    h.assert_conformant();
}

#[tokio::test]
async fn an_invalid_invoice_is_rejected_while_the_others_are_accepted() {
    let h = Harness::start().await;
    let client = h.client();
    let good = invoice("FV/BI/1");
    let broken = String::from_utf8(invoice("FV/BI/2")).unwrap().replace("<P_2>", "<Nieznany>x</Nieznany><P_2>");
    let batch = vec![online(good.clone()), online(broken.into_bytes()), online(invoice("FV/BI/3"))];
    let sessions = client.send_batch(&batch).await.unwrap();
    let (code, results) = settle(&client, &sessions[0].reference).await;
    assert_eq!(code, 200, "a package with some valid invoices is processed");
    accepted(&results[0]);
    accepted(&results[2]);
    match &results[1].status {
        InvoiceStatus::Rejected { code: 450, reason } => assert!(reason.contains("Nieznany"), "{reason}"),
        other => panic!("the invalid invoice: {other:?}"),
    }
    let status = client.session_status(&sessions[0].reference).await.unwrap();
    assert_eq!((status.successful_invoice_count, status.failed_invoice_count), (Some(2), Some(1)));
    h.assert_conformant();
}

#[tokio::test]
async fn duplicates_are_refused_within_a_batch_and_across_sessions() {
    let h = Harness::start().await;
    let client = h.client();
    let first = client.send_batch(&[online(invoice("FV/BD/1"))]).await.unwrap();
    let (_, results) = settle(&client, &first[0].reference).await;
    let original = accepted(&results[0]).clone();
    let again =
        vec![online(invoice_made("FV/BD/1", 5)), online(invoice("FV/BD/2")), online(invoice_made("FV/BD/2", 7))];
    let second = client.send_batch(&again).await.unwrap();
    let (_, results) = settle(&client, &second[0].reference).await;
    let InvoiceStatus::Duplicate { ksef_number, original_session } = &results[0].status else {
        panic!("a duplicate of an earlier session's invoice: {:?}", results[0].status);
    };
    assert_eq!(ksef_number, &original, "it names the original");
    assert_eq!(original_session.as_deref(), Some(first[0].reference.as_str()));
    let second_original = accepted(&results[1]).clone();
    assert!(
        matches!(&results[2].status, InvoiceStatus::Duplicate { ksef_number, .. } if *ksef_number == second_original),
        "{:?}",
        results[2].status
    );
    h.assert_conformant();
}

#[tokio::test]
async fn a_backlog_over_the_per_session_limit_goes_in_several_sessions() {
    let limits = BatchLimits { max_invoices: 2, ..BatchLimits::default() };
    let (h, client) = limited(limits).await;
    let mut backlog: Vec<BatchInvoice> = (1..=5).map(|i| online(invoice(&format!("FV/BL/{i}")))).collect();
    backlog[3].offline = true;
    let sessions = client.send_batch(&backlog).await.unwrap();
    let shape: Vec<(bool, Vec<usize>)> = sessions.iter().map(|s| (s.offline, s.indices.clone())).collect();
    assert_eq!(shape, vec![(false, vec![0, 1]), (false, vec![2, 4]), (true, vec![3])]);
    for session in &sessions {
        let (code, results) = settle(&client, &session.reference).await;
        assert_eq!(code, 200);
        assert_eq!(results.iter().map(|r| r.hash.clone()).collect::<Vec<_>>(), session.hashes);
        for r in &results {
            accepted(r);
        }
    }
    assert_eq!(h.standin.accepted_count(), 5);
    // A client that does not know the limit: the stand-in refuses the package as KSeF does.
    let unaware = h.client();
    let over: Vec<BatchInvoice> = (6..=8).map(|i| online(invoice(&format!("FV/BL/{i}")))).collect();
    let sent = unaware.send_batch(&over).await.unwrap();
    let (code, results) = settle(&unaware, &sent[0].reference).await;
    assert_eq!((code, results.len()), (420, 0), "over the limit of invoices in a session");
    h.assert_conformant();
}

#[tokio::test]
async fn a_package_in_several_parts_is_reassembled() {
    let limits = BatchLimits { max_part_bytes: 1500, ..BatchLimits::default() };
    let (h, client) = limited(limits).await;
    let batch: Vec<BatchInvoice> = (1..=4).map(|i| online(invoice(&format!("FV/BP/{i}")))).collect();
    let sessions = client.send_batch(&batch).await.unwrap();
    let (code, results) = settle(&client, &sessions[0].reference).await;
    assert_eq!((code, results.len()), (200, 4));
    for r in &results {
        accepted(r);
    }
    let opened = h.exchanges.lock().unwrap().iter().find(|e| e.path == "/sessions/batch").cloned().unwrap();
    let body: serde_json::Value = serde_json::from_slice(&opened.request_body).unwrap();
    let parts = body["batchFile"]["fileParts"].as_array().unwrap().len();
    assert!(parts > 1, "the package was split ({parts} part)");
    let answer: serde_json::Value = serde_json::from_slice(&opened.response_body).unwrap();
    assert_eq!(answer["partUploadRequests"].as_array().unwrap().len(), parts, "one address per part");
    h.assert_conformant();
}

#[tokio::test]
async fn the_standin_down_is_unavailable_and_nothing_is_sent() {
    let h = Harness::start().await;
    let client = h.client();
    h.standin.faults().down(true);
    let err = client.send_batch(&[online(invoice("FV/BU/1"))]).await.unwrap_err();
    assert!(matches!(err.error, KsefError::Unavailable(_)), "{err:?}");
    assert!(err.sent.is_empty());
    h.standin.faults().down(false);
    let sent = client.send_batch(&[online(invoice("FV/BU/1"))]).await.unwrap();
    assert_eq!(settle(&client, &sent[0].reference).await.0, 200, "and it goes through once KSeF is back");
}

#[tokio::test]
async fn injected_faults_apply_to_batches() {
    let h = Harness::start().await;
    let client = h.client();
    h.standin.faults().fail_next(Fault::SchemaRejection);
    let sent = client.send_batch(&[online(invoice("FV/BF/1")), online(invoice("FV/BF/2"))]).await.unwrap();
    let (_, results) = settle(&client, &sent[0].reference).await;
    assert!(matches!(&results[0].status, InvoiceStatus::Rejected { code: 450, .. }), "{:?}", results[0].status);
    accepted(&results[1]);
    h.standin.faults().fail_next(Fault::ServerError);
    let err = client.send_batch(&[online(invoice("FV/BF/3"))]).await.unwrap_err();
    assert!(err.error.is_outage(), "{err:?}");
    h.assert_conformant();
}

#[tokio::test]
async fn a_part_past_its_upload_time_is_refused_and_the_session_never_closed() {
    let options = StandInOptions { batch_upload_time_per_part: Duration::ZERO, ..StandInOptions::default() };
    let h = Harness::with(StandIn::with_options(NIP, TOKEN, options).unwrap()).await;
    let err = h.client().send_batch(&[online(invoice("FV/BT/1"))]).await.unwrap_err();
    assert!(matches!(err.error, KsefError::Refused { code: 403, .. }), "{err:?}");
    assert!(h.statuses("/close").is_empty(), "not closed: KSeF will never process it, sending again is safe");
    h.assert_conformant();
}

/// The cost of a backlog of 10,000 small invoices in one batch session (debug build):
/// `cargo test -p ksef --all-features --test batch -- --ignored --nocapture`.
#[tokio::test]
#[ignore = "a measurement, not a check: ~10 s"]
async fn ten_thousand_invoices_in_one_batch() {
    let h = Harness::start().await;
    let client = h.client();
    let started = std::time::Instant::now();
    let mut backlog: Vec<BatchInvoice> = (1..=10_000).map(|i| online(invoice(&format!("FV/10K/{i}")))).collect();
    // One broken invoice deep in the package: the one xmllint run must still single it out.
    let broken = String::from_utf8(backlog[7_777].xml.clone()).unwrap().replace("<P_2>", "<Zly>x</Zly><P_2>");
    backlog[7_777].xml = broken.into_bytes();
    let built = started.elapsed();
    let sessions = client.send_batch(&backlog).await.unwrap();
    let sent = started.elapsed();
    assert_eq!(sessions.len(), 1);
    let (code, results) = settle(&client, &sessions[0].reference).await;
    let done = started.elapsed();
    assert_eq!((code, results.len()), (200, 10_000));
    for (i, r) in results.iter().enumerate() {
        if i == 7_777 {
            assert!(matches!(&r.status, InvoiceStatus::Rejected { code: 450, reason } if reason.contains("Zly")));
        } else {
            accepted(r);
        }
    }
    let zip = ksef::client::package(backlog.iter().map(|b| b.xml.as_slice())).unwrap();
    let xml_bytes: usize = backlog.iter().map(|b| b.xml.len()).sum();
    println!("10,000 invoices: {xml_bytes} bytes of XML, a {} byte package", zip.len());
    println!(
        "10,000 invoices: built {built:?}, sent (zip, encrypt, upload, close) at {sent:?}, all accepted at {done:?}"
    );
}

/// The sender's way (`command-api`'s `processes::ksef::batch`): the session opened, its
/// reference recorded, and only then the parts uploaded and the session closed; a
/// session opened and never uploaded holds nothing and is never processed, so its
/// invoices go again in another session, once; every exchange, including the status
/// and invoice list a restarted sender reads, held to `open-api.json`.
#[tokio::test]
async fn a_package_opened_then_uploaded_is_processed_and_one_never_uploaded_holds_nothing() {
    let h = Harness::start().await;
    let client = h.client();
    let xmls: Vec<Vec<u8>> = (1..=2).map(|i| invoice(&format!("FV/BO/{i}"))).collect();
    let parts: Vec<&[u8]> = xmls.iter().map(Vec::as_slice).collect();

    let abandoned = client.open_package(&parts, false).await.unwrap();
    let abandoned_ref = abandoned.reference.clone();
    drop(abandoned); // the process died before the upload
    assert_eq!(client.session_status(&abandoned_ref).await.unwrap().status.code, 100, "open, never closed");
    assert!(client.batch_results(&abandoned_ref).await.unwrap().is_empty(), "it holds no invoice");

    let opened = client.open_package(&parts, false).await.unwrap();
    let reference = opened.reference.clone();
    assert_ne!(reference, abandoned_ref);
    assert!(client.batch_results(&reference).await.unwrap().is_empty(), "nothing before the upload");
    assert_eq!(client.upload_and_close(opened).await.unwrap(), reference);
    let (code, results) = settle(&client, &reference).await;
    assert_eq!((code, results.len()), (200, 2));
    for (xml, result) in xmls.iter().zip(&results) {
        accepted(result);
        assert_eq!(result.hash, sha256_base64(xml));
        assert_eq!(h.standin.received(&sha256_base64(xml)), 1, "one copy only");
    }
    assert_eq!(client.session_status(&abandoned_ref).await.unwrap().status.code, 100, "still never processed");
    h.assert_conformant();
}
