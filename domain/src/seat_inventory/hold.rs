//! `HoldSeats`: an order being placed holds seats on a stretch of a course.
//!
//! The hold is the only way seats get taken, and the only place the course could be
//! oversold, so every check of availability is here: the seats free on a stretch are the
//! course's seats minus the highest load on its segments, and a hold never takes more.
//! Concurrency is the event store's job (one stream per course, expected versions).

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::{SeatInventory, SeatInventoryEvent, EVENT_ID_NAMESPACE};

/// Hold `seats` seats from the stop at `from_waypoint` to the stop at `to_waypoint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldSeats {
    pub course_id: Uuid,
    /// Chosen by the caller (derived from the order and leg), so a retry holds nothing more.
    pub hold_id: Uuid,
    pub from_waypoint: i64,
    pub to_waypoint: i64,
    pub seats: u32,
    /// When an unpaid order lets the seats go.
    pub expires_at: DateTime<Utc>,
    pub now: DateTime<Utc>,
    /// Sales close this many minutes before the coach leaves the boarding stop (*setting*).
    pub sale_cutoff_minutes: u32,
}

/// Why seats cannot be held, confirmed or released.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoldError {
    #[error("the course's inventory is not open")]
    NotOpened,
    #[error("the course does not stop at waypoint {0}")]
    UnknownStop(i64),
    #[error("a trip goes forward along the route")]
    WrongDirection,
    #[error("no seats were asked for")]
    NoSeatsRequested,
    #[error("only {available} seats are free on this stretch")]
    NotEnoughSeats { available: u32 },
    #[error("sales for this course have closed")]
    SaleClosed,
    #[error("there is no such hold")]
    HoldNotFound,
    #[error("the hold's seats were all released")]
    HoldReleased,
    #[error("the course was cancelled")]
    CourseCancelled,
}

/// Hold the seats: one [`SeatInventoryEvent::SeatsHeld`]; nothing when the hold id is
/// already held.
pub fn decide_hold(cmd: &HoldSeats, state: &SeatInventory) -> Result<Vec<SeatInventoryEvent>, HoldError> {
    let SeatInventory::Opened(inventory) = state else {
        return Err(HoldError::NotOpened);
    };
    if inventory.hold(cmd.hold_id).is_some() {
        return Ok(vec![]);
    }
    if cmd.seats == 0 {
        return Err(HoldError::NoSeatsRequested);
    }
    let from = inventory.stop_index(cmd.from_waypoint).ok_or(HoldError::UnknownStop(cmd.from_waypoint))?;
    let to = inventory.stop_index(cmd.to_waypoint).ok_or(HoldError::UnknownStop(cmd.to_waypoint))?;
    if from >= to {
        return Err(HoldError::WrongDirection);
    }
    if inventory.disruption.as_ref().is_some_and(|d| d.cuts(from as u32, to as u32)) {
        return Err(HoldError::CourseCancelled);
    }
    let boarding = inventory.departure_at + Duration::minutes(i64::from(inventory.stops[from].minutes_from_start));
    if cmd.now >= boarding - Duration::minutes(i64::from(cmd.sale_cutoff_minutes)) {
        return Err(HoldError::SaleClosed);
    }
    let available = inventory.available(from, to).unwrap_or(0);
    if cmd.seats > available {
        return Err(HoldError::NotEnoughSeats { available });
    }
    // Stop indexes fit in u32: a route has far fewer stops.
    let (Ok(from), Ok(to)) = (u32::try_from(from), u32::try_from(to)) else {
        return Err(HoldError::WrongDirection);
    };
    Ok(vec![SeatInventoryEvent::SeatsHeld {
        course_id: inventory.course_id,
        hold_id: cmd.hold_id,
        from,
        to,
        seats: cmd.seats,
        expires_at: cmd.expires_at,
    }])
}

/// The id of a hold's `SeatsHeld` event: derived from the course and the hold id.
pub fn hold_event_id(course_id: Uuid, hold_id: Uuid) -> Uuid {
    let name = format!("{}/SeatsHeld/{hold_id}", super::stream_name(course_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{self, at, opened, COURSE};
    use super::*;
    use crate::seat_inventory::ChangeCapacityError;

    fn hold(id: u128, from: i64, to: i64, seats: u32) -> HoldSeats {
        HoldSeats {
            course_id: COURSE,
            hold_id: Uuid::from_u128(id),
            from_waypoint: from,
            to_waypoint: to,
            seats,
            expires_at: at(15),
            now: at(0),
            sale_cutoff_minutes: 10,
        }
    }

    fn held(id: u128, from: u32, to: u32, seats: u32) -> SeatInventoryEvent {
        SeatInventoryEvent::SeatsHeld {
            course_id: COURSE,
            hold_id: Uuid::from_u128(id),
            from,
            to,
            seats,
            expires_at: at(15),
        }
    }

    #[test]
    fn seats_are_held_between_the_stop_indexes() {
        // Stops are waypoints 10, 11, 12, 13.
        testing::given([opened(10)]).when(|s| decide_hold(&hold(1, 11, 13, 3), s)).then([held(1, 1, 3, 3)]);
    }

    #[test]
    fn a_hold_id_is_held_once() {
        testing::given([opened(10), held(1, 0, 1, 3)]).when(|s| decide_hold(&hold(1, 10, 11, 3), s)).then([]);
    }

    #[test]
    fn the_seats_free_are_those_of_the_fullest_segment() {
        let given = || testing::given([opened(10), held(1, 0, 2, 6), held(2, 2, 3, 9)]);
        given().when(|s| decide_hold(&hold(3, 10, 11, 4), s)).then([held(3, 0, 1, 4)]);
        given().when(|s| decide_hold(&hold(3, 10, 11, 5), s)).then_err(HoldError::NotEnoughSeats { available: 4 });
        given().when(|s| decide_hold(&hold(3, 11, 13, 2), s)).then_err(HoldError::NotEnoughSeats { available: 1 });
        given().when(|s| decide_hold(&hold(3, 11, 13, 1), s)).then([held(3, 1, 3, 1)]);
    }

    #[test]
    fn released_seats_are_free_again() {
        let released = SeatInventoryEvent::SeatsReleased {
            course_id: COURSE,
            hold_id: Uuid::from_u128(1),
            release_id: Uuid::from_u128(100),
            from: 0,
            to: 3,
            seats: 4,
            reason: crate::seat_inventory::ReleaseReason::Expired,
        };
        testing::given([opened(10), held(1, 0, 3, 10), released])
            .when(|s| decide_hold(&hold(2, 10, 13, 4), s))
            .then([held(2, 0, 3, 4)]);
    }

    #[test]
    fn a_hold_never_overloads_a_segment() {
        // Hold one seat at a time on random stretches until nothing fits: no segment
        // ever carries more than the course's seats.
        let mut state = testing::given([opened(7)]).state();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for id in 0..400u128 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let from = (seed >> 33) % 3;
            let to = from + 1 + (seed >> 40) % (3 - from);
            let cmd = hold(id + 1, 10 + from as i64, 10 + to as i64, 1 + ((seed >> 50) % 3) as u32);
            if let Ok(events) = decide_hold(&cmd, &state) {
                state = events.iter().fold(state, crate::seat_inventory::evolve);
            }
            let SeatInventory::Opened(inventory) = &state else { panic!("the inventory is open") };
            assert!(inventory.segment_loads.iter().all(|load| *load <= 7), "{:?}", inventory.segment_loads);
        }
        let SeatInventory::Opened(inventory) = &state else { panic!("the inventory is open") };
        assert!(inventory.segment_loads.contains(&7), "the loop did fill a segment");
    }

    #[test]
    fn stops_must_be_on_the_course_and_in_order() {
        let given = || testing::given([opened(10)]);
        given().when(|s| decide_hold(&hold(1, 99, 11, 1), s)).then_err(HoldError::UnknownStop(99));
        given().when(|s| decide_hold(&hold(1, 10, 98, 1), s)).then_err(HoldError::UnknownStop(98));
        given().when(|s| decide_hold(&hold(1, 12, 11, 1), s)).then_err(HoldError::WrongDirection);
        given().when(|s| decide_hold(&hold(1, 11, 11, 1), s)).then_err(HoldError::WrongDirection);
    }

    #[test]
    fn zero_seats_or_an_unopened_course_are_refused() {
        testing::given([opened(10)])
            .when(|s| decide_hold(&hold(1, 10, 11, 0), s))
            .then_err(HoldError::NoSeatsRequested);
        testing::given([]).when(|s| decide_hold(&hold(1, 10, 11, 1), s)).then_err(HoldError::NotOpened);
    }

    #[test]
    fn sales_close_before_the_coach_leaves_the_boarding_stop() {
        // The course leaves at minute 60 (`at(60)`); stop 11 is 30 minutes later.
        let with_now = |now: i64, from: i64| HoldSeats { now: at(now), ..hold(1, from, 13, 1) };
        let given = || testing::given([opened(10)]);
        given().when(|s| decide_hold(&with_now(49, 10), s)).then([held(1, 0, 3, 1)]);
        given().when(|s| decide_hold(&with_now(50, 10), s)).then_err(HoldError::SaleClosed);
        given().when(|s| decide_hold(&with_now(79, 11), s)).then([held(1, 1, 3, 1)]);
        given().when(|s| decide_hold(&with_now(80, 11), s)).then_err(HoldError::SaleClosed);
    }

    #[test]
    fn capacity_cannot_go_below_the_held_seats() {
        let cmd = crate::seat_inventory::ChangeCapacity { course_id: COURSE, seats: 5 };
        testing::given([opened(10), held(1, 0, 1, 6)])
            .when(|s| crate::seat_inventory::decide_change_capacity(&cmd, s))
            .then_err(ChangeCapacityError::BelowTaken { taken: 6 });
    }

    #[test]
    fn the_hold_event_id_is_derived_from_the_hold() {
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        assert_eq!(hold_event_id(COURSE, a), hold_event_id(COURSE, a));
        assert_ne!(hold_event_id(COURSE, a), hold_event_id(COURSE, b));
    }
}
