//! The given/when/then harness ([`crate::testing`]) for stamp cards.

use uuid::Uuid;

use super::*;
use crate::testing::{self, Given};

/// Fold `events` into the card a decision sees.
pub fn given(events: impl IntoIterator<Item = StampCardEvent>) -> Given<StampCard> {
    testing::given(events)
}

pub const USER: Uuid = Uuid::from_u128(42);
pub const ORDER: Uuid = Uuid::from_u128(500);

pub fn ticket(n: u128) -> Uuid {
    Uuid::from_u128(1000 + n)
}

pub fn added(n: u128) -> StampCardEvent {
    StampCardEvent::StampAdded { user_id: USER, ticket_id: ticket(n), order_id: ORDER }
}

/// Stamps for tickets `1..=n`.
pub fn stamps(n: u128) -> Vec<StampCardEvent> {
    (1..=n).map(added).collect()
}

pub fn earned(code: &str) -> StampCardEvent {
    StampCardEvent::RewardEarned { user_id: USER, coupon_code: code.into(), value: 2000 }
}
