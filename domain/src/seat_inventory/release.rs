//! `ReleaseSeats`: seats of a hold go back to the pool (an order expired or was
//! abandoned or cancelled, a ticket was returned or moved to another course).

use uuid::Uuid;

use super::{HoldError, ReleaseReason, SeatInventory, SeatInventoryEvent, EVENT_ID_NAMESPACE};

/// Release `seats` seats of the hold `hold_id` (all that are left when `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReleaseSeats {
    pub hold_id: Uuid,
    /// Chosen by the caller (derived from the ticket or the order), so a retry releases nothing more.
    pub release_id: Uuid,
    pub seats: Option<u32>,
    pub reason: ReleaseReason,
}

/// Release: one [`SeatInventoryEvent::SeatsReleased`] of at most the seats left;
/// nothing when the release id was applied already or the hold has nothing left.
pub fn decide_release(cmd: &ReleaseSeats, state: &SeatInventory) -> Result<Vec<SeatInventoryEvent>, HoldError> {
    let SeatInventory::Opened(inventory) = state else {
        return Err(HoldError::NotOpened);
    };
    let hold = inventory.hold(cmd.hold_id).ok_or(HoldError::HoldNotFound)?;
    if cmd.seats == Some(0) {
        return Err(HoldError::NoSeatsRequested);
    }
    if hold.release_ids.contains(&cmd.release_id) || hold.seats_left == 0 {
        return Ok(vec![]);
    }
    let seats = cmd.seats.map_or(hold.seats_left, |s| s.min(hold.seats_left));
    Ok(vec![SeatInventoryEvent::SeatsReleased {
        course_id: inventory.course_id,
        hold_id: cmd.hold_id,
        release_id: cmd.release_id,
        from: hold.from,
        to: hold.to,
        seats,
        reason: cmd.reason,
    }])
}

/// The id of a `SeatsReleased` event: derived from the course and the release id.
pub fn release_event_id(course_id: Uuid, release_id: Uuid) -> Uuid {
    let name = format!("{}/SeatsReleased/{release_id}", super::stream_name(course_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, given, opened, COURSE};
    use super::*;

    const HOLD: Uuid = Uuid::from_u128(1);

    fn held(seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::SeatsHeld { course_id: COURSE, hold_id: HOLD, from: 1, to: 3, seats, expires_at: at(15) }
    }

    fn release(id: u128, seats: Option<u32>) -> ReleaseSeats {
        ReleaseSeats { hold_id: HOLD, release_id: Uuid::from_u128(id), seats, reason: ReleaseReason::Returned }
    }

    fn released(id: u128, seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::SeatsReleased {
            course_id: COURSE,
            hold_id: HOLD,
            release_id: Uuid::from_u128(id),
            from: 1,
            to: 3,
            seats,
            reason: ReleaseReason::Returned,
        }
    }

    fn loads(events: impl IntoIterator<Item = SeatInventoryEvent>) -> Vec<u32> {
        match given(events).state() {
            SeatInventory::Opened(inventory) => inventory.segment_loads,
            SeatInventory::Unopened => panic!("the inventory is open"),
        }
    }

    #[test]
    fn some_seats_of_a_hold_are_released_on_its_stretch() {
        given([opened(10), held(3)]).when(|s| decide_release(&release(100, Some(1)), s)).then([released(100, 1)]);
        assert_eq!(loads([opened(10), held(3), released(100, 1)]), vec![0, 2, 2]);
    }

    #[test]
    fn without_a_number_every_seat_left_is_released() {
        given([opened(10), held(3), released(100, 1)])
            .when(|s| decide_release(&release(101, None), s))
            .then([released(101, 2)]);
    }

    #[test]
    fn no_more_than_the_seats_left_are_released() {
        given([opened(10), held(3), released(100, 2)])
            .when(|s| decide_release(&release(101, Some(5)), s))
            .then([released(101, 1)]);
    }

    #[test]
    fn a_release_applies_once_and_an_empty_hold_releases_nothing() {
        given([opened(10), held(3), released(100, 1)]).when(|s| decide_release(&release(100, Some(1)), s)).then([]);
        given([opened(10), held(3), released(100, 3)]).when(|s| decide_release(&release(101, None), s)).then([]);
    }

    #[test]
    fn a_repeated_release_event_changes_nothing() {
        assert_eq!(loads([opened(10), held(3), released(100, 1), released(100, 1)]), vec![0, 2, 2]);
    }

    #[test]
    fn releases_never_free_more_than_the_hold_took() {
        // Another hold shares the stretch; an over-large release must not eat into it.
        let other = SeatInventoryEvent::SeatsHeld {
            course_id: COURSE,
            hold_id: Uuid::from_u128(2),
            from: 0,
            to: 3,
            seats: 4,
            expires_at: at(15),
        };
        assert_eq!(loads([opened(10), held(3), other, released(100, 9)]), vec![4, 4, 4]);
    }

    #[test]
    fn an_unknown_hold_zero_seats_or_an_unopened_course_are_refused() {
        given([opened(10)]).when(|s| decide_release(&release(100, None), s)).then_err(HoldError::HoldNotFound);
        given([opened(10), held(3)])
            .when(|s| decide_release(&release(100, Some(0)), s))
            .then_err(HoldError::NoSeatsRequested);
        given([]).when(|s| decide_release(&release(100, None), s)).then_err(HoldError::NotOpened);
    }

    #[test]
    fn the_release_event_id_is_derived_from_the_release() {
        let (a, b) = (Uuid::from_u128(100), Uuid::from_u128(101));
        assert_eq!(release_event_id(COURSE, a), release_event_id(COURSE, a));
        assert_ne!(release_event_id(COURSE, a), release_event_id(COURSE, b));
    }
}
