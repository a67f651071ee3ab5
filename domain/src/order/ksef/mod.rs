//! KSeF: which documents go to Poland's national e-invoice system, and where each stands
//! there, as the order's events record it.
//!
//! - [`due_for_ksef`]: THE rule (one function) deciding whether an invoice or correction
//!   goes to KSeF; the command side applies it when it issues (a new invoice, a
//!   correction, an invoice issued later on request) and records the answer in the
//!   issuing event (`ksef: true`).
//! - [`KsefTrack`] / [`KsefStage`]: a due document's way through KSeF, folded by
//!   `evolve` from `KsefSendStarted`, `KsefSent`, `KsefAccepted`, `KsefRejected`,
//!   `KsefWentOffline`, `KsefUpoReceived` and `RejectedInvoiceAmended`.
//! - [`decide_ksef`] (`record`): what the sender may record next. Starting a send is
//!   recorded BEFORE the request, appended with the expected version, so of two
//!   processes only one starts a document's send; a crash after it resumes by looking the
//!   hash up in the session it names (no second copy).
//! - A send KSeF answers without an outcome for the document (`KsefSendFailed`: it
//!   failed, 405/435/500/550, or something blocks it that an admin must fix) puts the
//!   document back in the queue unchanged, to be sent again from [`retry_at`] (`retry`:
//!   backoff); a duplicate (440) is accepted under the original's KSeF number
//!   ([`KsefStep::Duplicate`]). Which answer is which: `ksef::answers`.
//! - [`offline_deadline`] (`deadline`): the last day of an offline24 document;
//!   [`deadline_is_near`]: one within a working day, an alert.
//! - [`legal_deadline`] (`outage`): the latest day the law allows given KSeF's announced
//!   outages (unavailability, emergency), for every document not yet in KSeF.
//! - A rejected offline document is sent again, as KSeF's technical correction, once the
//!   XML made now differs from the one rejected (the program that made it was fixed):
//!   [`KsefTrack::technical_correction_of`] names the original, and the same bytes are
//!   never sent twice.
//! - A rejected document (`amend`): KSeF never validly issued it, so new buyer data are
//!   not a correction invoice (KOR): the same document, same number, is amended
//!   ([`OrderEvent::RejectedInvoiceAmended`]) and sent again; [`document_to_send`] is the
//!   document with its amendments, as the XML sent (and downloaded) must print it.

mod amend;
mod deadline;
#[cfg(test)]
mod failed_tests;
mod fold;
mod outage;
mod record;
mod retry;
#[cfg(test)]
mod tests;

use chrono::{DateTime, NaiveDate, Utc};

pub use amend::{amends_rejected, document_to_send, rejected_amendments};
pub use deadline::{alert_cutoff, deadline_is_near, is_working_day, next_working_day, offline_deadline};
pub use outage::{add_working_days, due_by, legal_deadline, Outage, OutageError, OutageKind, EMERGENCY_WORKING_DAYS};
pub use record::{decide_ksef, KsefStep, KsefStepError};
pub use retry::{retry_at, RetryPolicy};

use super::InvoiceRequest;

/// Whether a document for `buyer` goes to KSeF: always for a buyer with a NIP (a tax
/// number); for a consumer (none) only when the company sends those too
/// (`companies.ksef_send_consumers`, off by default); and a correction of an invoice
/// that went to KSeF always (`corrects_one_in_ksef`), so a correction never leaves
/// KSeF's copy of the invoice uncorrected.
pub fn due_for_ksef(buyer: Option<&InvoiceRequest>, send_consumers: bool, corrects_one_in_ksef: bool) -> bool {
    let has_nip = buyer.is_some_and(|b| !b.vat_number.trim().is_empty());
    has_nip || send_consumers || corrects_one_in_ksef
}

/// A document due for KSeF and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KsefTrack {
    /// The invoice's or correction's number.
    pub document: String,
    /// A correction: the invoice it corrects (sent only once that one has its number).
    pub corrects: Option<String>,
    pub issued_at: DateTime<Utc>,
    pub stage: KsefStage,
    /// Issued in offline mode: the last day to send it.
    pub offline_deadline: Option<NaiveDate>,
    pub upo: bool,
    /// An offline document KSeF rejected: the hash of the XML first sent (the invoice
    /// whose KOD I its buyer holds). While set, the document is sent again only as a
    /// technical correction naming it (`offline/korekta-techniczna.md`,
    /// `hashOfCorrectedInvoice`); new buyer data (an amendment) clear it.
    pub technical_correction_of: Option<String>,
    /// Sends that reached no outcome (`KsefSendFailed`): how many, the last one's
    /// trouble (code and reason, for the admin), and from when the next may go.
    pub failed_sends: u32,
    pub trouble: Option<String>,
    pub retry_at: Option<DateTime<Utc>>,
}

/// Where a due document stands in KSeF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KsefStage {
    /// Not sent yet (or amended after a rejection).
    Waiting,
    /// A send began in `session_ref` (recorded before the request).
    Started {
        xml_sha256: String,
        session_ref: String,
        offline: bool,
        /// In a batch session.
        batch: bool,
    },
    /// KSeF took it in; its status is not final yet.
    Sent {
        xml_sha256: String,
        session_ref: String,
        invoice_ref: String,
    },
    Accepted {
        ksef_number: String,
        session_ref: String,
        acquired_at: DateTime<Utc>,
    },
    Rejected {
        code: i64,
        reason: String,
        /// The hash of the XML KSeF rejected (empty when not known).
        xml_sha256: String,
    },
}

impl KsefTrack {
    /// Whether its next send may go at `now` (not waiting out a failed send's backoff).
    pub fn may_send_at(&self, now: DateTime<Utc>) -> bool {
        self.retry_at.is_none_or(|at| at <= now)
    }

    /// The KSeF number, once accepted.
    pub fn ksef_number(&self) -> Option<&str> {
        match &self.stage {
            KsefStage::Accepted { ksef_number, .. } => Some(ksef_number),
            _ => None,
        }
    }
}
