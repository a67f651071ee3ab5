//! A send found started and not finished (a crash, or a batch KSeF had not processed by
//! the end of its round), resumed by what KSeF holds in the session the start names:
//! the session's status and its invoice list, read once per session and round (the
//! list is limited to 20 requests a minute; a batch session lists up to 10,000).
//!
//! - KSeF holds the document's hash: its outcome is recorded (accepted with its KSeF
//!   number, rejected, or sent and read again while processing). Never sent again.
//! - KSeF does not hold it and the session is a batch KSeF is still processing (150,
//!   only batch sessions have it): a later round looks again.
//! - KSeF does not hold it otherwise (an interactive send that never arrived; a batch
//!   session never closed, so never processed; a package that failed as a whole): it is
//!   sent anew under a start that names the old session.

use std::collections::HashMap;

use chrono::Utc;
use domain::order::{KsefStep, KsefTrack, OrderEvent, OrderState};
use ksef::client::BatchResult;
use ksef::KsefError;

use super::round::RoundError;
use super::steps::{Pending, Sender};

/// A batch session's status while KSeF unpacks and checks its package.
pub(super) const PROCESSING: i64 = 150;

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
            if code == PROCESSING {
                tracing::info!(document = %track.document, session = session_ref, "KSeF is still processing its batch");
                return Ok(());
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
