//! `ConfirmHold`: the order of a hold was paid; its seats are sold.

use uuid::Uuid;

use super::{HoldError, SeatInventory, SeatInventoryEvent, EVENT_ID_NAMESPACE};

/// Confirm the hold `hold_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfirmHold {
    pub hold_id: Uuid,
}

/// Confirm: one [`SeatInventoryEvent::HoldConfirmed`]; nothing when it is confirmed
/// already. A hold whose seats were all released cannot be confirmed ([`HoldError::HoldReleased`]):
/// the payment came too late and the caller must hold seats again, or refund.
pub fn decide_confirm(cmd: &ConfirmHold, state: &SeatInventory) -> Result<Vec<SeatInventoryEvent>, HoldError> {
    let SeatInventory::Opened(inventory) = state else {
        return Err(HoldError::NotOpened);
    };
    let hold = inventory.hold(cmd.hold_id).ok_or(HoldError::HoldNotFound)?;
    if hold.confirmed {
        return Ok(vec![]);
    }
    if hold.seats_left == 0 {
        return Err(HoldError::HoldReleased);
    }
    Ok(vec![SeatInventoryEvent::HoldConfirmed { course_id: inventory.course_id, hold_id: cmd.hold_id }])
}

/// The id of a hold's `HoldConfirmed` event: derived from the course and the hold id.
pub fn confirm_event_id(course_id: Uuid, hold_id: Uuid) -> Uuid {
    let name = format!("{}/HoldConfirmed/{hold_id}", super::stream_name(course_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, given, opened, COURSE};
    use super::*;
    use crate::seat_inventory::ReleaseReason;

    const HOLD: Uuid = Uuid::from_u128(1);

    fn held(seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::SeatsHeld { course_id: COURSE, hold_id: HOLD, from: 0, to: 2, seats, expires_at: at(15) }
    }

    fn confirmed() -> SeatInventoryEvent {
        SeatInventoryEvent::HoldConfirmed { course_id: COURSE, hold_id: HOLD }
    }

    fn released(seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::SeatsReleased {
            course_id: COURSE,
            hold_id: HOLD,
            release_id: Uuid::from_u128(50 + u128::from(seats)),
            from: 0,
            to: 2,
            seats,
            reason: ReleaseReason::Expired,
        }
    }

    #[test]
    fn a_paid_hold_is_confirmed_once() {
        given([opened(10), held(2)]).when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s)).then([confirmed()]);
        given([opened(10), held(2), confirmed()]).when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s)).then([]);
    }

    #[test]
    fn a_partly_released_hold_can_still_be_confirmed() {
        given([opened(10), held(2), released(1)])
            .when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s))
            .then([confirmed()]);
    }

    #[test]
    fn a_released_hold_cannot_be_confirmed() {
        given([opened(10), held(2), released(2)])
            .when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s))
            .then_err(HoldError::HoldReleased);
    }

    #[test]
    fn an_unknown_hold_or_course_is_refused() {
        given([opened(10)])
            .when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s))
            .then_err(HoldError::HoldNotFound);
        given([]).when(|s| decide_confirm(&ConfirmHold { hold_id: HOLD }, s)).then_err(HoldError::NotOpened);
    }

    #[test]
    fn confirming_keeps_the_seats_taken() {
        let state = given([opened(10), held(2), confirmed()]).state();
        let SeatInventory::Opened(inventory) = state else { panic!("the inventory is open") };
        assert_eq!(inventory.segment_loads, vec![2, 2, 0]);
        assert_eq!(inventory.hold(HOLD).map(|h| h.confirmed), Some(true));
    }

    #[test]
    fn the_confirm_event_id_is_derived_from_the_hold() {
        assert_eq!(confirm_event_id(COURSE, HOLD), confirm_event_id(COURSE, HOLD));
        assert_ne!(confirm_event_id(COURSE, HOLD), confirm_event_id(COURSE, Uuid::from_u128(2)));
        assert_ne!(confirm_event_id(COURSE, HOLD), super::super::hold_event_id(COURSE, HOLD));
    }
}
