//! A long queue sent in batch sessions (`sesja-wsadowa.md`): the interactive send's
//! limit (180 an hour) would take ~55 hours for 10,000 invoices after an outage, past
//! the offline mode's deadline (the next working day); a batch session holds up to
//! 10,000 and its open and close are two requests.
//!
//! Per package (`ksef::client::plan`: by `offlineMode`, within the limits), crash-safe:
//! 1. The session is opened with the package's metadata (`Client::open_package`):
//!    nothing of it can be processed until it is closed.
//! 2. Every document's `KsefSendStarted` is recorded, naming that session and the
//!    document's hash. Should one be refused (the document moved on meanwhile), the
//!    package is abandoned: never uploaded, never closed, so never processed; the
//!    documents started in it are sent again by a later round (`resume`).
//! 3. Only then are the parts uploaded and the session closed.
//! 4. The session's status is read until KSeF has processed the package, then its
//!    invoice list, and each document's outcome is recorded by its hash: accepted with
//!    its KSeF number, or rejected with KSeF's code and reason. A package still being
//!    processed when the round gives up is read by a later round (`resume`).
//!
//! A crash between any two steps leaves the documents started in a session that KSeF
//! either never processes (not closed) or processes once; `resume` reads which.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::order::{KsefStage, KsefStep, KsefTrack, OrderState};
use ksef::answers::SessionVerdict;
use ksef::{BatchInvoice, KsefError};
use uuid::Uuid;

use super::render::Rendered;
use super::round::RoundError;
use super::steps::{Pending, Sender};

/// How many times, and how long apart at most, a round reads a batch session's status:
/// up to about two minutes, at most 60 reads a minute (the status read's production
/// limit is 120 a minute).
const BATCH_POLLS: u32 = 120;
const BATCH_POLL_PAUSE: Duration = Duration::from_secs(1);

/// A document rendered and kept for the round's package.
pub(in crate::processes::ksef) struct Collected {
    order_id: Uuid,
    document: String,
    issued_at: DateTime<Utc>,
    /// It went offline (it has a deadline): it goes in an `offlineMode` package.
    offline: bool,
    rendered: Rendered,
    /// The session of a send begun before that KSeF does not hold, taken over.
    replaces: Option<String>,
}

impl Collected {
    pub(super) fn of(order: &OrderState, track: &KsefTrack, rendered: Rendered, replaces: Option<String>) -> Self {
        Collected {
            order_id: order.order_id,
            document: track.document.clone(),
            issued_at: track.issued_at,
            offline: track.offline_deadline.is_some(),
            rendered,
            replaces,
        }
    }
}

/// A batch session closed this round, its documents (order, number, hash) to settle.
pub(in crate::processes::ksef) struct Flying {
    reference: String,
    documents: Vec<(Uuid, String, String)>,
}

impl Sender<'_> {
    /// Send the documents collected this round, in as many packages as the limits need.
    pub(super) async fn flush_batch(&mut self) -> Result<(), RoundError> {
        let collected = std::mem::take(&mut self.collected);
        if collected.is_empty() {
            return Ok(());
        }
        let plan = {
            let sizes: Vec<BatchInvoice> = collected
                .iter()
                .map(|c| BatchInvoice { xml: vec![0; c.rendered.xml.len()], offline: c.offline })
                .collect();
            ksef::client::plan(&sizes, &self.client.batch_limits())
        };
        let mut slots: Vec<Option<Collected>> = collected.into_iter().map(Some).collect();
        for (offline, indices) in plan {
            let group: Vec<Collected> =
                indices.iter().filter_map(|i| slots.get_mut(*i).and_then(Option::take)).collect();
            if self.stopped {
                self.offline_all(&group).await?;
            } else {
                self.package(offline, group).await?;
            }
        }
        Ok(())
    }

    /// One package: opened, every start recorded, uploaded, closed (the module guide).
    async fn package(&mut self, offline: bool, group: Vec<Collected>) -> Result<(), RoundError> {
        let xmls: Vec<&[u8]> = group.iter().map(|c| c.rendered.xml.as_bytes()).collect();
        let opened = match self.client.open_package(&xmls, offline).await {
            Ok(opened) => opened,
            Err(e) => {
                self.trouble(&e);
                return self.offline_all(&group).await;
            }
        };
        let reference = opened.reference.clone();
        for c in &group {
            let step = KsefStep::Start {
                document: c.document.clone(),
                xml_sha256: c.rendered.sha256.clone(),
                session_ref: reference.clone(),
                replaces: c.replaces.clone(),
                at: Utc::now(),
                batch: true,
            };
            let after = self.record(c.order_id, &step).await?;
            let started_here = after.is_some_and(|o| {
                o.ksef.iter().any(|t| {
                    t.document == c.document
                        && matches!(&t.stage, KsefStage::Started { session_ref, offline: o, .. }
                            if *session_ref == reference && *o == offline)
                })
            });
            if !started_here {
                tracing::warn!(document = %c.document, session = %reference,
                    "a document of the batch could not be started: the package is not uploaded, a later round sends it");
                return Ok(());
            }
        }
        crate::failpoint("ksef-batch-before-upload");
        match self.client.upload_and_close(opened).await {
            Ok(_) => {
                crate::failpoint("ksef-batch-after-close");
                tracing::info!(session = %reference, documents = group.len(), offline, "KSeF batch session sent");
                self.report.batch_sessions.push(reference.clone());
                self.report.sent.extend(group.iter().map(|c| c.document.clone()));
                let documents = group.into_iter().map(|c| (c.order_id, c.document, c.rendered.sha256)).collect();
                self.flying.push(Flying { reference, documents });
                Ok(())
            }
            // Not closed (or not known to be): a later round reads the session and sends
            // again what KSeF does not hold.
            Err(e) => {
                self.trouble(&e);
                self.offline_all(&group).await
            }
        }
    }

    async fn offline_all(&mut self, group: &[Collected]) -> Result<(), RoundError> {
        for c in group {
            self.offline_doc(c.order_id, &c.document, c.issued_at, c.offline).await?;
        }
        Ok(())
    }

    /// Record the outcome of each document of the batch sessions sent this round.
    pub(super) async fn settle_batches(&mut self) -> Result<(), RoundError> {
        for flying in std::mem::take(&mut self.flying) {
            let results = match self.processed(&flying.reference).await {
                Ok(Some(results)) => results,
                // Still processing: a later round reads it (`resume`).
                Ok(None) => continue,
                Err(e) => {
                    self.trouble(&e);
                    continue;
                }
            };
            let mut by_hash: HashMap<String, ksef::client::BatchResult> =
                results.into_iter().map(|r| (r.hash.clone(), r)).collect();
            for (order_id, document, sha256) in flying.documents {
                let Some(result) = by_hash.remove(&sha256) else {
                    tracing::warn!(%document, session = %flying.reference,
                        "not in its processed batch session: a later round sends it again");
                    continue;
                };
                let session_ref = flying.reference.clone();
                let pending = Pending { order_id, document, session_ref, invoice_ref: result.reference };
                self.status(pending, result.status).await?;
            }
        }
        Ok(())
    }

    /// The invoices of a batch session once KSeF has processed its package; `None`
    /// while it is still processing.
    async fn processed(&self, reference: &str) -> Result<Option<Vec<ksef::client::BatchResult>>, KsefError> {
        for attempt in 0..BATCH_POLLS {
            if attempt > 0 {
                // Soon at first (a small package is processed in moments), then each second.
                tokio::time::sleep(BATCH_POLL_PAUSE.min(Duration::from_millis(100) * attempt)).await;
            }
            let code = self.client.session_status(reference).await?.status.code;
            match ksef::answers::batch_session_status(code) {
                SessionVerdict::Pending => {}
                SessionVerdict::Processed => return self.client.batch_results(reference).await.map(Some),
                SessionVerdict::Failed => {
                    tracing::warn!(session = reference, code, "KSeF did not process the batch package as a whole");
                    return self.client.batch_results(reference).await.map(Some);
                }
            }
        }
        Ok(None)
    }
}
