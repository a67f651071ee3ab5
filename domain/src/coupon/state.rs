//! The state of a coupon, folded from its events.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{CouponEvent, CouponOrigin};

/// A coupon as its events leave it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Coupon {
    /// No event yet: there is no such code.
    #[default]
    Unissued,
    Issued(CouponState),
}

/// An issued coupon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponState {
    pub code: String,
    pub initial_value: i64,
    /// What is left to spend.
    pub current_value: i64,
    pub expires_at: Option<DateTime<Utc>>,
    pub user_id: Option<Uuid>,
    pub origin: CouponOrigin,
    /// `CouponExpired` was recorded (and no admin edit since).
    pub expired: bool,
    /// What each order spent and got back, in the order of spending.
    pub spends: Vec<OrderSpend>,
    /// The refunds applied, so a repeated refund changes nothing.
    pub refund_ids: Vec<Uuid>,
}

/// What one order spent of a coupon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSpend {
    pub order_id: Uuid,
    pub spent: i64,
    pub refunded: i64,
}

impl CouponState {
    /// How many orders spent the coupon.
    pub fn usages(&self) -> usize {
        self.spends.len()
    }

    /// What this order spent, if it did.
    pub fn spent_by(&self, order_id: Uuid) -> Option<&OrderSpend> {
        self.spends.iter().find(|s| s.order_id == order_id)
    }

    /// The coupon cannot be spent at `now`: expiry recorded or reached.
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expired || self.expires_at.is_some_and(|at| now >= at)
    }
}

/// The state after `event`. A total match on the event; events that cannot follow the
/// state (decide never produces them) leave it as it is.
pub fn evolve(state: Coupon, event: &CouponEvent) -> Coupon {
    match event {
        CouponEvent::CouponIssued { code, value, expires_at, user_id, origin } => match state {
            Coupon::Unissued => Coupon::Issued(CouponState {
                code: code.clone(),
                initial_value: *value,
                current_value: *value,
                expires_at: *expires_at,
                user_id: *user_id,
                origin: *origin,
                expired: false,
                spends: Vec::new(),
                refund_ids: Vec::new(),
            }),
            issued @ Coupon::Issued(_) => issued,
        },
        CouponEvent::CouponChanged { current_value, expires_at, .. } => issued(state, |c| {
            c.current_value = *current_value;
            c.expires_at = *expires_at;
            // The admin's edit is the new truth: a later expiry revives the coupon.
            c.expired = false;
        }),
        CouponEvent::CouponSpent { order_id, amount, .. } => issued(state, |c| {
            if c.spent_by(*order_id).is_none() {
                c.current_value -= amount;
                c.spends.push(OrderSpend { order_id: *order_id, spent: *amount, refunded: 0 });
            }
        }),
        CouponEvent::CouponRefunded { order_id, refund_id, amount, .. } => issued(state, |c| {
            if !c.refund_ids.contains(refund_id) {
                c.refund_ids.push(*refund_id);
                c.current_value += amount;
                if let Some(spend) = c.spends.iter_mut().find(|s| s.order_id == *order_id) {
                    spend.refunded += amount;
                }
            }
        }),
        CouponEvent::CouponExpired { .. } => issued(state, |c| c.expired = true),
    }
}

/// Change an issued coupon; an unissued one stays as it is.
fn issued(state: Coupon, change: impl FnOnce(&mut CouponState)) -> Coupon {
    match state {
        Coupon::Issued(mut coupon) => {
            change(&mut coupon);
            Coupon::Issued(coupon)
        }
        Coupon::Unissued => Coupon::Unissued,
    }
}
