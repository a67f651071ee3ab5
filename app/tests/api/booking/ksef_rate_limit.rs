//! The sender under KSeF's rate limit, through the real stand-in (production limits: 30
//! invoice sends a minute): a round whose next send is refused (429, given up at once)
//! still reads the statuses of what it sent before, so what KSeF holds gets its number
//! in that round. (Before, the stopped round skipped the status reads: while a backlog
//! exceeded the quota, no KSeF number was ever recorded.)

use std::sync::Arc;

use command_api::processes::ksef::KsefLink;
use domain::order::KsefStage;

use super::ksef::{invoice_queued, ksef_app, link, round, stage};
use super::*;

/// Send `count` invoices to the stand-in through a client of its own (waiting out the
/// per-second limit), so the minute's quota of sends is nearly used up.
async fn use_up_sends(app: &BookingApp, count: usize) {
    let client = link(app).client.expect("a client");
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
