//! The batch session (`sesja-wsadowa.md`): many invoices in one ZIP package, split into
//! parts of at most 100 MB, each part encrypted (AES-256-CBC, the session's key), the
//! session opened with the package's and the parts' hashes and sizes, each part put
//! where KSeF says, then closed; KSeF processes the package and lists each invoice's
//! outcome. Why: the interactive session's limits (10/s, 30/min, 180/h sends) would take
//! ~55 hours for a backlog of 10,000 invoices; a batch is one open and one close.
//!
//! After a crash: a session whose parts were not all uploaded is never closed, so KSeF
//! never processes it (it is cancelled when the upload time runs out) and sending the
//! invoices again is safe. Once closed, its reference is the caller's to keep; an
//! invoice sent again after that is refused as a duplicate (440) naming the original's
//! KSeF number (`originalKsefNumber`).
//!
//! A backlog over the documented limits (10,000 invoices per session, 50 parts of
//! 100 MB, 5 GB a package) goes in several sessions, as does a mix of online and
//! offline invoices (`offlineMode` is one flag per batch session).

use super::{invoice_status, size, to_json, Client, InvoiceStatus};
use crate::crypto::{self, SessionKey};
use crate::hash::sha256_base64;
use crate::wire::{EncryptionInfo, FormCode, SessionInvoicesResponse};
use crate::wire_batch::{
    BatchFileInfo, BatchFilePartInfo, OpenBatchSessionRequest, OpenBatchSessionResponse, PartUploadRequest,
};
use crate::KsefError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use reqwest::Method;
use std::io::Write;

/// One invoice for a batch: its FA(3) XML and whether it was issued in offline mode.
#[derive(Debug, Clone)]
pub struct BatchInvoice {
    pub xml: Vec<u8>,
    pub offline: bool,
}

/// The batch limits (`faktury/weryfikacja-faktury.md`, `BatchFileInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchLimits {
    /// Invoices in one session (10,000).
    pub max_invoices: usize,
    /// A part's size before encryption (100 MB).
    pub max_part_bytes: usize,
    /// Parts in one package (50).
    pub max_parts: usize,
    /// The whole package (5 GB).
    pub max_package_bytes: u64,
}

impl Default for BatchLimits {
    fn default() -> Self {
        Self { max_invoices: 10_000, max_part_bytes: 100_000_000, max_parts: 50, max_package_bytes: 5_000_000_000 }
    }
}

/// One batch session sent and closed: KSeF is processing (or has processed) its package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchSession {
    pub reference: String,
    pub offline: bool,
    /// Where each of its invoices stood in the slice given to `send_batch`, in package order.
    pub indices: Vec<usize>,
    /// Each invoice's hash (Base64 SHA-256), in package order: how its outcome is found.
    pub hashes: Vec<String>,
}

/// A batch cut short: the error, and the sessions already sent before it (their
/// invoices are in KSeF; the others are not).
#[derive(Debug, thiserror::Error)]
#[error("{error} (after {} batch session(s) sent)", sent.len())]
pub struct BatchError {
    pub error: KsefError,
    pub sent: Vec<BatchSession>,
}

impl From<BatchError> for KsefError {
    fn from(e: BatchError) -> Self {
        e.error
    }
}

/// A batch session opened with its package's metadata, its parts not uploaded yet
/// (`Client::open_package`, then `Client::upload_and_close`).
#[derive(Debug)]
pub struct OpenedBatch {
    /// The session's reference number: where its invoices will be.
    pub reference: String,
    uploads: Vec<PartUploadRequest>,
    /// The encrypted parts, in ordinal order.
    parts: Vec<Vec<u8>>,
}

/// One invoice's outcome in a batch session (`GET /sessions/{ref}/invoices`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchResult {
    pub ordinal: i64,
    pub hash: String,
    pub reference: String,
    pub status: InvoiceStatus,
}

/// ZIP entries are written whole; the bytes the package takes beyond the XML, at most.
const ENTRY_OVERHEAD: u64 = 1024;

/// Which invoices go in which session: by offline flag, then in order, each session
/// within the invoice count and (counting the XML uncompressed, an upper bound) the size.
pub fn plan(invoices: &[BatchInvoice], limits: &BatchLimits) -> Vec<(bool, Vec<usize>)> {
    let bytes = limits.max_package_bytes.min((limits.max_part_bytes as u64).saturating_mul(limits.max_parts as u64));
    let mut sessions = Vec::new();
    for offline in [false, true] {
        let mut current: Vec<usize> = Vec::new();
        let mut current_bytes = 0u64;
        for (i, invoice) in invoices.iter().enumerate().filter(|(_, inv)| inv.offline == offline) {
            let cost = invoice.xml.len() as u64 + ENTRY_OVERHEAD;
            if !current.is_empty() && (current.len() >= limits.max_invoices.max(1) || current_bytes + cost > bytes) {
                sessions.push((offline, std::mem::take(&mut current)));
                current_bytes = 0;
            }
            current.push(i);
            current_bytes += cost;
        }
        if !current.is_empty() {
            sessions.push((offline, current));
        }
    }
    sessions
}

/// The ZIP package (deflate), one entry per invoice named by its place in the package.
pub fn package<'a>(xmls: impl Iterator<Item = &'a [u8]>) -> Result<Vec<u8>, KsefError> {
    let fail = |e: &dyn std::fmt::Display| KsefError::Protocol(format!("the batch ZIP cannot be written: {e}"));
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (i, xml) in xmls.enumerate() {
        zip.start_file(format!("faktura-{:05}.xml", i + 1), options).map_err(|e| fail(&e))?;
        zip.write_all(xml).map_err(|e| fail(&e))?;
    }
    Ok(zip.finish().map_err(|e| fail(&e))?.into_inner())
}

/// The package cut into `ceil(len / max)` parts of near-equal size (the guide's split).
pub fn split(package: &[u8], max_part_bytes: usize) -> Vec<&[u8]> {
    let max = max_part_bytes.max(1);
    let count = package.len().div_ceil(max).max(1);
    let part = package.len().div_ceil(count).max(1);
    package.chunks(part).collect()
}

impl Client {
    /// Sends every invoice through batch sessions (as many as the limits need, see
    /// `plan`), each package zipped, split, encrypted, uploaded and its session closed.
    /// The outcomes come later: `batch_results`, or `find_sent` by hash.
    pub async fn send_batch(&self, invoices: &[BatchInvoice]) -> Result<Vec<BatchSession>, BatchError> {
        let mut sent = Vec::new();
        for (offline, indices) in plan(invoices, &self.http.options.batch) {
            let xmls: Vec<&[u8]> = indices.iter().filter_map(|i| invoices.get(*i)).map(|b| b.xml.as_slice()).collect();
            match self.send_package(&xmls, offline).await {
                Ok(reference) => {
                    let hashes = xmls.iter().map(|x| sha256_base64(x)).collect();
                    sent.push(BatchSession { reference, offline, indices, hashes });
                }
                Err(error) => return Err(BatchError { error, sent }),
            }
        }
        Ok(sent)
    }

    /// One package in one batch session; its reference number once closed.
    pub async fn send_package(&self, xmls: &[&[u8]], offline: bool) -> Result<String, KsefError> {
        let opened = self.open_package(xmls, offline).await?;
        self.upload_and_close(opened).await
    }

    /// The batch limits this client plans with.
    pub fn batch_limits(&self) -> BatchLimits {
        self.http.options.batch
    }

    /// The first half of `send_package`: the package zipped, split and encrypted, and its
    /// session opened; nothing uploaded yet. A caller that must record where each invoice
    /// goes before it can reach KSeF (the sender, for crash safety) records it now, under
    /// [`OpenedBatch::reference`], then calls `upload_and_close`. An opened package that
    /// is never uploaded and closed is never processed (KSeF cancels it).
    pub async fn open_package(&self, xmls: &[&[u8]], offline: bool) -> Result<OpenedBatch, KsefError> {
        let limits = self.http.options.batch;
        if xmls.is_empty() || xmls.len() > limits.max_invoices {
            return Err(KsefError::Protocol(format!(
                "a batch of {} invoices (1 to {})",
                xmls.len(),
                limits.max_invoices
            )));
        }
        let zip = package(xmls.iter().copied())?;
        let parts = split(&zip, limits.max_part_bytes);
        if parts.len() > limits.max_parts || zip.len() as u64 > limits.max_package_bytes {
            return Err(KsefError::Protocol(format!("a batch package of {} bytes is over the limits", zip.len())));
        }
        let key = SessionKey::generate();
        let encrypted: Vec<Vec<u8>> = parts.iter().map(|p| key.encrypt(p)).collect();
        let mut file_parts = Vec::with_capacity(encrypted.len());
        for (i, part) in encrypted.iter().enumerate() {
            let ordinal_number = i64::try_from(i + 1).map_err(|_| KsefError::Protocol("too many parts".into()))?;
            file_parts.push(BatchFilePartInfo {
                ordinal_number,
                file_size: size(part.len())?,
                file_hash: sha256_base64(part),
            });
        }
        let batch_file = BatchFileInfo { file_size: size(zip.len())?, file_hash: sha256_base64(&zip), file_parts };
        let opened = match self.open_batch(&key, &batch_file, offline).await {
            Err(e) if super::auth::is_withdrawn_key(&e) => {
                self.forget_keys().await;
                self.open_batch(&key, &batch_file, offline).await?
            }
            other => other?,
        };
        Ok(OpenedBatch { reference: opened.reference_number, uploads: opened.part_upload_requests, parts: encrypted })
    }

    /// The second half of `send_package`: every part put where KSeF said, then the
    /// session closed (KSeF then processes the package); its reference.
    pub async fn upload_and_close(&self, opened: OpenedBatch) -> Result<String, KsefError> {
        // The parts go up at once (the guide recommends it; the uploads are not rate limited).
        let mut uploads = tokio::task::JoinSet::new();
        for (i, part) in opened.parts.into_iter().enumerate() {
            let ordinal = i64::try_from(i + 1).unwrap_or(i64::MAX);
            let Some(upload) = opened.uploads.iter().find(|u| u.ordinal_number == ordinal).cloned() else {
                return Err(KsefError::Protocol(format!("no upload address for part {ordinal}")));
            };
            let http = self.http.clone();
            uploads.spawn(async move {
                let headers: Vec<(String, String)> =
                    upload.headers.iter().filter_map(|(k, v)| v.clone().map(|v| (k.clone(), v))).collect();
                let answer = http.upload(&upload.method, &upload.url, &headers, part).await?;
                if answer.status.is_success() {
                    Ok(())
                } else {
                    Err(answer.refusal())
                }
            });
        }
        // The first failure stops the rest (dropping the set aborts them); the session is
        // then never closed, so KSeF never processes it and sending again is safe.
        while let Some(done) = uploads.join_next().await {
            done.map_err(|e| KsefError::Protocol(format!("a part upload task: {e}")))??;
        }
        self.close_batch(&opened.reference).await?;
        Ok(opened.reference)
    }

    /// Closes a batch session (KSeF then processes its package). Closing one closed
    /// already is refused with 21180; one whose parts are missing with 21205; one past
    /// its upload time with 21208.
    pub async fn close_batch(&self, session_ref: &str) -> Result<(), KsefError> {
        let path = format!("/sessions/batch/{session_ref}/close");
        let answer = self.authed(Method::POST, &path, None).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        Ok(())
    }

    async fn open_batch(
        &self,
        key: &SessionKey,
        batch_file: &BatchFileInfo,
        offline: bool,
    ) -> Result<OpenBatchSessionResponse, KsefError> {
        let keys = self.ministry_keys().await?;
        let wrapped =
            crypto::rsa_oaep_encrypt(&keys.symmetric.0, key.key()).map_err(|e| KsefError::Protocol(e.to_string()))?;
        let request = OpenBatchSessionRequest {
            form_code: FormCode::fa3(),
            batch_file: batch_file.clone(),
            encryption: EncryptionInfo {
                encrypted_symmetric_key: STANDARD.encode(wrapped),
                initialization_vector: STANDARD.encode(key.iv()),
                public_key_id: Some(keys.symmetric.1.clone()),
            },
            offline_mode: offline,
        };
        let answer = self.authed(Method::POST, "/sessions/batch", Some(&to_json(&request)?)).await?;
        if !answer.status.is_success() {
            return Err(answer.refusal());
        }
        answer.json()
    }

    /// Every invoice of a session with its outcome, in KSeF's order (all pages). Empty
    /// while a batch package is still being unpacked: poll `session_status` until its
    /// code is 200 (or a 4xx: the package failed as a whole).
    pub async fn batch_results(&self, session_ref: &str) -> Result<Vec<BatchResult>, KsefError> {
        let path = format!("/sessions/{session_ref}/invoices?pageSize=1000");
        let mut continuation: Option<String> = None;
        let mut results = Vec::new();
        loop {
            let answer = match &continuation {
                None => self.authed(Method::GET, &path, None).await?,
                Some(token) => self.authed_with(Method::GET, &path, None, &[("x-continuation-token", token)]).await?,
            };
            if !answer.status.is_success() {
                return Err(answer.refusal());
            }
            let page: SessionInvoicesResponse = answer.json()?;
            for invoice in &page.invoices {
                results.push(BatchResult {
                    ordinal: invoice.ordinal_number,
                    hash: invoice.invoice_hash.clone(),
                    reference: invoice.reference_number.clone(),
                    status: invoice_status(invoice)?,
                });
            }
            match page.continuation_token.filter(|t| !t.is_empty()) {
                Some(next) => continuation = Some(next),
                None => return Ok(results),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backlog_is_planned_within_the_limits_and_by_offline_flag() {
        let inv = |offline| BatchInvoice { xml: vec![b'x'; 10], offline };
        let invoices = vec![inv(false), inv(true), inv(false), inv(false), inv(true)];
        let limits = BatchLimits { max_invoices: 2, ..BatchLimits::default() };
        assert_eq!(plan(&invoices, &limits), vec![(false, vec![0, 2]), (false, vec![3]), (true, vec![1, 4])]);
    }

    #[test]
    fn a_package_splits_into_near_equal_parts() {
        let data = vec![7u8; 250];
        let parts = split(&data, 100);
        assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), vec![84, 84, 82]);
        assert_eq!(parts.concat(), data);
        assert_eq!(split(&data, 1000).len(), 1);
    }
}
