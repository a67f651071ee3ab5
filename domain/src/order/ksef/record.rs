//! What the KSeF sender may record next about a document ([`decide_ksef`]): each step
//! follows the one before it, and a step recorded already is recorded once (a replay of
//! the same answer decides nothing new).

use chrono::{DateTime, NaiveDate, Utc};

use super::retry::{retry_at, RetryPolicy};
use super::{KsefStage, KsefTrack};
use crate::order::{Order, OrderEvent, OrderState};

/// A step of a document's way through KSeF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KsefStep {
    /// Begin sending in `session_ref` (before the request). `replaces`: the session of a
    /// send begun before that KSeF never got (looked up by its hash), which this one
    /// takes over; only that exact send can be taken over, so two processes cannot both.
    Start {
        document: String,
        xml_sha256: String,
        session_ref: String,
        replaces: Option<String>,
        /// `session_ref` is a batch session.
        batch: bool,
        at: DateTime<Utc>,
    },
    Sent {
        document: String,
        session_ref: String,
        invoice_ref: String,
        at: DateTime<Utc>,
    },
    Accepted {
        document: String,
        session_ref: String,
        ksef_number: String,
        acquired_at: DateTime<Utc>,
    },
    Rejected {
        document: String,
        code: i64,
        reason: String,
        at: DateTime<Utc>,
    },
    /// KSeF answered the send in `session_ref` as a duplicate: it holds this invoice
    /// already, as `ksef_number`, sent in `original_session` (where its UPO is).
    Duplicate {
        document: String,
        session_ref: String,
        ksef_number: String,
        original_session: Option<String>,
        at: DateTime<Utc>,
    },
    /// The send in `session_ref` reached no outcome (see `OrderEvent::KsefSendFailed`):
    /// the document waits again, to be sent after the `policy`'s backoff.
    Failed {
        document: String,
        session_ref: String,
        code: i64,
        reason: String,
        blocked: bool,
        policy: RetryPolicy,
        at: DateTime<Utc>,
    },
    WentOffline {
        document: String,
        at: DateTime<Utc>,
        deadline: NaiveDate,
    },
    Upo {
        document: String,
        session_ref: String,
        upo: String,
        at: DateTime<Utc>,
    },
}

/// Why a step cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KsefStepError {
    #[error("there is no such order")]
    NotFound,
    #[error("the document is not due for ksef")]
    NotDue,
    #[error("the correction waits for its invoice's ksef number")]
    WaitsForInvoice,
    #[error("the document's send was started already")]
    AlreadyStarted,
    #[error("the document is not being sent in that session")]
    NotInSession,
    #[error("the document is final in ksef")]
    Final,
}

impl KsefStep {
    /// The document the step is about.
    pub fn document(&self) -> &str {
        match self {
            KsefStep::Start { document, .. }
            | KsefStep::Sent { document, .. }
            | KsefStep::Accepted { document, .. }
            | KsefStep::Rejected { document, .. }
            | KsefStep::Duplicate { document, .. }
            | KsefStep::Failed { document, .. }
            | KsefStep::WentOffline { document, .. }
            | KsefStep::Upo { document, .. } => document,
        }
    }
}

/// The events of `step` on `state` (none when it is recorded already).
pub fn decide_ksef(step: &KsefStep, state: &Order) -> Result<Vec<OrderEvent>, KsefStepError> {
    let order = state.placed().ok_or(KsefStepError::NotFound)?;
    let track = order.ksef.iter().find(|t| t.document == step.document()).ok_or(KsefStepError::NotDue)?;
    let event = match step {
        KsefStep::Accepted { .. }
        | KsefStep::Duplicate { .. }
        | KsefStep::Rejected { .. }
        | KsefStep::Failed { .. } => outcome(step, order.order_id, track)?,
        _ => progress(step, order, track)?,
    };
    Ok(event.into_iter().collect())
}

/// A send begun, taken in, gone offline, or its UPO received (`None`: recorded already).
fn progress(step: &KsefStep, order: &OrderState, track: &KsefTrack) -> Result<Option<OrderEvent>, KsefStepError> {
    let (order_id, document) = (order.order_id, track.document.clone());
    Ok(Some(match step {
        KsefStep::Start { xml_sha256, session_ref, replaces, batch, at, .. } => {
            start(order, track, xml_sha256, replaces.as_deref())?;
            OrderEvent::KsefSendStarted {
                order_id,
                document,
                xml_sha256: xml_sha256.clone(),
                session_ref: session_ref.clone(),
                offline: track.offline_deadline.is_some(),
                at: *at,
                batch: *batch,
            }
        }
        KsefStep::Sent { session_ref, invoice_ref, at, .. } => match &track.stage {
            KsefStage::Started { session_ref: s, .. } if s == session_ref => OrderEvent::KsefSent {
                order_id,
                document,
                session_ref: session_ref.clone(),
                invoice_ref: invoice_ref.clone(),
                at: *at,
            },
            KsefStage::Sent { session_ref: s, invoice_ref: r, .. } if s == session_ref && r == invoice_ref => {
                return Ok(None)
            }
            _ => return Err(KsefStepError::NotInSession),
        },
        KsefStep::WentOffline { at, deadline, .. } => match &track.stage {
            _ if track.offline_deadline.is_some() => return Ok(None),
            KsefStage::Waiting | KsefStage::Started { .. } => {
                OrderEvent::KsefWentOffline { order_id, document, at: *at, deadline: *deadline }
            }
            _ => return Ok(None),
        },
        KsefStep::Upo { session_ref, upo, at, .. } => match &track.stage {
            KsefStage::Accepted { .. } if !track.upo => OrderEvent::KsefUpoReceived {
                order_id,
                document,
                session_ref: session_ref.clone(),
                upo: upo.clone(),
                at: *at,
            },
            KsefStage::Accepted { .. } => return Ok(None),
            _ => return Err(KsefStepError::NotInSession),
        },
        _ => return Ok(None),
    }))
}

/// KSeF's answer about a send: accepted (or a duplicate, accepted under the original's
/// number), rejected, or no outcome (`None`: recorded already).
fn outcome(step: &KsefStep, order_id: uuid::Uuid, track: &KsefTrack) -> Result<Option<OrderEvent>, KsefStepError> {
    let document = track.document.clone();
    Ok(Some(match step {
        KsefStep::Accepted { session_ref, ksef_number, acquired_at, .. } => {
            if !in_send(track, session_ref, Some(ksef_number))? {
                return Ok(None);
            }
            OrderEvent::KsefAccepted {
                order_id,
                document,
                session_ref: session_ref.clone(),
                ksef_number: ksef_number.clone(),
                acquired_at: *acquired_at,
                duplicate_sent_in: None,
            }
        }
        KsefStep::Duplicate { session_ref, ksef_number, original_session, at, .. } => {
            if !in_send(track, session_ref, Some(ksef_number))? {
                return Ok(None);
            }
            OrderEvent::KsefAccepted {
                order_id,
                document,
                session_ref: original_session.clone().unwrap_or_else(|| session_ref.clone()),
                ksef_number: ksef_number.clone(),
                acquired_at: *at,
                duplicate_sent_in: Some(session_ref.clone()),
            }
        }
        KsefStep::Failed { session_ref, code, reason, blocked, policy, at, .. } => {
            in_send(track, session_ref, None)?;
            OrderEvent::KsefSendFailed {
                order_id,
                document,
                session_ref: session_ref.clone(),
                code: *code,
                reason: reason.clone(),
                blocked: *blocked,
                retry_at: retry_at(policy, *at, track.failed_sends + 1, *blocked),
                at: *at,
            }
        }
        KsefStep::Rejected { code, reason, at, .. } => match &track.stage {
            KsefStage::Started { .. } | KsefStage::Sent { .. } => {
                OrderEvent::KsefRejected { order_id, document, code: *code, reason: reason.clone(), at: *at }
            }
            KsefStage::Rejected { .. } => return Ok(None),
            KsefStage::Waiting | KsefStage::Accepted { .. } => return Err(KsefStepError::NotInSession),
        },
        _ => return Ok(None),
    }))
}

/// Whether `track` is being sent in `session_ref` (`true`), or already accepted as
/// `ksef_number` (`false`: nothing to record); otherwise why the answer does not apply.
fn in_send(track: &KsefTrack, session_ref: &str, ksef_number: Option<&String>) -> Result<bool, KsefStepError> {
    match &track.stage {
        KsefStage::Started { session_ref: s, .. } | KsefStage::Sent { session_ref: s, .. } if s == session_ref => {
            Ok(true)
        }
        KsefStage::Accepted { ksef_number: n, .. } if Some(n) == ksef_number => Ok(false),
        KsefStage::Accepted { .. } | KsefStage::Rejected { .. } => Err(KsefStepError::Final),
        _ => Err(KsefStepError::NotInSession),
    }
}

/// Whether a send of `track` (its XML hashed `xml_sha256`) may begin: it waits (or
/// takes over the begun send named by `replaces`), or it is an offline document KSeF
/// rejected whose XML is no longer the rejected one (a technical correction); and a
/// correction's invoice, when due for KSeF, has its number.
fn start(order: &OrderState, track: &KsefTrack, xml_sha256: &str, replaces: Option<&str>) -> Result<(), KsefStepError> {
    match (&track.stage, replaces) {
        (KsefStage::Waiting, None) => {}
        (KsefStage::Started { session_ref, .. }, Some(replaced)) if session_ref == replaced => {}
        (KsefStage::Rejected { xml_sha256: rejected, .. }, None)
            if track.technical_correction_of.is_some() && rejected != xml_sha256 => {}
        (KsefStage::Accepted { .. } | KsefStage::Rejected { .. }, _) => return Err(KsefStepError::Final),
        _ => return Err(KsefStepError::AlreadyStarted),
    }
    let invoice = track.corrects.as_ref().and_then(|n| order.ksef.iter().find(|t| &t.document == n));
    match invoice {
        Some(invoice) if invoice.ksef_number().is_none() => Err(KsefStepError::WaitsForInvoice),
        _ => Ok(()),
    }
}
