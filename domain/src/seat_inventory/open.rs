//! `OpenInventory`: the catalogue created a course; open its seat inventory.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{SeatInventory, SeatInventoryEvent, Stop, EVENT_ID_NAMESPACE};

/// Open the seat inventory of a new course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenInventory {
    pub course_id: Uuid,
    pub route_id: i64,
    pub departure_at: DateTime<Utc>,
    pub seats: u32,
    /// The route's stops in order, with their minutes from the departure.
    pub stops: Vec<Stop>,
}

/// Why an inventory cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenInventoryError {
    #[error("a course needs at least one seat")]
    NoSeats,
    #[error("a course needs at least two stops, this one has {0}")]
    TooFewStops(usize),
    #[error("a stop appears twice on the course")]
    RepeatedStop,
    #[error("the minutes of the stops must strictly increase")]
    MinutesNotIncreasing,
    #[error("the inventory is already open")]
    AlreadyOpened,
}

/// Open the inventory: one [`SeatInventoryEvent::InventoryOpened`], every segment empty.
pub fn decide_open(cmd: &OpenInventory, state: &SeatInventory) -> Result<Vec<SeatInventoryEvent>, OpenInventoryError> {
    if let SeatInventory::Opened(_) = state {
        return Err(OpenInventoryError::AlreadyOpened);
    }
    if cmd.seats == 0 {
        return Err(OpenInventoryError::NoSeats);
    }
    if cmd.stops.len() < 2 {
        return Err(OpenInventoryError::TooFewStops(cmd.stops.len()));
    }
    for (i, stop) in cmd.stops.iter().enumerate() {
        if cmd.stops[..i].iter().any(|s| s.waypoint_id == stop.waypoint_id) {
            return Err(OpenInventoryError::RepeatedStop);
        }
    }
    if cmd.stops.windows(2).any(|w| w[0].minutes_from_start >= w[1].minutes_from_start) {
        return Err(OpenInventoryError::MinutesNotIncreasing);
    }
    Ok(vec![SeatInventoryEvent::InventoryOpened {
        course_id: cmd.course_id,
        route_id: cmd.route_id,
        departure_at: cmd.departure_at,
        seats: cmd.seats,
        stops: cmd.stops.clone(),
    }])
}

/// The id of a course's `InventoryOpened` event: derived from the course id, so opening
/// the same course again (a retried generate) appends nothing.
pub fn opened_event_id(course_id: Uuid) -> Uuid {
    Uuid::new_v5(&EVENT_ID_NAMESPACE, format!("{}/InventoryOpened", super::stream_name(course_id)).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::given;
    use super::*;

    fn stops(minutes: &[u32]) -> Vec<Stop> {
        minutes.iter().enumerate().map(|(i, m)| Stop { waypoint_id: 10 + i as i64, minutes_from_start: *m }).collect()
    }

    fn open(seats: u32, minutes: &[u32]) -> OpenInventory {
        OpenInventory {
            course_id: Uuid::from_u128(7),
            route_id: 3,
            departure_at: DateTime::UNIX_EPOCH,
            seats,
            stops: stops(minutes),
        }
    }

    fn opened(seats: u32, minutes: &[u32]) -> SeatInventoryEvent {
        SeatInventoryEvent::InventoryOpened {
            course_id: Uuid::from_u128(7),
            route_id: 3,
            departure_at: DateTime::UNIX_EPOCH,
            seats,
            stops: stops(minutes),
        }
    }

    #[test]
    fn a_new_course_opens_with_its_seats_and_stops() {
        given([]).when(|s| decide_open(&open(49, &[0, 45, 120]), s)).then([opened(49, &[0, 45, 120])]);
    }

    #[test]
    fn a_course_without_seats_is_refused() {
        given([]).when(|s| decide_open(&open(0, &[0, 45]), s)).then_err(OpenInventoryError::NoSeats);
    }

    #[test]
    fn a_course_with_fewer_than_two_stops_is_refused() {
        given([]).when(|s| decide_open(&open(49, &[0]), s)).then_err(OpenInventoryError::TooFewStops(1));
        given([]).when(|s| decide_open(&open(49, &[]), s)).then_err(OpenInventoryError::TooFewStops(0));
    }

    #[test]
    fn stops_must_be_distinct_and_move_forward_in_time() {
        given([]).when(|s| decide_open(&open(49, &[0, 30, 30]), s)).then_err(OpenInventoryError::MinutesNotIncreasing);
        let mut cmd = open(49, &[0, 30]);
        cmd.stops[1].waypoint_id = cmd.stops[0].waypoint_id;
        given([]).when(|s| decide_open(&cmd, s)).then_err(OpenInventoryError::RepeatedStop);
    }

    #[test]
    fn an_inventory_opens_once() {
        given([opened(49, &[0, 45])])
            .when(|s| decide_open(&open(49, &[0, 45]), s))
            .then_err(OpenInventoryError::AlreadyOpened);
    }

    #[test]
    fn the_opening_event_id_is_derived_from_the_course() {
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        assert_eq!(opened_event_id(a), opened_event_id(a));
        assert_ne!(opened_event_id(a), opened_event_id(b));
        assert_eq!(opened_event_id(a).get_version_num(), 5);
    }
}
