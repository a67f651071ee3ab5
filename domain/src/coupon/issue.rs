//! `IssueCoupon`: an admin creates a coupon, or a stamp reward is paid out as one.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{normalize_code, Coupon, CouponError, CouponEvent, CouponOrigin};

/// Issue the coupon `code` worth `value` grosz.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueCoupon {
    pub code: String,
    pub value: i64,
    pub expires_at: Option<DateTime<Utc>>,
    pub user_id: Option<Uuid>,
    pub origin: CouponOrigin,
}

/// Issue: one [`CouponEvent::CouponIssued`] (code normalised); nothing when the same
/// coupon was issued already, [`CouponError::AlreadyExists`] when another one was.
pub fn decide_issue(cmd: &IssueCoupon, state: &Coupon) -> Result<Vec<CouponEvent>, CouponError> {
    let code = normalize_code(&cmd.code);
    if let Coupon::Issued(coupon) = state {
        let same = (coupon.initial_value, coupon.expires_at, coupon.user_id, coupon.origin)
            == (cmd.value, cmd.expires_at, cmd.user_id, cmd.origin);
        return if same && coupon.code == code { Ok(vec![]) } else { Err(CouponError::AlreadyExists) };
    }
    if code.is_empty() {
        return Err(CouponError::EmptyCode);
    }
    if cmd.value <= 0 {
        return Err(CouponError::BadValue);
    }
    Ok(vec![CouponEvent::CouponIssued {
        code,
        value: cmd.value,
        expires_at: cmd.expires_at,
        user_id: cmd.user_id,
        origin: cmd.origin,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn issue(code: &str, value: i64) -> IssueCoupon {
        IssueCoupon { code: code.into(), value, expires_at: Some(at(1000)), user_id: None, origin: CouponOrigin::Admin }
    }

    #[test]
    fn a_coupon_is_issued_with_its_code_upper_cased() {
        given([]).when(|s| decide_issue(&issue(" lato ", 5000), s)).then([issued(5000)]);
        let state = given([issued(5000)]).state();
        let Coupon::Issued(coupon) = state else { panic!("issued") };
        assert_eq!((coupon.initial_value, coupon.current_value, coupon.usages()), (5000, 5000, 0));
    }

    #[test]
    fn a_reward_coupon_belongs_to_its_user() {
        let cmd = IssueCoupon {
            code: "NAGRODA-1".into(),
            value: 2000,
            expires_at: None,
            user_id: Some(Uuid::from_u128(42)),
            origin: CouponOrigin::StampReward,
        };
        let expected = CouponEvent::CouponIssued {
            code: "NAGRODA-1".into(),
            value: 2000,
            expires_at: None,
            user_id: Some(Uuid::from_u128(42)),
            origin: CouponOrigin::StampReward,
        };
        given([]).when(|s| decide_issue(&cmd, s)).then([expected]);
    }

    #[test]
    fn the_same_issue_twice_changes_nothing_another_is_refused() {
        given([issued(5000)]).when(|s| decide_issue(&issue("lato", 5000), s)).then([]);
        given([issued(5000)]).when(|s| decide_issue(&issue("LATO", 6000), s)).then_err(CouponError::AlreadyExists);
    }

    #[test]
    fn a_coupon_has_a_code_and_a_positive_value() {
        given([]).when(|s| decide_issue(&issue("LATO", 0), s)).then_err(CouponError::BadValue);
        given([]).when(|s| decide_issue(&issue("LATO", -1), s)).then_err(CouponError::BadValue);
        given([]).when(|s| decide_issue(&issue("  ", 100), s)).then_err(CouponError::EmptyCode);
    }
}
