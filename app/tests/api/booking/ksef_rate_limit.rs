//! The sender under KSeF's rate limit, through the real stand-in (production limits: 30
//! invoice sends a minute): a round whose next send is refused (429, given up at once)
//! still reads the statuses of what it sent before, so what KSeF holds gets its number
//! in that round. (Before, the stopped round skipped the status reads: while a backlog
//! exceeded the quota, no KSeF number was ever recorded.)
//!
//! One interactive session is kept across the rounds of a process (KSeF allows 120
//! openings an hour; before, every round with work opened its own), and a 429 whose
//! `Retry-After` is past a minute is a rate limit, not an outage: the documents stay
//! queued (before, they went offline) and go once the block has passed.

use std::sync::Arc;

use command_api::processes::ksef::KsefLink;
use domain::order::KsefStage;

use super::ksef::{events_of, faults, invoice_queued, ksef_app, link, round, row_in, sender, stage};
use super::*;

/// Send `count` invoices to the stand-in through a client of its own (waiting out the
/// per-second limit), so the minute's quota of sends is nearly used up. Another program
/// of the company, without a throttle: this process's throttle does not know its calls.
async fn use_up_sends(app: &BookingApp, count: usize) {
    let patient = link(app);
    let config = ::ksef::Config {
        env: ::ksef::Environment::Sandbox,
        api_url: app.url(app::ksef_setup::SANDBOX_PATH),
        nip: patient.nip.clone(),
        token: app::ksef_sandbox::TOKEN.into(),
    };
    let options = ::ksef::Options { throttle_margin: None, ..::ksef::Options::default() };
    let client = ::ksef::Client::with_options(config, options).expect("a client");
    let session = client.open_session().await.expect("a session");
    for n in 0..count {
        let xml = format!("<Faktura>another program's invoice {n}</Faktura>");
        client.send(&session, xml.as_bytes(), false).await.expect("sent");
    }
}

/// A sender whose client gives up on a 429 at once (as on a Retry-After past its bound).
async fn impatient_sender(app: &BookingApp) -> command_api::CommandState {
    let patient = link(app);
    let config = ::ksef::Config {
        env: ::ksef::Environment::Sandbox,
        api_url: app.url(app::ksef_setup::SANDBOX_PATH),
        nip: patient.nip.clone(),
        token: app::ksef_sandbox::TOKEN.into(),
    };
    let options = ::ksef::Options { rate_limit_retries: 0, ..::ksef::Options::default() };
    let client = ::ksef::Client::with_options(config, options).expect("a client");
    let link = KsefLink { client: Some(Arc::new(client)), ..patient };
    app.command_state().await.with_ksef(link)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_round_stopped_by_the_rate_limit_still_records_the_numbers_of_what_it_sent(pool: PgPool) {
    let app = ksef_app(pool).await;
    let first_order = super::invoices::paid_order_with_invoice(&app).await;
    let first = invoice_queued(&app, first_order).await;
    let second_order = super::invoices::paid_order_with_invoice(&app).await;
    let second = invoice_queued(&app, second_order).await;

    // 29 of the minute's 30 sends used: the round sends the first, KSeF refuses the second.
    use_up_sends(&app, 29).await;
    let report = round(&impatient_sender(&app).await).await;
    assert_eq!(report.sent, vec![first.clone()], "{report:?}");
    assert!(report.trouble.as_deref().is_some_and(|t| t.contains("429")), "{report:?}");
    assert_eq!(report.accepted, vec![first.clone()], "read in the round that sent it: {report:?}");
    assert!(matches!(stage(&app.order(first_order).await, &first), KsefStage::Accepted { .. }));
    assert!(!matches!(stage(&app.order(second_order).await, &second), KsefStage::Accepted { .. }));
}

/// The app's stand-in's statistics (`GET /sandbox/stats`).
async fn stand_in_stats(app: &BookingApp) -> serde_json::Value {
    let url = app.url(&format!("{}/sandbox/stats", app::ksef_setup::SANDBOX_PATH));
    app.client.get(url).send().await.expect("stats").json().await.expect("json")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_rounds_of_a_process_send_in_one_interactive_session(pool: PgPool) {
    let app = ksef_app(pool).await;
    let state = sender(&app).await;
    let mut sessions = Vec::new();
    for _ in 0..3 {
        let order_id = super::invoices::paid_order_with_invoice(&app).await;
        let number = invoice_queued(&app, order_id).await;
        let report = round(&state).await;
        assert_eq!(
            (report.sent.clone(), report.accepted.clone()),
            (vec![number.clone()], vec![number.clone()]),
            "{report:?}"
        );
        let KsefStage::Accepted { session_ref, .. } = stage(&app.order(order_id).await, &number) else {
            panic!("not accepted")
        };
        sessions.push(session_ref);
    }
    assert!(sessions.windows(2).all(|w| w[0] == w[1]), "one session for the three rounds: {sessions:?}");
    let stats = stand_in_stats(&app).await;
    assert_eq!(stats["onlineSessions"], 1, "{stats}");
    assert_eq!(stats["tooManyRequests"], serde_json::json!({}), "{stats}");
    let limits = state.ksef.client.as_ref().expect("a client").limits();
    assert_eq!(
        limits.session.map(|s| s.reference),
        sessions.first().cloned(),
        "the session in use, for the status views"
    );

    // The process stops: the session is closed (KSeF makes its collective UPO).
    state.ksef.close_session().await;
    assert!(state.ksef.client.as_ref().expect("a client").limits().session.is_none());
    let client = link(&app).client.expect("a client");
    let closed = client.session_status(&sessions[0]).await.expect("the session's status");
    assert_eq!(closed.status.code, 200, "closed and processed: {:?}", closed.status);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_long_retry_after_keeps_the_documents_queued_not_offline_and_they_go_once_it_has_passed(pool: PgPool) {
    let app = ksef_app(pool).await;
    let state = sender(&app).await;
    let first_order = super::invoices::paid_order_with_invoice(&app).await;
    let first = invoice_queued(&app, first_order).await;
    assert_eq!(round(&state).await.accepted, vec![first.clone()]);

    // KSeF blocks the next call for two minutes (as after repeated excess).
    faults(&app, serde_json::json!({"failNext": [{"kind": "tooManyRequests", "seconds": 120}]})).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let report = round(&state).await;
    assert!(report.trouble.as_deref().is_some_and(|t| t.contains("429")), "{report:?}");
    assert!(report.went_offline.is_empty(), "a rate limit is no outage: {report:?}");
    let track = |order: domain::order::Order| order.placed().expect("placed").ksef[0].clone();
    let after = track(app.order(order_id).await);
    assert!(after.offline_deadline.is_none(), "no offline deadline: {:?}", after.stage);
    assert!(matches!(after.stage, KsefStage::Waiting | KsefStage::Started { offline: false, .. }), "{:?}", after.stage);
    assert!(events_of(&app, order_id, "KsefWentOffline").await.is_empty());
    let throttle = state.ksef.client.as_ref().expect("a client").limits().throttle.expect("a throttle");
    let send = throttle.operations.iter().find(|o| o.operation == "sendInvoice").expect("listed");
    assert!(send.blocked_until.is_some() && send.rate_limited == 1, "held until the block ends: {send:?}");

    // The next round of the same process: no interactive send into the block (KSeF is
    // not asked again); the document goes in a batch session instead, online, one copy.
    let sends_before = stand_in_stats(&app).await["calls"]["sendInvoice"].clone();
    let report = round(&state).await;
    assert_eq!(report.batch_sessions.len(), 1, "{report:?}");
    assert_eq!(report.accepted, vec![number.clone()], "{report:?}");
    assert!(report.went_offline.is_empty(), "{report:?}");
    assert_eq!(stand_in_stats(&app).await["calls"]["sendInvoice"], sends_before, "no send into the block");
    row_in(&app, &number, "accepted").await;
    let copies = super::ksef::received(&app).await;
    assert_eq!(copies.len(), 2, "the two invoices: {copies:?}");
    assert!(copies.values().all(|c| c.as_u64() == Some(1)), "one copy of each: {copies:?}");
}
