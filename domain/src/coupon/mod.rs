//! # Coupon: a stored-value code
//!
//! One aggregate per code, in the stream `coupon-{CODE}` ([`stream_name`]; codes are
//! compared normalised, [`normalize_code`]). A coupon has an initial value and a value
//! left; an order spends `min(value left, wanted)` and the rest stays for later; a
//! returned ticket or a cancelled order gives its part back
//! (docs/booking-rules.md, 'Coupon value comes back'). The stream serialises spending, so two orders can never
//! spend the same value twice.
//!
//! The commands, one file each, `decide_*(command, &Coupon) -> Result<Vec<CouponEvent>, CouponError>`:
//! - [`IssueCoupon`] ([`decide_issue`]): an admin creates a coupon, or a stamp reward is
//!   paid out as one.
//! - [`ChangeCoupon`] ([`decide_change`]): an admin sets the value left and the expiry.
//! - [`SpendCoupon`] ([`decide_spend`]): an order spends; once per order.
//! - [`RefundCoupon`] ([`decide_refund`]): an order gets back at most what it spent;
//!   once per refund id.
//! - [`ExpireCoupon`] ([`decide_expire`]): record that the expiry was reached.
//!
//! Event ids: [`CouponEvent::event_id`], from the stream version the decision was taken
//! on and what makes the event unique.

mod change;
mod error;
mod events;
mod expire;
mod issue;
mod refund;
mod spend;
mod state;
#[cfg(test)]
mod testing;

pub use change::{decide_change, ChangeCoupon};
pub use error::CouponError;
pub use events::{normalize_code, stream_name, CouponEvent, CouponOrigin, STREAM_PREFIX};
pub use expire::{decide_expire, ExpireCoupon};
pub use issue::{decide_issue, IssueCoupon};
pub use refund::{decide_refund, RefundCoupon};
pub use spend::{decide_spend, SpendCoupon};
pub use state::{evolve, Coupon, CouponState, OrderSpend};

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x9b3d_61c4_0e27_4f55_8c1a_7e4b_3a90_c2d6);

/// A coupon, in `coupon-{CODE}` (the code normalised).
impl crate::Aggregate for Coupon {
    type Event = CouponEvent;
    type Id = str;

    fn evolve(self, event: &CouponEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &CouponEvent) -> &'static str {
        event.event_type()
    }

    fn stream(code: &str) -> String {
        stream_name(code)
    }
}
