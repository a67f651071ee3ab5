//! `SpendCoupon`: an order being placed spends what it can of a coupon.
//!
//! It takes `min(value left, wanted)`: the rest stays for later
//! (docs/booking-rules.md, 'A coupon is stored value').
//! The coupon's stream serialises spending, so two
//! orders can never spend the same value twice.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Coupon, CouponError, CouponEvent};

/// Spend up to `wanted` grosz of the coupon on an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpendCoupon {
    pub code: String,
    pub order_id: Uuid,
    /// The order's total: the most the coupon can pay.
    pub wanted: i64,
    pub now: DateTime<Utc>,
}

/// Spend: one [`CouponEvent::CouponSpent`]; nothing when this order spent it already
/// (the amount it got is in the state: [`super::CouponState::spent_by`]).
pub fn decide_spend(cmd: &SpendCoupon, state: &Coupon) -> Result<Vec<CouponEvent>, CouponError> {
    let Coupon::Issued(coupon) = state else {
        return Err(CouponError::NotFound);
    };
    if coupon.spent_by(cmd.order_id).is_some() {
        return Ok(vec![]);
    }
    if coupon.is_expired(cmd.now) {
        return Err(CouponError::Expired);
    }
    if coupon.current_value <= 0 {
        return Err(CouponError::NothingLeft);
    }
    if cmd.wanted <= 0 {
        return Err(CouponError::NothingWanted);
    }
    Ok(vec![CouponEvent::CouponSpent {
        code: coupon.code.clone(),
        order_id: cmd.order_id,
        amount: coupon.current_value.min(cmd.wanted),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn spend(n: u128, wanted: i64) -> SpendCoupon {
        SpendCoupon { code: "lato".into(), order_id: order(n), wanted, now: at(10) }
    }

    #[test]
    fn an_order_takes_what_it_needs_and_the_rest_stays() {
        given([issued(5000)]).when(|s| decide_spend(&spend(1, 3000), s)).then([spent(1, 3000)]);
        let Coupon::Issued(coupon) = given([issued(5000), spent(1, 3000)]).state() else { panic!("issued") };
        assert_eq!((coupon.current_value, coupon.usages()), (2000, 1));
    }

    #[test]
    fn an_order_takes_at_most_what_is_left() {
        given([issued(5000), spent(1, 3000)]).when(|s| decide_spend(&spend(2, 9789), s)).then([spent(2, 2000)]);
    }

    #[test]
    fn the_same_order_spends_once() {
        given([issued(5000), spent(1, 3000)]).when(|s| decide_spend(&spend(1, 3000), s)).then([]);
        given([issued(5000), spent(1, 5000)]).when(|s| decide_spend(&spend(1, 3000), s)).then([]);
    }

    #[test]
    fn an_empty_coupon_is_refused() {
        given([issued(5000), spent(1, 5000)])
            .when(|s| decide_spend(&spend(2, 100), s))
            .then_err(CouponError::NothingLeft);
    }

    #[test]
    fn a_refund_refills_the_coupon() {
        given([issued(5000), spent(1, 5000), refunded(1, 7, 1200)])
            .when(|s| decide_spend(&spend(2, 9789), s))
            .then([spent(2, 1200)]);
    }

    #[test]
    fn an_expired_coupon_is_refused_from_its_expiry_on() {
        let at_minute = |minute: i64| SpendCoupon { now: at(minute), ..spend(1, 100) };
        given([issued(5000)]).when(|s| decide_spend(&at_minute(999), s)).then([spent(1, 100)]);
        given([issued(5000)]).when(|s| decide_spend(&at_minute(1000), s)).then_err(CouponError::Expired);
        let expired = CouponEvent::CouponExpired { code: CODE.into(), at: at(5) };
        given([issued(5000), expired]).when(|s| decide_spend(&spend(1, 100), s)).then_err(CouponError::Expired);
    }

    #[test]
    fn an_unknown_code_or_nothing_wanted_is_refused() {
        given([]).when(|s| decide_spend(&spend(1, 100), s)).then_err(CouponError::NotFound);
        given([issued(5000)]).when(|s| decide_spend(&spend(1, 0), s)).then_err(CouponError::NothingWanted);
    }

    #[test]
    fn spending_never_takes_the_value_below_zero() {
        // Orders spend in turn until the coupon is empty: the value left never goes negative.
        let mut state = given([issued(5000)]).state();
        for n in 0..20 {
            if let Ok(events) = decide_spend(&spend(n, 700), &state) {
                state = events.iter().fold(state, crate::coupon::evolve);
            }
            let Coupon::Issued(coupon) = &state else { panic!("issued") };
            assert!(coupon.current_value >= 0);
        }
        let Coupon::Issued(coupon) = &state else { panic!("issued") };
        assert_eq!((coupon.current_value, coupon.usages()), (0, 8));
    }
}
