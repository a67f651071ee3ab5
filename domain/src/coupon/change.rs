//! `ChangeCoupon`: an admin sets what is left on a coupon and its expiry.

use chrono::{DateTime, Utc};

use super::{normalize_code, Coupon, CouponError, CouponEvent};

/// Set the coupon's value left and expiry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeCoupon {
    pub code: String,
    pub current_value: i64,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Change: one [`CouponEvent::CouponChanged`]; nothing when nothing changes.
pub fn decide_change(cmd: &ChangeCoupon, state: &Coupon) -> Result<Vec<CouponEvent>, CouponError> {
    let Coupon::Issued(coupon) = state else {
        return Err(CouponError::NotFound);
    };
    if cmd.current_value < 0 {
        return Err(CouponError::BadValue);
    }
    if (coupon.current_value, coupon.expires_at) == (cmd.current_value, cmd.expires_at) && !coupon.expired {
        return Ok(vec![]);
    }
    Ok(vec![CouponEvent::CouponChanged {
        code: normalize_code(&coupon.code),
        current_value: cmd.current_value,
        expires_at: cmd.expires_at,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn change(value: i64, expires: Option<i64>) -> ChangeCoupon {
        ChangeCoupon { code: "lato".into(), current_value: value, expires_at: expires.map(at) }
    }

    fn changed(value: i64, expires: Option<i64>) -> CouponEvent {
        CouponEvent::CouponChanged { code: CODE.into(), current_value: value, expires_at: expires.map(at) }
    }

    #[test]
    fn an_admin_sets_the_value_left_and_the_expiry() {
        given([issued(5000)]).when(|s| decide_change(&change(3000, None), s)).then([changed(3000, None)]);
        let Coupon::Issued(coupon) = given([issued(5000), changed(3000, None)]).state() else { panic!("issued") };
        assert_eq!((coupon.initial_value, coupon.current_value, coupon.expires_at), (5000, 3000, None));
    }

    #[test]
    fn an_edit_that_changes_nothing_records_nothing() {
        given([issued(5000)]).when(|s| decide_change(&change(5000, Some(1000)), s)).then([]);
    }

    #[test]
    fn an_edit_revives_an_expired_coupon() {
        let expired = CouponEvent::CouponExpired { code: CODE.into(), at: at(1000) };
        given([issued(5000), expired.clone()])
            .when(|s| decide_change(&change(5000, Some(1000)), s))
            .then([changed(5000, Some(1000))]);
        let Coupon::Issued(coupon) = given([issued(5000), expired, changed(5000, Some(2000))]).state() else {
            panic!("issued")
        };
        assert!(!coupon.is_expired(at(1500)));
    }

    #[test]
    fn a_value_is_not_negative_and_the_coupon_exists() {
        given([issued(5000)]).when(|s| decide_change(&change(-1, None), s)).then_err(CouponError::BadValue);
        given([]).when(|s| decide_change(&change(1, None), s)).then_err(CouponError::NotFound);
    }
}
