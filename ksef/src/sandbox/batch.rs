//! Batch sessions (`sesja-wsadowa.md`): open with the package's metadata and the wrapped
//! AES key (answering where to put each part: addresses on the stand-in's own router,
//! with a secret in them as KSeF's storage URLs carry a signature), the part uploads
//! (no access token), close (every declared part there, of its declared size), then the
//! package is processed in the background (`batch_process`).

use super::auth::{check_access, check_key_id};
use super::reply::{self, now_string, ApiJson};
use super::state::{reference, token, Batch, Session};
use super::{batch_process, Ctx};
use crate::crypto::{self, SessionKey};
use crate::wire::{FormCode, StatusInfo};
use crate::wire_batch::{OpenBatchSessionRequest, OpenBatchSessionResponse, PartUploadRequest};
use axum::body::Bytes;
use axum::extract::{OriginalUri, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use chrono::{Duration, SecondsFormat, Utc};
use serde::Deserialize;
use std::collections::BTreeMap;

fn invalid(detail: impl Into<String>) -> Response {
    reply::exception(21405, "Błąd walidacji danych wejściowych.", Some(detail.into()))
}

fn no_session(reference: &str) -> Response {
    reply::exception(
        21173,
        "Brak sesji o wskazanym numerze referencyjnym.",
        Some(format!("Sesja o numerze referencyjnym {reference} nie została znaleziona.")),
    )
}

/// Where the stand-in is reachable, as the caller reached it: the part addresses must
/// be absolute, and the router may be nested anywhere (`/ksef-sandbox/v2`, `/v2`).
fn own_base(headers: &HeaderMap, uri: &axum::http::Uri) -> String {
    let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1");
    let scheme = headers.get("x-forwarded-proto").and_then(|h| h.to_str().ok()).unwrap_or("http");
    let path = uri.path();
    let prefix = path.strip_suffix("/sessions/batch").unwrap_or("");
    format!("{scheme}://{host}{prefix}")
}

pub(crate) async fn open(
    State(shared): Ctx,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    ApiJson(request): ApiJson<OpenBatchSessionRequest>,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    if let Some(refused) = check_key_id(&shared, request.encryption.public_key_id.as_deref()) {
        return refused;
    }
    if let Some(refused) = check_parts(&shared, &request) {
        return refused;
    }
    let parts = &request.batch_file.file_parts;
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
    let reference_number = reference("SB");
    let upload_key = token("part");
    let base = own_base(&headers, &uri);
    let part_upload_requests = parts
        .iter()
        .map(|p| PartUploadRequest {
            ordinal_number: p.ordinal_number,
            method: "PUT".into(),
            url: format!("{base}/sandbox/batch-parts/{reference_number}/{}?sig={upload_key}", p.ordinal_number),
            headers: BTreeMap::from([("x-ms-blob-type".to_owned(), Some("BlockBlob".to_owned()))]),
        })
        .collect();
    let now = now_string();
    let batch = Batch {
        declared: Some(request.batch_file.clone()),
        offline: request.offline_mode,
        upload_key,
        upload_until: chrono::Duration::from_std(
            shared.options.batch_upload_time_per_part.saturating_mul(u32::try_from(parts.len()).unwrap_or(u32::MAX)),
        )
        .ok()
        .map(|d| Utc::now() + d),
        ..Batch::default()
    };
    let session = Session {
        key,
        created: now.clone(),
        updated: now,
        valid_until: (Utc::now() + Duration::hours(12)).to_rfc3339_opts(SecondsFormat::Millis, true),
        closed: false,
        invoices: Vec::new(),
        batch: Some(batch),
    };
    shared.state().sessions.insert(reference_number.clone(), session);
    (StatusCode::CREATED, Json(OpenBatchSessionResponse { reference_number, part_upload_requests })).into_response()
}

/// The refusal of a batch whose form is not FA (3) or whose parts are out of bounds
/// (their number, their numbering from 1, their sizes), as the Ministry's service answers.
fn check_parts(shared: &super::Shared, request: &OpenBatchSessionRequest) -> Option<Response> {
    let fa3 = FormCode::fa3();
    let form = &request.form_code;
    if (&form.system_code, &form.schema_version, &form.value) != (&fa3.system_code, &fa3.schema_version, &fa3.value) {
        return Some(invalid(format!(
            "formCode {} {} {}: tylko FA (3) 1-0E FA",
            form.system_code, form.schema_version, form.value
        )));
    }
    let parts = &request.batch_file.file_parts;
    let max_parts = shared.options.batch.max_parts;
    if parts.is_empty() || parts.len() > max_parts {
        return Some(reply::exception(
            21161,
            "Przekroczono dozwoloną liczbę części pakietu.",
            Some(format!("Liczba części {} (od 1 do {max_parts}).", parts.len())),
        ));
    }
    // A part's limit is before encryption; encryption adds at most one block of padding.
    let max_size = i64::try_from(shared.options.batch.max_part_bytes + 16).unwrap_or(i64::MAX);
    let mut ordinals: Vec<i64> = parts.iter().map(|p| p.ordinal_number).collect();
    ordinals.sort_unstable();
    if ordinals != (1..=i64::try_from(parts.len()).unwrap_or(0)).collect::<Vec<_>>() {
        return Some(invalid("fileParts: ordinalNumber kolejno od 1"));
    }
    if let Some(p) = parts.iter().find(|p| p.file_size < 1 || p.file_size > max_size) {
        return Some(reply::exception(
            21157,
            "Nieprawidłowy rozmiar części pakietu.",
            Some(format!("Część {}: rozmiar {} (najwyżej {max_size}).", p.ordinal_number, p.file_size)),
        ));
    }
    None
}

#[derive(Debug, Deserialize)]
pub(crate) struct Signature {
    sig: Option<String>,
}

/// A part upload (not the KSeF API: its storage). 201, or 401/403 as the guide lists.
pub(crate) async fn upload(
    State(shared): Ctx,
    Path((session_ref, ordinal)): Path<(String, i64)>,
    Query(signature): Query<Signature>,
    body: Bytes,
) -> Response {
    let mut state = shared.state();
    let Some(batch) = state.sessions.get_mut(&session_ref).filter(|s| !s.closed).and_then(|s| s.batch.as_mut()) else {
        return (StatusCode::FORBIDDEN, "no open batch session at this address").into_response();
    };
    if signature.sig.as_deref() != Some(batch.upload_key.as_str()) {
        return (StatusCode::UNAUTHORIZED, "the address's signature does not match").into_response();
    }
    if expired(batch) {
        return (StatusCode::FORBIDDEN, "the time to upload the parts is over").into_response();
    }
    let declared = batch.declared.as_ref().is_some_and(|d| d.file_parts.iter().any(|p| p.ordinal_number == ordinal));
    if !declared {
        return (StatusCode::BAD_REQUEST, "no such part was declared").into_response();
    }
    batch.parts.insert(ordinal, body.to_vec());
    StatusCode::CREATED.into_response()
}

pub(crate) async fn close(State(shared): Ctx, Path(session_ref): Path<String>, headers: HeaderMap) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    {
        let mut state = shared.state();
        let Some(session) = state.sessions.get_mut(&session_ref).filter(|s| s.batch.is_some()) else {
            return no_session(&session_ref);
        };
        if session.closed {
            return reply::exception(
                21180,
                "Status sesji nie pozwala na wykonanie operacji.",
                Some("Status sesji 150 uniemożliwia jej zamknięcie.".into()),
            );
        }
        let Some(batch) = session.batch.as_ref() else {
            return no_session(&session_ref);
        };
        if expired(batch) {
            return reply::exception(
                21208,
                "Czas oczekiwania na requesty upload lub finish został przekroczony.",
                Some("Sesja anulowana, przekroczony czas wysyłki.".into()),
            );
        }
        for part in batch.declared.iter().flat_map(|d| d.file_parts.iter()) {
            match batch.parts.get(&part.ordinal_number) {
                None => {
                    return reply::exception(
                        21205,
                        "Pakiet nie może być pusty.",
                        Some(format!("Nie przesłano zadeklarowanej '{}' części pliku.", part.ordinal_number)),
                    )
                }
                Some(bytes) if i64::try_from(bytes.len()).ok() != Some(part.file_size) => {
                    return reply::exception(
                        21157,
                        "Nieprawidłowy rozmiar części pakietu.",
                        Some(format!(
                            "Zadeklarowany rozmiar części '{}' nie zgadza się z rzeczywistym.",
                            part.ordinal_number
                        )),
                    )
                }
                Some(_) => {}
            }
        }
        session.closed = true;
        session.updated = now_string();
    }
    tokio::spawn(batch_process::run(shared.clone(), session_ref));
    StatusCode::NO_CONTENT.into_response()
}

/// Past the time to upload parts: the session is cancelled (never processed).
fn expired(batch: &Batch) -> bool {
    batch.upload_until.is_some_and(|until| Utc::now() > until)
}

/// A batch session's status (`SessionStatusResponse.status`, the batch table): the
/// package's outcome once unpacked, 445 when no invoice of it was accepted.
/// `held_at_100`: a closed package KSeF has not picked up yet still answers 100.
pub(crate) fn status(closed: bool, batch: &Batch, total: i64, done: i64, ok: i64, held_at_100: bool) -> StatusInfo {
    let info = |code: i64, description: &str| StatusInfo {
        code,
        description: description.into(),
        details: None,
        extensions: None,
    };
    if !closed && expired(batch) {
        return StatusInfo { details: Some(vec!["Przekroczono czas wysyłki".into()]), ..info(440, "Sesja anulowana") };
    }
    if !closed {
        return info(100, "Sesja wsadowa rozpoczęta");
    }
    match &batch.outcome {
        None if held_at_100 => info(100, "Sesja wsadowa rozpoczęta"),
        None => info(150, "Trwa przetwarzanie"),
        Some(o) if o.code == 200 && total == 0 => {
            StatusInfo { details: Some(vec!["Nie przesłano faktur".into()]), ..info(440, "Sesja anulowana") }
        }
        Some(o) if o.code == 200 && done < total => info(150, "Trwa przetwarzanie"),
        Some(o) if o.code == 200 && ok == 0 => info(445, "Błąd weryfikacji, brak poprawnych faktur"),
        Some(o) => o.clone(),
    }
}
