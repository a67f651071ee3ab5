//! An invoice or correction as a file: `GET /order/order-invoice/pdf?id=` (the printable
//! PDF in Polish) and `GET /order/order-invoice/fa3?id=` (the KSeF FA(3) e-invoice XML),
//! rendered by the `documents` crate from the document's row (`rm_invoices`, copied
//! from its event) and, for an invoice's lines, its order's lines and courses.
//!
//! Who may have it: an admin; the order's customer, logged in as the order's owner, or
//! holding the order's link (`&hash_id=`, as the success page does).

use api_core::auth::{MaybeUser, Role};
use api_core::{ApiError, Params};
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use documents::{Amounts, Correction, InvoiceDocument, InvoiceLine, Party, Payment, PaymentForm};
use domain::money::vat_split;
use domain::order::{InvoiceRequest, Leg, Seller, TicketLine};
use sqlx::types::Json;
use uuid::Uuid;

use super::invoices::{document_id, record, InvoiceRecord};
use crate::QueryState;

/// The order facts a document prints.
#[derive(sqlx::FromRow)]
struct OrderFacts {
    user_id: Option<Uuid>,
    hash_id: String,
    number: String,
    outbound: Json<Leg>,
    back: Option<Json<Leg>>,
    lines: Json<Vec<TicketLine>>,
    payment_provider: String,
    paid_at: Option<DateTime<Utc>>,
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
    let (record, document) = document_for(&state, user, &params).await?;
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
    let xml = documents::invoice_fa3(&document).map_err(|e| render_error(&record.number, e))?;
    Ok(file(xml.into_bytes(), "application/xml; charset=utf-8", &record.number, "xml"))
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
    let name: String = number.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    (
        [
            (CONTENT_TYPE, content_type.to_string()),
            (CONTENT_DISPOSITION, format!("inline; filename=\"{name}.{extension}\"")),
        ],
        bytes,
    )
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
    let order: OrderFacts = sqlx::query_as(
        "select user_id, hash_id, number, outbound, back, lines, payment_provider, paid_at from rm_orders where order_id = $1",
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
    let earlier: Vec<InvoiceRecord> =
        if record.kind == "KOR" { super::invoices::of_order(&state.pool, record.order_id).await? } else { Vec::new() };
    let document = document(&record, &order, &earlier);
    Ok((record, document))
}

fn warsaw_day(at: DateTime<Utc>) -> NaiveDate {
    api_core::time::warsaw(at).date_naive()
}

fn amounts(split: domain::money::VatSplit) -> Amounts {
    Amounts { net: split.net, vat: split.vat, gross: split.gross }
}

fn seller_party(seller: Option<&Seller>) -> Party {
    seller.map_or_else(Party::default, |s| Party {
        name: s.name.clone(),
        tax_id: s.tax_id.clone(),
        address: s.address.clone(),
        postal_code: s.postal_code.clone(),
        city: s.city.clone(),
        country: s.country.clone(),
    })
}

fn buyer_party(buyer: Option<&InvoiceRequest>) -> Party {
    buyer.map_or_else(Party::default, |b| Party {
        name: b.company_name.clone(),
        tax_id: b.vat_number.clone(),
        address: b.address.clone(),
        postal_code: b.postal_code.clone(),
        city: b.city.clone(),
        country: b.country.clone(),
    })
}

fn payment(order: &OrderFacts) -> Payment {
    let (method, form) = match order.payment_provider.as_str() {
        "cash" => ("gotówka (kasa przewoźnika)", PaymentForm::Cash),
        "card_terminal" => ("karta płatnicza (terminal w kasie)", PaymentForm::Card),
        "none" => ("kupon", PaymentForm::Other),
        _ => ("płatność online (Przelewy24)", PaymentForm::Transfer),
    };
    Payment { method: method.into(), form, paid_on: order.paid_at.map(warsaw_day) }
}

/// The lines of an invoice: one per ticket line and course, at the price paid for it;
/// the net and VAT of the last one take the rounding, so the lines add up to the
/// invoice's split (computed once, from its gross). One line for the whole order when
/// the order's lines do not add up to the invoice (an invoice of older data).
fn invoice_lines(order: &OrderFacts, totals: Amounts, rate: u32) -> Vec<InvoiceLine> {
    let mut lines = Vec::new();
    for line in order.lines.iter() {
        let kind = line.discount.as_ref().map_or_else(|| "bilet normalny".to_string(), |d| format!("ulga: {}", d.name));
        let legs = std::iter::once((&order.outbound.0, Some(line.outbound_price)))
            .chain(order.back.as_ref().map(|b| (&b.0, line.back_price)));
        for (leg, price) in legs {
            let Some(price) = price else { continue };
            let quantity = i32::try_from(line.quantity).unwrap_or(i32::MAX);
            let gross = price * i64::from(line.quantity);
            let split = vat_split(gross, rate);
            lines.push(InvoiceLine {
                name: format!(
                    "Przejazd {} → {}, {}, {kind}",
                    leg.from_name,
                    leg.to_name,
                    api_core::time::warsaw(leg.departure_at).format("%Y-%m-%d %H:%M")
                ),
                quantity,
                unit_gross: price,
                net: split.net,
                vat: split.vat,
                gross,
            });
        }
    }
    if lines.iter().map(|l| l.gross).sum::<i64>() != totals.gross {
        let number = if order.number.is_empty() { "" } else { order.number.as_str() };
        return vec![InvoiceLine {
            name: format!("Przejazdy autobusowe wg zamówienia {number}").trim().to_string(),
            quantity: 1,
            unit_gross: totals.gross,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
        }];
    }
    let net: i64 = lines.iter().map(|l| l.net).sum();
    if let Some(last) = lines.last_mut() {
        let shift = totals.net - net;
        last.net += shift;
        last.vat -= shift;
    }
    lines
}

/// The document a row stands for. `documents` are the order's documents, oldest first
/// (for a correction: what came before it).
fn document(record: &InvoiceRecord, order: &OrderFacts, documents: &[InvoiceRecord]) -> InvoiceDocument {
    let rate = u32::try_from(record.vat_rate).unwrap_or(8);
    let totals = Amounts { net: record.net, vat: record.vat, gross: record.gross };
    let issue_date = warsaw_day(record.issued_at);
    let seller = seller_party(record.seller.as_ref().map(|s| &s.0));
    let buyer = buyer_party(record.buyer.as_ref().map(|b| &b.0));
    let mut document = InvoiceDocument {
        number: record.number.clone(),
        issue_date,
        sale_date: record.sale_date.unwrap_or(issue_date),
        place_of_issue: seller.city.clone(),
        generated_at: record.issued_at,
        seller,
        buyer,
        lines: Vec::new(),
        vat_rate: rate,
        totals,
        payment: payment(order),
        correction: None,
        issued_by: String::new(),
    };
    if record.kind != "KOR" {
        document.lines = invoice_lines(order, totals, rate);
        return document;
    }
    let before_this: Vec<&InvoiceRecord> = documents.iter().take_while(|d| d.invoice_id != record.invoice_id).collect();
    let gross_before = record.total_before.unwrap_or_else(|| before_this.iter().map(|d| d.gross).sum());
    let corrected = before_this.iter().find(|d| d.kind == "VAT");
    let previous_buyer = before_this.last().and_then(|d| d.buyer.as_ref()).map(|b| b.0.clone());
    let buyer_before = match (&previous_buyer, record.buyer.as_ref()) {
        (Some(before), Some(now)) if *before != now.0 => Some(buyer_party(Some(before))),
        _ => None,
    };
    let before = amounts(vat_split(gross_before, rate));
    let after = amounts(vat_split(gross_before + record.gross, rate));
    if record.gross != 0 {
        let reason = record.reason.clone().unwrap_or_default();
        let (quantity, unit_gross) = if record.gross < 0 { (-1, -record.gross) } else { (1, record.gross) };
        document.lines = vec![InvoiceLine {
            name: if reason.is_empty() { "Korekta wartości przejazdu".into() } else { reason },
            quantity,
            unit_gross,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
        }];
    }
    document.correction = Some(Correction {
        corrects_number: record.corrects_number.clone().unwrap_or_default(),
        corrects_issue_date: record
            .corrects_issued_at
            .or(corrected.map(|d| d.issued_at))
            .map_or(issue_date, warsaw_day),
        reason: record.reason.clone().unwrap_or_default(),
        before,
        after,
        buyer_before,
    });
    document
}
