//! [`decide_correct`]: cash in or out of the till outside a sale.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{reason, TillDay, TillError, TillEvent};

/// Put cash into the till (`amount` > 0) or take it out (< 0) on `day`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorrectCash {
    pub day: NaiveDate,
    /// The office's today (Warsaw).
    pub today: NaiveDate,
    pub movement_id: Uuid,
    pub amount: i64,
    pub reason: String,
    pub by_user_id: Uuid,
    pub now: DateTime<Utc>,
}

pub fn decide_correct(cmd: &CorrectCash, state: &TillDay) -> Result<Vec<TillEvent>, TillError> {
    if state.is_closed() {
        return Err(TillError::DayClosed);
    }
    if cmd.day > cmd.today {
        return Err(TillError::FutureDay);
    }
    if cmd.amount == 0 {
        return Err(TillError::ZeroAmount);
    }
    let reason = reason(&cmd.reason).ok_or(TillError::ReasonRequired)?;
    Ok(vec![TillEvent::CashCorrected {
        day: cmd.day,
        movement_id: cmd.movement_id,
        amount: cmd.amount,
        reason,
        by_user_id: cmd.by_user_id,
        at: cmd.now,
    }])
}
