//! The KSeF sender: every invoice and correction due for KSeF (`rm_ksef_documents`,
//! whose source is the order streams) is sent, exactly once, its status read until it is
//! final, its session closed and its UPO kept; what KSeF answers is recorded on the
//! order's stream ([`domain::order::decide_ksef`]).
//!
//! A round ([`round`]), every [`PERIOD`] on the command side's timed loop or now
//! (`coach finance ksef send`):
//! 1. One process only: a PostgreSQL advisory lock held for the round on a connection
//!    of its own (`lock`); a process that finds it taken skips the round.
//! 2. The queue in `queue_position` order (`queue`): waiting, offline and sent documents.
//!    A correction whose invoice has no KSeF number yet waits.
//! 3. Each document's XML is its XML as issued ([`issued_xml`]: fixed once, rendered from
//!    the order's events as at the issue by `render`, stored with its SHA-256; the bytes
//!    the download serves), and `KsefSendStarted` is appended BEFORE the request, with the
//!    stream's expected version: of two processes (should the lock ever be lost) only one
//!    starts a document's send. A copy not stored yet is stored by the sender first.
//! 4. A send found started but not recorded as sent (a crash between the request and
//!    the note of its answer) is looked up by its hash in its session (`resume`: the
//!    session's status and its invoice list, read once per session and round): KSeF has
//!    it, so its outcome is recorded; or a batch session KSeF is still processing (150)
//!    leaves it for a later round; or KSeF does not hold it (an interactive send that
//!    never arrived, a batch session never closed or failed as a whole), and it is sent
//!    anew under a new start that names the old one. Never a second copy.
//! 5. Interactive or batch under KSeF's limits (`choice`): a queue the interactive
//!    budget left can take goes in the interactive session kept across rounds (`kept`);
//!    a queue of more than [`KsefLink::batch_over`] documents to send ([`BATCH_OVER`]),
//!    or one the budget cannot take, goes in batch sessions, at most one every
//!    [`KsefLink::batch_pace`] (the documents wait in the queue meanwhile). In a batch
//!    (`batch`, `sesja-wsadowa.md`) each package's session is opened, EVERY document's
//!    `KsefSendStarted` naming it and the document's hash is recorded, and only then
//!    are the parts uploaded and the session closed; the
//!    package's outcome (session status, then its invoice list) is recorded per
//!    document, accepted with its KSeF number or rejected. A crash anywhere in it is
//!    resumed by step 4.
//! 6. Every answer about a document is sorted by `ksef::answers` (the guide's tables):
//!    accepted; a duplicate (440), accepted under the original's KSeF number and session;
//!    KSeF's "try again" (405, 435, 500, 550) or a refused request (a 4xx on the send:
//!    KSeF took nothing in), recorded as `KsefSendFailed` and sent again, unchanged,
//!    after a backoff ([`KsefLink::retry`]); rejected only for its content (415, 430, 450).
//! 7. KSeF unavailable ([`ksef::KsefError::is_outage`]): the due documents go offline
//!    (`KsefWentOffline`, deadline: the next working day after the issue date,
//!    offline24) and are sent in order, `offlineMode: true`, once KSeF answers again.
//!    A refused authentication or request is logged (never the token) and loses nothing:
//!    the documents stay in the queue; a document KSeF rejects is recorded rejected, with
//!    its code and reason, until an admin corrects the buyer's data. An offline document
//!    KSeF rejected is sent again by itself as a technical correction
//!    (`offline/korekta-techniczna.md`: `hashOfCorrectedInvoice` names the original)
//!    once the XML made now (as at the issue) differs from the rejected one, stored as a
//!    new version of the document (`send_xml`); the same bytes never again.
//! 8. The statuses of the sent documents are read until final (`poll`: in bulk from the
//!    session's invoice list when more than two are pending), the interactive session is
//!    kept for the next round (closed when idle, renewed before its `validUntil`: `kept`),
//!    and the UPO of each accepted document is fetched and kept.
//!
//! Every call goes through the client's throttle (`ksef::client::throttle`: the
//! documented limits with a margin); a call it holds back, or a 429 with a long
//! `Retry-After`, is "rate limited, try later" ([`ksef::KsefError::RateLimited`]): the
//! round stops sending and the documents stay queued; none goes offline for it.
//!
//! [`daily`]: the daily report's section naming the documents not in KSeF whose day to
//! reach it falls within one working day, with why each is stuck; `trouble`: the round's
//! trouble kept for those alerts (a refused token holds back every document).

mod answer;
mod batch;
pub mod choice;
pub mod daily;
pub mod issued_xml;
pub mod kept;
mod lock;
mod poll;
mod queue;
mod record;
pub(crate) mod render;
mod resume;
pub mod round;
mod send_xml;
mod sender_status;
mod steps;
mod trouble;

use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

pub use render::{render_at, render_xml, version_position, Rendered};
pub use round::{round, round_with, RoundError, RoundReport};

use crate::CommandState;

/// How often a round runs by default.
pub const PERIOD: Duration = Duration::from_secs(10);

/// Where KSeF is for this process: its environment and, unless it is `off`, the client.
pub struct KsefLink {
    pub env: ksef::Environment,
    pub client: Option<Arc<ksef::Client>>,
    /// How often rounds run by themselves; `None`: only when asked ([`round`]).
    pub every: Option<Duration>,
    /// The NIP sessions are opened in (the context of KOD II).
    pub nip: String,
    /// The carrier's offline certificate, which signs KOD II of offline invoices.
    pub offline_cert: Option<Arc<ksef::OfflineCertificate>>,
    /// A queue of more documents to send than this goes in batch sessions ([`BATCH_OVER`]).
    pub batch_over: usize,
    /// The backoff of a send that reached no outcome (KSeF's "try again", a refused request).
    pub retry: domain::order::RetryPolicy,
    /// The shortest time between two batch sessions ([`choice::BATCH_PACE`]).
    pub batch_pace: Duration,
    /// The kept interactive session is closed after this long with nothing sent ([`kept::IDLE_CLOSE`]).
    pub idle_close: Duration,
    /// The interactive session kept across rounds (`kept`); held for the whole of a round.
    pub kept: tokio::sync::Mutex<kept::Kept>,
}

/// Above how many documents to send a round uses batch sessions instead of the
/// interactive one: the interactive send's production limit is 30 a minute (and 180 an
/// hour, `limity/limity-api.md`), so a larger queue could not go interactively within
/// the minute; the guide recommends batch for "more than one document" in a window, but
/// the interactive session gives a small queue its numbers at once, which the invoice
/// e-mails wait for.
pub const BATCH_OVER: usize = 30;

impl KsefLink {
    /// Nothing is sent: documents stay waiting.
    pub fn off() -> Self {
        KsefLink {
            env: ksef::Environment::Off,
            client: None,
            every: None,
            nip: String::new(),
            offline_cert: None,
            batch_over: BATCH_OVER,
            retry: domain::order::RetryPolicy::default(),
            batch_pace: choice::BATCH_PACE,
            idle_close: kept::IDLE_CLOSE,
            kept: tokio::sync::Mutex::default(),
        }
    }

    /// The client of `config` (none for `off`), a round every [`PERIOD`].
    pub fn new(config: ksef::Config) -> Result<Self, ksef::KsefError> {
        let env = config.env;
        if env == ksef::Environment::Off {
            return Ok(Self::off());
        }
        let nip = config.nip.clone();
        let client = Some(Arc::new(ksef::Client::new(config)?));
        Ok(KsefLink { env, client, every: Some(PERIOD), nip, ..Self::off() })
    }

    /// Close the kept interactive session, if any (the process stops, or its one round
    /// is done: `coach finance ksef send`).
    pub async fn close_session(&self) {
        if let Some(client) = self.client.as_deref() {
            self.kept.lock().await.close(client).await;
        }
    }

    /// Note what the client sees of KSeF now, the session in use and the calls left
    /// (`sender_status`, for `coach finance ksef status`): after each round, and once a
    /// one-round process closed its session.
    pub async fn note_limits(&self, pool: &sqlx::PgPool) {
        if let Some(client) = self.client.as_deref() {
            if let Err(e) = sender_status::note(pool, &client.limits()).await {
                tracing::warn!(error = %e, "the KSeF client's limits could not be noted");
            }
        }
    }
}

/// Run a round every [`KsefLink::every`] until `shutdown` (nothing when KSeF is off or
/// rounds run only when asked).
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    let (Some(_), Some(period)) = (&state.ksef.client, state.ksef.every) else { return };
    super::every(period, shutdown, || async {
        match round(&state).await {
            Ok(report) if report.is_empty() => {}
            Ok(report) => tracing::info!(?report, "KSeF round"),
            Err(e) => tracing::warn!(error = %e, "KSeF round failed; the next one tries again"),
        }
    })
    .await;
    state.ksef.close_session().await;
}
