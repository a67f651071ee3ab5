//! How the KSeF events change an order's state (called by `evolve`).

use chrono::{DateTime, Utc};

use super::{KsefStage, KsefTrack};
use crate::order::{OrderEvent, OrderState};

impl OrderState {
    /// A document issued with `ksef: true` joins the queue (once).
    pub(in crate::order) fn ksef_due(&mut self, document: &str, corrects: Option<&str>, issued_at: DateTime<Utc>) {
        if self.ksef.iter().any(|t| t.document == document) {
            return;
        }
        self.ksef.push(KsefTrack {
            document: document.to_owned(),
            corrects: corrects.map(str::to_owned),
            issued_at,
            stage: KsefStage::Waiting,
            offline_deadline: None,
            upo: false,
            technical_correction_of: None,
            failed_sends: 0,
            trouble: None,
            retry_at: None,
        });
    }

    /// A KSeF event (or the amendment of a rejected document) on its document's track.
    pub(in crate::order) fn ksef_step(&mut self, event: &OrderEvent) {
        let (document, stage) = match event {
            OrderEvent::KsefSendStarted { document, xml_sha256, session_ref, offline, batch, .. } => (
                document,
                Some(KsefStage::Started {
                    xml_sha256: xml_sha256.clone(),
                    session_ref: session_ref.clone(),
                    offline: *offline,
                    batch: *batch,
                }),
            ),
            OrderEvent::KsefSent { document, session_ref, invoice_ref, .. } => {
                let sha = self.ksef_sha(document);
                let stage = KsefStage::Sent {
                    xml_sha256: sha,
                    session_ref: session_ref.clone(),
                    invoice_ref: invoice_ref.clone(),
                };
                (document, Some(stage))
            }
            OrderEvent::KsefAccepted { document, session_ref, ksef_number, acquired_at, .. } => (
                document,
                Some(KsefStage::Accepted {
                    ksef_number: ksef_number.clone(),
                    session_ref: session_ref.clone(),
                    acquired_at: *acquired_at,
                }),
            ),
            OrderEvent::KsefRejected { document, code, reason, .. } => {
                let xml_sha256 = self.ksef_sha(document);
                if let Some(track) = self.ksef.iter_mut().find(|t| &t.document == document) {
                    // The first rejected offline send is the original a technical
                    // correction names (a rejected correction does not replace it).
                    if track.offline_deadline.is_some() && track.technical_correction_of.is_none() {
                        track.technical_correction_of = Some(xml_sha256.clone()).filter(|h| !h.is_empty());
                    }
                }
                (document, Some(KsefStage::Rejected { code: *code, reason: reason.clone(), xml_sha256 }))
            }
            OrderEvent::RejectedInvoiceAmended { document, buyer, .. } => {
                if let Some(invoice) = self.invoice.as_mut().filter(|i| &i.number == document) {
                    invoice.buyer = Some(buyer.clone());
                }
                // New content: not a technical correction any more.
                if let Some(track) = self.ksef.iter_mut().find(|t| &t.document == document) {
                    track.technical_correction_of = None;
                }
                (document, Some(KsefStage::Waiting))
            }
            OrderEvent::KsefSendFailed { document, code, reason, retry_at, .. } => {
                if let Some(track) = self.ksef.iter_mut().find(|t| &t.document == document) {
                    track.failed_sends += 1;
                    track.trouble = Some(format!("{code}: {reason}"));
                    track.retry_at = Some(*retry_at);
                }
                (document, Some(KsefStage::Waiting))
            }
            OrderEvent::KsefWentOffline { document, deadline, .. } => {
                if let Some(track) = self.ksef.iter_mut().find(|t| &t.document == document) {
                    track.offline_deadline = Some(*deadline);
                }
                (document, None)
            }
            OrderEvent::KsefUpoReceived { document, .. } => {
                if let Some(track) = self.ksef.iter_mut().find(|t| &t.document == document) {
                    track.upo = true;
                }
                (document, None)
            }
            _ => return,
        };
        if let (Some(track), Some(stage)) = (self.ksef.iter_mut().find(|t| &t.document == document), stage) {
            track.stage = stage;
        }
    }

    /// The hash of the send begun for `document` (empty when none was).
    fn ksef_sha(&self, document: &str) -> String {
        match self.ksef.iter().find(|t| t.document == document).map(|t| &t.stage) {
            Some(KsefStage::Started { xml_sha256, .. } | KsefStage::Sent { xml_sha256, .. }) => xml_sha256.clone(),
            _ => String::new(),
        }
    }
}
