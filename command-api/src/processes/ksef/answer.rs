//! What KSeF answers about a document the sender sent: the send itself (taken in, or a
//! refused request, which is never a rejection) and its status (accepted, a duplicate
//! accepted under the original's number, rejected for its content, or no outcome: sent
//! again after a backoff), each sorted by `ksef::answers`.

use chrono::Utc;
use domain::order::{KsefStep, KsefTrack, OrderState};
use ksef::answers::{self, Verdict};
use ksef::{InvoiceStatus, KsefError};

use super::round::RoundError;
use super::steps::{Pending, Sender};

impl Sender<'_> {
    /// Send `xml` of `track` in the round's session (its start recorded in `session_ref`)
    /// and record what KSeF answers.
    pub(super) async fn transmit(
        &mut self,
        order: &OrderState,
        track: &KsefTrack,
        xml: &str,
        session_ref: String,
        offline: bool,
    ) -> Result<(), RoundError> {
        let Some(session) = self.session.as_ref() else { return Ok(()) };
        crate::failpoint("ksef-before-send");
        let xml = xml.as_bytes();
        let sent = match &track.technical_correction_of {
            Some(original) => {
                tracing::info!(document = %track.document, "a technical correction of the rejected offline invoice");
                self.client.send_technical_correction(session, xml, original).await
            }
            None => self.client.send(session, xml, offline).await,
        };
        match sent {
            Ok(invoice_ref) => {
                crate::failpoint("ksef-after-send");
                let step = KsefStep::Sent {
                    document: track.document.clone(),
                    session_ref: session_ref.clone(),
                    invoice_ref: invoice_ref.clone(),
                    at: Utc::now(),
                };
                self.record(order.order_id, &step).await?;
                self.report.sent.push(track.document.clone());
                self.sent_online = true;
                self.pending.push(Pending {
                    order_id: order.order_id,
                    document: track.document.clone(),
                    session_ref,
                    invoice_ref,
                });
                Ok(())
            }
            // KSeF refused the request, not the invoice: it holds no copy, and the
            // document is never recorded rejected for it (`ksef::answers::refused_send`).
            Err(KsefError::Refused { code, description }) => {
                let pending = Pending {
                    order_id: order.order_id,
                    document: track.document.clone(),
                    session_ref,
                    invoice_ref: String::new(),
                };
                self.no_outcome(pending, code, description, answers::refused_send(code)).await
            }
            Err(e) => {
                self.trouble(&e);
                self.offline(order, track).await
            }
        }
    }

    /// Record a status read (a processing one is read again).
    pub(super) async fn status(&mut self, pending: Pending, status: InvoiceStatus) -> Result<(), RoundError> {
        let step = match status {
            InvoiceStatus::Processing => {
                self.pending.push(pending);
                return Ok(());
            }
            InvoiceStatus::Accepted { ksef_number, acquired_at } => {
                self.report.accepted.push(pending.document.clone());
                KsefStep::Accepted {
                    document: pending.document,
                    session_ref: pending.session_ref,
                    ksef_number: ksef_number.as_str().to_owned(),
                    acquired_at,
                }
            }
            InvoiceStatus::Duplicate { ksef_number, original_session } => {
                tracing::info!(document = %pending.document, %ksef_number, "KSeF holds the document already (440): its original's number is recorded");
                self.report.accepted.push(pending.document.clone());
                KsefStep::Duplicate {
                    document: pending.document,
                    session_ref: pending.session_ref,
                    ksef_number: ksef_number.as_str().to_owned(),
                    original_session,
                    at: Utc::now(),
                }
            }
            InvoiceStatus::Rejected { code, reason } => {
                tracing::warn!(document = %pending.document, code, %reason, "KSeF rejected the document");
                self.report.rejected.push(pending.document.clone());
                KsefStep::Rejected { document: pending.document, code, reason, at: Utc::now() }
            }
            InvoiceStatus::TryAgain { code, reason, new_session } => {
                return self.no_outcome(pending, code, reason, Verdict::Transient { new_session }).await
            }
            InvoiceStatus::Blocked { code, reason } => {
                return self.no_outcome(pending, code, reason, Verdict::Blocked).await
            }
        };
        self.record(pending.order_id, &step).await.map(drop)
    }

    /// A send that reached no outcome for its document (`verdict`: transient or
    /// blocked): it waits again, unchanged, for its backoff; a spoiled session is left
    /// for a new one; a blocked one is an admin's matter (logged, and in the report).
    async fn no_outcome(
        &mut self,
        pending: Pending,
        code: i64,
        reason: String,
        verdict: Verdict,
    ) -> Result<(), RoundError> {
        let blocked = !matches!(verdict, Verdict::Transient { .. });
        if matches!(verdict, Verdict::Transient { new_session: true }) {
            self.forget_session(&pending.session_ref);
        }
        if blocked {
            tracing::error!(document = %pending.document, code, %reason, "KSeF refused to take the document in: it waits, an admin must look");
            self.report.blocked.push(pending.document.clone());
        } else {
            tracing::warn!(document = %pending.document, code, %reason, "KSeF did not process the document: it goes again later");
            self.report.try_again.push(pending.document.clone());
        }
        let step = KsefStep::Failed {
            document: pending.document,
            session_ref: pending.session_ref,
            code,
            reason,
            blocked,
            policy: self.retry,
            at: Utc::now(),
        };
        self.record(pending.order_id, &step).await.map(drop)
    }

    /// Stop using `session_ref` for new sends (KSeF spoiled it); the next send opens another.
    fn forget_session(&mut self, session_ref: &str) {
        if self.session.as_ref().is_some_and(|s| s.reference == session_ref) {
            self.session = None;
        }
    }
}
