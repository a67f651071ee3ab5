//! # Seat inventory: a course's seats, by segment
//!
//! One aggregate per course, in the stream `course-{course id}`. A course runs along an
//! ordered list of stops; a *segment* is the stretch between two consecutive stops. A
//! seat sold from stop `i` to stop `j` occupies segments `i..j`, so the seats available
//! for `i -> j` are the course's seats minus the highest load on any of those segments
//! (docs/booking-rules.md, 'Seats on a stretch').
//!
//! The commands:
//! - [`OpenInventory`] ([`decide_open`]): the catalogue opens the stream when it creates a
//!   course, with [`SeatInventoryEvent::InventoryOpened`] carrying every fact a reader
//!   needs (course, route, departure, seats, stops with their minutes).
//! - [`ChangeCapacity`] ([`decide_change_capacity`]): an admin changes a course's seats;
//!   never below what is already taken (held or sold).
//! - [`HoldSeats`] ([`decide_hold`]): an order being placed holds seats on a stretch,
//!   never more than are free, never once sales have closed (`sale_cutoff_minutes`
//!   before the coach leaves the boarding stop). [`SeatInventoryEvent::SeatsHeld`].
//! - [`ConfirmHold`] ([`decide_confirm`]): the order was paid; the held seats are sold.
//!   [`SeatInventoryEvent::HoldConfirmed`].
//! - [`ReleaseSeats`] ([`decide_release`]): some or all seats of a hold go back to the
//!   pool, with a [`ReleaseReason`]. [`SeatInventoryEvent::SeatsReleased`].
//!
//! - [`CancelCourse`] ([`decide_cancel_course`]) and [`AnnounceDelay`]
//!   ([`decide_announce_delay`]): the carrier cancels the course (it sells nothing more)
//!   or announces its delay; the course's [`Disruption`] is what it said last.
//!
//! A hold is the unit of seats of one order leg: its id is chosen by the caller, so a
//! retried hold takes nothing more, and its releases carry their own ids, so a retried
//! release frees nothing more. The inventory does not expire holds on its own: the
//! order decides when it has expired and the expiry process releases the seats, so
//! seats are never freed under an order that is being paid. Query a hold with
//! [`Inventory::hold`].
//!
//! Event ids are derived from the command ([`opened_event_id`], [`capacity_event_id`],
//! [`hold_event_id`], [`confirm_event_id`], [`release_event_id`]),
//! so a retried command appends nothing new.

mod change_capacity;
mod confirm;
mod disrupt;
mod events;
mod hold;
mod open;
mod release;
mod state;
#[cfg(test)]
mod testing;

pub use change_capacity::{capacity_event_id, decide_change_capacity, ChangeCapacity, ChangeCapacityError};
pub use confirm::{confirm_event_id, decide_confirm, ConfirmHold};
pub use disrupt::{
    decide_announce_delay, decide_cancel_course, decide_mark_departed, disruption_event_id, AnnounceDelay,
    CancelCourse, DisruptError, Disruption, MarkDeparted, CHOICE_DELAY_MINUTES,
};
pub use events::{stream_name, ReleaseReason, SeatInventoryEvent, Stop, STREAM_PREFIX};
pub use hold::{decide_hold, hold_event_id, HoldError, HoldSeats};
pub use open::{decide_open, opened_event_id, OpenInventory, OpenInventoryError};
pub use release::{decide_release, release_event_id, ReleaseSeats};
pub use state::{evolve, Hold, Inventory, SeatInventory};

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0xcb17e20b_5a78_4486_b047_03a09c1c21d0);

/// A course's seat inventory, in `course-{id}`.
impl crate::Aggregate for SeatInventory {
    type Event = SeatInventoryEvent;
    type Id = uuid::Uuid;

    fn evolve(self, event: &SeatInventoryEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &SeatInventoryEvent) -> &'static str {
        event.event_type()
    }

    fn stream(course_id: &uuid::Uuid) -> String {
        stream_name(*course_id)
    }
}
