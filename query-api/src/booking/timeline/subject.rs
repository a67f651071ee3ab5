//! What each history entry is about, for the admin who reads it: the order itself, a
//! course (with its departure and route, so "course-01a2…" never reaches the page), a
//! coupon by its code, the customer's stamp card, a refund or a message sent. The page
//! words it in its language from these facts.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

/// What an entry is about.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct Subject {
    /// `order`, `course`, `coupon`, `stamps` (the customer's stamp card), `refund`,
    /// `message` (an e-mail or SMS sent) or `other`.
    pub kind: &'static str,
    /// A course's departure (`course`), when the course is still known.
    pub departure_at: Option<DateTime<Utc>>,
    /// A course's route (`course`), when the course is still known.
    pub route_name: Option<String>,
    /// A coupon's code (`coupon`).
    pub code: Option<String>,
}

/// The subject of an entry of `stream`, without the course's facts (see [`with_courses`]).
pub(super) fn subject_of(stream: &str) -> Subject {
    let kind = if stream.starts_with(domain::order::STREAM_PREFIX) {
        "order"
    } else if stream.starts_with(domain::seat_inventory::STREAM_PREFIX) {
        "course"
    } else if let Some(code) = stream.strip_prefix(domain::coupon::STREAM_PREFIX) {
        return Subject { kind: "coupon", code: Some(code.to_string()), ..Subject::default() };
    } else if stream.starts_with(domain::stamp_card::STREAM_PREFIX) {
        "stamps"
    } else if stream == "refunds" {
        "refund"
    } else if stream == "messages" {
        "message"
    } else {
        "other"
    };
    Subject { kind, ..Subject::default() }
}

/// The course of a `course-{id}` stream.
fn course_of(stream: &str) -> Option<Uuid> {
    stream.strip_prefix(domain::seat_inventory::STREAM_PREFIX).and_then(|id| Uuid::parse_str(id).ok())
}

/// Fills in each course entry's departure and route, in one query for all of them.
pub(super) async fn with_courses(pool: &PgPool, entries: &mut [super::TimelineEntry]) -> Result<(), sqlx::Error> {
    let ids: Vec<Uuid> = entries.iter().filter_map(|entry| course_of(&entry.stream)).collect();
    if ids.is_empty() {
        return Ok(());
    }
    let rows: Vec<(Uuid, DateTime<Utc>, String)> = sqlx::query_as(
        "select c.id, c.departure_at, r.name from courses c join routes r on r.id = c.route_id where c.id = any($1)",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let known: HashMap<Uuid, (DateTime<Utc>, String)> =
        rows.into_iter().map(|(id, at, name)| (id, (at, name))).collect();
    for entry in entries.iter_mut() {
        if let Some((at, name)) = course_of(&entry.stream).and_then(|id| known.get(&id)) {
            entry.subject.departure_at = Some(*at);
            entry.subject.route_name = Some(name.clone());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stream_says_what_it_is_about() {
        let id = "0190a1b2-0000-7000-8000-000000000001";
        assert_eq!(subject_of(&format!("order-{id}")).kind, "order");
        assert_eq!(subject_of(&format!("course-{id}")).kind, "course");
        let coupon = subject_of("coupon-LATO2026");
        assert_eq!((coupon.kind, coupon.code.as_deref()), ("coupon", Some("LATO2026")));
        assert_eq!(subject_of(&format!("stamps-{id}")).kind, "stamps");
        assert_eq!(subject_of("refunds").kind, "refund");
        assert_eq!(subject_of("messages").kind, "message");
        assert_eq!(subject_of("elsewhere").kind, "other");
        assert_eq!(course_of(&format!("course-{id}")).map(|u| u.to_string()).as_deref(), Some(id));
    }
}
