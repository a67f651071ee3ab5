//! What KSeF does with an invoice after `202 Accepted` (`faktury/weryfikacja-faktury.md`),
//! in the background: decrypt it with the session's key, check its hashes and size, check
//! it against the FA(3) schema (xmllint), refuse a duplicate (same seller NIP,
//! `RodzajFaktury` and `P_2` as an invoice already accepted), else give it a KSeF number.
//! Status codes as `SessionInvoiceStatusResponse.status` lists them.

use super::state::{element, seller_nip};
use super::{Fault, Shared};
use crate::crypto::SessionKey;
use crate::hash::sha256_base64;
use crate::number::KsefNumber;
use crate::wire::{SendInvoiceRequest, StatusInfo};
use chrono::{SecondsFormat, Utc};
use std::process::Stdio;
use std::sync::Arc;
use tokio::io::AsyncWriteExt;

/// One invoice to process.
pub(crate) struct Job {
    pub session_ref: String,
    pub invoice_ref: String,
    pub key: SessionKey,
    pub encrypted: Vec<u8>,
    pub request: SendInvoiceRequest,
}

pub(crate) fn status(code: i64, description: &str, details: Vec<String>) -> StatusInfo {
    StatusInfo {
        code,
        description: description.into(),
        details: (!details.is_empty()).then_some(details),
        extensions: None,
    }
}

/// Processes one invoice and records its outcome.
pub(crate) async fn run(shared: Arc<Shared>, job: Job) {
    if !shared.options.processing_delay.is_zero() {
        tokio::time::sleep(shared.options.processing_delay).await;
    }
    let outcome = verify(&shared, &job).await;
    conclude(&shared, &job.session_ref, &job.invoice_ref, outcome);
}

/// Records an invoice's outcome: a failed check as is; a valid invoice refused as a
/// duplicate or given its KSeF number. Shared by the interactive and batch sessions.
pub(crate) fn conclude(shared: &Shared, session_ref: &str, invoice_ref: &str, outcome: Result<Fields, StatusInfo>) {
    let mut state = shared.state();
    let (status, fields) = match outcome {
        Err(status) => (status, None),
        Ok(fields) => {
            let key = (fields.seller_nip.clone(), fields.kind.clone(), fields.number.clone());
            if shared.faults.take_duplicate() && !state.accepted.contains_key(&key) {
                let earlier = hold_earlier_copy(&mut state, shared, session_ref, invoice_ref, &fields);
                state.accepted.insert(key.clone(), earlier);
            }
            if let Some((original_session, original_number)) = state.accepted.get(&key).cloned() {
                (duplicate(&original_session, &original_number), Some(fields))
            } else {
                let technical = format!("{:012X}", (state.next() << 20) ^ u64::from(rand_12()));
                match KsefNumber::build(&fields.seller_nip, Utc::now().date_naive(), &technical) {
                    Ok(number) => {
                        state.accepted.insert(key, (session_ref.to_owned(), number.as_str().to_owned()));
                        let mut fields = fields;
                        fields.ksef_number = Some(number.as_str().to_owned());
                        (status(200, "Sukces", vec![]), Some(fields))
                    }
                    Err(e) => (
                        status(
                            450,
                            "Błąd weryfikacji semantyki dokumentu faktury",
                            vec![format!("NIP sprzedawcy: {e}")],
                        ),
                        Some(fields),
                    ),
                }
            }
        }
    };
    let Some(invoice) =
        state.sessions.get_mut(session_ref).and_then(|s| s.invoices.iter_mut().find(|i| i.reference == invoice_ref))
    else {
        return;
    };
    if let Some(fields) = fields {
        invoice.invoice_number = Some(fields.number);
        invoice.issue_date = fields.issue_date;
        invoice.seller_nip = Some(fields.seller_nip);
        if status.code == 200 {
            invoice.ksef_number = fields.ksef_number;
            invoice.acquisition_date = Some(Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true));
        }
    }
    invoice.status = status;
}

/// The `Duplicate` fault: KSeF got this invoice before, in a session of its own that is
/// closed now, and accepted it there; the session and the KSeF number.
fn hold_earlier_copy(
    state: &mut super::state::Inner,
    shared: &Shared,
    session_ref: &str,
    invoice_ref: &str,
    fields: &Fields,
) -> (String, String) {
    let technical = format!("{:012X}", (state.next() << 20) ^ u64::from(rand_12()));
    let number = KsefNumber::build(&fields.seller_nip, Utc::now().date_naive(), &technical)
        .map(|n| n.as_str().to_owned())
        .unwrap_or_else(|_| format!("{}-{}-{technical}-00", shared.nip, Utc::now().format("%Y%m%d")));
    let template =
        state.sessions.get(session_ref).and_then(|s| s.invoices.iter().find(|i| i.reference == invoice_ref)).cloned();
    let earlier_ref = super::state::reference("SO");
    let now = Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true);
    if let Some(mut copy) = template {
        copy.ordinal = 1;
        copy.reference = super::state::reference("EE");
        copy.invoice_number = Some(fields.number.clone());
        copy.issue_date = fields.issue_date.clone();
        copy.seller_nip = Some(fields.seller_nip.clone());
        copy.ksef_number = Some(number.clone());
        copy.acquisition_date = Some(now.clone());
        copy.status = status(200, "Sukces", vec![]);
        let session = super::state::Session {
            key: crate::crypto::SessionKey::generate(),
            created: now.clone(),
            updated: now.clone(),
            valid_until: now,
            closed: true,
            invoices: vec![copy],
            batch: None,
        };
        state.sessions.insert(earlier_ref.clone(), session);
    }
    (earlier_ref, number)
}

fn rand_12() -> u32 {
    // Twelve random bits so numbers differ between stand-in runs.
    (uuid::Uuid::new_v4().as_u128() & 0xFFF) as u32
}

fn duplicate(original_session: &str, original_number: &str) -> StatusInfo {
    let mut extensions = serde_json::Map::new();
    extensions.insert("originalSessionReferenceNumber".into(), original_session.into());
    extensions.insert("originalKsefNumber".into(), original_number.into());
    StatusInfo { code: 440, description: "Duplikat faktury".into(), details: None, extensions: Some(extensions) }
}

/// What the stand-in reads from an invoice.
pub(crate) struct Fields {
    seller_nip: String,
    kind: String,
    number: String,
    issue_date: Option<String>,
    ksef_number: Option<String>,
}

async fn verify(shared: &Shared, job: &Job) -> Result<Fields, StatusInfo> {
    let request = &job.request;
    if sha256_base64(&job.encrypted) != request.encrypted_invoice_hash {
        return Err(status(
            430,
            "Błąd weryfikacji pliku faktury",
            vec!["Skrót zaszyfrowanej faktury nie zgadza się z encryptedInvoiceHash.".into()],
        ));
    }
    let Ok(xml) = job.key.decrypt(&job.encrypted) else {
        return Err(status(435, "Błąd odszyfrowania pliku", vec![]));
    };
    if sha256_base64(&xml) != request.invoice_hash || i64::try_from(xml.len()).ok() != Some(request.invoice_size) {
        return Err(status(
            430,
            "Błąd weryfikacji pliku faktury",
            vec!["Skrót lub rozmiar faktury nie zgadza się z invoiceHash/invoiceSize.".into()],
        ));
    }
    let text = text_of(&xml)?;
    injected(shared)?;
    if let Err(complaints) = schema_check(shared, &xml).await {
        return Err(status(450, "Błąd weryfikacji semantyki dokumentu faktury", complaints));
    }
    Ok(fields_of(shared, &text))
}

/// The invoice as text: no BOM, UTF-8 (else 430).
pub(crate) fn text_of(xml: &[u8]) -> Result<String, StatusInfo> {
    if xml.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(status(430, "Błąd weryfikacji pliku faktury", vec!["Faktura zaczyna się znakiem BOM.".into()]));
    }
    String::from_utf8(xml.to_vec())
        .map_err(|_| status(430, "Błąd weryfikacji pliku faktury", vec!["Faktura nie jest w UTF-8.".into()]))
}

/// An invoice-level fault queued by a test, as the invoice's outcome.
pub(crate) fn injected(shared: &Shared) -> Result<(), StatusInfo> {
    match shared.faults.take_invoice_fault() {
        Some(Fault::SchemaRejection) => {
            Err(schema_rejection(vec!["Injected: element P_2 is not valid (stand-in fault).".into()]))
        }
        Some(Fault::InvoiceStatus(code)) => Err(injected_status(code)),
        _ => Ok(()),
    }
}

/// An invoice status a test asked for, described as the guide's table does.
fn injected_status(code: i64) -> StatusInfo {
    let (description, details): (&str, Vec<String>) = match code {
        405 => ("Przetwarzanie anulowane z powodu błędu sesji", vec![]),
        410 => ("Nieprawidłowy zakres uprawnień", vec![]),
        415 => ("Brak możliwości wysyłania faktury z załącznikiem", vec![]),
        435 => ("Błąd odszyfrowania pliku", vec![]),
        550 => (
            "Operacja została anulowana przez system",
            vec!["Przetwarzanie zostało przerwane z przyczyn wewnętrznych systemu. Spróbuj ponownie".into()],
        ),
        _ => ("Nieznany błąd ({statusCode})", vec![format!("Injected status {code} (stand-in fault).")]),
    };
    status(code, description, details)
}

/// 450 with xmllint's complaints.
pub(crate) fn schema_rejection(complaints: Vec<String>) -> StatusInfo {
    status(450, "Błąd weryfikacji semantyki dokumentu faktury", complaints)
}

/// What KSeF reads from a valid invoice (its duplicate key and number).
pub(crate) fn fields_of(shared: &Shared, text: &str) -> Fields {
    let seller = seller_nip(text).unwrap_or(&shared.nip).to_owned();
    Fields {
        seller_nip: seller,
        kind: element(text, "RodzajFaktury").unwrap_or_default().to_owned(),
        number: element(text, "P_2").unwrap_or_default().to_owned(),
        issue_date: element(text, "P_1").map(str::to_owned),
        ksef_number: None,
    }
}

/// xmllint against the FA(3) schema, offline (its catalog maps the one remote import).
/// Without xmllint the check is skipped with a warning: the stand-in is not the schema's
/// guardian (the documents crate's tests are), and `./run` must work without it.
async fn schema_check(shared: &Shared, xml: &[u8]) -> Result<(), Vec<String>> {
    let dir = &shared.options.schema_dir;
    let child = tokio::process::Command::new("xmllint")
        .env("XML_CATALOG_FILES", dir.join("catalog.xml"))
        .args(["--noout", "--nonet", "--schema"])
        .arg(dir.join("schemat_FA(3)_v1-0E.xsd"))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            tracing::warn!(error = %e, "KSeF stand-in: xmllint cannot run, the FA(3) schema check is skipped");
            return Ok(());
        }
    };
    // Written while xmllint's complaints are read, so neither pipe can fill and stall.
    let stdin = child.stdin.take();
    let bytes = xml.to_vec();
    let writer = tokio::spawn(async move {
        if let Some(mut stdin) = stdin {
            // xmllint may stop reading a broken document early: its complaints say why.
            let _ = stdin.write_all(&bytes).await;
        }
    });
    let output = child.wait_with_output().await.map_err(|e| vec![format!("xmllint: {e}")])?;
    let _ = writer.await;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    Err(stderr
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("fails to validate"))
        .take(5)
        .map(str::to_owned)
        .collect())
}
