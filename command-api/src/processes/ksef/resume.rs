//! A send found started and not finished (a crash, or a batch KSeF had not processed by
//! the end of its round), resumed by what KSeF holds in the session the start names:
//! the session's status and its invoice list, read once per session and round (the
//! list is limited to 20 requests a minute; a batch session lists up to 10,000).
//!
//! - KSeF holds the document's hash: its outcome is recorded (accepted with its KSeF
//!   number, rejected, or sent and read again while processing). Never sent again.
//! - KSeF does not hold it and the session is a batch whose package is still to be
//!   processed (`ksef::answers::batch_session_status`: 150, 170, or 100, which KSeF
//!   answers for a while after the close, before it picks the package up): a later round
//!   looks again. At 100 the session may also never have been closed (a crash before
//!   the close): it is closed now, which KSeF refuses (21180) when it was closed already;
//!   a package KSeF can no longer process (its parts missing, 21205; its upload time over,
//!   21208; no such session, 21173) is sent anew.
//! - KSeF does not hold it otherwise (an interactive send that never arrived; a batch
//!   session never closed, so never processed; a package that failed as a whole): it is
//!   sent anew under a start that names the old session.

use std::collections::HashMap;

use chrono::Utc;
use domain::order::KsefStage;
use domain::order::{KsefStep, KsefTrack, OrderEvent, OrderState};
use ksef::answers::{batch_session_status, SessionVerdict};
use ksef::client::BatchResult;
use ksef::KsefError;

use super::round::RoundError;
use super::steps::{Pending, Sender};

/// What KSeF holds in a session: its status code and its invoices by hash.
pub(super) struct SessionView {
    code: i64,
    by_hash: HashMap<String, BatchResult>,
}

impl Sender<'_> {
    /// Resume the send of `track` started in `session_ref` with the XML hashed `sha256`.
    pub(super) async fn resume(
        &mut self,
        order: &OrderState,
        track: &KsefTrack,
        events: &[OrderEvent],
        sha256: &str,
        session_ref: &str,
    ) -> Result<(), RoundError> {
        let (code, found) = match self.view(session_ref).await {
            Ok(view) => (view.code, view.by_hash.get(sha256).cloned()),
            Err(e) => {
                self.trouble(&e);
                return self
                    .offline_doc(order.order_id, &track.document, track.issued_at, track.offline_deadline.is_some())
                    .await;
            }
        };
        let Some(found) = found else {
            let batch = matches!(track.stage, KsefStage::Started { batch: true, .. });
            if batch && batch_session_status(code) == SessionVerdict::Pending {
                match self.still_to_process(session_ref, code).await {
                    Ok(true) => {
                        tracing::info!(document = %track.document, session = session_ref, "KSeF has its batch still to process");
                        return Ok(());
                    }
                    Ok(false) => {}
                    Err(e) => {
                        self.trouble(&e);
                        return Ok(());
                    }
                }
            }
            return self.send(order, track, events, Some(session_ref.to_owned())).await;
        };
        let step = KsefStep::Sent {
            document: track.document.clone(),
            session_ref: session_ref.to_owned(),
            invoice_ref: found.reference.clone(),
            at: Utc::now(),
        };
        self.record(order.order_id, &step).await?;
        self.report.resumed.push(track.document.clone());
        let pending = Pending {
            order_id: order.order_id,
            document: track.document.clone(),
            session_ref: session_ref.to_owned(),
            invoice_ref: found.reference,
        };
        self.status(pending, found.status).await
    }

    /// Whether KSeF will still process the batch session `session_ref` (status `code`,
    /// pending): at 100 it is closed (again) to tell a package waiting to be picked up
    /// from one never closed, and a package that can never be processed is not waited for.
    async fn still_to_process(&mut self, session_ref: &str, code: i64) -> Result<bool, KsefError> {
        if code != 100 {
            return Ok(true);
        }
        match self.client.close_batch(session_ref).await {
            // It was open: closed now, KSeF processes it.
            Ok(()) => Ok(true),
            // Closed already: KSeF has yet to pick it up.
            Err(KsefError::Refused { code: 21180, .. }) => Ok(true),
            Err(KsefError::Refused { code: 21205 | 21208 | 21173 | 21157 | 21161, .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The session's view, read from KSeF the first time a round needs it.
    async fn view(&mut self, session_ref: &str) -> Result<&SessionView, KsefError> {
        if !self.views.contains_key(session_ref) {
            let code = self.client.session_status(session_ref).await?.status.code;
            let invoices = self.client.batch_results(session_ref).await?;
            let by_hash = invoices.into_iter().map(|r| (r.hash.clone(), r)).collect();
            self.views.insert(session_ref.to_owned(), SessionView { code, by_hash });
        }
        self.views
            .get(session_ref)
            .ok_or_else(|| KsefError::Protocol(format!("the view of session {session_ref} was not kept")))
    }
}
