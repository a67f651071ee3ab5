//! The state of a course's seat inventory, folded from its events.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{SeatInventoryEvent, Stop};

/// A course's seat inventory as its events leave it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SeatInventory {
    /// No event yet: the stream does not exist.
    #[default]
    Unopened,
    Opened(Inventory),
}

/// An opened inventory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inventory {
    pub course_id: Uuid,
    pub route_id: i64,
    pub departure_at: DateTime<Utc>,
    pub seats: u32,
    pub stops: Vec<Stop>,
    /// Seats taken on each segment; `segment_loads[k]` lies between `stops[k]` and `stops[k + 1]`.
    pub segment_loads: Vec<u32>,
}

impl Inventory {
    /// The highest load on any segment: no capacity may go below it.
    pub fn max_load(&self) -> u32 {
        self.segment_loads.iter().copied().max().unwrap_or(0)
    }

    /// Seats free from stop index `from` to stop index `to` (a trip only goes forward):
    /// seats minus the highest load on the segments `from..to`. `None` for a stretch that
    /// is not one.
    pub fn available(&self, from: usize, to: usize) -> Option<u32> {
        if from >= to || to >= self.stops.len() {
            return None;
        }
        let load = self.segment_loads[from..to].iter().copied().max().unwrap_or(0);
        Some(self.seats.saturating_sub(load))
    }
}

/// The state after `event`. A total match: a new event type does not compile until it
/// is handled here.
pub fn evolve(state: SeatInventory, event: &SeatInventoryEvent) -> SeatInventory {
    match (state, event) {
        (
            SeatInventory::Unopened,
            SeatInventoryEvent::InventoryOpened { course_id, route_id, departure_at, seats, stops },
        ) => SeatInventory::Opened(Inventory {
            course_id: *course_id,
            route_id: *route_id,
            departure_at: *departure_at,
            seats: *seats,
            stops: stops.clone(),
            segment_loads: vec![0; stops.len().saturating_sub(1)],
        }),
        // A stream is opened once; a second opening changes nothing.
        (opened @ SeatInventory::Opened(_), SeatInventoryEvent::InventoryOpened { .. }) => opened,
        (SeatInventory::Opened(mut inventory), SeatInventoryEvent::CapacityChanged { seats, .. }) => {
            inventory.seats = *seats;
            SeatInventory::Opened(inventory)
        }
        // Cannot happen in a valid stream (decide refuses it); nothing to change.
        (SeatInventory::Unopened, SeatInventoryEvent::CapacityChanged { .. }) => SeatInventory::Unopened,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inventory(seats: u32, loads: Vec<u32>) -> Inventory {
        let stops =
            (0..=loads.len()).map(|i| Stop { waypoint_id: i as i64 + 1, minutes_from_start: i as u32 * 30 }).collect();
        Inventory {
            course_id: Uuid::nil(),
            route_id: 1,
            departure_at: DateTime::UNIX_EPOCH,
            seats,
            stops,
            segment_loads: loads,
        }
    }

    #[test]
    fn seats_on_a_stretch_are_seats_minus_its_highest_segment_load() {
        let inv = inventory(50, vec![10, 30, 5]);
        assert_eq!(inv.available(0, 1), Some(40));
        assert_eq!(inv.available(0, 3), Some(20));
        assert_eq!(inv.available(2, 3), Some(45));
        assert_eq!(inv.max_load(), 30);
    }

    #[test]
    fn a_stretch_goes_forward_between_existing_stops() {
        let inv = inventory(50, vec![0, 0]);
        assert_eq!(inv.available(1, 1), None);
        assert_eq!(inv.available(2, 1), None);
        assert_eq!(inv.available(0, 3), None);
    }

    #[test]
    fn an_overloaded_stretch_has_no_seats_rather_than_a_negative_number() {
        assert_eq!(inventory(10, vec![12]).available(0, 1), Some(0));
    }
}
