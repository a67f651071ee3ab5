//! The statuses of what the round sent (and what earlier rounds sent and did not see
//! final), read until final a few times, then left to the next round.
//!
//! In bulk when more than [`FEW`] are pending: the session's invoice list
//! (`GET /sessions/{ref}/invoices`, one request a page of up to 1000, limited to 20 a
//! minute and 200 an hour) instead of one `GET /sessions/{ref}/invoices/{invoiceRef}`
//! per document (120 a minute, 1200 an hour): a round that sent ten documents reads them
//! in one request. One or two pending are read one by one, and so is everything once
//! the list's budget is spent (`Client::calls_left`). A read the rate limit refuses ends
//! the polling for the round without stopping anything else; any other failure is the
//! round's trouble, as before.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use ksef::{InvoiceStatus, KsefError};

use super::round::RoundError;
use super::steps::{Pending, Sender};

/// How often a round reads the statuses of what it sent, and the first pause between two
/// reads (it grows with each read, up to [`LONGEST_PAUSE`]).
const POLLS: u32 = 20;
const POLL_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(2);

/// Up to this many pending documents are read one by one; more, from the session's list.
pub(super) const FEW: usize = 2;

/// Whether the polling goes on.
enum Read {
    More,
    Stop,
}

impl Sender<'_> {
    /// Read the statuses of what is pending until final (a few times, then the next
    /// round goes on). They are read even when the sends stopped (a send refused by
    /// KSeF's rate limit, which the status reads have apart): what KSeF already holds
    /// gets its number recorded.
    pub(super) async fn poll(&mut self) -> Result<(), RoundError> {
        for attempt in 0..POLLS {
            if self.pending.is_empty() {
                return Ok(());
            }
            if attempt > 0 {
                tokio::time::sleep((POLL_PAUSE * attempt).min(LONGEST_PAUSE)).await;
            }
            let bulk = self.pending.len() > FEW && self.client.calls_left("sessionInvoices") > 0;
            let read = if bulk { self.read_lists().await? } else { self.read_each().await? };
            if let Read::Stop = read {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Each pending document's session list read once, the statuses found recorded.
    async fn read_lists(&mut self) -> Result<Read, RoundError> {
        let sessions: BTreeSet<String> = self.pending.iter().map(|p| p.session_ref.clone()).collect();
        let mut waiting = std::mem::take(&mut self.pending);
        for session_ref in sessions {
            let listed = match self.client.batch_results(&session_ref).await {
                Ok(listed) => listed,
                Err(e) => {
                    self.pending.extend(waiting);
                    return Ok(self.failed_read(&e));
                }
            };
            let mut by_ref: HashMap<String, InvoiceStatus> =
                listed.into_iter().map(|r| (r.reference, r.status)).collect();
            let (of_session, rest): (Vec<Pending>, Vec<Pending>) =
                waiting.into_iter().partition(|p| p.session_ref == session_ref);
            waiting = rest;
            for pending in of_session {
                match by_ref.remove(&pending.invoice_ref) {
                    Some(status) => self.status(pending, status).await?,
                    // Not listed yet: read again.
                    None => self.pending.push(pending),
                }
            }
        }
        self.pending.extend(waiting);
        Ok(Read::More)
    }

    /// Each pending document's status read by itself.
    async fn read_each(&mut self) -> Result<Read, RoundError> {
        let mut waiting = std::mem::take(&mut self.pending).into_iter();
        while let Some(pending) = waiting.next() {
            match self.client.status(&pending.session_ref, &pending.invoice_ref).await {
                Ok(status) => self.status(pending, status).await?,
                Err(e) => {
                    self.pending.push(pending);
                    self.pending.extend(waiting);
                    return Ok(self.failed_read(&e));
                }
            }
        }
        Ok(Read::More)
    }

    /// A read failed: a rate limit only ends the polling (the next round reads them);
    /// anything else is the round's trouble.
    fn failed_read(&mut self, error: &KsefError) -> Read {
        if error.is_rate_limited() {
            tracing::info!(%error, pending = self.pending.len(), "KSeF status reads rate limited: the next round reads them");
        } else {
            self.trouble(error);
        }
        Read::Stop
    }
}
