//! `AddStamp`: a paid ticket of a logged-in user earns a stamp; every
//! `stamps_per_reward` stamps (*setting*, 10) earn a coupon (*setting*, 20 zł).
//!
//! The reward is decided here, with the stamp that reaches it, so it is earned exactly
//! once; issuing the coupon is the reward process's work ([`StampCardEvent::RewardEarned`]
//! carries the code and value, made by the caller: a random code is IO).

use uuid::Uuid;

use super::{StampCard, StampCardError, StampCardEvent};
use crate::coupon::normalize_code;

/// Stamp the ticket `ticket_id` of the order `order_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddStamp {
    pub user_id: Uuid,
    pub ticket_id: Uuid,
    pub order_id: Uuid,
    pub stamps_per_reward: u32,
    /// The code of the coupon this stamp earns, if it earns one.
    pub reward_code: String,
    pub reward_value: i64,
}

/// Stamp: [`StampCardEvent::StampAdded`], followed by [`StampCardEvent::RewardEarned`]
/// when the card reaches the next reward; nothing when the ticket has its stamp.
pub fn decide_add_stamp(cmd: &AddStamp, card: &StampCard) -> Result<Vec<StampCardEvent>, StampCardError> {
    if card.has(cmd.ticket_id) {
        return Ok(vec![]);
    }
    if cmd.stamps_per_reward == 0 {
        return Err(StampCardError::NoStampsPerReward);
    }
    let mut events =
        vec![StampCardEvent::StampAdded { user_id: cmd.user_id, ticket_id: cmd.ticket_id, order_id: cmd.order_id }];
    if card.count().saturating_add(1) >= card.next_reward_at(cmd.stamps_per_reward) {
        let coupon_code = normalize_code(&cmd.reward_code);
        if coupon_code.is_empty() || cmd.reward_value <= 0 {
            return Err(StampCardError::BadReward);
        }
        events.push(StampCardEvent::RewardEarned { user_id: cmd.user_id, coupon_code, value: cmd.reward_value });
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn add(n: u128) -> AddStamp {
        AddStamp {
            user_id: USER,
            ticket_id: ticket(n),
            order_id: ORDER,
            stamps_per_reward: 10,
            reward_code: "nagroda-x".into(),
            reward_value: 2000,
        }
    }

    #[test]
    fn a_ticket_earns_a_stamp() {
        given([]).when(|s| decide_add_stamp(&add(1), s)).then([added(1)]);
        given(stamps(3)).when(|s| decide_add_stamp(&add(4), s)).then([added(4)]);
    }

    #[test]
    fn the_stamp_that_reaches_ten_earns_a_reward() {
        given(stamps(8)).when(|s| decide_add_stamp(&add(9), s)).then([added(9)]);
        given(stamps(9)).when(|s| decide_add_stamp(&add(10), s)).then([added(10), earned("NAGRODA-X")]);
    }

    #[test]
    fn the_next_reward_comes_ten_stamps_later() {
        let mut history = stamps(10);
        history.push(earned("A"));
        given(history.clone()).when(|s| decide_add_stamp(&add(11), s)).then([added(11)]);
        history.extend((11..=19).map(added));
        given(history).when(|s| decide_add_stamp(&add(20), s)).then([added(20), earned("NAGRODA-X")]);
    }

    #[test]
    fn a_removed_stamp_does_not_earn_a_reward_twice() {
        // Ten stamps, a reward, one ticket returned, then a new one: 10 stamps again
        // but the next reward is at 20.
        let mut history = stamps(10);
        history.push(earned("A"));
        history.push(StampCardEvent::StampRemoved { user_id: USER, ticket_id: ticket(10) });
        given(history).when(|s| decide_add_stamp(&add(11), s)).then([added(11)]);
    }

    #[test]
    fn a_ticket_is_stamped_once() {
        given(stamps(3)).when(|s| decide_add_stamp(&add(2), s)).then([]);
        given(stamps(10)).when(|s| decide_add_stamp(&add(10), s)).then([]);
    }

    #[test]
    fn a_lower_setting_rewards_at_the_next_stamp() {
        let cmd = AddStamp { stamps_per_reward: 5, ..add(8) };
        given(stamps(7)).when(|s| decide_add_stamp(&cmd, s)).then([added(8), earned("NAGRODA-X")]);
    }

    #[test]
    fn rewards_need_a_setting_and_a_code_and_value() {
        let cmd = AddStamp { stamps_per_reward: 0, ..add(1) };
        given([]).when(|s| decide_add_stamp(&cmd, s)).then_err(StampCardError::NoStampsPerReward);
        let cmd = AddStamp { reward_code: " ".into(), ..add(10) };
        given(stamps(9)).when(|s| decide_add_stamp(&cmd, s)).then_err(StampCardError::BadReward);
        let cmd = AddStamp { reward_value: 0, ..add(10) };
        given(stamps(9)).when(|s| decide_add_stamp(&cmd, s)).then_err(StampCardError::BadReward);
    }

    #[test]
    fn needed_counts_the_tickets_to_the_next_reward() {
        assert_eq!(given([]).state().needed(10), 10);
        assert_eq!(given(stamps(9)).state().needed(10), 1);
        let mut history = stamps(10);
        history.push(earned("A"));
        assert_eq!(given(history).state().needed(10), 10);
        assert_eq!(given(stamps(7)).state().needed(5), 1, "past a lowered threshold, the next ticket earns");
        assert_eq!(given(stamps(7)).state().needed(0), 0);
    }
}
