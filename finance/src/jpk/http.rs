//! The finance month over HTTP (SuperAdmins): `GET /api/finance/jpk` (the month's
//! JPK_V7M(3) file, or its summary as JSON) and `GET /api/finance/sales-register` (every
//! sale of the month with its sums per rate, JSON or CSV). Both replay the event store,
//! so they live here beside the register's route.

use api_core::auth::AdminUser;
use api_core::codes::FIELD_INVALID_CHOICE;
use api_core::{ApiError, Data, FieldError, Params};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use chrono_tz::Europe::Warsaw;
use serde::Serialize;
use utoipa::ToSchema;

use super::month::{self, MonthError};
use super::{generate, jpk_writer, JpkError, JpkRequest, JpkSummary, Month};
use crate::http::FinanceState;
use crate::sales_register::{CollectSink, CsvSalesSink, RateTotal, SalesRecord};

fn month_error(e: MonthError) -> ApiError {
    let status_conflict = matches!(e, MonthError::CompanyIncomplete(_));
    let message = e.to_string();
    if status_conflict {
        return ApiError::Conflict(format!("{message}: fill them in the company settings")).with_code(e.code());
    }
    ApiError::Validation {
        message: "the month's file cannot be made".into(),
        errors: vec![FieldError::new(e.field(), e.code(), message)],
    }
}

fn jpk_error(e: JpkError) -> ApiError {
    match e {
        JpkError::Store(e) => ApiError::Unavailable(format!("the event store: {e}")),
        other => ApiError::Internal(other.to_string()),
    }
}

fn asked_month(params: &Params) -> Result<Month, ApiError> {
    let today = Utc::now().with_timezone(&Warsaw).date_naive();
    month::parse_month(params.optional("month").unwrap_or(""), today).map_err(month_error)
}

fn choice<'a>(params: &'a Params, name: &str, allowed: &[&'a str]) -> Result<&'a str, ApiError> {
    // Given, even empty, it must be one of them (the document's pattern).
    match params.raw(name) {
        None => Ok(allowed[0]),
        Some(v) if allowed.contains(&v) => Ok(v),
        Some(_) => Err(ApiError::Validation {
            message: format!("{name} is not valid"),
            errors: vec![FieldError::new(name, FIELD_INVALID_CHOICE, format!("{name} must be one of {allowed:?}"))],
        }),
    }
}

fn attachment(body: Vec<u8>, kind: &'static str, file: String) -> Result<Response, ApiError> {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file}\""))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(kind)), (header::CONTENT_DISPOSITION, disposition)], body)
        .into_response())
}

/// The month's JPK_V7M(3): the file (`format=xml`) or what it holds (`json`) (admin).
#[utoipa::path(get, path = "/api/finance/jpk", tag = "finance", security(("bearer" = [])),
    params(("month" = String, Query, description = "YYYY-MM: from 2026-02 (JPK_V7M(3)) to the current month", pattern = "^[0-9]{4}-[0-9]{2}$"),
        ("tax_office" = String, Query, description = "the tax office's code (KodUrzedu), four digits the schema lists", pattern = "^[0-9]{4}$"),
        ("correction" = Option<bool>, Query, description = "a correction of a file filed before (CelZlozenia 2)"),
        ("format" = Option<String>, Query, description = "`xml` (the file, default) or `json` (its summary)", pattern = "^(xml|json)$")),
    responses((status = 200, description = "the file (`application/xml`), or `{\"data\": JpkSummary}` with `format=json`",
            content((String = "application/xml"), (Data<JpkSummary> = "application/json"))),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 409, description = "`jpk.company_incomplete`: the company's NIP, name or e-mail is not set"),
        (status = 422, description = "no or a bad month (`jpk.month_in_future`, `jpk.month_before_schema`), no or an unknown tax office (`jpk.tax_office_unknown`), a bad format"),
        (status = 503, description = "the event store could not be read")))]
pub async fn jpk(_: AdminUser, State(state): State<FinanceState>, params: Params) -> Result<Response, ApiError> {
    let month = asked_month(&params)?;
    let tax_office = month::tax_office(params.optional("tax_office").unwrap_or("")).map_err(month_error)?;
    let correction = choice(&params, "correction", &["false", "true"])? == "true";
    let format = choice(&params, "format", &["xml", "json"])?;
    let company = month::company(&state.pool).await?.map_err(month_error)?;
    let z = month::z_reports(&state.pool, month).await?;
    let request = JpkRequest {
        month,
        tax_office,
        purpose: if correction { 2 } else { 1 },
        created_at: Utc::now().with_timezone(&Warsaw).fixed_offset(),
    };
    let mut out = Vec::new();
    let mut writer = jpk_writer(&mut out, &request, &company);
    let summary = generate(state.store.as_ref(), month, company.vat_rate, &z, &mut writer).await.map_err(jpk_error)?;
    drop(writer);
    if format == "json" {
        return Ok(Data::new(summary).into_response());
    }
    let file = format!("JPK_V7M_{}-{:02}.xml", month.year, month.month);
    attachment(out, "application/xml", file)
}

/// The month's sales register.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalesRegister {
    pub rows: Vec<SalesRecord>,
    /// Per VAT rate, `FP` rows left out.
    pub totals: Vec<RateTotal>,
    /// The tax due (the JPK's `PodatekNalezny`), grosz.
    pub tax_due: i64,
}

/// Every sale of the month, with an invoice or without (admin).
#[utoipa::path(get, path = "/api/finance/sales-register", tag = "finance", security(("bearer" = [])),
    params(("month" = String, Query, description = "YYYY-MM: from 2026-02 to the current month", pattern = "^[0-9]{4}-[0-9]{2}$"),
        ("format" = Option<String>, Query, description = "`json` (default) or `csv` (UTF-8 with BOM, semicolons)", pattern = "^(json|csv)$")),
    responses((status = 200, description = "`{\"data\": SalesRegister}`, or the CSV with `format=csv`",
            content((Data<SalesRegister> = "application/json"), (String = "text/csv"))),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "no or a bad month, a bad format"),
        (status = 503, description = "the event store could not be read")))]
pub async fn sales_register(
    _: AdminUser,
    State(state): State<FinanceState>,
    params: Params,
) -> Result<Response, ApiError> {
    let month = asked_month(&params)?;
    let format = choice(&params, "format", &["json", "csv"])?;
    let rate: Option<i32> = sqlx::query_scalar("select vat_rate_percent from companies order by id limit 1")
        .fetch_optional(&state.pool)
        .await?;
    let rate = rate.and_then(|r| u32::try_from(r).ok()).unwrap_or(8);
    let z = month::z_reports(&state.pool, month).await?;
    if format == "csv" {
        let mut out = Vec::new();
        let mut sink = CsvSalesSink::new(&mut out).map_err(jpk_error)?;
        generate(state.store.as_ref(), month, rate, &z, &mut sink).await.map_err(jpk_error)?;
        drop(sink);
        let file = format!("rejestr-sprzedazy-{}-{:02}.csv", month.year, month.month);
        return attachment(out, "text/csv; charset=utf-8", file);
    }
    let mut sink = CollectSink::default();
    let summary = generate(state.store.as_ref(), month, rate, &z, &mut sink).await.map_err(jpk_error)?;
    let totals = sink.totals();
    Ok(Data::new(SalesRegister { rows: sink.records, totals, tax_due: summary.tax_due }).into_response())
}
