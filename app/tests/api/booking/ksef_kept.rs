//! The interactive session a sending process keeps across rounds, at its two ends
//! (`command_api::processes::ksef::kept`): closed after a quiet spell with nothing sent
//! (KSeF then makes its collective UPO), and renewed before KSeF would close it by itself
//! (its `validUntil`, 12 hours from opening: the stand-in is told to make it near).

use std::time::Duration;

use command_api::processes::ksef::KsefLink;
use domain::order::KsefStage;

use super::ksef::{faults, invoice_queued, ksef_app, link, round, stage};
use super::*;

/// The session `number` was accepted in.
async fn accepted_in(app: &BookingApp, order_id: Uuid, number: &str) -> String {
    let KsefStage::Accepted { session_ref, .. } = stage(&app.order(order_id).await, number) else {
        panic!("{number} not accepted")
    };
    session_ref
}

/// The session the process keeps now, as its client reports it.
fn kept(state: &command_api::CommandState) -> Option<String> {
    state.ksef.client.as_ref().expect("a client").limits().session.map(|s| s.reference)
}

/// KSeF's processing code of session `reference` (200: closed and processed).
async fn session_code(app: &BookingApp, reference: &str) -> i64 {
    let client = link(app).client.expect("a client");
    client.session_status(reference).await.expect("the session's status").status.code
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_session_with_nothing_sent_for_the_idle_time_is_closed_at_the_end_of_a_round(pool: PgPool) {
    let app = ksef_app(pool).await;
    let idle_close = Duration::from_secs(2);
    let state = app.command_state().await.with_ksef(KsefLink { idle_close, ..link(&app) });
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    assert_eq!(round(&state).await.accepted, vec![number.clone()]);
    let session = accepted_in(&app, order_id, &number).await;
    assert_eq!(kept(&state), Some(session.clone()), "kept after the round that sent in it");
    assert_eq!(session_code(&app, &session).await, 100, "still open in KSeF");

    // The quiet spell itself is what is under test: nothing is sent for longer than it.
    tokio::time::sleep(idle_close + Duration::from_millis(100)).await;
    let report = round(&state).await;
    assert!(report.sent.is_empty(), "{report:?}");
    assert_eq!(kept(&state), None, "closed after {idle_close:?} with nothing sent");
    assert_eq!(session_code(&app, &session).await, 200, "closed in KSeF, its UPO made");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_session_near_its_end_is_closed_and_the_next_send_opens_a_new_one(pool: PgPool) {
    let app = ksef_app(pool).await;
    let state = super::ksef::sender(&app).await;
    // The next session is valid for 30 minutes: less than the hour before its end at
    // which the sender renews it.
    faults(&app, serde_json::json!({"failNext": [{"kind": "shortSession", "minutes": 30}]})).await;
    let first_order = super::invoices::paid_order_with_invoice(&app).await;
    let first = invoice_queued(&app, first_order).await;
    assert_eq!(round(&state).await.accepted, vec![first.clone()]);
    let old = accepted_in(&app, first_order, &first).await;
    assert_eq!(kept(&state), Some(old.clone()), "kept between rounds");

    let second_order = super::invoices::paid_order_with_invoice(&app).await;
    let second = invoice_queued(&app, second_order).await;
    assert_eq!(round(&state).await.accepted, vec![second.clone()]);
    let new = accepted_in(&app, second_order, &second).await;
    assert_ne!(new, old, "sent in a new session, not the one about to end");
    assert_eq!(kept(&state), Some(new), "the new one kept");
    assert_eq!(session_code(&app, &old).await, 200, "the old one closed in KSeF, its UPO made");
}
