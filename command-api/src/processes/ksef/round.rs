//! One round of the sender (see the module guide): the lock, the kept session, the mode
//! (`choice`), the queue in order, the statuses, the session kept or closed, the UPOs.

use event_store::{EventStore, StoreError};
use sqlx::PgPool;

use super::choice::{self, Mode};
use super::kept::Kept;
use super::lock::RoundLock;
use super::queue;
use super::steps::Sender;
use super::KsefLink;
use crate::CommandState;

/// What a round did, document numbers by outcome.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// Another process holds the round's lock: this one did nothing.
    pub busy: bool,
    pub sent: Vec<String>,
    /// Sends begun before (a crash) that KSeF had: recorded, not sent again.
    pub resumed: Vec<String>,
    pub accepted: Vec<String>,
    pub rejected: Vec<String>,
    /// KSeF did not process them (405, 435, 500, 550, a spoiled session): sent again later.
    pub try_again: Vec<String>,
    /// KSeF refused to take them in (a refused request, the token's permissions, an
    /// unknown answer): they wait, and an admin is told.
    pub blocked: Vec<String>,
    /// Waiting out the backoff of an earlier send without an outcome.
    pub backing_off: Vec<String>,
    pub went_offline: Vec<String>,
    /// Corrections whose invoice has no KSeF number yet.
    pub waiting_for_invoice: Vec<String>,
    pub upos: Vec<String>,
    /// The batch sessions this round sent (their references), when the queue was long.
    pub batch_sessions: Vec<String>,
    /// Documents waiting for the next batch session: the interactive budget is spent
    /// and one went out less than `batch_pace` ago (`choice`).
    pub held: Vec<String>,
    /// Why KSeF could not be used this round (an outage, a refused token), never a secret.
    pub trouble: Option<String>,
}

impl RoundReport {
    /// Nothing happened worth a log line.
    pub fn is_empty(&self) -> bool {
        *self
            == RoundReport {
                waiting_for_invoice: self.waiting_for_invoice.clone(),
                backing_off: self.backing_off.clone(),
                ..RoundReport::default()
            }
    }
}

/// Why a round stopped: the database or the event store (KSeF's own troubles are in the
/// report, and leave the documents where they were).
#[derive(Debug, thiserror::Error)]
pub enum RoundError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Run one round now with the process's link (nothing when KSeF is `off`).
pub async fn round(state: &CommandState) -> Result<RoundReport, RoundError> {
    round_with(state.store.as_ref(), &state.pool, &state.ksef).await
}

/// [`round`] with its parts named (the CLI has no command state).
pub async fn round_with(store: &dyn EventStore, pool: &PgPool, link: &KsefLink) -> Result<RoundReport, RoundError> {
    let Some(client) = link.client.as_deref() else { return Ok(RoundReport::default()) };
    let Some(lock) = RoundLock::try_take(pool).await? else {
        return Ok(RoundReport { busy: true, ..RoundReport::default() });
    };
    let mut kept = link.kept.lock().await;
    let result = rounds_work(store, pool, client, link, &mut kept).await;
    lock.release().await;
    if let Ok(report) = &result {
        if let Err(e) = super::trouble::note(pool, report.trouble.as_deref()).await {
            tracing::warn!(error = %e, "the KSeF sender's trouble could not be noted");
        }
        link.note_limits(pool).await;
    }
    result
}

async fn rounds_work(
    store: &dyn EventStore,
    pool: &PgPool,
    client: &ksef::Client,
    link: &KsefLink,
    kept: &mut Kept,
) -> Result<RoundReport, RoundError> {
    let mut sender = Sender::new(store, pool, client);
    sender.retry = link.retry;
    sender.session = kept.take(client).await;
    let sent = sends(&mut sender, pool, link, kept).await;
    // Whatever happened, the session goes back to the process (closed when idle).
    if !sender.report.batch_sessions.is_empty() {
        kept.last_batch = Some(std::time::Instant::now());
    }
    kept.keep(client, sender.session.take(), sender.sent_online, link.idle_close).await;
    sent?;
    for queued in queue::without_upo(pool).await? {
        // The first UPO KSeF will not give (its rate limit, 1,200 an hour, after a batch
        // of thousands) ends them for this round: the round must not hold the lock waiting.
        if !sender.upo(&queued).await? {
            break;
        }
    }
    Ok(sender.report)
}

/// The queue sent in the mode `choice` picks, and the statuses read.
async fn sends(sender: &mut Sender<'_>, pool: &PgPool, link: &KsefLink, kept: &Kept) -> Result<(), RoundError> {
    let client = sender.client;
    let due = queue::due(pool).await?;
    let to_send = due.iter().filter(|q| q.to_send()).count();
    let since_batch = kept.last_batch.map(|at| at.elapsed());
    let mode = choice::choose(to_send, link.batch_over, client.calls_left("sendInvoice"), since_batch, link.batch_pace);
    sender.batch_mode = mode == Mode::Batch;
    sender.holding = mode == Mode::Hold;
    // A batch renders every document before its first request to KSeF: ask first whether
    // KSeF answers, so that during an outage a round does not render the whole backlog.
    if sender.batch_mode {
        if let Err(e) = client.reachable().await {
            sender.trouble(&e);
        }
    }
    for queued in &due {
        sender.document(queued).await?;
    }
    sender.flush_batch().await?;
    sender.settle_batches().await?;
    sender.poll().await
}
