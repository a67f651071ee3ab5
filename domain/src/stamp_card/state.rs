//! The state of a stamp card, folded from its events.

use uuid::Uuid;

use super::StampCardEvent;

/// A user's stamp card: empty until the first stamp.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StampCard {
    /// The tickets stamped and not removed, in the order stamped.
    pub stamps: Vec<Stamp>,
    /// The rewards earned, in order.
    pub rewards: Vec<Reward>,
}

/// One ticket's stamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub ticket_id: Uuid,
    pub order_id: Uuid,
}

/// A reward: the coupon to issue and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reward {
    pub coupon_code: String,
    pub value: i64,
}

impl StampCard {
    /// The stamps on the card.
    pub fn count(&self) -> u32 {
        u32::try_from(self.stamps.len()).unwrap_or(u32::MAX)
    }

    /// The ticket has a stamp.
    pub fn has(&self, ticket_id: Uuid) -> bool {
        self.stamps.iter().any(|s| s.ticket_id == ticket_id)
    }

    /// The stamps that reach the next reward: every `stamps_per_reward` stamps earn one.
    pub fn next_reward_at(&self, stamps_per_reward: u32) -> u32 {
        let earned = u32::try_from(self.rewards.len()).unwrap_or(u32::MAX);
        earned.saturating_add(1).saturating_mul(stamps_per_reward)
    }

    /// Tickets still needed for the next reward (at least one: a reward is earned by the
    /// stamp that reaches it). 0 when rewards are off (`stamps_per_reward` is 0).
    pub fn needed(&self, stamps_per_reward: u32) -> u32 {
        if stamps_per_reward == 0 {
            return 0;
        }
        self.next_reward_at(stamps_per_reward).saturating_sub(self.count()).max(1)
    }
}

/// The card after `event`. A total match on the event; a repeated event changes nothing.
pub fn evolve(mut card: StampCard, event: &StampCardEvent) -> StampCard {
    match event {
        StampCardEvent::StampAdded { ticket_id, order_id, .. } => {
            if !card.has(*ticket_id) {
                card.stamps.push(Stamp { ticket_id: *ticket_id, order_id: *order_id });
            }
        }
        StampCardEvent::StampRemoved { ticket_id, .. } => card.stamps.retain(|s| s.ticket_id != *ticket_id),
        StampCardEvent::RewardEarned { coupon_code, value, .. } => {
            if !card.rewards.iter().any(|r| r.coupon_code == *coupon_code) {
                card.rewards.push(Reward { coupon_code: coupon_code.clone(), value: *value });
            }
        }
    }
    card
}
