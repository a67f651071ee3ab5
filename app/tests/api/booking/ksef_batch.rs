//! A queue longer than the sender's threshold goes in a batch session
//! (`sesja-wsadowa.md`), through the app's real stand-in over HTTP: every invoice gets
//! its KSeF number; a crash after the upload, or after the starts but before the
//! upload, resumes with one copy of each invoice in KSeF; a package in which KSeF
//! rejects one invoice marks that one rejected and the others accepted. (The threshold
//! is lowered to 2 here so three orders make a long queue; the client's batch requests
//! are held to `open-api.json` in `ksef/tests/batch.rs`.)

use command_api::aggregate::{execute, stream_of, OrderAgg};
use command_api::processes::ksef::render_xml;
use domain::order::{decide_ksef, KsefStage, KsefStep, OrderEvent};
use event_store::Metadata;
use serde_json::json;

use super::ksef::{events_of, events_of_all, faults, invoice_queued, ksef_app, link, received, round, stage};
use super::*;

/// A sender whose batch threshold is 2: three documents are a long queue.
async fn batch_sender(app: &BookingApp) -> command_api::CommandState {
    let mut link = link(app);
    link.batch_over = 2;
    app.command_state().await.with_ksef(link)
}

/// Three paid orders with invoices, queued: (order, invoice number) in queue order.
async fn three_queued(app: &BookingApp) -> Vec<(Uuid, String)> {
    let mut queued = Vec::new();
    for _ in 0..3 {
        let order_id = super::invoices::paid_order_with_invoice(app).await;
        queued.push((order_id, invoice_queued(app, order_id).await));
    }
    queued
}

/// The session each `KsefSendStarted` of the order names, in order.
async fn started_sessions(app: &BookingApp, order_id: Uuid) -> Vec<String> {
    events_of(app, order_id, "KsefSendStarted")
        .await
        .into_iter()
        .filter_map(|e| match e {
            OrderEvent::KsefSendStarted { session_ref, .. } => Some(session_ref),
            _ => None,
        })
        .collect()
}

/// How many copies of `hash` KSeF received.
async fn copies(app: &BookingApp, hash: &str) -> Option<u64> {
    received(app).await.get(hash).and_then(serde_json::Value::as_u64)
}

/// The order's accepted document: its KSeF number and the session that accepted it.
async fn accepted(app: &BookingApp, order_id: Uuid, number: &str) -> (String, String) {
    match stage(&app.order(order_id).await, number) {
        KsefStage::Accepted { ksef_number, session_ref, .. } => (ksef_number, session_ref),
        other => panic!("{number} not accepted: {other:?}"),
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_queue_over_the_threshold_goes_in_one_batch_session_and_every_invoice_gets_its_number(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    let numbers: Vec<String> = queued.iter().map(|(_, n)| n.clone()).collect();

    let report = round(&batch_sender(&app).await).await;
    assert_eq!(report.batch_sessions.len(), 1, "one package: {report:?}");
    let batch = report.batch_sessions[0].clone();
    assert_eq!((report.sent.clone(), report.accepted.clone()), (numbers.clone(), numbers.clone()), "{report:?}");
    let mut ksef_numbers = Vec::new();
    for (order_id, number) in &queued {
        let (ksef_number, session_ref) = accepted(&app, *order_id, number).await;
        assert_eq!(session_ref, batch, "accepted in the batch session");
        assert!(::ksef::KsefNumber::parse(&ksef_number).is_ok(), "{ksef_number}");
        ksef_numbers.push(ksef_number);
        assert_eq!(started_sessions(&app, *order_id).await, vec![batch.clone()], "started once, naming the batch");
        let events = events_of_all(&app, *order_id).await;
        let order = app.order(*order_id).await;
        let rendered = render_xml(&events, order.placed().expect("placed"), number).expect("doc").expect("valid");
        assert_eq!(copies(&app, &rendered.sha256).await, Some(1), "one copy of {number}");
        row_in(&app, number, "accepted").await;
    }
    ksef_numbers.sort();
    ksef_numbers.dedup();
    assert_eq!(ksef_numbers.len(), 3, "three numbers");
    // Below the threshold the same queue would have gone one by one (the default is 30).
    assert_eq!(command_api::processes::ksef::BATCH_OVER, 30);
}

/// The state a sender left when it died after opening a batch session for the queue's
/// documents and recording their starts, having uploaded and closed it (`upload`) or
/// not: the session's reference and each document's hash.
async fn crashed_in_a_batch(app: &BookingApp, queued: &[(Uuid, String)], upload: bool) -> (String, Vec<String>) {
    let client = link(app).client.expect("a client");
    let mut xmls = Vec::new();
    let mut hashes = Vec::new();
    for (order_id, number) in queued {
        let events = events_of_all(app, *order_id).await;
        let order = app.order(*order_id).await;
        let rendered = render_xml(&events, order.placed().expect("placed"), number).expect("doc").expect("valid");
        hashes.push(rendered.sha256);
        xmls.push(rendered.xml.into_bytes());
    }
    let parts: Vec<&[u8]> = xmls.iter().map(Vec::as_slice).collect();
    let opened = client.open_package(&parts, false).await.expect("a batch session");
    let reference = opened.reference.clone();
    for ((order_id, number), hash) in queued.iter().zip(&hashes) {
        let step = KsefStep::Start {
            document: number.clone(),
            xml_sha256: hash.clone(),
            session_ref: reference.clone(),
            replaces: None,
            at: chrono::Utc::now(),
            batch: true,
        };
        let stream = stream_of::<OrderAgg>(order_id).expect("stream");
        let metadata = Metadata { correlation_id: Some(*order_id), ..Metadata::default() };
        execute::<OrderAgg, _, _>(&app.store, &stream, Uuid::new_v4(), &metadata, |o| decide_ksef(&step, o))
            .await
            .expect("the start recorded");
    }
    if upload {
        client.upload_and_close(opened).await.expect("uploaded and closed");
    }
    (reference, hashes)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_crash_after_the_batch_upload_is_resumed_from_the_session_with_one_copy_only(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    // KSeF is slow with the package (a large one takes it a while).
    faults(&app, json!({ "holdBatches": true })).await;
    let (batch, hashes) = crashed_in_a_batch(&app, &queued, true).await;

    // A fresh process's round while KSeF is still processing it: the session lists none
    // of them yet, and none is sent again.
    let report = round(&batch_sender(&app).await).await;
    assert!(report.sent.is_empty() && report.resumed.is_empty() && report.batch_sessions.is_empty(), "{report:?}");
    for (order_id, number) in &queued {
        assert!(matches!(stage(&app.order(*order_id).await, number), KsefStage::Started { .. }), "{number}");
    }

    // KSeF processes the package; the process that closed it is gone.
    faults(&app, json!({ "holdBatches": false })).await;
    let client = link(&app).client.expect("a client");
    eventually("KSeF to process the package", || async {
        client.session_status(&batch).await.expect("the session's status").status.code == 200
    })
    .await;

    // The next round reads the session and records what KSeF holds.
    let report = round(&batch_sender(&app).await).await;
    let numbers: Vec<String> = queued.iter().map(|(_, n)| n.clone()).collect();
    assert_eq!((report.resumed.clone(), report.accepted.clone()), (numbers.clone(), numbers), "{report:?}");
    assert!(report.sent.is_empty() && report.batch_sessions.is_empty(), "nothing sent again: {report:?}");
    for ((order_id, number), hash) in queued.iter().zip(&hashes) {
        assert_eq!(accepted(&app, *order_id, number).await.1, batch);
        assert_eq!(started_sessions(&app, *order_id).await, vec![batch.clone()], "never started again");
        assert_eq!(copies(&app, hash).await, Some(1), "one copy of {number} in KSeF");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_batch_still_at_100_after_its_close_is_waited_for_not_sent_again(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    // KSeF has not picked the closed package up yet: its session still answers 100.
    faults(&app, json!({ "holdBatchesAt100": true })).await;
    let (batch, hashes) = crashed_in_a_batch(&app, &queued, true).await;
    let client = link(&app).client.expect("a client");
    assert_eq!(client.session_status(&batch).await.expect("status").status.code, 100);

    for _ in 0..2 {
        let report = round(&batch_sender(&app).await).await;
        assert!(report.sent.is_empty() && report.batch_sessions.is_empty(), "nothing sent again: {report:?}");
        assert!(report.rejected.is_empty(), "{report:?}");
    }
    for (order_id, number) in &queued {
        assert!(matches!(stage(&app.order(*order_id).await, number), KsefStage::Started { batch: true, .. }));
    }

    faults(&app, json!({ "holdBatchesAt100": false })).await;
    eventually("KSeF to process the package", || async {
        client.session_status(&batch).await.expect("the session's status").status.code == 200
    })
    .await;
    let report = round(&batch_sender(&app).await).await;
    let numbers: Vec<String> = queued.iter().map(|(_, n)| n.clone()).collect();
    assert_eq!(report.accepted, numbers, "{report:?}");
    for ((order_id, number), hash) in queued.iter().zip(&hashes) {
        assert_eq!(accepted(&app, *order_id, number).await.1, batch);
        assert_eq!(started_sessions(&app, *order_id).await, vec![batch.clone()], "never started again");
        assert_eq!(copies(&app, hash).await, Some(1), "one copy of {number} in KSeF");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_crash_before_the_upload_sends_the_documents_again_the_unclosed_session_holding_none(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    let (abandoned, hashes) = crashed_in_a_batch(&app, &queued, false).await;

    let report = round(&batch_sender(&app).await).await;
    let numbers: Vec<String> = queued.iter().map(|(_, n)| n.clone()).collect();
    assert_eq!(report.sent, numbers, "sent again, the session they were started in never closed: {report:?}");
    assert_eq!(report.batch_sessions.len(), 1, "{report:?}");
    let batch = report.batch_sessions[0].clone();
    assert_ne!(batch, abandoned);
    for ((order_id, number), hash) in queued.iter().zip(&hashes) {
        assert_eq!(accepted(&app, *order_id, number).await.1, batch);
        assert_eq!(started_sessions(&app, *order_id).await, vec![abandoned.clone(), batch.clone()]);
        assert_eq!(copies(&app, hash).await, Some(1), "one copy of {number} in KSeF");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_batch_in_which_ksef_rejects_one_invoice_marks_it_rejected_and_the_others_accepted(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    // KSeF's next invoice (the package's first) fails its schema check.
    faults(&app, json!({ "failNext": [{ "kind": "schemaRejection" }] })).await;

    let report = round(&batch_sender(&app).await).await;
    assert_eq!(report.batch_sessions.len(), 1, "{report:?}");
    let (first_order, first) = &queued[0];
    assert_eq!(report.rejected, vec![first.clone()], "{report:?}");
    assert_eq!(report.accepted, vec![queued[1].1.clone(), queued[2].1.clone()], "{report:?}");
    let KsefStage::Rejected { code, reason, .. } = stage(&app.order(*first_order).await, first) else {
        panic!("{first} not rejected")
    };
    assert_eq!(code, 450);
    assert!(reason.contains("P_2"), "{reason}");
    row_in(&app, first, "rejected").await;
    for (order_id, number) in &queued[1..] {
        accepted(&app, *order_id, number).await;
        row_in(&app, number, "accepted").await;
    }
}

/// The row of `document` once the projection has it in `state`.
async fn row_in(app: &BookingApp, document: &str, state: &str) {
    super::ksef::row_in(app, document, state).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_backlog_issued_while_ksef_was_down_goes_offline_then_in_an_offline_batch(pool: PgPool) {
    let app = ksef_app(pool).await;
    let queued = three_queued(&app).await;
    let numbers: Vec<String> = queued.iter().map(|(_, n)| n.clone()).collect();
    faults(&app, json!({ "down": true })).await;
    let report = round(&batch_sender(&app).await).await;
    assert_eq!(report.went_offline, numbers, "{report:?}");
    assert!(report.trouble.as_deref().is_some_and(|t| t.contains("unavailable")), "{report:?}");
    assert!(report.batch_sessions.is_empty(), "{report:?}");

    faults(&app, json!({ "down": false })).await;
    let report = round(&batch_sender(&app).await).await;
    assert_eq!(report.batch_sessions.len(), 1, "{report:?}");
    assert_eq!(report.accepted, numbers, "{report:?}");
    for (order_id, _) in &queued {
        let offline = events_of(&app, *order_id, "KsefSendStarted")
            .await
            .iter()
            .all(|e| matches!(e, OrderEvent::KsefSendStarted { offline: true, .. }));
        assert!(offline, "sent in an offlineMode package");
    }
}
