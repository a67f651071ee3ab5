//! The given/when/then harness ([`crate::testing`]) for coupons, and the coupon the
//! tests start from: `LATO`, 50 zł, expiring at minute 1000.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::*;
use crate::testing::{self, Given};

/// Fold `events` into the coupon a decision sees.
pub fn given(events: impl IntoIterator<Item = CouponEvent>) -> Given<Coupon> {
    testing::given(events)
}

pub const CODE: &str = "LATO";

/// `minutes` after the epoch.
pub fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::UNIX_EPOCH + Duration::minutes(minutes)
}

pub fn order(n: u128) -> Uuid {
    Uuid::from_u128(1000 + n)
}

pub fn issued(value: i64) -> CouponEvent {
    CouponEvent::CouponIssued {
        code: CODE.into(),
        value,
        expires_at: Some(at(1000)),
        user_id: None,
        origin: CouponOrigin::Admin,
    }
}

pub fn spent(n: u128, amount: i64) -> CouponEvent {
    CouponEvent::CouponSpent { code: CODE.into(), order_id: order(n), amount }
}

pub fn refunded(n: u128, refund: u128, amount: i64) -> CouponEvent {
    CouponEvent::CouponRefunded { code: CODE.into(), order_id: order(n), refund_id: Uuid::from_u128(refund), amount }
}
