//! The given/when/then harness ([`crate::testing`]) for the seat inventory.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::{SeatInventory, SeatInventoryEvent, Stop};
use crate::testing::{self, Given};

/// Fold `events` into the inventory a decision sees.
pub fn given(events: impl IntoIterator<Item = SeatInventoryEvent>) -> Given<SeatInventory> {
    testing::given(events)
}

/// The course of the tests.
pub const COURSE: Uuid = Uuid::from_u128(7);

/// `minutes` after the epoch.
pub fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::UNIX_EPOCH + Duration::minutes(minutes)
}

/// A course with `seats` seats leaving at minute 60 from waypoint 10, then 11, 12 and 13
/// (30 minutes apart).
pub fn opened(seats: u32) -> SeatInventoryEvent {
    SeatInventoryEvent::InventoryOpened {
        course_id: COURSE,
        route_id: 3,
        departure_at: at(60),
        seats,
        stops: (0..4).map(|i| Stop { waypoint_id: 10 + i, minutes_from_start: 30 * i as u32 }).collect(),
    }
}
