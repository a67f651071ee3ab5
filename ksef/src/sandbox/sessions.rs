//! Interactive sessions (`sesja-interaktywna.md`): open with the wrapped AES key, send
//! (metadata checked at once, the invoice then processed in the background: `process`),
//! close, and the session's and its invoices' status.

use super::auth::check_access;
use super::reply::{self, now_string, ApiJson};
use super::state::{reference, Invoice, Session};
use super::{process, Ctx, Shared};
use crate::crypto::{self, SessionKey};
use crate::wire::{
    FormCode, InvoiceStatusResponse, OpenSessionRequest, OpenSessionResponse, SendInvoiceRequest, SendInvoiceResponse,
    SessionInvoicesResponse, SessionStatusResponse, StatusInfo,
};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use chrono::{Duration, SecondsFormat, Utc};
use serde::Deserialize;

fn invalid(detail: impl Into<String>) -> Response {
    reply::exception(21405, "Błąd walidacji danych wejściowych.", Some(detail.into()))
}

fn no_session(reference: &str) -> Response {
    reply::exception(
        21173,
        "Brak sesji o wskazanym numerze referencyjnym.",
        Some(format!("Sesja o numerze referencyjnym {reference} nie została odnaleziona.")),
    )
}

pub(crate) async fn open(
    State(shared): Ctx,
    headers: HeaderMap,
    ApiJson(request): ApiJson<OpenSessionRequest>,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    if let Some(refused) = super::auth::check_key_id(&shared, request.encryption.public_key_id.as_deref()) {
        return refused;
    }
    let fa3 = FormCode::fa3();
    let form = &request.form_code;
    if (form.system_code.as_str(), form.schema_version.as_str(), form.value.as_str())
        != (fa3.system_code.as_str(), fa3.schema_version.as_str(), fa3.value.as_str())
    {
        return invalid(format!(
            "formCode {} {} {}: ten stand-in przyjmuje tylko FA (3) 1-0E FA",
            form.system_code, form.schema_version, form.value
        ));
    }
    let key = STANDARD
        .decode(&request.encryption.encrypted_symmetric_key)
        .ok()
        .and_then(|wrapped| crypto::rsa_oaep_decrypt(&shared.key, &wrapped).ok());
    let iv = STANDARD.decode(&request.encryption.initialization_vector).ok();
    let Some(key) = key.zip(iv).and_then(|(k, iv)| SessionKey::from_parts(&k, &iv).ok()) else {
        return invalid(
            "encryption: nie można odszyfrować klucza symetrycznego (RSA-OAEP SHA-256) lub IV nie ma 16 bajtów",
        );
    };
    let reference_number = reference("SO");
    let now = now_string();
    let valid_for = shared.faults.take_short_session().map_or(Duration::hours(12), |m| Duration::minutes(m.into()));
    let valid_until = (Utc::now() + valid_for).to_rfc3339_opts(SecondsFormat::Millis, true);
    let session = Session {
        key,
        created: now.clone(),
        updated: now,
        valid_until: valid_until.clone(),
        closed: false,
        invoices: Vec::new(),
        batch: None,
    };
    shared.state().sessions.insert(reference_number.clone(), session);
    (StatusCode::CREATED, Json(OpenSessionResponse { reference_number, valid_until })).into_response()
}

/// A send refused as a test asked (`Fault::SendRefused`); 21180 ends the session first.
fn injected_refusal(shared: &Shared, session_ref: &str, code: i64) -> Response {
    if code == 21180 {
        if let Some(session) = shared.state().sessions.get_mut(session_ref) {
            session.closed = true;
            session.updated = now_string();
        }
        return reply::exception(
            21180,
            "Status sesji nie pozwala na wykonanie operacji.",
            Some("Status sesji 170 uniemożliwia wysyłkę faktur.".into()),
        );
    }
    reply::exception(
        code,
        "Błąd walidacji danych wejściowych.",
        Some(format!("Injected refusal {code} (stand-in fault).")),
    )
}

pub(crate) async fn send(
    State(shared): Ctx,
    Path(session_ref): Path<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SendInvoiceRequest>,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    if let Some(code) = shared.faults.take_send_refusal() {
        return injected_refusal(&shared, &session_ref, code);
    }
    let Ok(encrypted) = STANDARD.decode(&request.encrypted_invoice_content) else {
        return invalid("encryptedInvoiceContent nie jest w Base64");
    };
    if i64::try_from(encrypted.len()).ok() != Some(request.encrypted_invoice_size) {
        return reply::exception(
            21402,
            "Nieprawidłowy rozmiar pliku.",
            Some("Długość treści nie zgadza się z rozmiarem pliku.".into()),
        );
    }
    if request.hash_of_corrected_invoice.is_some() && !request.offline_mode {
        return invalid("hashOfCorrectedInvoice: korekta techniczna wymaga offlineMode = true");
    }
    let (key, invoice_ref) = {
        let mut state = shared.state();
        if let Some((code, description)) =
            request.hash_of_corrected_invoice.as_deref().and_then(|h| state.correction_refusal(h))
        {
            return reply::exception(code, description, None);
        }
        let ordinal = {
            // A batch session takes no invoice one by one.
            let Some(session) = state.sessions.get(&session_ref).filter(|s| s.batch.is_none()) else {
                return no_session(&session_ref);
            };
            if session.closed {
                return reply::exception(
                    21180,
                    "Status sesji nie pozwala na wykonanie operacji.",
                    Some("Status sesji 170 uniemożliwia wysyłkę faktur.".into()),
                );
            }
            i64::try_from(session.invoices.len()).unwrap_or(i64::MAX - 1) + 1
        };
        *state.received.entry(request.invoice_hash.clone()).or_default() += 1;
        let invoice_ref = reference("EE");
        let now = now_string();
        let invoice = Invoice {
            ordinal,
            reference: invoice_ref.clone(),
            hash: request.invoice_hash.clone(),
            invoice_number: None,
            issue_date: None,
            seller_nip: None,
            ksef_number: None,
            invoicing_date: now.clone(),
            acquisition_date: None,
            offline: request.offline_mode,
            corrects: request.hash_of_corrected_invoice.clone(),
            status: StatusInfo { code: 150, description: "Trwa przetwarzanie".into(), details: None, extensions: None },
        };
        let Some(session) = state.sessions.get_mut(&session_ref) else {
            return no_session(&session_ref);
        };
        session.updated = now;
        session.invoices.push(invoice);
        (session.key.clone(), invoice_ref)
    };
    let job = process::Job { session_ref, invoice_ref: invoice_ref.clone(), key, encrypted, request };
    tokio::spawn(process::run(shared.clone(), job));
    (StatusCode::ACCEPTED, Json(SendInvoiceResponse { reference_number: invoice_ref })).into_response()
}

pub(crate) async fn close(State(shared): Ctx, Path(session_ref): Path<String>, headers: HeaderMap) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let mut state = shared.state();
    let Some(session) = state.sessions.get_mut(&session_ref).filter(|s| s.batch.is_none()) else {
        return no_session(&session_ref);
    };
    if session.closed {
        return reply::exception(
            21180,
            "Status sesji nie pozwala na wykonanie operacji.",
            Some("Sesja jest już zamknięta.".into()),
        );
    }
    session.closed = true;
    session.updated = now_string();
    StatusCode::NO_CONTENT.into_response()
}

pub(crate) async fn status(State(shared): Ctx, Path(session_ref): Path<String>, headers: HeaderMap) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let state = shared.state();
    let Some(session) = state.sessions.get(&session_ref) else {
        return no_session(&session_ref);
    };
    let count = |f: &dyn Fn(&Invoice) -> bool| {
        i64::try_from(session.invoices.iter().filter(|i| f(i)).count()).unwrap_or(i64::MAX)
    };
    let total = count(&|_| true);
    let ok = count(&Invoice::accepted);
    let failed = count(&|i| i.status.code >= 300);
    let status = if let Some(batch) = &session.batch {
        super::batch::status(session.closed, batch, total, ok + failed, ok, shared.faults.batches_look_open())
    } else {
        let (code, description, details) = match (session.closed, total) {
            (false, _) => (100, "Sesja interaktywna otwarta", None),
            (true, 0) => (440, "Sesja anulowana", Some(vec!["Nie przesłano faktur".to_owned()])),
            (true, _) if ok + failed < total => (170, "Sesja interaktywna zamknięta", None),
            (true, _) if ok == 0 => (445, "Błąd weryfikacji, brak poprawnych faktur", None),
            (true, _) => (200, "Sesja interaktywna przetworzona pomyślnie", None),
        };
        StatusInfo { code, description: description.into(), details, extensions: None }
    };
    Json(SessionStatusResponse {
        status,
        date_created: session.created.clone(),
        date_updated: session.updated.clone(),
        valid_until: Some(session.valid_until.clone()),
        invoice_count: Some(total),
        successful_invoice_count: Some(ok),
        failed_invoice_count: Some(failed),
    })
    .into_response()
}

pub(crate) fn invoice_answer(invoice: &Invoice) -> InvoiceStatusResponse {
    InvoiceStatusResponse {
        ordinal_number: invoice.ordinal,
        invoice_number: invoice.invoice_number.clone(),
        ksef_number: invoice.ksef_number.clone(),
        reference_number: invoice.reference.clone(),
        invoice_hash: invoice.hash.clone(),
        acquisition_date: invoice.acquisition_date.clone(),
        invoicing_date: invoice.invoicing_date.clone(),
        invoicing_mode: Some(if invoice.offline { "Offline" } else { "Online" }.into()),
        status: invoice.status.clone(),
    }
}

pub(crate) async fn invoice(
    State(shared): Ctx,
    Path((session_ref, invoice_ref)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let state = shared.state();
    let Some(session) = state.sessions.get(&session_ref) else {
        return no_session(&session_ref);
    };
    match session.invoices.iter().find(|i| i.reference == invoice_ref) {
        Some(invoice) => Json(invoice_answer(invoice)).into_response(),
        None => invalid(format!("Faktura {invoice_ref} nie została odnaleziona w sesji {session_ref}.")),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Page {
    page_size: Option<usize>,
}

pub(crate) async fn invoices(
    State(shared): Ctx,
    Path(session_ref): Path<String>,
    Query(page): Query<Page>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    let size = page.page_size.unwrap_or(10);
    if !(10..=1000).contains(&size) {
        return invalid("pageSize: od 10 do 1000");
    }
    // The continuation token is where the next page starts (opaque to clients).
    let start = match headers.get("x-continuation-token").map(|v| v.to_str().ok().and_then(|s| s.parse::<usize>().ok()))
    {
        None => 0,
        Some(Some(n)) => n,
        Some(None) => return invalid("x-continuation-token"),
    };
    let state = shared.state();
    let Some(session) = state.sessions.get(&session_ref) else {
        return no_session(&session_ref);
    };
    let invoices: Vec<InvoiceStatusResponse> =
        session.invoices.iter().skip(start).take(size).map(invoice_answer).collect();
    let next = start + size;
    let continuation_token = (next < session.invoices.len()).then(|| next.to_string());
    Json(SessionInvoicesResponse { continuation_token, invoices }).into_response()
}
