//! The events of a course's seat inventory: the contract with every reader.
//!
//! Stored with the event type [`SeatInventoryEvent::event_type`] and, as data, the JSON of
//! the enum (internally tagged: the data also says `"type": "InventoryOpened"`, so it
//! decodes on its own). Version 1 of each type; an incompatible change gets a new type
//! name and an upcaster, old events stay readable.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "course-";

/// The stream of a course's seat inventory: `course-{id}`.
pub fn stream_name(course_id: Uuid) -> String {
    format!("{STREAM_PREFIX}{course_id}")
}

/// A stop of a course, in route order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stop {
    pub waypoint_id: i64,
    /// Minutes from the course's departure to this stop.
    pub minutes_from_start: u32,
}

/// What happened to a course's seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum SeatInventoryEvent {
    /// The course was created with `seats` seats along `stops` (at least two; the
    /// segments lie between consecutive stops). Every segment starts empty.
    InventoryOpened { course_id: Uuid, route_id: i64, departure_at: DateTime<Utc>, seats: u32, stops: Vec<Stop> },
    /// An admin changed the course's number of seats.
    CapacityChanged { course_id: Uuid, previous_seats: u32, seats: u32 },
    /// `seats` seats are held from stop index `from` to stop index `to` (`from < to`) for
    /// an order being placed: segments `from..to` carry `seats` more. The hold lasts
    /// until it is confirmed (paid) or released; `expires_at` is when an unpaid order
    /// lets it go (the expiry process releases it, the inventory does not on its own).
    SeatsHeld { course_id: Uuid, hold_id: Uuid, from: u32, to: u32, seats: u32, expires_at: DateTime<Utc> },
    /// The order of the hold was paid: the held seats are sold.
    HoldConfirmed { course_id: Uuid, hold_id: Uuid },
    /// `seats` seats of a hold went back to the pool (segments `from..to` carry `seats`
    /// fewer); `release_id` identifies the release (a ticket returned, an order expired).
    SeatsReleased {
        course_id: Uuid,
        hold_id: Uuid,
        release_id: Uuid,
        from: u32,
        to: u32,
        seats: u32,
        reason: ReleaseReason,
    },
    /// The carrier cancelled the course (`by`: the admin's e-mail; `reason` is shown to
    /// the passengers): the whole course, or from the stop of index `from_stop` onward
    /// (it ends there: the segments after it do not run). What it no longer runs sells
    /// nothing more; the passengers of those segments are told and choose.
    CourseCancelled {
        course_id: Uuid,
        reason: String,
        by: String,
        at: DateTime<Utc>,
        /// `None` (events before partial cancellations name none): the whole course.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_stop: Option<u32>,
    },
    /// The course runs `minutes` late (replacing any delay announced before).
    DelayAnnounced { course_id: Uuid, minutes: u32, reason: String, by: String, at: DateTime<Utc> },
    /// The course runs on time again.
    DelayCleared { course_id: Uuid, by: String, at: DateTime<Utc> },
    /// The driver marked the course as having left its first stop (`by`: their e-mail).
    /// Until then, a course 20 minutes past its time alerts the office.
    CourseDeparted { course_id: Uuid, by: String, at: DateTime<Utc> },
}

/// Why held or sold seats went back to the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReleaseReason {
    /// The order was not paid in time.
    Expired,
    /// The placement of the order did not finish.
    Abandoned,
    /// An admin cancelled the order.
    Cancelled,
    /// A ticket was returned.
    Returned,
    /// A ticket moved to another course.
    CourseChanged,
    /// The payment was refused.
    PaymentFailed,
}

impl SeatInventoryEvent {
    /// The stored event type (the same text as the `type` tag of the data).
    pub fn event_type(&self) -> &'static str {
        match self {
            SeatInventoryEvent::InventoryOpened { .. } => "InventoryOpened",
            SeatInventoryEvent::CapacityChanged { .. } => "CapacityChanged",
            SeatInventoryEvent::SeatsHeld { .. } => "SeatsHeld",
            SeatInventoryEvent::HoldConfirmed { .. } => "HoldConfirmed",
            SeatInventoryEvent::SeatsReleased { .. } => "SeatsReleased",
            SeatInventoryEvent::CourseCancelled { .. } => "CourseCancelled",
            SeatInventoryEvent::DelayAnnounced { .. } => "DelayAnnounced",
            SeatInventoryEvent::DelayCleared { .. } => "DelayCleared",
            SeatInventoryEvent::CourseDeparted { .. } => "CourseDeparted",
        }
    }

    /// The course the event belongs to.
    pub fn course_id(&self) -> Uuid {
        match self {
            SeatInventoryEvent::InventoryOpened { course_id, .. }
            | SeatInventoryEvent::CapacityChanged { course_id, .. }
            | SeatInventoryEvent::SeatsHeld { course_id, .. }
            | SeatInventoryEvent::HoldConfirmed { course_id, .. }
            | SeatInventoryEvent::SeatsReleased { course_id, .. }
            | SeatInventoryEvent::CourseCancelled { course_id, .. }
            | SeatInventoryEvent::DelayAnnounced { course_id, .. }
            | SeatInventoryEvent::DelayCleared { course_id, .. }
            | SeatInventoryEvent::CourseDeparted { course_id, .. } => *course_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::de::value::{Error, StrDeserializer};
    use serde::de::IntoDeserializer;
    use serde::Deserialize;

    use super::*;

    #[test]
    fn release_reasons_are_snake_case_on_the_wire() {
        let read = |s: &'static str| {
            let d: StrDeserializer<Error> = s.into_deserializer();
            ReleaseReason::deserialize(d).ok()
        };
        assert_eq!(read("course_changed"), Some(ReleaseReason::CourseChanged));
        assert_eq!(read("payment_failed"), Some(ReleaseReason::PaymentFailed));
        assert_eq!(read("Expired"), None);
    }

    #[test]
    fn every_event_names_its_type_and_course() {
        let course = Uuid::from_u128(7);
        let events = [
            SeatInventoryEvent::SeatsHeld {
                course_id: course,
                hold_id: Uuid::nil(),
                from: 0,
                to: 1,
                seats: 1,
                expires_at: DateTime::UNIX_EPOCH,
            },
            SeatInventoryEvent::HoldConfirmed { course_id: course, hold_id: Uuid::nil() },
            SeatInventoryEvent::SeatsReleased {
                course_id: course,
                hold_id: Uuid::nil(),
                release_id: Uuid::nil(),
                from: 0,
                to: 1,
                seats: 1,
                reason: ReleaseReason::Returned,
            },
        ];
        let named: Vec<(&str, Uuid)> = events.iter().map(|e| (e.event_type(), e.course_id())).collect();
        assert_eq!(named, vec![("SeatsHeld", course), ("HoldConfirmed", course), ("SeatsReleased", course)]);
    }
}
