//! # Stamp card: a stamp per paid ticket, a coupon every few stamps
//!
//! One aggregate per user, in the stream `stamps-{user id}` ([`stream_name`]). Every
//! paid, not returned ticket of a logged-in user adds one stamp; every
//! `stamps_per_reward` stamps (*setting*, 10) the user earns a coupon (*setting*, 20 zł)
//! (docs/booking-rules.md, 'A stamp per paid ticket, a reward every ten').
//!
//! The commands, one file each, `decide_*(command, &StampCard) -> Result<Vec<StampCardEvent>, StampCardError>`:
//! - [`AddStamp`] ([`decide_add_stamp`]): stamp a ticket, once; the stamp that reaches the
//!   next reward also records [`StampCardEvent::RewardEarned`] (the reward process
//!   then issues the coupon, [`crate::coupon::IssueCoupon`] with origin `StampReward`).
//! - [`RemoveStamp`] ([`decide_remove_stamp`]): a returned ticket loses its stamp; rewards
//!   stay, and the next one is still counted from the rewards earned, so returning and
//!   buying again never earns a reward twice.
//!
//! The state ([`StampCard`]) has the stamped tickets and the rewards;
//! [`StampCard::needed`] is what the stamps page shows.
//!
//! Event ids: [`StampCardEvent::event_id`], from the stream version the decision was
//! taken on and what makes the event unique.

mod add;
mod events;
mod remove;
mod state;
#[cfg(test)]
mod testing;

pub use add::{decide_add_stamp, AddStamp};
pub use events::{stream_name, StampCardEvent, STREAM_PREFIX};
pub use remove::{decide_remove_stamp, RemoveStamp};
pub use state::{evolve, Reward, Stamp, StampCard};

/// Why a stamp cannot be added or removed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StampCardError {
    #[error("the number of stamps per reward must be positive")]
    NoStampsPerReward,
    #[error("a reward needs a coupon code and a positive value")]
    BadReward,
}

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x47aa_d0e8_91b3_4c62_a5f7_0d8e_6b21_f35c);

/// A user's stamp card, in `stamps-{user id}`.
impl crate::Aggregate for StampCard {
    type Event = StampCardEvent;
    type Id = uuid::Uuid;

    fn evolve(self, event: &StampCardEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &StampCardEvent) -> &'static str {
        event.event_type()
    }

    fn stream(user_id: &uuid::Uuid) -> String {
        stream_name(*user_id)
    }
}
