//! The interactive session kept across rounds (it lives with the process's
//! [`KsefLink`](super::KsefLink), not with a round): KSeF allows 120 session openings an
//! hour (`limity/limity-api.md`), and a round every 10 s that opened and closed its own
//! would spend them within 20 minutes of steady sales.
//!
//! - Opened by the first round that sends interactively, then used by every later one.
//! - Renewed before KSeF closes it by itself: a round that finds less than
//!   [`RENEW_BEFORE`] left of its `validUntil` (12 hours from opening) closes it first,
//!   and the next send opens a new one.
//! - Closed when idle: at the end of a round, when nothing went in it for
//!   [`KsefLink::idle_close`](super::KsefLink) ([`IDLE_CLOSE`], 3 minutes by default: a
//!   quiet spell, not the pause between two sales of a busy hour), when the process
//!   stops, and after `coach finance ksef send`'s one round. KSeF then prepares the
//!   session's collective UPO.
//! - Its documents' own UPOs (`GET /sessions/{ref}/invoices/ksef/{ksefNumber}/upo`) do not
//!   wait for the close: the guide gives a UPO for "a single, correctly accepted invoice"
//!   (`faktury/sesje/sesja-sprawdzenie-stanu-i-pobranie-upo.md`, 5.) and an accepted
//!   invoice's status carries its `upoDownloadUrl`; only the session's collective UPO is
//!   made at close. So each accepted document's UPO is fetched by the rounds as before.
//! - A send KSeF answers "no such session" or "closed" (21173, 21180) drops it; the
//!   document, started in it, is sent again by the next round (`resume`).

use std::time::{Duration, Instant};

use ksef::OnlineSession;

/// A kept session is renewed when less than this is left of its `validUntil`.
pub const RENEW_BEFORE: chrono::Duration = chrono::Duration::hours(1);
/// A kept session into which nothing was sent for this long is closed.
pub const IDLE_CLOSE: Duration = Duration::from_secs(180);

/// What the process keeps between rounds.
#[derive(Debug, Default)]
pub struct Kept {
    session: Option<OnlineSession>,
    /// When something last went in the session (or it was opened).
    last_sent: Option<Instant>,
    /// When this process last sent a batch session (`choice`).
    pub(super) last_batch: Option<Instant>,
}

impl Kept {
    /// The session for a round: the kept one, unless its end is near (then closed).
    pub(super) async fn take(&mut self, client: &ksef::Client) -> Option<OnlineSession> {
        let session = self.session.take()?;
        let ends_soon = session.valid_until.is_some_and(|until| until - chrono::Utc::now() < RENEW_BEFORE);
        if ends_soon {
            tracing::info!(session = %session.reference, "the KSeF session ends soon: closed, a new one is opened");
            close(client, &session).await;
            self.last_sent = None;
            return None;
        }
        Some(session)
    }

    /// The session back after a round; `sent`: something went in it this round. Closed
    /// when idle for `idle_close`.
    pub(super) async fn keep(
        &mut self,
        client: &ksef::Client,
        session: Option<OnlineSession>,
        sent: bool,
        idle_close: Duration,
    ) {
        let Some(session) = session else {
            self.last_sent = None;
            return;
        };
        let now = Instant::now();
        if sent || self.last_sent.is_none() {
            self.last_sent = Some(now);
        }
        if self.last_sent.is_some_and(|at| now.duration_since(at) >= idle_close) {
            tracing::info!(session = %session.reference, "nothing sent for a while: the KSeF session is closed");
            close(client, &session).await;
            self.last_sent = None;
            return;
        }
        self.session = Some(session);
    }

    /// Close the kept session now (the process stops, or its one round is done).
    pub async fn close(&mut self, client: &ksef::Client) {
        if let Some(session) = self.session.take() {
            close(client, &session).await;
        }
        self.last_sent = None;
    }

    /// The kept session's reference, if one is open.
    pub fn session_ref(&self) -> Option<&str> {
        self.session.as_ref().map(|s| s.reference.as_str())
    }
}

async fn close(client: &ksef::Client, session: &OnlineSession) {
    if let Err(error) = client.close(&session.reference).await {
        tracing::warn!(%error, session = %session.reference, "could not close the KSeF session");
    }
}
