//! `RemoveStamp`: a stamped ticket was returned (or its order cancelled); its stamp is
//! taken off. A reward already earned stays.

use uuid::Uuid;

use super::{StampCard, StampCardError, StampCardEvent};

/// Take the stamp of the ticket `ticket_id` off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RemoveStamp {
    pub user_id: Uuid,
    pub ticket_id: Uuid,
}

/// Remove: one [`StampCardEvent::StampRemoved`]; nothing when the ticket has no stamp.
pub fn decide_remove_stamp(cmd: &RemoveStamp, card: &StampCard) -> Result<Vec<StampCardEvent>, StampCardError> {
    if !card.has(cmd.ticket_id) {
        return Ok(vec![]);
    }
    Ok(vec![StampCardEvent::StampRemoved { user_id: cmd.user_id, ticket_id: cmd.ticket_id }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn remove(n: u128) -> RemoveStamp {
        RemoveStamp { user_id: USER, ticket_id: ticket(n) }
    }

    fn removed(n: u128) -> StampCardEvent {
        StampCardEvent::StampRemoved { user_id: USER, ticket_id: ticket(n) }
    }

    #[test]
    fn a_returned_tickets_stamp_is_taken_off() {
        given(stamps(3)).when(|s| decide_remove_stamp(&remove(2), s)).then([removed(2)]);
        let mut history = stamps(3);
        history.push(removed(2));
        let card = given(history).state();
        assert_eq!(card.count(), 2);
        assert!(!card.has(ticket(2)));
    }

    #[test]
    fn a_ticket_without_a_stamp_changes_nothing() {
        given(stamps(3)).when(|s| decide_remove_stamp(&remove(7), s)).then([]);
        let mut history = stamps(3);
        history.push(removed(2));
        given(history).when(|s| decide_remove_stamp(&remove(2), s)).then([]);
    }

    #[test]
    fn an_earned_reward_stays() {
        let mut history = stamps(10);
        history.push(earned("A"));
        history.push(removed(1));
        assert_eq!(given(history).state().rewards.len(), 1);
    }
}
