//! What keeps the booking moving without a request: the reactions to events, the
//! expiry of unpaid reservations, the recovery of interrupted placements and the finishing
//! of interrupted complaint filings and coupon batches ([`resume`]). All of them are
//! durable across restarts: what they work from lives in the events (or the `placements`,
//! `complaint_filings` and `coupon_batches` tables), never only in memory.

pub mod complaint_report;
pub mod course_changes;
pub mod daily_report;
pub mod departures;
pub mod disruptions;
pub mod effects;
pub mod expiry;
pub mod invoice_numbers;
pub mod ksef;
pub mod privacy_report;
pub mod reactions;
pub mod recovery;
pub mod refunds;
pub mod resume;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::CommandState;

/// Start the timed processes (expiry, recovery, refunds, the daily sales report, the
/// KSeF sender, the outbox's worker, the watch on courses that have not left, and once
/// the storing of earlier documents' XML) until
/// `shutdown`. The reactions run under the projection runner (register
/// [`reactions::BookingReactions`]).
pub fn spawn_timers(state: &CommandState, shutdown: &CancellationToken) -> Vec<JoinHandle<()>> {
    vec![
        tokio::spawn(expiry::run(state.clone(), shutdown.clone())),
        tokio::spawn(recovery::run(state.clone(), shutdown.clone())),
        tokio::spawn(resume::run(state.clone(), shutdown.clone())),
        tokio::spawn(refunds::run(state.clone(), shutdown.clone())),
        tokio::spawn(daily_report::run(state.clone(), shutdown.clone())),
        tokio::spawn(ksef::run(state.clone(), shutdown.clone())),
        tokio::spawn(ksef::issued_xml::backfill(state.clone(), shutdown.clone())),
        tokio::spawn(disruptions::run(state.clone(), shutdown.clone())),
        tokio::spawn(state.outbox.clone().run(shutdown.clone())),
        tokio::spawn(departures::run(state.clone(), shutdown.clone())),
    ]
}

/// Call `round` every `period` until `shutdown` (a round that overruns delays the next
/// rather than bunching them up): the timed processes' loop, also the catalogue's
/// sweep of unopened seat inventories.
pub async fn every<F, Fut>(period: std::time::Duration, shutdown: CancellationToken, mut round: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        round().await;
    }
}
