//! `ChangeCapacity`: an admin changes a course's number of seats.

use uuid::Uuid;

use super::{SeatInventory, SeatInventoryEvent, EVENT_ID_NAMESPACE};

/// Give a course `seats` seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeCapacity {
    pub course_id: Uuid,
    pub seats: u32,
}

/// Why the seats cannot be changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeCapacityError {
    #[error("the course's inventory is not open")]
    NotOpened,
    #[error("a course needs at least one seat")]
    NoSeats,
    #[error("{taken} seats are already taken on one stretch; the course cannot have fewer")]
    BelowTaken { taken: u32 },
}

/// Change the seats; nothing happens when they do not change.
pub fn decide_change_capacity(
    cmd: &ChangeCapacity,
    state: &SeatInventory,
) -> Result<Vec<SeatInventoryEvent>, ChangeCapacityError> {
    let SeatInventory::Opened(inventory) = state else {
        return Err(ChangeCapacityError::NotOpened);
    };
    if cmd.seats == 0 {
        return Err(ChangeCapacityError::NoSeats);
    }
    if cmd.seats < inventory.max_load() {
        return Err(ChangeCapacityError::BelowTaken { taken: inventory.max_load() });
    }
    if cmd.seats == inventory.seats {
        return Ok(vec![]);
    }
    Ok(vec![SeatInventoryEvent::CapacityChanged {
        course_id: cmd.course_id,
        previous_seats: inventory.seats,
        seats: cmd.seats,
    }])
}

/// The id of a capacity change: derived from the course, the stream version it follows
/// and the new seats, so a retried change appends nothing.
pub fn capacity_event_id(course_id: Uuid, after_version: u64, seats: u32) -> Uuid {
    let name = format!("{}/{after_version}/CapacityChanged/{seats}", super::stream_name(course_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use chrono::DateTime;

    use super::super::testing::given;
    use super::super::Stop;
    use super::*;

    const COURSE: Uuid = Uuid::from_u128(7);

    fn opened(seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::InventoryOpened {
            course_id: COURSE,
            route_id: 3,
            departure_at: DateTime::UNIX_EPOCH,
            seats,
            stops: vec![
                Stop { waypoint_id: 1, minutes_from_start: 0 },
                Stop { waypoint_id: 2, minutes_from_start: 60 },
            ],
        }
    }

    fn change(seats: u32) -> ChangeCapacity {
        ChangeCapacity { course_id: COURSE, seats }
    }

    #[test]
    fn an_admin_changes_the_seats() {
        given([opened(49)])
            .when(|s| decide_change_capacity(&change(57), s))
            .then([SeatInventoryEvent::CapacityChanged { course_id: COURSE, previous_seats: 49, seats: 57 }]);
    }

    #[test]
    fn the_same_seats_change_nothing() {
        given([opened(49)]).when(|s| decide_change_capacity(&change(49), s)).then([]);
    }

    #[test]
    fn the_latest_change_counts() {
        let changed = SeatInventoryEvent::CapacityChanged { course_id: COURSE, previous_seats: 49, seats: 20 };
        given([opened(49), changed]).when(|s| decide_change_capacity(&change(20), s)).then([]);
    }

    #[test]
    fn zero_seats_or_an_unopened_course_are_refused() {
        given([opened(49)]).when(|s| decide_change_capacity(&change(0), s)).then_err(ChangeCapacityError::NoSeats);
        given([]).when(|s| decide_change_capacity(&change(10), s)).then_err(ChangeCapacityError::NotOpened);
    }

    #[test]
    fn retried_changes_share_an_event_id() {
        assert_eq!(capacity_event_id(COURSE, 0, 57), capacity_event_id(COURSE, 0, 57));
        assert_ne!(capacity_event_id(COURSE, 0, 57), capacity_event_id(COURSE, 1, 57));
    }
}
