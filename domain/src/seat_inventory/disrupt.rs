//! `CancelCourse` and `AnnounceDelay`: the carrier says a course will not run, or will
//! run late (docs/disruptions.md, 'The carrier cancels or delays a course').
//!
//! Both are facts on the course's own stream, with who said it, when and why, so the
//! process that tells the passengers ([`crate::order::decide_tell_disruption`]) and every
//! read model follow them. A cancelled course sells nothing more ([`super::decide_hold`]
//! refuses), and it is cancelled once. A delay is announced as often as needed, each time
//! replacing the minutes and the reason; zero minutes clear it. A cancellation after a
//! delay replaces the delay.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{SeatInventory, SeatInventoryEvent, EVENT_ID_NAMESPACE};

/// From this many minutes a delay gives the passengers the same choice as a cancellation
/// (EU Regulation 181/2011, art. 19); a shorter one is only told.
pub const CHOICE_DELAY_MINUTES: u32 = 120;

/// Cancel a course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelCourse {
    pub course_id: Uuid,
    /// Shown to the passengers.
    pub reason: String,
    /// Who cancelled it (the admin's e-mail).
    pub by: String,
    pub now: DateTime<Utc>,
}

/// Announce (or clear, with 0 minutes) a course's delay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnounceDelay {
    pub course_id: Uuid,
    pub minutes: u32,
    pub reason: String,
    pub by: String,
    pub now: DateTime<Utc>,
}

/// Why a course cannot be cancelled or delayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisruptError {
    #[error("the course's inventory is not open")]
    NotOpened,
    #[error("the course was cancelled already")]
    AlreadyCancelled,
    #[error("the course has departed")]
    Departed,
    #[error("a reason is required")]
    ReasonRequired,
}

/// What the carrier said last about a course that does not run as planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disruption {
    /// `None`: cancelled; `Some(minutes)`: delayed.
    pub delay_minutes: Option<u32>,
    pub reason: String,
    pub by: String,
    pub at: DateTime<Utc>,
}

impl Disruption {
    /// The course will not run.
    pub fn cancelled(&self) -> bool {
        self.delay_minutes.is_none()
    }

    /// The passengers may choose another course or a full refund: a cancellation, or a
    /// delay of [`CHOICE_DELAY_MINUTES`] or more.
    pub fn choice_offered(&self) -> bool {
        self.delay_minutes.is_none_or(|m| m >= CHOICE_DELAY_MINUTES)
    }
}

/// Cancel: one [`SeatInventoryEvent::CourseCancelled`].
pub fn decide_cancel_course(
    cmd: &CancelCourse,
    state: &SeatInventory,
) -> Result<Vec<SeatInventoryEvent>, DisruptError> {
    let SeatInventory::Opened(inventory) = state else { return Err(DisruptError::NotOpened) };
    if inventory.disruption.as_ref().is_some_and(Disruption::cancelled) {
        return Err(DisruptError::AlreadyCancelled);
    }
    if cmd.now >= inventory.departure_at {
        return Err(DisruptError::Departed);
    }
    let reason = cmd.reason.trim();
    if reason.is_empty() {
        return Err(DisruptError::ReasonRequired);
    }
    Ok(vec![SeatInventoryEvent::CourseCancelled {
        course_id: inventory.course_id,
        reason: reason.to_owned(),
        by: cmd.by.clone(),
        at: cmd.now,
    }])
}

/// Announce: one [`SeatInventoryEvent::DelayAnnounced`], or
/// [`SeatInventoryEvent::DelayCleared`] for 0 minutes; nothing when it says what the
/// course already shows.
pub fn decide_announce_delay(
    cmd: &AnnounceDelay,
    state: &SeatInventory,
) -> Result<Vec<SeatInventoryEvent>, DisruptError> {
    let SeatInventory::Opened(inventory) = state else { return Err(DisruptError::NotOpened) };
    let current = inventory.disruption.as_ref();
    if current.is_some_and(Disruption::cancelled) {
        return Err(DisruptError::AlreadyCancelled);
    }
    let reason = cmd.reason.trim();
    if cmd.minutes == 0 {
        if current.is_none() {
            return Ok(vec![]);
        }
        return Ok(vec![SeatInventoryEvent::DelayCleared {
            course_id: inventory.course_id,
            by: cmd.by.clone(),
            at: cmd.now,
        }]);
    }
    if reason.is_empty() {
        return Err(DisruptError::ReasonRequired);
    }
    if current.is_some_and(|d| d.delay_minutes == Some(cmd.minutes) && d.reason == reason) {
        return Ok(vec![]);
    }
    Ok(vec![SeatInventoryEvent::DelayAnnounced {
        course_id: inventory.course_id,
        minutes: cmd.minutes,
        reason: reason.to_owned(),
        by: cmd.by.clone(),
        at: cmd.now,
    }])
}

/// The id of a disruption event: derived from the course, the stream version it follows
/// and its type, so a retried command appends nothing.
pub fn disruption_event_id(course_id: Uuid, after_version: u64, event_type: &str) -> Uuid {
    let name = format!("{}/{after_version}/{event_type}", super::stream_name(course_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, given, opened, COURSE};
    use super::*;
    use crate::seat_inventory::{decide_hold, HoldError, HoldSeats};

    fn cancel(minute: i64) -> CancelCourse {
        CancelCourse { course_id: COURSE, reason: " Awaria autokaru ".into(), by: "admin@x.pl".into(), now: at(minute) }
    }

    fn cancelled() -> SeatInventoryEvent {
        SeatInventoryEvent::CourseCancelled {
            course_id: COURSE,
            reason: "Awaria autokaru".into(),
            by: "admin@x.pl".into(),
            at: at(10),
        }
    }

    fn delay(minutes: u32, reason: &str) -> AnnounceDelay {
        AnnounceDelay { course_id: COURSE, minutes, reason: reason.into(), by: "admin@x.pl".into(), now: at(20) }
    }

    fn delayed(minutes: u32, reason: &str) -> SeatInventoryEvent {
        SeatInventoryEvent::DelayAnnounced {
            course_id: COURSE,
            minutes,
            reason: reason.into(),
            by: "admin@x.pl".into(),
            at: at(20),
        }
    }

    #[test]
    fn a_course_is_cancelled_with_who_when_and_why() {
        given([opened(10)]).when(|s| decide_cancel_course(&cancel(10), s)).then([cancelled()]);
    }

    #[test]
    fn a_course_is_cancelled_once() {
        given([opened(10), cancelled()])
            .when(|s| decide_cancel_course(&cancel(11), s))
            .then_err(DisruptError::AlreadyCancelled);
    }

    #[test]
    fn a_departed_course_or_a_blank_reason_cannot_be_cancelled() {
        // The course leaves at minute 60.
        given([opened(10)]).when(|s| decide_cancel_course(&cancel(60), s)).then_err(DisruptError::Departed);
        let blank = CancelCourse { reason: "  ".into(), ..cancel(10) };
        given([opened(10)]).when(|s| decide_cancel_course(&blank, s)).then_err(DisruptError::ReasonRequired);
        given([]).when(|s| decide_cancel_course(&cancel(10), s)).then_err(DisruptError::NotOpened);
    }

    #[test]
    fn a_cancelled_course_sells_nothing() {
        let hold = HoldSeats {
            course_id: COURSE,
            hold_id: Uuid::from_u128(1),
            from_waypoint: 10,
            to_waypoint: 13,
            seats: 1,
            expires_at: at(25),
            now: at(11),
            sale_cutoff_minutes: 10,
        };
        given([opened(10), cancelled()]).when(|s| decide_hold(&hold, s)).then_err(HoldError::CourseCancelled);
    }

    #[test]
    fn a_delay_is_announced_replaced_and_cleared() {
        given([opened(10)]).when(|s| decide_announce_delay(&delay(30, "Korek"), s)).then([delayed(30, "Korek")]);
        given([opened(10), delayed(30, "Korek")])
            .when(|s| decide_announce_delay(&delay(45, "Korek"), s))
            .then([delayed(45, "Korek")]);
        given([opened(10), delayed(30, "Korek")]).when(|s| decide_announce_delay(&delay(30, "Korek"), s)).then([]);
        given([opened(10), delayed(30, "Korek")])
            .when(|s| decide_announce_delay(&delay(0, ""), s))
            .then([SeatInventoryEvent::DelayCleared { course_id: COURSE, by: "admin@x.pl".into(), at: at(20) }]);
        given([opened(10)]).when(|s| decide_announce_delay(&delay(0, ""), s)).then([]);
    }

    #[test]
    fn a_delay_needs_a_reason_and_a_running_course() {
        given([opened(10)]).when(|s| decide_announce_delay(&delay(30, " "), s)).then_err(DisruptError::ReasonRequired);
        given([opened(10), cancelled()])
            .when(|s| decide_announce_delay(&delay(30, "Korek"), s))
            .then_err(DisruptError::AlreadyCancelled);
    }

    #[test]
    fn a_delay_of_120_minutes_or_more_offers_the_choice() {
        let state = |events: Vec<SeatInventoryEvent>| match given(events).state() {
            SeatInventory::Opened(i) => i.disruption,
            SeatInventory::Unopened => None,
        };
        let offered = |minutes| state(vec![opened(10), delayed(minutes, "Korek")]).is_some_and(|d| d.choice_offered());
        assert!(!offered(119));
        assert!(offered(120));
        let cancelled_after_delay = state(vec![opened(10), delayed(30, "Korek"), cancelled()]);
        assert!(cancelled_after_delay.is_some_and(|d| d.cancelled() && d.choice_offered()));
        let cleared = SeatInventoryEvent::DelayCleared { course_id: COURSE, by: "a".into(), at: at(30) };
        assert_eq!(state(vec![opened(10), delayed(30, "Korek"), cleared]), None);
    }
}
