//! The KSeF 2.0 API client (skeleton: the surface the sender process uses).

use crate::{Config, KsefError, KsefNumber};
use chrono::{DateTime, Utc};

/// An open interactive session: its reference number and (in memory only) its AES key.
pub struct OnlineSession {
    pub reference: String,
}

/// Where one invoice stands in KSeF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvoiceStatus {
    /// Still being processed (status 100/150).
    Processing,
    /// Accepted (status 200): its KSeF number and when it was received.
    Accepted { ksef_number: KsefNumber, acquired_at: DateTime<Utc> },
    /// Refused (4xx status codes): the code and the reason, to show an admin.
    Rejected { code: i64, reason: String },
}

pub struct Client {
    #[allow(dead_code)]
    config: Config,
}

impl Client {
    pub fn new(config: Config) -> Result<Self, KsefError> {
        Ok(Self { config })
    }

    /// Authenticates (or refreshes) as needed and opens an interactive session for FA (3).
    pub async fn open_session(&self) -> Result<OnlineSession, KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }

    /// Encrypts and sends one invoice; its reference number in the session.
    pub async fn send(&self, _session: &OnlineSession, _xml: &[u8], _offline: bool) -> Result<String, KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }

    /// One invoice's status in a session.
    pub async fn status(&self, _session_ref: &str, _invoice_ref: &str) -> Result<InvoiceStatus, KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }

    /// The invoice of that hash (Base64 SHA-256) among a session's invoices, if KSeF got it:
    /// its reference and status. How a send cut short by a crash is resumed without a second copy.
    pub async fn find_sent(
        &self,
        _session_ref: &str,
        _sha256_base64: &str,
    ) -> Result<Option<(String, InvoiceStatus)>, KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }

    /// Closes the session (KSeF then prepares its UPO).
    pub async fn close(&self, _session_ref: &str) -> Result<(), KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }

    /// The UPO (XML) of one accepted invoice, once KSeF has it (`None` while not ready).
    pub async fn invoice_upo(&self, _session_ref: &str, _ksef_number: &str) -> Result<Option<String>, KsefError> {
        Err(KsefError::Unavailable("not built yet".into()))
    }
}
