//! A row of `payment_sandbox_transactions`, decoded into types.

use chrono::{DateTime, Utc};
use sqlx::postgres::PgRow;
use sqlx::Row;

use crate::gateway::Language;

/// Where a sandbox transaction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxStatus {
    Registered,
    Paid,
    Failed,
}

impl SandboxStatus {
    fn parse(s: &str) -> Option<SandboxStatus> {
        match s {
            "registered" => Some(SandboxStatus::Registered),
            "paid" => Some(SandboxStatus::Paid),
            "failed" => Some(SandboxStatus::Failed),
            _ => None,
        }
    }
}

/// One row of `payment_sandbox_transactions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxTransaction {
    pub token: String,
    pub session_id: String,
    pub amount: i64,
    pub currency: String,
    pub description: String,
    pub email: String,
    pub url_return: String,
    pub url_status: String,
    pub language: Language,
    pub status: SandboxStatus,
    /// Set when paid.
    pub p24_order_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl<'r> sqlx::FromRow<'r, PgRow> for SandboxTransaction {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        let decode = |column: &str, value: String| sqlx::Error::ColumnDecode {
            index: column.into(),
            source: format!("unexpected value {value:?}").into(),
        };
        let language: String = row.try_get("language")?;
        let status: String = row.try_get("status")?;
        Ok(SandboxTransaction {
            token: row.try_get("token")?,
            session_id: row.try_get("session_id")?,
            amount: row.try_get("amount")?,
            currency: row.try_get("currency")?,
            description: row.try_get("description")?,
            email: row.try_get("email")?,
            url_return: row.try_get("url_return")?,
            url_status: row.try_get("url_status")?,
            language: Language::parse(&language).ok_or_else(|| decode("language", language.clone()))?,
            status: SandboxStatus::parse(&status).ok_or_else(|| decode("status", status.clone()))?,
            p24_order_id: row.try_get("p24_order_id")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}
