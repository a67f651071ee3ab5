//! `CancelCourse` and `AnnounceDelay`: the carrier says a course will not run, or will
//! run late (docs/disruptions.md, 'The carrier cancels or delays a course').
//!
//! Both are facts on the course's own stream, with who said it, when and why, so the
//! process that tells the passengers ([`crate::order::decide_tell_disruption`]) and every
//! read model follow them. A course is cancelled at any time until it has arrived (a
//! coach running late may break down on the way), whole or from a stop onward (it ends
//! there); what it no longer runs sells nothing more ([`super::decide_hold`] refuses). A
//! cancellation from a stop may be widened (from an earlier stop, or whole), never
//! narrowed. A delay is announced as often as needed, each time replacing the minutes and
//! the reason; zero minutes clear it. A cancellation after a delay replaces the delay.

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
    /// `None`: the whole course; `Some(stop)`: from that stop onward (the course ends
    /// there). The first stop is the whole course; the last one leaves nothing to cancel.
    pub from_waypoint: Option<i64>,
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

/// The driver marks the course as having left its first stop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkDeparted {
    pub course_id: Uuid,
    /// The driver's e-mail.
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
    #[error("the course has arrived")]
    Arrived,
    #[error("a reason is required")]
    ReasonRequired,
    #[error("the course does not stop there, or it is its last stop")]
    NotAStop,
}

/// What the carrier said last about a course that does not run as planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disruption {
    /// `None`: cancelled; `Some(minutes)`: delayed.
    pub delay_minutes: Option<u32>,
    /// A cancellation from the stop of this index onward (`None`: the whole course).
    pub from_stop: Option<u32>,
    pub reason: String,
    pub by: String,
    pub at: DateTime<Utc>,
}

impl Disruption {
    /// The course will not run.
    pub fn cancelled(&self) -> bool {
        self.delay_minutes.is_none()
    }

    /// The stretch from stop index `from` to `to` does not run: the course is cancelled
    /// whole, or from a stop before `to`.
    pub fn cuts(&self, _from: u32, to: u32) -> bool {
        self.cancelled() && self.from_stop.is_none_or(|k| to > k)
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
    let from_stop = match cmd.from_waypoint {
        None => None,
        Some(waypoint) => match inventory.stop_index(waypoint) {
            Some(0) => None,
            Some(k) if k + 1 < inventory.stops.len() => Some(k as u32),
            _ => return Err(DisruptError::NotAStop),
        },
    };
    // Cancelled already from this stop or an earlier one (or whole): nothing more to cut.
    let current = inventory.disruption.as_ref().filter(|d| d.cancelled()).map(|d| d.from_stop.unwrap_or(0));
    if current.is_some_and(|k| k <= from_stop.unwrap_or(0)) {
        return Err(DisruptError::AlreadyCancelled);
    }
    if cmd.now >= inventory.arrival_at() {
        return Err(DisruptError::Arrived);
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
        from_stop,
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

/// Mark departed: one [`SeatInventoryEvent::CourseDeparted`], once (nothing when it is
/// marked already); a course cancelled whole does not leave.
pub fn decide_mark_departed(
    cmd: &MarkDeparted,
    state: &SeatInventory,
) -> Result<Vec<SeatInventoryEvent>, DisruptError> {
    let SeatInventory::Opened(inventory) = state else { return Err(DisruptError::NotOpened) };
    if inventory.departed_at.is_some() {
        return Ok(vec![]);
    }
    if inventory.disruption.as_ref().is_some_and(|d| d.cancelled() && d.from_stop.is_none()) {
        return Err(DisruptError::AlreadyCancelled);
    }
    Ok(vec![SeatInventoryEvent::CourseDeparted { course_id: inventory.course_id, by: cmd.by.clone(), at: cmd.now }])
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
        CancelCourse {
            course_id: COURSE,
            reason: " Awaria autokaru ".into(),
            by: "admin@x.pl".into(),
            now: at(minute),
            from_waypoint: None,
        }
    }

    fn cancelled() -> SeatInventoryEvent {
        cancelled_at(10, None)
    }

    fn cancelled_at(minute: i64, from_stop: Option<u32>) -> SeatInventoryEvent {
        SeatInventoryEvent::CourseCancelled {
            course_id: COURSE,
            reason: "Awaria autokaru".into(),
            by: "admin@x.pl".into(),
            at: at(minute),
            from_stop,
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
    fn a_course_is_cancelled_after_its_departure_until_it_has_arrived() {
        // It leaves at minute 60 and reaches its last stop 90 minutes later.
        given([opened(10)]).when(|s| decide_cancel_course(&cancel(120), s)).then([cancelled_at(120, None)]);
        given([opened(10)]).when(|s| decide_cancel_course(&cancel(150), s)).then_err(DisruptError::Arrived);
        // A coach 30 minutes late arrives 30 minutes later.
        let late_delay = SeatInventoryEvent::DelayAnnounced {
            course_id: COURSE,
            minutes: 30,
            reason: "Korek".into(),
            by: "a".into(),
            at: at(20),
        };
        let breakdown = given([opened(10), late_delay]).when(|s| decide_cancel_course(&cancel(170), s));
        breakdown.then([cancelled_at(170, None)]);
    }

    #[test]
    fn a_course_is_cancelled_from_a_stop_onward_and_widened_never_narrowed() {
        let from = |waypoint| CancelCourse { from_waypoint: Some(waypoint), ..cancel(10) };
        let cut = |stop| cancelled_at(10, Some(stop));
        // Stops 10, 11, 12, 13: from 12 the last segment does not run.
        given([opened(10)]).when(|s| decide_cancel_course(&from(12), s)).then([cut(2)]);
        // From the first stop is the whole course; the last stop or a stranger is no stop.
        given([opened(10)]).when(|s| decide_cancel_course(&from(10), s)).then([cancelled()]);
        given([opened(10)]).when(|s| decide_cancel_course(&from(13), s)).then_err(DisruptError::NotAStop);
        given([opened(10)]).when(|s| decide_cancel_course(&from(99), s)).then_err(DisruptError::NotAStop);
        // Widened from an earlier stop, or whole; the same or a later stop is cancelled already.
        given([opened(10), cut(2)]).when(|s| decide_cancel_course(&from(11), s)).then([cut(1)]);
        given([opened(10), cut(2)]).when(|s| decide_cancel_course(&cancel(10), s)).then([cancelled()]);
        given([opened(10), cut(1)])
            .when(|s| decide_cancel_course(&from(12), s))
            .then_err(DisruptError::AlreadyCancelled);
    }

    #[test]
    fn a_partly_cancelled_course_sells_what_still_runs() {
        let hold = |from_waypoint, to_waypoint| HoldSeats {
            course_id: COURSE,
            hold_id: Uuid::from_u128(1),
            from_waypoint,
            to_waypoint,
            seats: 1,
            expires_at: at(25),
            now: at(11),
            sale_cutoff_minutes: 10,
        };
        let cut = cancelled_at(10, Some(2));
        assert!(given([opened(10), cut.clone()]).when(|s| decide_hold(&hold(10, 12), s)).outcome().is_ok());
        given([opened(10), cut.clone()]).when(|s| decide_hold(&hold(11, 13), s)).then_err(HoldError::CourseCancelled);
        let inventory = match given([opened(10), cut]).state() {
            SeatInventory::Opened(i) => i,
            SeatInventory::Unopened => unreachable!("opened"),
        };
        assert_eq!(inventory.unserved_stops(), Some(vec![13]));
    }

    #[test]
    fn a_course_is_marked_departed_once_unless_cancelled() {
        let mark = MarkDeparted { course_id: COURSE, by: "kierowca@x.pl".into(), now: at(61) };
        let departed = SeatInventoryEvent::CourseDeparted { course_id: COURSE, by: "kierowca@x.pl".into(), at: at(61) };
        given([opened(10)]).when(|s| decide_mark_departed(&mark, s)).then([departed.clone()]);
        given([opened(10), departed]).when(|s| decide_mark_departed(&mark, s)).then([]);
        given([opened(10), cancelled()])
            .when(|s| decide_mark_departed(&mark, s))
            .then_err(DisruptError::AlreadyCancelled);
        given([opened(10), cancelled_at(10, Some(2))])
            .when(|s| decide_mark_departed(&mark, s))
            .outcome()
            .expect("runs to stop 2");
    }

    #[test]
    fn a_blank_reason_or_an_unopened_course_cannot_be_cancelled() {
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
