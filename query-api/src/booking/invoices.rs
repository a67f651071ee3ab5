//! The invoices and corrections (`rm_invoices`, the `invoices` projection):
//! `GET /order/order-invoice/all` (list conventions) and `one?id=` for admins, and the
//! summaries an order's pages link to ([`summaries`]). Each document carries where it
//! stands in KSeF (`rm_ksef_documents`, see `ksef_status`), and the list filters by it
//! (`filter[ksef_state][eq]=rejected`; `none` for a document not due for KSeF).
//!
//! A document's id is the id of the event that issued it, so it never changes and a
//! link to it stays valid after any rebuild of the read models.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, Scope};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use domain::money::format_pln;
use domain::order::{InvoiceRequest, Seller};
use serde::Serialize;
use sqlx::types::Json;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::ksef_status::{KsefRow, KsefStatus, KSEF_COLUMNS};
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "i.invoice_id", kind: FieldType::Uuid },
    ListField { name: "order_id", column: "i.order_id", kind: FieldType::Uuid },
    ListField { name: "number", column: "i.number", kind: FieldType::Text },
    ListField { name: "kind", column: "i.kind", kind: FieldType::Text },
    ListField { name: "issued_at", column: "i.issued_at", kind: FieldType::Timestamp },
    ListField { name: "buyer_name", column: "i.buyer_name", kind: FieldType::Text },
    ListField { name: "buyer_tax_id", column: "i.buyer_tax_id", kind: FieldType::Text },
    ListField { name: "net", column: "i.net", kind: FieldType::Integer },
    ListField { name: "vat", column: "i.vat", kind: FieldType::Integer },
    ListField { name: "gross", column: "i.gross", kind: FieldType::Integer },
    ListField { name: "corrects_number", column: "i.corrects_number", kind: FieldType::Text },
    ListField { name: "corrects_id", column: "i.corrects_id", kind: FieldType::Uuid },
    ListField { name: "ksef_state", column: "coalesce(k.state, 'none')", kind: FieldType::Text },
    ListField { name: "ksef_number", column: "k.ksef_number", kind: FieldType::Text },
    ListField { name: "ksef_deadline", column: "k.deadline", kind: FieldType::Date },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "i.issued_at desc, i.invoice_id" };
/// The document's columns; [`KSEF_COLUMNS`] follow them (see [`columns`]).
const INVOICE_COLUMNS: &str =
    "i.invoice_id, i.order_id, o.number as order_number, o.hash_id, i.number, i.kind, i.issued_at, \
    i.sale_date, i.seller, i.buyer, i.buyer_name, i.buyer_tax_id, i.vat_rate, i.net, i.vat, i.gross, \
    i.corrects_number, i.corrects_id, i.reason, i.line, i.total_before, i.corrects_issued_at";
const FROM: &str = "rm_invoices i left join rm_orders o on o.order_id = i.order_id \
    left join rm_ksef_documents k on k.document_number = i.number";

/// What every query of [`InvoiceRecord`]s selects.
fn columns() -> String {
    format!("{INVOICE_COLUMNS}, {KSEF_COLUMNS}")
}

/// A row of `rm_invoices` with its order's number.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InvoiceRecord {
    pub invoice_id: Uuid,
    pub order_id: Uuid,
    pub order_number: Option<String>,
    pub hash_id: Option<String>,
    pub number: String,
    pub kind: String,
    pub issued_at: DateTime<Utc>,
    pub sale_date: Option<NaiveDate>,
    pub seller: Option<Json<Seller>>,
    pub buyer: Option<Json<InvoiceRequest>>,
    pub buyer_name: String,
    pub buyer_tax_id: String,
    pub vat_rate: i32,
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
    pub corrects_number: Option<String>,
    pub corrects_id: Option<Uuid>,
    pub reason: Option<String>,
    /// A correction's line as printed, when it says more than the reason.
    pub line: Option<String>,
    pub total_before: Option<i64>,
    pub corrects_issued_at: Option<DateTime<Utc>>,
    #[sqlx(flatten)]
    pub ksef: KsefRow,
}

/// An invoice (`VAT`) or a correction (`KOR`) in the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceListItem {
    /// The document's id (the id of the event that issued it).
    pub id: Uuid,
    pub order_id: Uuid,
    /// The order's readable number.
    pub order_number: Option<String>,
    pub number: String,
    /// `VAT` or `KOR`.
    pub kind: String,
    pub issued_at: DateTime<Utc>,
    /// The day of the sale (the payment's day, Warsaw).
    pub sale_date: Option<NaiveDate>,
    pub buyer_name: String,
    pub buyer_tax_id: String,
    pub vat_rate: i32,
    /// Grosz; a correction's amounts are its change (negative when less).
    pub net: i64,
    pub net_formatted: String,
    pub vat: i64,
    pub vat_formatted: String,
    pub gross: i64,
    pub gross_formatted: String,
    /// For a correction: the corrected invoice.
    pub corrects_number: Option<String>,
    pub corrects_id: Option<Uuid>,
    pub reason: Option<String>,
    pub pdf_url: String,
    pub fa3_url: String,
    /// Where it stands in KSeF; absent when it is not due (a consumer's invoice while the
    /// company does not send those).
    pub ksef: Option<KsefStatus>,
}

/// One document with its parties (admin).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceDetails {
    #[serde(flatten)]
    pub item: InvoiceListItem,
    #[schema(value_type = Option<Object>)]
    pub seller: Option<Seller>,
    #[schema(value_type = Option<Object>)]
    pub buyer: Option<InvoiceRequest>,
    /// For a correction: the corrected invoice's gross before it, and its issue instant.
    pub total_before: Option<i64>,
    pub corrects_issued_at: Option<DateTime<Utc>>,
    /// The corrections of this invoice, oldest first.
    pub corrections: Vec<InvoiceSummary>,
}

/// A document as an order's pages link to it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceSummary {
    pub id: Uuid,
    pub number: String,
    /// `VAT` or `KOR`.
    pub kind: String,
    pub issued_at: DateTime<Utc>,
    pub gross: i64,
    pub gross_formatted: String,
    /// Where the PDF is (`/api/order/order-invoice/pdf?id=`).
    pub pdf_url: String,
}

pub fn pdf_url(id: Uuid) -> String {
    format!("/api/order/order-invoice/pdf?id={id}")
}

impl From<&InvoiceRecord> for InvoiceListItem {
    fn from(r: &InvoiceRecord) -> Self {
        InvoiceListItem {
            id: r.invoice_id,
            order_id: r.order_id,
            order_number: r.order_number.clone().filter(|n| !n.is_empty()),
            number: r.number.clone(),
            kind: r.kind.clone(),
            issued_at: r.issued_at,
            sale_date: r.sale_date,
            buyer_name: r.buyer_name.clone(),
            buyer_tax_id: r.buyer_tax_id.clone(),
            vat_rate: r.vat_rate,
            net: r.net,
            net_formatted: format_pln(r.net),
            vat: r.vat,
            vat_formatted: format_pln(r.vat),
            gross: r.gross,
            gross_formatted: format_pln(r.gross),
            corrects_number: r.corrects_number.clone(),
            corrects_id: r.corrects_id,
            reason: r.reason.clone(),
            pdf_url: pdf_url(r.invoice_id),
            fa3_url: format!("/api/order/order-invoice/fa3?id={}", r.invoice_id),
            ksef: KsefStatus::of(&r.ksef, r.invoice_id),
        }
    }
}

impl From<&InvoiceRecord> for InvoiceSummary {
    fn from(r: &InvoiceRecord) -> Self {
        InvoiceSummary {
            id: r.invoice_id,
            number: r.number.clone(),
            kind: r.kind.clone(),
            issued_at: r.issued_at,
            gross: r.gross,
            gross_formatted: format_pln(r.gross),
            pdf_url: pdf_url(r.invoice_id),
        }
    }
}

/// The documents of an order, oldest first.
pub async fn summaries(pool: &PgPool, order_id: Uuid) -> Result<Vec<InvoiceSummary>, ApiError> {
    let rows: Vec<InvoiceRecord> = sqlx::query_as(&format!(
        "select {} from {FROM} where i.order_id = $1 order by i.issued_at, i.number",
        columns()
    ))
    .bind(order_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(InvoiceSummary::from).collect())
}

/// The documents of several orders (one query), oldest first per order.
pub async fn summaries_of_orders(
    pool: &PgPool,
    order_ids: &[Uuid],
) -> Result<std::collections::HashMap<Uuid, Vec<InvoiceSummary>>, ApiError> {
    let mut by_order: std::collections::HashMap<Uuid, Vec<InvoiceSummary>> = std::collections::HashMap::new();
    if order_ids.is_empty() {
        return Ok(by_order);
    }
    let rows: Vec<InvoiceRecord> = sqlx::query_as(&format!(
        "select {} from {FROM} where i.order_id = any($1) order by i.issued_at, i.number",
        columns()
    ))
    .bind(order_ids)
    .fetch_all(pool)
    .await?;
    for row in &rows {
        by_order.entry(row.order_id).or_default().push(InvoiceSummary::from(row));
    }
    Ok(by_order)
}

/// Every document of an order, oldest first.
pub async fn of_order(pool: &PgPool, order_id: Uuid) -> Result<Vec<InvoiceRecord>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "select {} from {FROM} where i.order_id = $1 order by i.issued_at, i.number",
        columns()
    ))
    .bind(order_id)
    .fetch_all(pool)
    .await?)
}

/// One document by its id.
pub async fn record(pool: &PgPool, id: Uuid) -> Result<Option<InvoiceRecord>, ApiError> {
    Ok(sqlx::query_as(&format!("select {} from {FROM} where i.invoice_id = $1", columns()))
        .bind(id)
        .fetch_optional(pool)
        .await?)
}

/// `?id=` of a document: a UUID, else `422` naming `id`.
pub fn document_id(params: &Params) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be an invoice id (a UUID)"))
}

/// The invoices and corrections (admin).
#[utoipa::path(get, path = "/api/order/order-invoice/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, order_id, number, kind, issued_at, buyer_name, buyer_tax_id, net, vat, gross, \
            corrects_number, corrects_id, ksef_state, ksef_number, ksef_deadline; -field descends", pattern = "^-?(id|order_id|number|kind|issued_at|buyer_name|buyer_tax_id|net|vat|gross|corrects_number|corrects_id|ksef_state|ksef_number|ksef_deadline)(,-?(id|order_id|number|kind|issued_at|buyer_name|buyer_tax_id|net|vat|gross|corrects_number|corrects_id|ksef_state|ksef_number|ksef_deadline))*$"),
        ("filter[kind][eq]" = Option<String>, Query, max_length = 200, description = "any field above, ops eq, lt, gt, lte, gte, like, in"),
        ("filter[number][like]" = Option<String>, Query, max_length = 200),
        ("filter[ksef_state][eq]" = Option<String>, Query, max_length = 200,
            description = "where it stands in KSeF: none (not due), waiting, offline, sent, accepted, rejected (also `[in]`, comma-separated)"),
        ("filter[issued_at][gte]" = Option<chrono::DateTime<chrono::Utc>>, Query, description = "RFC 3339 (or `YYYY-MM-DD HH:MM:SS`, Warsaw time)")),
    responses((status = 200, description = "`{\"data\": {\"models\": [InvoiceListItem], \"pagination\": …}}`", body = Data<Page<InvoiceListItem>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field, or a bad filter value")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<InvoiceListItem>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page::<InvoiceRecord>(&state.pool, &columns(), FROM, Scope::All, &q).await?;
    Ok(Data::new(Page { models: page.models.iter().map(InvoiceListItem::from).collect(), pagination: page.pagination }))
}

/// One invoice or correction, with its parties and its corrections (admin).
#[utoipa::path(get, path = "/api/order/order-invoice/one", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": InvoiceDetails}`", body = Data<InvoiceDetails>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such invoice"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<InvoiceDetails>, ApiError> {
    let id = document_id(&params)?;
    let record =
        record(&state.pool, id).await?.ok_or_else(|| ApiError::NotFound(format!("there is no invoice {id}")))?;
    let corrections: Vec<InvoiceRecord> = sqlx::query_as(&format!(
        "select {} from {FROM} where i.corrects_id = $1 order by i.issued_at, i.number",
        columns()
    ))
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    Ok(Data::new(InvoiceDetails {
        item: InvoiceListItem::from(&record),
        seller: record.seller.map(|s| s.0),
        buyer: record.buyer.map(|b| b.0),
        total_before: record.total_before,
        corrects_issued_at: record.corrects_issued_at,
        corrections: corrections.iter().map(InvoiceSummary::from).collect(),
    }))
}
