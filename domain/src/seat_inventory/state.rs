//! The state of a course's seat inventory, folded from its events.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Disruption, SeatInventoryEvent, Stop};

/// A course's seat inventory as its events leave it.
// One value per loaded course, moved rarely: boxing the opened state would buy nothing.
#[allow(clippy::large_enum_variant)]
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
    /// Seats taken (held or sold) on each segment; `segment_loads[k]` lies between
    /// `stops[k]` and `stops[k + 1]`.
    pub segment_loads: Vec<u32>,
    /// Every hold ever made on the course, by hold id (released ones stay, with nothing left).
    pub holds: BTreeMap<Uuid, Hold>,
    /// What the carrier said last when the course does not run as planned (cancelled or
    /// delayed); `None` while it runs normally.
    pub disruption: Option<Disruption>,
    /// When the driver marked it as having left.
    pub departed_at: Option<DateTime<Utc>>,
}

/// Seats held for one order leg: held, then confirmed (paid), then released in part or
/// in whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hold {
    /// Stop index where the passengers board.
    pub from: u32,
    /// Stop index where they leave.
    pub to: u32,
    /// Seats held at first.
    pub seats_held: u32,
    /// Seats still held (not released).
    pub seats_left: u32,
    /// The order was paid.
    pub confirmed: bool,
    pub expires_at: DateTime<Utc>,
    /// The releases applied to this hold, so a repeated release changes nothing.
    pub release_ids: Vec<Uuid>,
}

impl Inventory {
    /// The highest load on any segment: no capacity may go below it.
    pub fn max_load(&self) -> u32 {
        self.segment_loads.iter().copied().max().unwrap_or(0)
    }

    /// The hold with this id, if the course has one.
    pub fn hold(&self, hold_id: Uuid) -> Option<&Hold> {
        self.holds.get(&hold_id)
    }

    /// When the course arrives at its last stop: the timetable's arrival, later by the
    /// delay announced. Until then the carrier may still cancel it (a coach running late
    /// that breaks down on the way).
    pub fn arrival_at(&self) -> DateTime<Utc> {
        let last = self.stops.last().map_or(0, |s| s.minutes_from_start);
        let late = self.disruption.as_ref().and_then(|d| d.delay_minutes).unwrap_or(0);
        self.departure_at + chrono::Duration::minutes(i64::from(last) + i64::from(late))
    }

    /// The stops a cancellation from a stop onward leaves unserved (the course ends at
    /// its `from_stop`): a ticket to one of them cannot be used. `None` when the whole
    /// course is affected (a whole cancellation, a delay) or nothing is.
    pub fn unserved_stops(&self) -> Option<Vec<i64>> {
        let from = self.disruption.as_ref().filter(|d| d.cancelled())?.from_stop? as usize;
        Some(self.stops.iter().skip(from + 1).map(|s| s.waypoint_id).collect())
    }

    /// The index of the stop at this waypoint, if the course stops there.
    pub fn stop_index(&self, waypoint_id: i64) -> Option<usize> {
        self.stops.iter().position(|s| s.waypoint_id == waypoint_id)
    }

    /// Add `seats` (or take them off, when `add` is false) on segments `from..to`.
    fn load(&mut self, from: u32, to: u32, seats: u32, add: bool) {
        let (from, to) = (from as usize, (to as usize).min(self.segment_loads.len()));
        for load in self.segment_loads.iter_mut().take(to).skip(from) {
            *load = if add { load.saturating_add(seats) } else { load.saturating_sub(seats) };
        }
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

impl Inventory {
    /// An opened course's inventory after `event`.
    fn apply(&mut self, event: &SeatInventoryEvent) {
        match event {
            // A stream is opened once; a second opening changes nothing.
            SeatInventoryEvent::InventoryOpened { .. } => {}
            SeatInventoryEvent::CapacityChanged { seats, .. } => self.seats = *seats,
            SeatInventoryEvent::SeatsHeld { hold_id, from, to, seats, expires_at, .. } => {
                self.held(*hold_id, *from, *to, *seats, *expires_at);
            }
            SeatInventoryEvent::HoldConfirmed { hold_id, .. } => {
                if let Some(hold) = self.holds.get_mut(hold_id) {
                    hold.confirmed = true;
                }
            }
            SeatInventoryEvent::SeatsReleased { hold_id, release_id, from, to, seats, .. } => {
                self.released(*hold_id, *release_id, *from, *to, *seats);
            }
            SeatInventoryEvent::CourseCancelled { reason, by, at, from_stop, .. } => {
                self.disruption = Some(Disruption {
                    delay_minutes: None,
                    from_stop: *from_stop,
                    reason: reason.clone(),
                    by: by.clone(),
                    at: *at,
                });
            }
            // A cancellation stands: a delay after it changes nothing (decide refuses it),
            // nor does clearing a delay.
            SeatInventoryEvent::DelayAnnounced { .. } | SeatInventoryEvent::DelayCleared { .. }
                if self.disruption.as_ref().is_some_and(Disruption::cancelled) => {}
            SeatInventoryEvent::DelayAnnounced { minutes, reason, by, at, .. } => {
                self.disruption = Some(Disruption {
                    delay_minutes: Some(*minutes),
                    from_stop: None,
                    reason: reason.clone(),
                    by: by.clone(),
                    at: *at,
                });
            }
            SeatInventoryEvent::DelayCleared { .. } => self.disruption = None,
            SeatInventoryEvent::CourseDeparted { at, .. } => {
                self.departed_at.get_or_insert(*at);
            }
        }
    }

    /// Seats held under `hold_id`. A hold id is held once (decide answers `[]` to a
    /// repeat); a second one is ignored.
    fn held(&mut self, hold_id: Uuid, from: u32, to: u32, seats: u32, expires_at: DateTime<Utc>) {
        if self.holds.contains_key(&hold_id) {
            return;
        }
        self.load(from, to, seats, true);
        let hold = Hold {
            from,
            to,
            seats_held: seats,
            seats_left: seats,
            confirmed: false,
            expires_at,
            release_ids: Vec::new(),
        };
        self.holds.insert(hold_id, hold);
    }

    /// Seats of `hold_id` released under `release_id` (once). Only what the hold still
    /// has goes back: a segment never drops below the other holds on it.
    fn released(&mut self, hold_id: Uuid, release_id: Uuid, from: u32, to: u32, seats: u32) {
        let released = match self.holds.get_mut(&hold_id) {
            Some(hold) if !hold.release_ids.contains(&release_id) => {
                let released = seats.min(hold.seats_left);
                hold.release_ids.push(release_id);
                hold.seats_left -= released;
                released
            }
            _ => 0,
        };
        self.load(from, to, released, false);
    }
}

/// The state after `event`. Total matches: a new event type does not compile until it
/// is handled here and in `Inventory::apply`.
pub fn evolve(state: SeatInventory, event: &SeatInventoryEvent) -> SeatInventory {
    match state {
        SeatInventory::Opened(mut inventory) => {
            inventory.apply(event);
            SeatInventory::Opened(inventory)
        }
        SeatInventory::Unopened => match event {
            SeatInventoryEvent::InventoryOpened { course_id, route_id, departure_at, seats, stops } => {
                SeatInventory::Opened(Inventory {
                    course_id: *course_id,
                    route_id: *route_id,
                    departure_at: *departure_at,
                    seats: *seats,
                    stops: stops.clone(),
                    segment_loads: vec![0; stops.len().saturating_sub(1)],
                    holds: BTreeMap::new(),
                    disruption: None,
                    departed_at: None,
                })
            }
            // Cannot happen in a valid stream (decide refuses them); nothing to change.
            SeatInventoryEvent::CapacityChanged { .. }
            | SeatInventoryEvent::SeatsHeld { .. }
            | SeatInventoryEvent::HoldConfirmed { .. }
            | SeatInventoryEvent::SeatsReleased { .. }
            | SeatInventoryEvent::CourseCancelled { .. }
            | SeatInventoryEvent::DelayAnnounced { .. }
            | SeatInventoryEvent::DelayCleared { .. }
            | SeatInventoryEvent::CourseDeparted { .. } => SeatInventory::Unopened,
        },
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
            holds: BTreeMap::new(),
            disruption: None,
            departed_at: None,
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
