//! The KSeF 2.0 API client: what the sender process calls.
//!
//! It authenticates with the KSeF token on first use (and again when the refresh token
//! runs out), refreshes the access token before it expires and on a 401, opens an
//! interactive session for FA (3) with a fresh AES key, sends invoices encrypted, reads
//! their status, finds one by its hash (after a crash), closes the session and fetches
//! the UPO. `Client` is `Send + Sync`: one is shared by the sender's tasks.

mod auth;
mod batch;
mod check;
mod http;
pub mod throttle;

pub use batch::{package, plan, split, BatchError, BatchInvoice, BatchLimits, BatchResult, BatchSession, OpenedBatch};
pub use check::Check;
pub use http::Options;
pub use throttle::{Limits, SessionInUse};

use crate::answers::{self, Verdict};
use crate::crypto::{self, SessionKey};
use crate::hash::sha256_base64;
use crate::wire::{
    EncryptionInfo, FormCode, InvoiceStatusResponse, OpenSessionRequest, OpenSessionResponse, SendInvoiceRequest,
    SendInvoiceResponse, SessionInvoicesResponse, SessionStatusResponse, StatusInfo,
};
use crate::{Config, KsefError, KsefNumber};
use auth::{MinistryKeys, Tokens};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use chrono::{DateTime, Utc};
use http::{Answer, Http};
use reqwest::{Method, StatusCode};

/// An open interactive session: its reference number and (in memory only) its AES key.
#[derive(Debug, Clone)]
pub struct OnlineSession {
    pub reference: String,
    /// Until when KSeF keeps it open (12 hours from opening).
    pub valid_until: Option<DateTime<Utc>>,
    key: SessionKey,
}

/// Where one invoice stands in KSeF, sorted by what to do next (`crate::answers`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvoiceStatus {
    /// Still being processed (status 100/150).
    Processing,
    /// Accepted (status 200): its KSeF number and when it was received.
    Accepted { ksef_number: KsefNumber, acquired_at: DateTime<Utc> },
    /// A duplicate (440): KSeF holds this invoice already, under `ksef_number`, sent in
    /// `original_session` (where its UPO is).
    Duplicate { ksef_number: KsefNumber, original_session: Option<String> },
    /// KSeF failed, not the invoice (405, 435, 500, 550): send it again later.
    /// `new_session`: in another session.
    TryAgain { code: i64, reason: String, new_session: bool },
    /// Refused for its content (415, 430, 450): the code and the reason, to show an admin.
    Rejected { code: i64, reason: String },
    /// Neither (410: the token's permissions; a code the guide does not list): kept,
    /// tried again later, and an admin is told.
    Blocked { code: i64, reason: String },
}

/// The client. Its token is only ever sent encrypted to KSeF, never logged.
pub struct Client {
    config: Config,
    http: Http,
    keys: tokio::sync::Mutex<Option<MinistryKeys>>,
    tokens: tokio::sync::Mutex<Option<Tokens>>,
    /// The interactive session opened last and not closed through this client (`limits`).
    session_in_use: std::sync::Mutex<Option<SessionInUse>>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("config", &self.config).finish_non_exhaustive()
    }
}

impl Client {
    /// A client with the default options (request timeout 30 s).
    pub fn new(config: Config) -> Result<Self, KsefError> {
        Self::with_options(config, Options::default())
    }

    pub fn with_options(config: Config, options: Options) -> Result<Self, KsefError> {
        let http = Http::new(&config.api_url, options)?;
        Ok(Self {
            config,
            http,
            keys: tokio::sync::Mutex::new(None),
            tokens: tokio::sync::Mutex::new(None),
            session_in_use: std::sync::Mutex::new(None),
        })
    }

    async fn ministry_keys(&self) -> Result<MinistryKeys, KsefError> {
        let mut keys = self.keys.lock().await;
        if let Some(k) = keys.as_ref() {
            return Ok(k.clone());
        }
        let fetched = auth::ministry_keys(&self.http).await?;
        *keys = Some(fetched.clone());
        Ok(fetched)
    }

    /// Whether KSeF answers at all: its public key certificates read again (an
    /// unauthenticated request, 60 a second). What a caller asks before preparing a large
    /// batch package, so that an outage costs one request, not the package.
    pub async fn reachable(&self) -> Result<(), KsefError> {
        self.forget_keys().await;
        self.ministry_keys().await.map(drop)
    }

    /// Drops the cached certificates: KSeF withdrew a key (21470), the next use fetches them again.
    async fn forget_keys(&self) {
        *self.keys.lock().await = None;
    }

    /// A valid access token: the one held, refreshed, or from a new authentication.
    /// `stale` is a token KSeF has just refused with a 401: it is refreshed even if its
    /// `validUntil` says it is still good.
    async fn access_token(&self, stale: Option<&str>) -> Result<String, KsefError> {
        let mut tokens = self.tokens.lock().await;
        let now = Utc::now();
        if let Some(t) = tokens.as_mut() {
            let refused = stale.is_some_and(|s| s == t.access);
            if !refused && t.access_fresh(now) {
                return Ok(t.access.clone());
            }
            if t.refresh_fresh(now) {
                if let Some((access, until)) = auth::refresh(&self.http, t).await? {
                    tracing::debug!("KSeF access token refreshed");
                    t.access = access;
                    t.access_until = until;
                    return Ok(t.access.clone());
                }
            }
        }
        let keys = self.ministry_keys().await?;
        let fresh = match auth::authenticate(&self.http, &keys, &self.config.nip, &self.config.token).await {
            Err(e) if auth::is_withdrawn_key(&e) => {
                self.forget_keys().await;
                let keys = self.ministry_keys().await?;
                auth::authenticate(&self.http, &keys, &self.config.nip, &self.config.token).await?
            }
            other => other?,
        };
        tracing::info!(nip = %self.config.nip, "authenticated to KSeF with the KSeF token");
        let access = fresh.access.clone();
        *tokens = Some(fresh);
        Ok(access)
    }

    /// A call with the access token; on a 401, refresh once and call again.
    async fn authed(&self, method: Method, path: &str, body: Option<&serde_json::Value>) -> Result<Answer, KsefError> {
        self.authed_with(method, path, body, &[]).await
    }

    async fn authed_with(
        &self,
        method: Method,
        path: &str,
        body: Option<&serde_json::Value>,
        headers: &[(&str, &str)],
    ) -> Result<Answer, KsefError> {
        let token = self.access_token(None).await?;
        let answer = self.http.call_with(method.clone(), path, Some(&token), body, headers).await?;
        if answer.status != StatusCode::UNAUTHORIZED {
            return Ok(answer);
        }
        let token = self.access_token(Some(&token)).await?;
        let answer = self.http.call_with(method, path, Some(&token), body, headers).await?;
        if answer.status == StatusCode::UNAUTHORIZED {
            return Err(KsefError::AuthRefused(format!("{path}: 401 with a fresh access token")));
        }
        Ok(answer)
    }

    /// Authenticates (or refreshes) as needed and opens an interactive session for FA (3).
    pub async fn open_session(&self) -> Result<OnlineSession, KsefError> {
        match self.try_open_session().await {
            Err(e) if auth::is_withdrawn_key(&e) => {
                self.forget_keys().await;
                self.try_open_session().await
            }
            other => other,
        }
    }

    async fn try_open_session(&self) -> Result<OnlineSession, KsefError> {
        let keys = self.ministry_keys().await?;
        let key = SessionKey::generate();
        let wrapped =
            crypto::rsa_oaep_encrypt(&keys.symmetric.0, key.key()).map_err(|e| KsefError::Protocol(e.to_string()))?;
        let request = OpenSessionRequest {
            form_code: FormCode::fa3(),
            encryption: EncryptionInfo {
                encrypted_symmetric_key: STANDARD.encode(wrapped),
                initialization_vector: STANDARD.encode(key.iv()),
                public_key_id: Some(keys.symmetric.1.clone()),
            },
        };
        let answer = self.authed(Method::POST, "/sessions/online", Some(&to_json(&request)?)).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        let opened: OpenSessionResponse = answer.json()?;
        let valid_until = DateTime::parse_from_rfc3339(&opened.valid_until).ok().map(|t| t.with_timezone(&Utc));
        self.note_session(Some(SessionInUse {
            reference: opened.reference_number.clone(),
            opened_at: Utc::now(),
            valid_until,
        }));
        Ok(OnlineSession { reference: opened.reference_number, valid_until, key })
    }

    /// Encrypts and sends one invoice; its reference number in the session. `offline`
    /// declares it issued in offline mode (`offlineMode`).
    pub async fn send(&self, session: &OnlineSession, xml: &[u8], offline: bool) -> Result<String, KsefError> {
        self.send_invoice(session, xml, offline, None).await
    }

    /// Sends a technical correction of an offline invoice KSeF rejected
    /// (`offline/korekta-techniczna.md`): the same invoice made valid, in offline mode,
    /// naming the rejected one by its hash (Base64 SHA-256, `hashOfCorrectedInvoice`).
    pub async fn send_technical_correction(
        &self,
        session: &OnlineSession,
        xml: &[u8],
        rejected_sha256_base64: &str,
    ) -> Result<String, KsefError> {
        self.send_invoice(session, xml, true, Some(rejected_sha256_base64.to_owned())).await
    }

    async fn send_invoice(
        &self,
        session: &OnlineSession,
        xml: &[u8],
        offline: bool,
        hash_of_corrected_invoice: Option<String>,
    ) -> Result<String, KsefError> {
        let encrypted = session.key.encrypt(xml);
        let request = SendInvoiceRequest {
            invoice_hash: sha256_base64(xml),
            invoice_size: size(xml.len())?,
            encrypted_invoice_hash: sha256_base64(&encrypted),
            encrypted_invoice_size: size(encrypted.len())?,
            encrypted_invoice_content: STANDARD.encode(&encrypted),
            offline_mode: offline,
            hash_of_corrected_invoice,
        };
        let path = format!("/sessions/online/{}/invoices", session.reference);
        let answer = self.authed(Method::POST, &path, Some(&to_json(&request)?)).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        Ok(answer.json::<SendInvoiceResponse>()?.reference_number)
    }

    /// One invoice's status in a session.
    pub async fn status(&self, session_ref: &str, invoice_ref: &str) -> Result<InvoiceStatus, KsefError> {
        let answer = self.authed(Method::GET, &format!("/sessions/{session_ref}/invoices/{invoice_ref}"), None).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        invoice_status(&answer.json()?)
    }

    /// The invoice of that hash (Base64 SHA-256) among a session's invoices, if KSeF got it:
    /// its reference and status. How a send cut short by a crash is resumed without a second copy.
    pub async fn find_sent(
        &self,
        session_ref: &str,
        sha256_base64: &str,
    ) -> Result<Option<(String, InvoiceStatus)>, KsefError> {
        // The largest page (1000): a batch session holds up to 10,000 invoices and the
        // list is limited to 20 requests a minute.
        let path = format!("/sessions/{session_ref}/invoices?pageSize=1000");
        let mut continuation: Option<String> = None;
        loop {
            // The continuation token travels in the `x-continuation-token` header.
            let answer = match &continuation {
                None => self.authed(Method::GET, &path, None).await?,
                Some(token) => self.authed_with(Method::GET, &path, None, &[("x-continuation-token", token)]).await?,
            };
            if !answer.status.is_success() {
                return Err(answer.refusal());
            }
            let page: SessionInvoicesResponse = answer.json()?;
            if let Some(found) = page.invoices.iter().find(|i| i.invoice_hash == sha256_base64) {
                return Ok(Some((found.reference_number.clone(), invoice_status(found)?)));
            }
            match page.continuation_token.filter(|t| !t.is_empty()) {
                Some(next) => continuation = Some(next),
                None => return Ok(None),
            }
        }
    }

    /// The session's status (`GET /sessions/{referenceNumber}`): open (100), closed (170),
    /// processed (200), and its invoice counts.
    pub async fn session_status(&self, session_ref: &str) -> Result<SessionStatusResponse, KsefError> {
        let answer = self.authed(Method::GET, &format!("/sessions/{session_ref}"), None).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        answer.json()
    }

    /// Closes the session (KSeF then prepares its UPO).
    pub async fn close(&self, session_ref: &str) -> Result<(), KsefError> {
        let answer = self.authed(Method::POST, &format!("/sessions/online/{session_ref}/close"), None).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        self.forget_session(session_ref);
        Ok(())
    }

    /// The UPO (XML) of one accepted invoice, once KSeF has it (`None` while not ready:
    /// exception 21178, "UPO not found").
    pub async fn invoice_upo(&self, session_ref: &str, ksef_number: &str) -> Result<Option<String>, KsefError> {
        let path = format!("/sessions/{session_ref}/invoices/ksef/{ksef_number}/upo");
        let answer = self.authed_with(Method::GET, &path, None, &[("accept", "application/xml")]).await?;
        if answer.status.is_success() {
            return Ok(Some(answer.text()));
        }
        match answer.refusal() {
            KsefError::Refused { code: 21178, .. } => Ok(None),
            _ if answer.status == StatusCode::NOT_FOUND => Ok(None),
            other => Err(other),
        }
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<serde_json::Value, KsefError> {
    serde_json::to_value(value).map_err(|e| KsefError::Protocol(e.to_string()))
}

fn size(n: usize) -> Result<i64, KsefError> {
    i64::try_from(n).map_err(|_| KsefError::Protocol("an invoice too large to send".into()))
}

/// An invoice's status as the sender sees it (`SessionInvoiceStatusResponse.status`),
/// by the one table of `crate::answers`.
fn invoice_status(answer: &InvoiceStatusResponse) -> Result<InvoiceStatus, KsefError> {
    let status = &answer.status;
    let parse = |number: &str| KsefNumber::parse(number).map_err(|e| KsefError::Protocol(format!("{number}: {e}")));
    Ok(match answers::invoice_status(status.code, status.extensions.as_ref()) {
        Verdict::Processing => InvoiceStatus::Processing,
        Verdict::Accepted => {
            let number = answer
                .ksef_number
                .as_deref()
                .ok_or_else(|| KsefError::Protocol("an accepted invoice without its KSeF number".into()))?;
            let when = answer.acquisition_date.as_deref().unwrap_or(&answer.invoicing_date);
            let acquired_at = DateTime::parse_from_rfc3339(when)
                .map_err(|e| KsefError::Protocol(format!("acquisitionDate {when}: {e}")))?
                .with_timezone(&Utc);
            InvoiceStatus::Accepted { ksef_number: parse(number)?, acquired_at }
        }
        Verdict::Duplicate { ksef_number, original_session } => {
            InvoiceStatus::Duplicate { ksef_number: parse(&ksef_number)?, original_session }
        }
        Verdict::Transient { new_session } => {
            InvoiceStatus::TryAgain { code: status.code, reason: reason_of(status), new_session }
        }
        Verdict::Rejected => InvoiceStatus::Rejected { code: status.code, reason: reason_of(status) },
        Verdict::Blocked => InvoiceStatus::Blocked { code: status.code, reason: reason_of(status) },
    })
}

/// A status's description with its details and extensions, to show an admin.
fn reason_of(status: &StatusInfo) -> String {
    let mut reason = status.description.clone();
    if let Some(details) = status.details.as_ref().filter(|d| !d.is_empty()) {
        reason = format!("{reason}: {}", details.join("; "));
    }
    if let Some(ext) = status.extensions.as_ref().filter(|e| !e.is_empty()) {
        let parts: Vec<String> = ext.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect();
        reason = format!("{reason} [{}]", parts.join(", "));
    }
    reason
}

#[cfg(test)]
mod tests {
    fn is_send_sync<T: Send + Sync>() {}

    #[test]
    fn the_client_is_shared_by_tasks() {
        is_send_sync::<super::Client>();
    }
}
