//! `RefundCoupon`: what an order spent comes back (a returned ticket's coupon part, a
//! cancelled or expired order's whole spend).

use uuid::Uuid;

use super::{Coupon, CouponError, CouponEvent};

/// Give back up to `amount` grosz that the order spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundCoupon {
    pub code: String,
    pub order_id: Uuid,
    /// Chosen by the caller (derived from the return or the order), so a retry refunds nothing more.
    pub refund_id: Uuid,
    pub amount: i64,
}

/// Refund: one [`CouponEvent::CouponRefunded`] of at most what the order spent and has
/// not got back; nothing when this refund was applied already or nothing is left to
/// give back.
pub fn decide_refund(cmd: &RefundCoupon, state: &Coupon) -> Result<Vec<CouponEvent>, CouponError> {
    let Coupon::Issued(coupon) = state else {
        return Err(CouponError::NotFound);
    };
    if coupon.refund_ids.contains(&cmd.refund_id) {
        return Ok(vec![]);
    }
    let spend = coupon.spent_by(cmd.order_id).ok_or(CouponError::NotSpentByOrder)?;
    if cmd.amount <= 0 {
        return Err(CouponError::NothingWanted);
    }
    let amount = cmd.amount.min(spend.spent - spend.refunded);
    if amount <= 0 {
        return Ok(vec![]);
    }
    Ok(vec![CouponEvent::CouponRefunded {
        code: coupon.code.clone(),
        order_id: cmd.order_id,
        refund_id: cmd.refund_id,
        amount,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn refund(n: u128, refund: u128, amount: i64) -> RefundCoupon {
        RefundCoupon { code: "lato".into(), order_id: order(n), refund_id: Uuid::from_u128(refund), amount }
    }

    #[test]
    fn what_an_order_spent_comes_back() {
        given([issued(5000), spent(1, 3000)])
            .when(|s| decide_refund(&refund(1, 7, 1200), s))
            .then([refunded(1, 7, 1200)]);
        let Coupon::Issued(coupon) = given([issued(5000), spent(1, 3000), refunded(1, 7, 1200)]).state() else {
            panic!("issued")
        };
        assert_eq!(coupon.current_value, 3200);
        assert_eq!(coupon.spent_by(order(1)).map(|s| s.refunded), Some(1200));
    }

    #[test]
    fn no_more_than_the_order_spent_and_did_not_get_back() {
        given([issued(5000), spent(1, 3000), refunded(1, 7, 2500)])
            .when(|s| decide_refund(&refund(1, 8, 1000), s))
            .then([refunded(1, 8, 500)]);
        given([issued(5000), spent(1, 3000), refunded(1, 7, 3000)])
            .when(|s| decide_refund(&refund(1, 8, 1000), s))
            .then([]);
    }

    #[test]
    fn a_refund_applies_once() {
        given([issued(5000), spent(1, 3000), refunded(1, 7, 1200)])
            .when(|s| decide_refund(&refund(1, 7, 1200), s))
            .then([]);
        let Coupon::Issued(coupon) =
            given([issued(5000), spent(1, 3000), refunded(1, 7, 1200), refunded(1, 7, 1200)]).state()
        else {
            panic!("issued")
        };
        assert_eq!(coupon.current_value, 3200, "a repeated event counts once");
    }

    #[test]
    fn only_an_order_that_spent_gets_something_back() {
        given([issued(5000), spent(1, 3000)])
            .when(|s| decide_refund(&refund(2, 7, 100), s))
            .then_err(CouponError::NotSpentByOrder);
        given([]).when(|s| decide_refund(&refund(1, 7, 100), s)).then_err(CouponError::NotFound);
        given([issued(5000), spent(1, 3000)])
            .when(|s| decide_refund(&refund(1, 7, 0), s))
            .then_err(CouponError::NothingWanted);
    }
}
