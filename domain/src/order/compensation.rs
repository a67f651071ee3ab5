//! The compensation of a disruption whose choice came late (EU Regulation 181/2011, art.
//! 19(2); docs/disruptions.md, 'The choice offered late owes half the price'): owed when the
//! order is told ([`super::decide_tell_disruption`] records `CompensationOwed`), paid once by
//! the office ([`decide_pay_compensation`]), its money back like a refund's
//! ([`super::money_back`]).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{DisruptionError, Order, OrderEvent};

/// The compensation owed when the choice was not offered in time, in percent of the
/// tickets' price (art. 19(2)).
pub const COMPENSATION_PERCENT: i64 = 50;

/// The office pays the compensation owed on `course_id` (art. 19(2)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayCompensation {
    pub order_id: Uuid,
    pub course_id: Uuid,
    pub by_user_id: Option<Uuid>,
    pub now: DateTime<Utc>,
}

/// Half of `price`, rounded half up: the compensation of art. 19(2).
pub(super) fn compensation_of(price: i64) -> i64 {
    (price.max(0) * COMPENSATION_PERCENT + 50) / 100
}

/// Pay the compensation owed on the course: one [`OrderEvent::CompensationPaid`], whose
/// money goes back like a refund's ([`super::money_back`]); once.
pub fn decide_pay_compensation(cmd: &PayCompensation, state: &Order) -> Result<Vec<OrderEvent>, DisruptionError> {
    let order = state.placed().ok_or(DisruptionError::NotFound)?;
    let owed = order.disruption(cmd.course_id).and_then(|r| r.compensation.as_ref());
    let owed = owed.ok_or(DisruptionError::NoCompensation)?;
    if owed.paid_at.is_some() {
        return Err(DisruptionError::CompensationPaid);
    }
    Ok(vec![OrderEvent::CompensationPaid {
        order_id: order.order_id,
        course_id: cmd.course_id,
        amount: owed.amount,
        by_user_id: cmd.by_user_id,
        paid_at: cmd.now,
    }])
}
