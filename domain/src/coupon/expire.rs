//! `ExpireCoupon`: a coupon reached its expiry; record it, so lists show it expired
//! without comparing dates (spending is refused from the expiry on either way).

use chrono::{DateTime, Utc};

use super::{Coupon, CouponError, CouponEvent};

/// Expire the coupon `code`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpireCoupon {
    pub code: String,
    pub now: DateTime<Utc>,
}

/// Expire: one [`CouponEvent::CouponExpired`]; nothing when it expired already.
pub fn decide_expire(cmd: &ExpireCoupon, state: &Coupon) -> Result<Vec<CouponEvent>, CouponError> {
    let Coupon::Issued(coupon) = state else {
        return Err(CouponError::NotFound);
    };
    if coupon.expired {
        return Ok(vec![]);
    }
    if coupon.expires_at.is_none_or(|at| cmd.now < at) {
        return Err(CouponError::NotDue);
    }
    Ok(vec![CouponEvent::CouponExpired { code: coupon.code.clone(), at: cmd.now }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn expire(minute: i64) -> ExpireCoupon {
        ExpireCoupon { code: "lato".into(), now: at(minute) }
    }

    fn expired(minute: i64) -> CouponEvent {
        CouponEvent::CouponExpired { code: CODE.into(), at: at(minute) }
    }

    #[test]
    fn a_coupon_expires_at_its_time_once() {
        given([issued(5000)]).when(|s| decide_expire(&expire(1000), s)).then([expired(1000)]);
        given([issued(5000), expired(1000)]).when(|s| decide_expire(&expire(1200), s)).then([]);
    }

    #[test]
    fn not_before_its_time_nor_without_an_expiry() {
        given([issued(5000)]).when(|s| decide_expire(&expire(999), s)).then_err(CouponError::NotDue);
        let forever = CouponEvent::CouponChanged { code: CODE.into(), current_value: 5000, expires_at: None };
        given([issued(5000), forever]).when(|s| decide_expire(&expire(5000), s)).then_err(CouponError::NotDue);
        given([]).when(|s| decide_expire(&expire(1000), s)).then_err(CouponError::NotFound);
    }
}
