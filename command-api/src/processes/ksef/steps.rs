//! What the sender does with each document of a round, by where its order's stream says
//! it stands: a waiting one is started and sent, a started one resumed, a sent one's
//! status read; KSeF's troubles send the due documents offline or stop the round's sends.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::order::{offline_deadline, KsefStage, KsefStep, KsefTrack, OrderState, RetryPolicy};
use event_store::EventStore;
use ksef::{KsefError, OnlineSession};
use uuid::Uuid;

use super::batch::{Collected, Flying};
use super::queue::Queued;
use super::record::{record, RecordError};
use super::render::order_events;
use super::resume::SessionView;
use super::round::{RoundError, RoundReport};

/// A document sent whose status is not final yet.
pub(super) struct Pending {
    pub order_id: Uuid,
    pub document: String,
    pub session_ref: String,
    pub invoice_ref: String,
}

/// A round's sender: its session (the one kept across rounds, or opened when first
/// needed) and what it found.
pub(super) struct Sender<'a> {
    pub(super) store: &'a dyn EventStore,
    /// Where the issued documents' XML is kept (`issued_xml`).
    pub(super) pool: &'a sqlx::PgPool,
    pub(super) client: &'a ksef::Client,
    pub(super) session: Option<OnlineSession>,
    /// Something went in the interactive session this round (it is not idle).
    pub(super) sent_online: bool,
    /// The interactive budget is spent and a batch session went out lately: the
    /// documents to send wait for the next batch (`choice`).
    pub(super) holding: bool,
    /// KSeF could not be used: nothing more is sent this round.
    pub(super) stopped: bool,
    /// ... because it is unavailable (due documents go offline).
    outage: bool,
    pub(super) pending: Vec<Pending>,
    /// The queue is long: documents go in batch sessions (`batch`), not one by one.
    pub(super) batch_mode: bool,
    /// In batch mode, the documents rendered and waiting for their package.
    pub(super) collected: Vec<Collected>,
    /// Batch sessions sent this round whose outcome is not recorded yet.
    pub(super) flying: Vec<Flying>,
    /// The sessions of resumed sends, read once a round (`resume`).
    pub(super) views: HashMap<String, SessionView>,
    /// The backoff of a send that reached no outcome.
    pub(super) retry: RetryPolicy,
    pub(super) report: RoundReport,
}

impl<'a> Sender<'a> {
    pub(super) fn new(store: &'a dyn EventStore, pool: &'a sqlx::PgPool, client: &'a ksef::Client) -> Self {
        Sender {
            store,
            pool,
            client,
            session: None,
            sent_online: false,
            holding: false,
            stopped: false,
            outage: false,
            pending: Vec::new(),
            batch_mode: false,
            collected: Vec::new(),
            flying: Vec::new(),
            views: HashMap::new(),
            retry: RetryPolicy::default(),
            report: RoundReport::default(),
        }
    }

    /// One queued document.
    pub(super) async fn document(&mut self, queued: &Queued) -> Result<(), RoundError> {
        // Once the round's sends stopped, an offline document has nothing to do until the
        // next round (it would only find its deadline set): its stream is not read, so a
        // backlog behind an outage or a rate limit costs no read per document and round.
        if self.stopped && (queued.state == "offline" || queued.state == "rejected") {
            return Ok(());
        }
        let (events, order) = order_events(self.store, queued.order_id).await?;
        let Some(order) = order.placed() else { return Ok(()) };
        let Some(track) = order.ksef.iter().find(|t| t.document == queued.document_number) else { return Ok(()) };
        match &track.stage {
            KsefStage::Waiting => {
                if waits_for_invoice(order, track) {
                    self.report.waiting_for_invoice.push(track.document.clone());
                    return Ok(());
                }
                if !track.may_send_at(Utc::now()) {
                    self.report.backing_off.push(track.document.clone());
                    return Ok(());
                }
                self.send(order, track, &events, None).await
            }
            KsefStage::Started { xml_sha256, session_ref, .. } => {
                if self.stopped {
                    return self.offline(order, track).await;
                }
                self.resume(order, track, &events, xml_sha256, session_ref).await
            }
            KsefStage::Sent { session_ref, invoice_ref, .. } => {
                self.pending.push(Pending {
                    order_id: order.order_id,
                    document: track.document.clone(),
                    session_ref: session_ref.clone(),
                    invoice_ref: invoice_ref.clone(),
                });
                Ok(())
            }
            // An offline document KSeF rejected goes again as a technical correction once
            // the XML made now is not the rejected one (the program that made it was
            // fixed: a new version, `issued_xml`); the same bytes never go twice.
            KsefStage::Rejected { xml_sha256, .. } if track.technical_correction_of.is_some() => {
                if self.technical_version(order, &events, &track.document, xml_sha256).await? {
                    self.send(order, track, &events, None).await
                } else {
                    Ok(())
                }
            }
            KsefStage::Accepted { .. } | KsefStage::Rejected { .. } => Ok(()),
        }
    }

    /// Start and send `track` (taking over the send begun in `replaces`, if given); in
    /// batch mode, keep it for the round's package (a technical correction, which names
    /// its original invoice by itself, still goes alone).
    pub(super) async fn send(
        &mut self,
        order: &OrderState,
        track: &KsefTrack,
        events: &[domain::order::OrderEvent],
        replaces: Option<String>,
    ) -> Result<(), RoundError> {
        if self.stopped {
            return self.offline(order, track).await;
        }
        if self.holding {
            self.report.held.push(track.document.clone());
            return Ok(());
        }
        let rendered = match self.fixed(order, events, &track.document).await? {
            Some(rendered) => rendered,
            None => return Ok(()),
        };
        if self.batch_mode && track.technical_correction_of.is_none() {
            self.collected.push(Collected::of(order, track, rendered, replaces));
            return Ok(());
        }
        let session_ref = match self.session().await {
            Ok(session_ref) => session_ref,
            Err(e) => {
                self.trouble(&e);
                return self.offline(order, track).await;
            }
        };
        let step = KsefStep::Start {
            document: track.document.clone(),
            xml_sha256: rendered.sha256.clone(),
            session_ref: session_ref.clone(),
            replaces,
            at: Utc::now(),
            batch: false,
        };
        let offline = match self.record(order.order_id, &step).await? {
            Some(after) => after
                .ksef
                .iter()
                .any(|t| t.document == track.document && matches!(t.stage, KsefStage::Started { offline: true, .. })),
            // Another process started it: it sends it.
            None => return Ok(()),
        };
        self.transmit(order, track, &rendered.xml, session_ref, offline).await
    }

    /// The round's session reference, opened when first needed.
    async fn session(&mut self) -> Result<String, KsefError> {
        if let Some(session) = &self.session {
            return Ok(session.reference.clone());
        }
        let session = self.client.open_session().await?;
        let reference = session.reference.clone();
        self.session = Some(session);
        Ok(reference)
    }

    /// KSeF could not be used: stop sending this round, and say why (never the token:
    /// the client's errors do not carry it).
    pub(super) fn trouble(&mut self, error: &KsefError) {
        self.stopped = true;
        self.outage |= error.is_outage();
        if error.is_outage() {
            tracing::warn!(%error, "KSeF is unavailable: due invoices go offline");
        } else if matches!(error, KsefError::Busy(_)) {
            tracing::info!(%error, "KSeF has not finished: the round stops, the next one goes on");
        } else if error.is_rate_limited() {
            tracing::warn!(%error, "KSeF's rate limit: the round stops sending; the documents stay queued, none goes offline");
        } else {
            tracing::error!(%error, "KSeF refused: nothing is sent until it is fixed; no invoice is lost");
        }
        self.report.trouble.get_or_insert_with(|| error.to_string());
    }

    /// A due document goes offline (once) when the trouble is an outage; otherwise it
    /// simply stays in the queue.
    pub(super) async fn offline(&mut self, order: &OrderState, track: &KsefTrack) -> Result<(), RoundError> {
        let deadline_set = track.offline_deadline.is_some();
        self.offline_doc(order.order_id, &track.document, track.issued_at, deadline_set).await
    }

    /// [`Self::offline`] by the document's parts.
    pub(super) async fn offline_doc(
        &mut self,
        order_id: Uuid,
        document: &str,
        issued_at: DateTime<Utc>,
        deadline_set: bool,
    ) -> Result<(), RoundError> {
        if !self.outage || deadline_set {
            return Ok(());
        }
        let issued_on = api_core::time::warsaw_date(issued_at);
        let step = KsefStep::WentOffline {
            document: document.to_owned(),
            at: Utc::now(),
            deadline: offline_deadline(issued_on),
        };
        if self.record(order_id, &step).await?.is_some() {
            self.report.went_offline.push(document.to_owned());
        }
        Ok(())
    }

    /// Fetch and keep the UPO of an accepted document, once KSeF has it; `false` when
    /// KSeF would not answer (no more UPOs this round).
    pub(super) async fn upo(&mut self, queued: &Queued) -> Result<bool, RoundError> {
        let (_, order) = order_events(self.store, queued.order_id).await?;
        let Some(order) = order.placed() else { return Ok(true) };
        let Some(track) = order.ksef.iter().find(|t| t.document == queued.document_number) else { return Ok(true) };
        let KsefStage::Accepted { ksef_number, session_ref, .. } = &track.stage else { return Ok(true) };
        if track.upo {
            return Ok(true);
        }
        match self.client.invoice_upo(session_ref, ksef_number).await {
            Ok(Some(upo)) => {
                let step = KsefStep::Upo {
                    document: track.document.clone(),
                    session_ref: session_ref.clone(),
                    upo,
                    at: Utc::now(),
                };
                self.record(order.order_id, &step).await?;
                self.report.upos.push(track.document.clone());
            }
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(%error, document = %track.document, "could not fetch the UPO");
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Record `step`: the order after it, or `None` when the order refused it (logged:
    /// another process got there first, or the step is no longer due).
    pub(super) async fn record(&self, order_id: Uuid, step: &KsefStep) -> Result<Option<OrderState>, RoundError> {
        match record(self.store, order_id, step).await {
            Ok((_, after)) => Ok(after.placed().cloned()),
            Err(RecordError::Refused(reason)) => {
                tracing::info!(%order_id, %reason, "KSeF step not recorded");
                Ok(None)
            }
            Err(RecordError::Store(e)) => Err(e.into()),
        }
    }
}

/// A correction whose invoice is due for KSeF but has no KSeF number yet.
fn waits_for_invoice(order: &OrderState, track: &KsefTrack) -> bool {
    let invoice = track.corrects.as_ref().and_then(|n| order.ksef.iter().find(|t| &t.document == n));
    invoice.is_some_and(|i| i.ksef_number().is_none())
}
