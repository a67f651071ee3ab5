//! An invoice or correction as a file: `GET /order/order-invoice/pdf?id=` (the printable
//! PDF in Polish) and `GET /order/order-invoice/fa3?id=` (the KSeF FA(3) e-invoice XML),
//! rendered by the `documents` crate from the document's row (`rm_invoices`, copied
//! from its event) and, for an invoice's lines, its order's lines and courses. The
//! mapping to the document is the `invoicing` crate's, the same the invoice e-mails use;
//! here only the rows become its inputs.
//!
//! The FA(3) XML served is the document's XML as issued, fixed once and stored by the
//! command side (`issued_document_xml`, the current version of the document): byte for
//! byte the XML KSeF gets (its SHA-256 is its identity in KSeF), whatever changed in the
//! order since. Only a document with no stored XML yet is rendered from its rows here.
//! KSeF (`rm_ksef_documents`): the PDF of a document due for KSeF prints KOD I, the
//! verification link made from that very XML's SHA-256, with the KSeF number or OFFLINE
//! under it.
//!
//! Who may have it: an admin; the order's customer, logged in as the order's owner, or
//! holding the order's link (`&hash_id=`, as the success page does).

use api_core::auth::{MaybeUser, Role};
use api_core::{ApiError, Params};
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use documents::InvoiceDocument;
use domain::order::{Leg, TicketLine};
use invoicing::{DocumentKind, IssuedDocument};
use sqlx::types::Json;
use uuid::Uuid;

use super::invoices::{document_id, record, InvoiceRecord};
use crate::QueryState;

/// The order facts a document prints.
#[derive(sqlx::FromRow)]
struct OrderRow {
    user_id: Option<Uuid>,
    hash_id: String,
    number: String,
    outbound: Json<Leg>,
    back: Option<Json<Leg>>,
    lines: Json<Vec<TicketLine>>,
    payment_provider: String,
    paid_at: Option<DateTime<Utc>>,
    coupon_code: Option<String>,
    coupon_amount: i64,
    to_pay: i64,
}

/// The invoice or correction as a PDF (admin, or the order's customer).
#[utoipa::path(get, path = "/api/order/order-invoice/pdf", tag = "order", security((), ("bearer" = [])),
    params(("id" = Uuid, Query, description = "the document's id"),
        ("hash_id" = Option<String>, Query, max_length = 200, description = "the order's public id, for a customer without an account")),
    responses((status = 200, description = "the PDF", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, description = "neither logged in nor holding the order's link"),
        (status = 403, description = "someone else's invoice"), (status = 404, description = "no such invoice"),
        (status = 409, description = "the document's data cannot make a valid file (e.g. the company's NIP is not set)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params, user))]
pub async fn pdf(
    State(state): State<QueryState>,
    MaybeUser(user): MaybeUser,
    params: Params,
) -> Result<Response, ApiError> {
    let (record, mut document) = document_for(&state, user, &params).await?;
    let row = super::ksef_status::row_of(&state.pool, &record.number).await?;
    if row.ksef_state.is_some() {
        let xml = issued_xml(&state, &record.number, &document).await?;
        document.ksef = super::ksef_status::mark(&row, &document, &xml, state.ksef_env, state.ksef_offline.as_ref());
    }
    let bytes = documents::invoice_pdf(&document).map_err(|e| render_error(&record.number, e))?;
    Ok(file(bytes, "application/pdf", &record.number, "pdf"))
}

/// The invoice or correction as a KSeF FA(3) XML (admin, or the order's customer).
#[utoipa::path(get, path = "/api/order/order-invoice/fa3", tag = "order", security((), ("bearer" = [])),
    params(("id" = Uuid, Query, description = "the document's id"),
        ("hash_id" = Option<String>, Query, max_length = 200, description = "the order's public id, for a customer without an account")),
    responses((status = 200, description = "the FA(3) XML", content_type = "application/xml", body = String),
        (status = 401, description = "neither logged in nor holding the order's link"),
        (status = 403, description = "someone else's invoice"), (status = 404, description = "no such invoice"),
        (status = 409, description = "the document's data cannot make a valid file (e.g. the company's NIP is not set)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params, user))]
pub async fn fa3(
    State(state): State<QueryState>,
    MaybeUser(user): MaybeUser,
    params: Params,
) -> Result<Response, ApiError> {
    let (record, document) = document_for(&state, user, &params).await?;
    let xml = issued_xml(&state, &record.number, &document).await?;
    Ok(file(xml.into_bytes(), "application/xml; charset=utf-8", &record.number, "xml"))
}

/// The document's XML as issued: its current stored version (`issued_document_xml`,
/// fixed once by the command side). A document without one yet (the moment between its
/// issue and the storing, or one issued before the XML was kept and not reached yet by
/// the command side's backfill) is rendered from its rows, as the downloads always were,
/// and not stored: only the command side, which reads the order's events as at the
/// issue, stores a version.
async fn issued_xml(state: &QueryState, number: &str, document: &InvoiceDocument) -> Result<String, ApiError> {
    let stored: Option<String> = sqlx::query_scalar(
        "select xml from issued_document_xml where document_number = $1 order by position desc limit 1",
    )
    .bind(number)
    .fetch_optional(&state.pool)
    .await?;
    match stored {
        Some(xml) => Ok(xml),
        None => documents::invoice_fa3(document).map_err(|e| render_error(number, e)),
    }
}

/// A document whose data cannot make a valid file (the company's seller data not set
/// up, say) is a `409` that says what to fix; anything else is a bug.
fn render_error(number: &str, e: documents::DocumentError) -> ApiError {
    match e {
        documents::DocumentError::InvalidInvoice { field, problem } => ApiError::Conflict(format!(
            "Invoice {number} cannot be written: its {field} {problem} (the seller's data are the company settings')."
        )),
        other => ApiError::Internal(format!("rendering invoice {number}: {other}")),
    }
}

fn file(bytes: Vec<u8>, content_type: &'static str, number: &str, extension: &str) -> Response {
    let name = invoicing::file_name(number, extension);
    ([(CONTENT_TYPE, content_type.to_string()), (CONTENT_DISPOSITION, format!("inline; filename=\"{name}\""))], bytes)
        .into_response()
}

/// The document `?id=`, if the caller may have it.
async fn document_for(
    state: &QueryState,
    user: Option<api_core::auth::AuthUser>,
    params: &Params,
) -> Result<(InvoiceRecord, InvoiceDocument), ApiError> {
    let id = document_id(params)?;
    let hash = params.get("hash_id").map(str::to_owned);
    if user.is_none() && hash.is_none() {
        return Err(ApiError::Unauthorized);
    }
    let not_found = || ApiError::NotFound(format!("there is no invoice {id}"));
    let record = record(&state.pool, id).await?.ok_or_else(not_found)?;
    let order: OrderRow = sqlx::query_as(
        "select user_id, hash_id, number, outbound, back, lines, payment_provider, paid_at, coupon_code, coupon_amount, to_pay \
         from rm_orders where order_id = $1",
    )
    .bind(record.order_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(not_found)?;
    let allowed = match &user {
        Some(u) if u.role == Role::SuperAdmin => true,
        Some(u) if order.user_id == Some(u.id) => true,
        _ => hash.as_deref() == Some(order.hash_id.as_str()),
    };
    if !allowed {
        return Err(ApiError::Forbidden);
    }
    let earlier: Vec<IssuedDocument> = if record.kind == DocumentKind::Correction.code() {
        super::invoices::of_order(&state.pool, record.order_id).await?.iter().map(issued).collect()
    } else {
        Vec::new()
    };
    let facts = invoicing::OrderFacts {
        number: &order.number,
        outbound: &order.outbound,
        back: order.back.as_deref(),
        lines: &order.lines,
        payment_provider: &order.payment_provider,
        paid_at: order.paid_at,
        coupon: order.coupon_code.as_deref().map(|code| (code, order.coupon_amount)),
        to_pay: order.to_pay,
    };
    let corrects_ksef_number = match &record.corrects_number {
        Some(corrected) => super::ksef_status::ksef_number_of(&state.pool, corrected).await?,
        None => None,
    };
    let document = invoicing::document(&issued(&record), &facts, &earlier, corrects_ksef_number.as_deref());
    Ok((record, document))
}

/// The document a row of `rm_invoices` copies.
fn issued(record: &InvoiceRecord) -> IssuedDocument {
    IssuedDocument {
        number: record.number.clone(),
        kind: DocumentKind::of_code(&record.kind),
        issued_at: record.issued_at,
        sale_date: record.sale_date,
        seller: record.seller.as_ref().map(|s| s.0.clone()),
        buyer: record.buyer.as_ref().map(|b| b.0.clone()),
        vat_rate: u32::try_from(record.vat_rate).unwrap_or(8),
        net: record.net,
        vat: record.vat,
        gross: record.gross,
        corrects_number: record.corrects_number.clone(),
        reason: record.reason.clone(),
        line: record.line.clone(),
        total_before: record.total_before,
        corrects_issued_at: record.corrects_issued_at,
    }
}
