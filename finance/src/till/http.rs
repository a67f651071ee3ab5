//! The till's reads over HTTP (SuperAdmins): `GET /api/till/day/one` (a day: its
//! movements, figures, close and the refunds waiting at the desk) and
//! `GET /api/till/day/report` (its cash report, `format=pdf` or `csv`).

use api_core::auth::AdminUser;
use api_core::codes::{FIELD_INVALID_CHOICE, FIELD_NOT_DATE, FIELD_OUT_OF_RANGE};
use api_core::{ApiError, Data, FieldError, Params};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use sqlx::PgPool;

use super::view::TillDayView;
use crate::http::{parse_date, FinanceState};

/// The day asked for (`day`, `YYYY-MM-DD`; today in Warsaw when absent): never after
/// today, never before 2000.
fn asked_day(params: &Params) -> Result<NaiveDate, ApiError> {
    let today = api_core::time::warsaw_today();
    // Given, even empty, it must be a date (the document's pattern).
    let Some(text) = params.raw("day") else { return Ok(today) };
    let refuse = |code, message: &str| ApiError::Validation {
        message: "the day is not valid".into(),
        errors: vec![FieldError::new("day", code, message)],
    };
    let day = parse_date(text).ok_or_else(|| refuse(FIELD_NOT_DATE, "day must be a date YYYY-MM-DD"))?;
    let first = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or(NaiveDate::MIN);
    if day > today || day < first {
        return Err(refuse(FIELD_OUT_OF_RANGE, "day must not be in the future"));
    }
    Ok(day)
}

/// A day of the till (admin).
#[utoipa::path(get, path = "/api/till/day/one", tag = "till", security(("bearer" = [])),
    params(("day" = Option<String>, Query, description = "YYYY-MM-DD, not in the future (default: today in Warsaw)", pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")),
    responses((status = 200, description = "`{\"data\": TillDayView}`", body = Data<TillDayView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "not a date, or a day in the future")))]
pub async fn one(_: AdminUser, State(pool): State<PgPool>, params: Params) -> Result<Data<TillDayView>, ApiError> {
    let day = asked_day(&params)?;
    Ok(Data::new(super::day(&pool, day).await?))
}

/// A day's cash report ("raport kasowy"), PDF or CSV (admin).
#[utoipa::path(get, path = "/api/till/day/report", tag = "till", security(("bearer" = [])),
    params(("day" = Option<String>, Query, description = "YYYY-MM-DD, not in the future (default: today in Warsaw)", pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        ("format" = Option<String>, Query, description = "`pdf` (default) or `csv`", pattern = "^(pdf|csv)$")),
    responses((status = 200, description = "the report: `application/pdf`, or `text/csv` (UTF-8 with BOM, semicolons) with `format=csv`",
            content((Vec<u8> = "application/pdf"), (String = "text/csv"))),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "not a date, a day in the future, or an unknown format")))]
pub async fn report(_: AdminUser, State(state): State<FinanceState>, params: Params) -> Result<Response, ApiError> {
    let day = asked_day(&params)?;
    let pdf = match params.raw("format") {
        None | Some("pdf") => true,
        Some("csv") => false,
        Some(_) => {
            return Err(ApiError::Validation {
                message: "the format is not valid".into(),
                errors: vec![FieldError::new("format", FIELD_INVALID_CHOICE, "format must be pdf or csv")],
            })
        }
    };
    let view = super::day(&state.pool, day).await?;
    let name = format!("raport-kasowy-{day}");
    let (body, kind, file) = if pdf {
        let seller = seller(&state.pool).await?;
        let bytes =
            super::report_pdf(&view, seller).map_err(|e| ApiError::Internal(format!("the cash report: {e}")))?;
        (bytes, "application/pdf", format!("{name}.pdf"))
    } else {
        (super::report_csv(&view), "text/csv; charset=utf-8", format!("{name}.csv"))
    };
    let disposition = HeaderValue::from_str(&format!("inline; filename=\"{file}\""))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(kind)), (header::CONTENT_DISPOSITION, disposition)], body)
        .into_response())
}

/// The company's name, address and NIP, one line each (the settings).
async fn seller(pool: &PgPool) -> Result<Vec<String>, ApiError> {
    let row: Option<(String, String, String, String, String)> =
        sqlx::query_as("select name, address, postal_code, city, tax_id from companies order by id limit 1")
            .fetch_optional(pool)
            .await?;
    let Some((name, address, postal_code, city, tax_id)) = row else { return Ok(Vec::new()) };
    let place = format!("{}, {} {}", address.trim(), postal_code.trim(), city.trim());
    let lines = [
        name.trim().to_owned(),
        place.trim_matches([',', ' ']).to_owned(),
        if tax_id.trim().is_empty() { String::new() } else { format!("NIP {}", tax_id.trim()) },
    ];
    Ok(lines.into_iter().filter(|l| !l.is_empty()).collect())
}
