//! What a month's file is asked with, checked before any reading: the month (`YYYY-MM`,
//! from February 2026, when JPK_V7M(3) begins, to the current one), the tax office's code
//! (one the schema lists), and the company's data from its settings.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use sqlx::PgPool;

use super::{Company, Month};

/// The official list of tax office codes (`KodUrzedu`), as the schema imports it.
const TAX_OFFICES: &str = include_str!("../../jpk/bazowe/KodyUrzedowSkarbowych_v8-0E.xsd");

/// Why a month's file cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MonthError {
    #[error("the month must be written YYYY-MM")]
    NotAMonth,
    #[error("the month has not begun yet")]
    InFuture,
    #[error("JPK_V7M(3) covers months from February 2026")]
    BeforeSchema,
    #[error("the tax office's code is required")]
    TaxOfficeRequired,
    #[error("there is no tax office with this code")]
    TaxOfficeUnknown,
    #[error("the company's settings lack its {0}")]
    CompanyIncomplete(&'static str),
}

impl MonthError {
    pub fn code(&self) -> &'static str {
        match self {
            MonthError::NotAMonth => api_core::codes::FIELD_INVALID,
            MonthError::InFuture => api_core::codes::JPK_MONTH_IN_FUTURE,
            MonthError::BeforeSchema => api_core::codes::JPK_MONTH_BEFORE_SCHEMA,
            MonthError::TaxOfficeRequired => api_core::codes::FIELD_BLANK,
            MonthError::TaxOfficeUnknown => api_core::codes::JPK_TAX_OFFICE_UNKNOWN,
            MonthError::CompanyIncomplete(_) => api_core::codes::JPK_COMPANY_INCOMPLETE,
        }
    }

    /// The request's field the error is about.
    pub fn field(&self) -> &'static str {
        match self {
            MonthError::NotAMonth | MonthError::InFuture | MonthError::BeforeSchema => "month",
            MonthError::TaxOfficeRequired | MonthError::TaxOfficeUnknown => "tax_office",
            MonthError::CompanyIncomplete(_) => "company",
        }
    }
}

/// `YYYY-MM` as a month from February 2026 up to the month of `today`.
pub fn parse_month(text: &str, today: NaiveDate) -> Result<Month, MonthError> {
    let b = text.as_bytes();
    let shaped = b.len() == 7 && b[4] == b'-' && b.iter().enumerate().all(|(i, c)| i == 4 || c.is_ascii_digit());
    if !shaped {
        return Err(MonthError::NotAMonth);
    }
    let year: i32 = text[..4].parse().map_err(|_| MonthError::NotAMonth)?;
    let month: u32 = text[5..].parse().map_err(|_| MonthError::NotAMonth)?;
    if !(1..=12).contains(&month) {
        return Err(MonthError::NotAMonth);
    }
    if (year, month) > (today.year(), today.month()) {
        return Err(MonthError::InFuture);
    }
    if (year, month) < (2026, 2) {
        return Err(MonthError::BeforeSchema);
    }
    Ok(Month { year, month })
}

/// The tax office's code as given, when the schema lists it.
pub fn tax_office(code: &str) -> Result<String, MonthError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(MonthError::TaxOfficeRequired);
    }
    let listed = code.len() == 4
        && code.bytes().all(|b| b.is_ascii_digit())
        && TAX_OFFICES.contains(&format!("<xsd:enumeration value=\"{code}\">"));
    if listed {
        Ok(code.to_owned())
    } else {
        Err(MonthError::TaxOfficeUnknown)
    }
}

/// The company as the file names it, from its settings: its NIP, name and an e-mail
/// (the invoice office's, else the order report's) are required.
pub async fn company(pool: &PgPool) -> Result<Result<Company, MonthError>, sqlx::Error> {
    let row: Option<(String, String, String, String, i32)> = sqlx::query_as(
        "select name, tax_id, invoice_email, order_report_email, vat_rate_percent from companies order by id limit 1",
    )
    .fetch_optional(pool)
    .await?;
    let Some((name, nip, invoice_email, report_email, rate)) = row else {
        return Ok(Err(MonthError::CompanyIncomplete("name")));
    };
    let email = if invoice_email.trim().is_empty() { report_email } else { invoice_email };
    let company = Company {
        nip: nip.trim().to_owned(),
        name: name.trim().to_owned(),
        email: email.trim().to_owned(),
        vat_rate: u32::try_from(rate).unwrap_or(8),
    };
    Ok(if company.nip.len() != 10 {
        Err(MonthError::CompanyIncomplete("NIP"))
    } else if company.name.is_empty() {
        Err(MonthError::CompanyIncomplete("name"))
    } else if company.email.is_empty() {
        Err(MonthError::CompanyIncomplete("e-mail"))
    } else {
        Ok(company)
    })
}

/// The fiscal printer's daily (Z) report number of each day of `month` the till closed.
pub async fn z_reports(pool: &PgPool, month: Month) -> Result<HashMap<NaiveDate, String>, sqlx::Error> {
    let first = NaiveDate::from_ymd_opt(month.year, month.month, 1).unwrap_or(NaiveDate::MIN);
    let rows: Vec<(NaiveDate, String)> = sqlx::query_as(
        "select day, z_report from rm_till_days where day >= $1 and day < ($1 + interval '1 month')::date",
    )
    .bind(first)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()
    }

    #[test]
    fn a_month_is_one_from_february_2026_to_now() {
        assert_eq!(parse_month("2026-11", today()), Ok(Month { year: 2026, month: 11 }));
        assert_eq!(parse_month("2026-02", today()), Ok(Month { year: 2026, month: 2 }));
        assert_eq!(parse_month("2026-12", today()), Err(MonthError::InFuture));
        assert_eq!(parse_month("2026-01", today()), Err(MonthError::BeforeSchema));
        for bad in ["2026-13", "2026-00", "2026-1", "26-11", "2026/11", "", "2026-11-01"] {
            assert_eq!(parse_month(bad, today()), Err(MonthError::NotAMonth), "{bad}");
        }
    }

    #[test]
    fn a_tax_office_is_one_the_schema_lists() {
        assert_eq!(tax_office(" 1811 "), Ok("1811".to_owned()));
        assert_eq!(tax_office(""), Err(MonthError::TaxOfficeRequired));
        assert_eq!(tax_office("9999"), Err(MonthError::TaxOfficeUnknown));
        assert_eq!(tax_office("18a1"), Err(MonthError::TaxOfficeUnknown));
    }
}
