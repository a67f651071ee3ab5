//! Where an invoice or correction stands in KSeF, from `rm_ksef_documents` (the KSeF
//! events' read model): the state the admin's invoice list and page show ([`KsefStatus`]),
//! the KSeF mark the PDF prints ([`mark`]: KOD I and the KSeF number, KOD II when issued
//! offline and the offline certificate is configured, `kody-qr.md`), the
//! corrected invoice's KSeF number the FA(3) of a correction names ([`ksef_number_of`]),
//! and the UPO, KSeF's receipt for an accepted document (`GET /order/order-invoice/upo`).

use api_core::auth::AdminUser;
use api_core::{ApiError, Params};
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use documents::{InvoiceDocument, KsefMark};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::invoices::{document_id, record};
use crate::QueryState;

/// A document's state in KSeF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KsefState {
    /// Due, not sent yet (the sender's queue).
    Waiting,
    /// Issued in offline mode (KSeF was unavailable): to be sent by its deadline.
    Offline,
    /// Sent, KSeF has not decided yet.
    Sent,
    /// Accepted: it has its KSeF number.
    Accepted,
    /// Refused by KSeF (the code and reason say why): the buyer's data are to be
    /// corrected, then it is sent again.
    Rejected,
}

impl KsefState {
    /// The read model's state code.
    pub(super) fn of_code(code: &str) -> Option<Self> {
        match code {
            "waiting" => Some(Self::Waiting),
            "offline" => Some(Self::Offline),
            "sent" => Some(Self::Sent),
            "accepted" => Some(Self::Accepted),
            "rejected" => Some(Self::Rejected),
            _ => None,
        }
    }
}

/// The columns of `rm_ksef_documents` the invoice queries select (joined as `k` on the
/// document's number), so every [`super::invoices::InvoiceRecord`] carries them.
pub const KSEF_COLUMNS: &str = "k.state as ksef_state, k.offline as ksef_offline, k.deadline as ksef_deadline, \
    k.ksef_number, k.accepted_at as ksef_accepted_at, k.rejection_code as ksef_rejection_code, \
    k.rejection_reason as ksef_rejection_reason, (k.upo is not null) as ksef_has_upo";

/// A document's row of `rm_ksef_documents` as [`KSEF_COLUMNS`] select it (all `None`
/// for a document not due for KSeF).
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct KsefRow {
    pub ksef_state: Option<String>,
    pub ksef_offline: Option<bool>,
    pub ksef_deadline: Option<NaiveDate>,
    pub ksef_number: Option<String>,
    pub ksef_accepted_at: Option<DateTime<Utc>>,
    pub ksef_rejection_code: Option<i64>,
    pub ksef_rejection_reason: Option<String>,
    pub ksef_has_upo: Option<bool>,
}

/// Where a document stands in KSeF (absent for a document not due: an invoice to a
/// consumer while the company does not send those, or one issued before KSeF).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefStatus {
    pub state: KsefState,
    /// Issued in offline mode (it stays so once sent: its PDF shows KOD II).
    pub offline: bool,
    /// For an offline document: the last day it may be sent on (Warsaw).
    pub deadline: Option<NaiveDate>,
    /// Once accepted: the KSeF number (`NIP-RRRRMMDD-XXXXXXXXXXXX-XX`).
    #[schema(max_length = 36)]
    pub ksef_number: Option<String>,
    pub accepted_at: Option<DateTime<Utc>>,
    /// Once rejected: KSeF's status code and its description.
    pub rejection_code: Option<i64>,
    pub rejection_reason: Option<String>,
    /// Where KSeF's receipt (UPO XML) is, once it came (admin only).
    pub upo_url: Option<String>,
}

impl KsefStatus {
    pub fn of(row: &KsefRow, id: uuid::Uuid) -> Option<Self> {
        let state = KsefState::of_code(row.ksef_state.as_deref()?)?;
        Some(KsefStatus {
            state,
            offline: row.ksef_offline.unwrap_or(false),
            deadline: row.ksef_deadline,
            ksef_number: row.ksef_number.clone(),
            accepted_at: row.ksef_accepted_at,
            rejection_code: row.ksef_rejection_code,
            rejection_reason: row.ksef_rejection_reason.clone(),
            upo_url: row.ksef_has_upo.unwrap_or(false).then(|| format!("/api/order/order-invoice/upo?id={id}")),
        })
    }
}

/// The KSeF number of document `number` (an invoice a correction corrects), if KSeF
/// accepted it.
pub async fn ksef_number_of(pool: &PgPool, number: &str) -> Result<Option<String>, ApiError> {
    let found: Option<Option<String>> =
        sqlx::query_scalar("select ksef_number from rm_ksef_documents where document_number = $1")
            .bind(number)
            .fetch_optional(pool)
            .await?;
    Ok(found.flatten())
}

/// The mark the PDF of `document` prints (`kody-qr.md`), given its row and the FA(3)
/// XML as issued (the stored bytes KSeF gets, `issued_document_xml`): KOD I links to the verification page of the seller's
/// NIP, the issue day (`P_1`, `DD-MM-RRRR`) and the XML's SHA-256 (Base64URL), with the
/// KSeF number once accepted, or OFFLINE for a document issued offline and not numbered
/// yet. A document sent online and not numbered yet, or rejected, is not in KSeF: no
/// mark. A document issued offline also carries KOD II, the issuer's certificate code
/// signed with the carrier's offline certificate, when one is configured (`offline`);
/// it keeps it once numbered, as the printed copy the buyer holds does.
pub fn mark(
    row: &KsefRow,
    document: &InvoiceDocument,
    xml: &str,
    env: ksef::Environment,
    offline_cert: Option<&crate::KsefOffline>,
) -> Option<KsefMark> {
    let state = KsefState::of_code(row.ksef_state.as_deref()?)?;
    let offline = row.ksef_offline.unwrap_or(false);
    let number = match state {
        KsefState::Accepted => Some(row.ksef_number.clone()?),
        // Issued offline: valid now, marked OFFLINE until KSeF numbers it.
        KsefState::Waiting | KsefState::Offline | KsefState::Sent if offline => None,
        // Not in KSeF (yet, or refused): nothing to verify.
        KsefState::Waiting | KsefState::Offline | KsefState::Sent | KsefState::Rejected => return None,
    };
    let nip: String = document.seller.tax_id.chars().filter(char::is_ascii_digit).collect();
    let kod_i = ksef::qr::kod_i(env.qr_host(), &nip, document.issue_date, xml.as_bytes());
    let kod_ii = offline_cert.filter(|_| offline).map(|cert| {
        let context = if cert.context_nip.is_empty() { nip.as_str() } else { cert.context_nip.as_str() };
        ksef::qr::kod_ii(env.qr_host(), context, &nip, &cert.certificate, xml.as_bytes())
    });
    Some(KsefMark { number, kod_i, kod_ii })
}

/// The KSeF row of document `number` (all `None` when it is not due).
pub async fn row_of(pool: &PgPool, number: &str) -> Result<KsefRow, ApiError> {
    Ok(sqlx::query_as(&format!("select {KSEF_COLUMNS} from rm_ksef_documents k where k.document_number = $1"))
        .bind(number)
        .fetch_optional(pool)
        .await?
        .unwrap_or_default())
}

/// KSeF's receipt (UPO) of an accepted invoice or correction, as KSeF gave it (admin).
#[utoipa::path(get, path = "/api/order/order-invoice/upo", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the document's id")),
    responses((status = 200, description = "the UPO, XML as KSeF issued it", content_type = "application/xml", body = String),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such invoice, or KSeF has not given its UPO (yet)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn upo(_: AdminUser, State(state): State<QueryState>, params: Params) -> Result<Response, ApiError> {
    let id = document_id(&params)?;
    let record =
        record(&state.pool, id).await?.ok_or_else(|| ApiError::NotFound(format!("there is no invoice {id}")))?;
    let upo: Option<Option<String>> =
        sqlx::query_scalar("select upo from rm_ksef_documents where document_number = $1")
            .bind(&record.number)
            .fetch_optional(&state.pool)
            .await?;
    let upo = upo
        .flatten()
        .ok_or_else(|| ApiError::NotFound(format!("invoice {} has no UPO from KSeF yet", record.number)))?;
    let name = invoicing::file_name(&format!("UPO-{}", record.number), "xml");
    Ok((
        [
            (CONTENT_TYPE, "application/xml; charset=utf-8".to_string()),
            (CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        upo,
    )
        .into_response())
}
