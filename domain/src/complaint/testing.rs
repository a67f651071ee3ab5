//! The given/when/then harness ([`crate::testing`]) for complaints.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::testing::{self, Given};

/// Fold `events` into the complaint a decision sees.
pub fn given(events: impl IntoIterator<Item = ComplaintEvent>) -> Given<Complaint> {
    testing::given(events)
}

pub const ID: Uuid = Uuid::from_u128(7);
pub const ADMIN: Uuid = Uuid::from_u128(1);

pub fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a day")
}

/// 27 November 2026, noon in Warsaw.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 11, 0, 0).single().expect("a time")
}

/// A complaint about a journey a week ago, filed today.
pub fn file() -> FileComplaint {
    FileComplaint {
        complaint_id: ID,
        number: "RK-2026-000001".into(),
        order_id: Uuid::from_u128(500),
        order_number: "NK-2026-000010".into(),
        ticket_number: None,
        email: "jan@example.com".into(),
        language: ComplaintLanguage::Pl,
        user_id: None,
        text: "Autobus się spóźnił.".into(),
        attachments: vec![],
        journey_on: day(2026, 11, 20),
        now: now(),
        today: day(2026, 11, 27),
        received_via: None,
    }
}

pub fn filed() -> ComplaintEvent {
    let f = file();
    ComplaintEvent::ComplaintFiled {
        complaint_id: ID,
        number: f.number,
        order_id: f.order_id,
        order_number: f.order_number,
        ticket_number: None,
        email: f.email,
        language: f.language,
        user_id: None,
        text: f.text,
        attachments: vec![],
        filed_at: now(),
        respond_by: day(2026, 12, 27),
        answer_by: day(2027, 2, 27),
        received_via: None,
    }
}

pub fn acknowledged() -> ComplaintEvent {
    ComplaintEvent::ComplaintAcknowledged { complaint_id: ID, by: ADMIN, at: now() }
}

pub fn accepted() -> ComplaintEvent {
    ComplaintEvent::ComplaintAccepted { complaint_id: ID, by: ADMIN, at: now() }
}

pub fn rejected() -> ComplaintEvent {
    ComplaintEvent::ComplaintRejected { complaint_id: ID, by: ADMIN, at: now() }
}

pub fn answered(text: &str) -> ComplaintEvent {
    ComplaintEvent::ComplaintAnswered { complaint_id: ID, by: ADMIN, at: now(), text: text.into() }
}
