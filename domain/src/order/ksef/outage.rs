//! KSeF's own outages and the deadlines they give (`tryby-offline.md`): besides offline24
//! (the carrier's choice: the next working day after the issue date), the law knows two
//! modes the Ministry announces (in the BIP and through the API):
//!
//! - **unavailability** ("niedostępność KSeF", art. 106nh): a document issued during it is
//!   due by the next working day after the unavailability ENDS;
//! - **emergency** ("tryb awaryjny", art. 106nf): due within 7 working days of the end; an
//!   emergency announced while a document is still to be sent (offline24, unavailability or
//!   an earlier emergency) starts the count again from the end of that emergency.
//!
//! [`legal_deadline`] is the one reading of those rules: the latest day the law allows a
//! document issued on a day to reach KSeF, given every announcement entered. It serves a
//! document never sent offline too: KSeF itself counts an invoice sent after its issue
//! date as offline (`offline/automatyczne-okreslanie-trybu-offline.md`), so offline24's
//! deadline is the last legal day of any document not yet in KSeF.
//!
//! Announcements are judged by day: the FA(3)'s issue date (`P_1`) is a date, and the
//! guide counts the deadlines from the day an outage ends. A total failure ("awaria
//! całkowita", no duty to send at all) is not modelled: it is announced in the media and
//! its invoices are not made by this system.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::deadline::next_working_day;

/// How many working days an emergency leaves after its end.
pub const EMERGENCY_WORKING_DAYS: u32 = 7;

/// The kind of an announced outage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutageKind {
    /// "Niedostępność KSeF": due the next working day after its end.
    Unavailable,
    /// "Tryb awaryjny": due within 7 working days of its end.
    Emergency,
}

impl OutageKind {
    /// `unavailable` or `emergency`.
    pub fn parse(text: &str) -> Result<Self, OutageError> {
        match text.trim() {
            "unavailable" => Ok(Self::Unavailable),
            "emergency" => Ok(Self::Emergency),
            other => Err(OutageError::UnknownKind(other.to_owned())),
        }
    }

    /// The kind as stored and written in the API.
    pub fn code(self) -> &'static str {
        match self {
            Self::Unavailable => "unavailable",
            Self::Emergency => "emergency",
        }
    }
}

/// What is wrong with an announcement as entered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutageError {
    #[error("the outage's kind must be unavailable or emergency (it is {0:?})")]
    UnknownKind(String),
    #[error("the outage ends ({to}) before it starts ({from})")]
    EndsBeforeStart { from: NaiveDate, to: NaiveDate },
}

/// An outage the Ministry announced, from its first to its last day (both inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outage {
    pub kind: OutageKind,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Outage {
    /// An announcement, its end on or after its start.
    pub fn new(kind: OutageKind, from: NaiveDate, to: NaiveDate) -> Result<Self, OutageError> {
        if to < from {
            return Err(OutageError::EndsBeforeStart { from, to });
        }
        Ok(Self { kind, from, to })
    }

    fn covers(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }
}

/// The last day (inclusive) a document issued on `issued_on` may reach KSeF, given the
/// announced `outages` (in any order):
/// 1. offline24: the next working day after the issue date;
/// 2. an unavailability covering the issue date: the next working day after its end, when
///    later;
/// 3. an emergency announced while the document is still to be sent (it starts on or
///    before the deadline so far and ends on or after the issue date): 7 working days
///    from its end, when later; repeated until no emergency moves the deadline, so an
///    emergency announced within the 7 days of an earlier one counts from its own end.
///
/// Where announcements overlap, the latest deadline any of them gives is the one: an
/// announcement extended is entered again with its new end, and the later end wins.
pub fn legal_deadline(issued_on: NaiveDate, outages: &[Outage]) -> NaiveDate {
    let mut deadline = next_working_day(issued_on);
    for outage in outages.iter().filter(|o| o.kind == OutageKind::Unavailable && o.covers(issued_on)) {
        deadline = deadline.max(next_working_day(outage.to));
    }
    let emergencies: Vec<&Outage> = outages.iter().filter(|o| o.kind == OutageKind::Emergency).collect();
    // Each pass either moves the deadline past one more emergency's end or stops, so it
    // ends within as many passes as there are emergencies.
    for _ in 0..=emergencies.len() {
        let moved = emergencies
            .iter()
            .filter(|e| e.from <= deadline && e.to >= issued_on)
            .map(|e| add_working_days(e.to, EMERGENCY_WORKING_DAYS))
            .max()
            .filter(|later| *later > deadline);
        match moved {
            Some(later) => deadline = later,
            None => break,
        }
    }
    deadline
}

/// The day a document not yet in KSeF is due by: the legal deadline given the
/// announcements, never earlier than the deadline the sender `recorded` when the document
/// went offline (which the announcements entered since may only extend). A document never
/// sent offline has none recorded: its legal deadline (offline24's, as KSeF counts a late
/// invoice offline, or later by the announcements).
pub fn due_by(issued_on: NaiveDate, recorded: Option<NaiveDate>, outages: &[Outage]) -> NaiveDate {
    let legal = legal_deadline(issued_on, outages);
    match recorded {
        Some(recorded) if legal > legal_deadline(issued_on, &[]) => recorded.max(legal),
        Some(recorded) => recorded,
        None => legal,
    }
}

/// The `count`-th working day after `day` (`day` itself not counted).
pub fn add_working_days(day: NaiveDate, count: u32) -> NaiveDate {
    let mut at = day;
    for _ in 0..count {
        at = next_working_day(at);
    }
    at
}

#[cfg(test)]
#[path = "outage_tests.rs"]
mod tests;
