//! The till's events.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "till-";

/// The stream of an office day: `till-2026-11-30`.
pub fn stream_name(day: NaiveDate) -> String {
    format!("{STREAM_PREFIX}{day}")
}

/// What the till recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum TillEvent {
    /// Cash put into the till (`amount` > 0: a float, change) or taken out of it (< 0: to
    /// the bank), outside any sale.
    CashCorrected {
        day: NaiveDate,
        movement_id: Uuid,
        amount: i64,
        reason: String,
        by_user_id: Uuid,
        at: DateTime<Utc>,
    },
    /// The day was closed by counting the cash.
    TillDayClosed {
        day: NaiveDate,
        #[serde(flatten)]
        closing: Closing,
    },
}

/// A day's close: what the desk recorded, what was counted, and the Z report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closing {
    /// The cash counted at the previous close (what the day began with).
    pub opening_cash: i64,
    pub cash_sales: i64,
    /// Refunds paid out in cash (positive: money that left the till).
    pub cash_refunds: i64,
    /// The day's corrections (cash in less cash out).
    pub corrections: i64,
    pub card_sales: i64,
    pub card_refunds: i64,
    /// What the till should hold: opening + sales − refunds + corrections.
    pub expected_cash: i64,
    pub counted_cash: i64,
    /// Counted − expected (negative: missing).
    pub difference: i64,
    /// Why the count differs (required when it does).
    pub reason: Option<String>,
    /// The fiscal printer's daily (Z) report number.
    pub z_report: String,
    pub by_user_id: Uuid,
    pub closed_at: DateTime<Utc>,
}

impl TillEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            TillEvent::CashCorrected { .. } => "CashCorrected",
            TillEvent::TillDayClosed { .. } => "TillDayClosed",
        }
    }

    /// The day the event belongs to.
    pub fn day(&self) -> NaiveDate {
        match self {
            TillEvent::CashCorrected { day, .. } | TillEvent::TillDayClosed { day, .. } => *day,
        }
    }
}
