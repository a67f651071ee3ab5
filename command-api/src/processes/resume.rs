//! Finishing, after a crash, the processes that only ever go forward once their record is
//! written: a complaint's filing ([`crate::complaints::filing`]) and a batch of coupons
//! ([`crate::coupons::batch`]). Each keeps what it still has to do in its own table; a
//! record older than the placements' [`super::recovery::stale_after`] belongs to a process
//! that died, and the sweep does the rest under the same derived ids, so a sweep that dies
//! too, or meets a retry of the same request, appends nothing twice.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::CommandState;

/// Sweep every second (or as often as a record goes stale) until `shutdown`.
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    let stale = super::recovery::stale_after();
    super::every(Duration::from_secs(1).min(stale), shutdown, || async {
        if let Err(e) = crate::complaints::filing::sweep(&state, stale).await {
            tracing::warn!(error = %e, "finishing interrupted complaint filings failed");
        }
        if let Err(e) = crate::coupons::batch::sweep(&state, stale).await {
            tracing::warn!(error = %e, "finishing interrupted coupon batches failed");
        }
    })
    .await
}
