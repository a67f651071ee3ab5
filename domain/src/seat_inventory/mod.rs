//! # Seat inventory: a course's seats, by segment
//!
//! One aggregate per course, in the stream `course-{course id}`. A course runs along an
//! ordered list of stops; a *segment* is the stretch between two consecutive stops. A
//! seat sold from stop `i` to stop `j` occupies segments `i..j`, so the seats available
//! for `i -> j` are the course's seats minus the highest load on any of those segments
//! (`DECISIONS.md`, "Seat inventory").
//!
//! What exists so far (the booking work adds holds, payments and releases):
//! - [`OpenInventory`] ([`decide_open`]): the catalogue opens the stream when it creates a
//!   course, with [`SeatInventoryEvent::InventoryOpened`] carrying every fact a reader
//!   needs (course, route, departure, seats, stops with their minutes).
//! - [`ChangeCapacity`] ([`decide_change_capacity`]): an admin changes a course's seats;
//!   never below what is already taken.
//!
//! Event ids are derived from the command ([`opened_event_id`], [`capacity_event_id`]),
//! so a retried command appends nothing new.

mod change_capacity;
mod events;
mod open;
mod state;
#[cfg(test)]
mod testing;

pub use change_capacity::{capacity_event_id, decide_change_capacity, ChangeCapacity, ChangeCapacityError};
pub use events::{stream_name, ReleaseReason, SeatInventoryEvent, Stop, STREAM_PREFIX};
pub use open::{decide_open, opened_event_id, OpenInventory, OpenInventoryError};
pub use state::{evolve, Hold, Inventory, SeatInventory};

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0xcb17e20b_5a78_4486_b047_03a09c1c21d0);
