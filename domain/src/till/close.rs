//! [`decide_close`]: the day closed once, by counting the cash.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{reason, Closing, TillDay, TillError, TillEvent};

/// The longest daily (Z) report number.
pub const Z_REPORT_MAX: usize = 30;

/// What the desk recorded on the day, from the orders' events (the command side reads
/// them from the till's read model, caught up): grosz, refunds positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DayFigures {
    /// The cash counted at the previous close.
    pub opening_cash: i64,
    pub cash_sales: i64,
    pub cash_refunds: i64,
    pub card_sales: i64,
    pub card_refunds: i64,
}

/// Close `day` with the cash counted and the Z report's number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloseDay {
    pub day: NaiveDate,
    /// The office's today (Warsaw).
    pub today: NaiveDate,
    pub figures: DayFigures,
    pub counted_cash: i64,
    /// Why the count differs; ignored when it does not.
    pub reason: String,
    pub z_report: String,
    pub by_user_id: Uuid,
    pub now: DateTime<Utc>,
}

pub fn decide_close(cmd: &CloseDay, state: &TillDay) -> Result<Vec<TillEvent>, TillError> {
    if state.is_closed() {
        return Err(TillError::DayClosed);
    }
    if cmd.day > cmd.today {
        return Err(TillError::FutureDay);
    }
    if cmd.counted_cash < 0 {
        return Err(TillError::NegativeCount);
    }
    let z_report = z_report(&cmd.z_report)?;
    let f = cmd.figures;
    let expected_cash = f.opening_cash + f.cash_sales - f.cash_refunds + state.corrections;
    let difference = cmd.counted_cash - expected_cash;
    let reason = match difference {
        0 if super::too_long(&cmd.reason) => return Err(TillError::ReasonRequired),
        0 => None,
        _ => Some(reason(&cmd.reason).ok_or(TillError::ReasonRequired)?),
    };
    Ok(vec![TillEvent::TillDayClosed {
        day: cmd.day,
        closing: Closing {
            opening_cash: f.opening_cash,
            cash_sales: f.cash_sales,
            cash_refunds: f.cash_refunds,
            corrections: state.corrections,
            card_sales: f.card_sales,
            card_refunds: f.card_refunds,
            expected_cash,
            counted_cash: cmd.counted_cash,
            difference,
            reason,
            z_report,
            by_user_id: cmd.by_user_id,
            closed_at: cmd.now,
        },
    }])
}

/// The Z report's number as printed by the fiscal printer: letters, digits, `/`, `-`,
/// `.` and spaces, at most [`Z_REPORT_MAX`].
fn z_report(text: &str) -> Result<String, TillError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(TillError::ZReportRequired);
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '.' | ' ');
    if trimmed.chars().count() > Z_REPORT_MAX || !trimmed.chars().all(allowed) {
        return Err(TillError::ZReportInvalid);
    }
    Ok(trimmed.to_owned())
}
