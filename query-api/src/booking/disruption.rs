//! A ticket's course the carrier cancelled or delayed (issue 28), as the ticket page shows
//! it: what happened, whether the passenger may still choose, and the token of the choice's
//! link (for the owner). Read from the course's availability row (the `availability`
//! projection copies the disruption there).

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

/// The disruption of a ticket's course.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketDisruption {
    /// `cancelled` or `delayed`.
    pub status: &'static str,
    pub reason: String,
    pub delay_minutes: Option<i64>,
    /// When a delayed course is now expected to leave its first stop.
    pub expected_departure_at: Option<DateTime<Utc>>,
    /// The passenger may choose now (another course, or the full refund).
    pub choice_open: bool,
    /// Until when the choice is open (14 days after the announcement), when one is offered.
    pub choice_until: Option<DateTime<Utc>>,
    /// The token of the choice's link (`/odwolany-kurs/{token}`), for the ticket's owner.
    pub token: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    course_id: Uuid,
    departure_at: DateTime<Utc>,
    cancelled: bool,
    delay_minutes: Option<i64>,
    disruption_reason: Option<String>,
    disruption_at: Option<DateTime<Utc>>,
    cancelled_from_stop: Option<i32>,
    stop_ids: Vec<i64>,
}

/// The disrupted ones of these courses.
pub(crate) async fn of_courses(pool: &PgPool, courses: &[Uuid]) -> Result<HashMap<Uuid, Disrupted>, ApiError> {
    let rows: Vec<Row> = sqlx::query_as(
        "select course_id, departure_at, cancelled, delay_minutes, disruption_reason, disruption_at, \
                cancelled_from_stop, stop_ids from rm_course_availability \
         where course_id = any($1) and (cancelled or delay_minutes is not null)",
    )
    .bind(courses)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.course_id, Disrupted(r))).collect())
}

/// A disrupted course.
pub(crate) struct Disrupted(Row);

impl Disrupted {
    /// The disruption as a ticket of `order_id` on this course, to `to_waypoint_id`, shows
    /// it: `None` when it does not touch the ticket (a cancellation from a stop after its
    /// journey ends; the current delay of a ticket returned already). `valid` tickets may
    /// choose (a cancellation, or a delay of 120 minutes or more, within 14 days of the
    /// announcement).
    pub(crate) fn for_ticket(
        &self,
        order_id: Uuid,
        ticket_status: &str,
        to_waypoint_id: i64,
        signer: &ticket_token::TicketSigner,
        now: DateTime<Utc>,
    ) -> Option<TicketDisruption> {
        let r = &self.0;
        if let Some(k) = r.cancelled_from_stop.filter(|_| r.cancelled) {
            let to = r.stop_ids.iter().position(|s| *s == to_waypoint_id)?;
            if to as i64 <= i64::from(k) {
                return None;
            }
        }
        if !r.cancelled && ticket_status == "returned" {
            return None;
        }
        let offered = r.cancelled
            || r.delay_minutes.is_some_and(|m| m >= i64::from(domain::seat_inventory::CHOICE_DELAY_MINUTES));
        let announced = r.disruption_at.unwrap_or(r.departure_at - Duration::days(domain::order::CHOICE_WINDOW_DAYS));
        let choice_until = announced + Duration::days(domain::order::CHOICE_WINDOW_DAYS);
        let delay = if r.cancelled { None } else { r.delay_minutes };
        Some(TicketDisruption {
            status: if r.cancelled { "cancelled" } else { "delayed" },
            reason: r.disruption_reason.clone().unwrap_or_default(),
            delay_minutes: delay,
            expected_departure_at: delay.map(|m| r.departure_at + Duration::minutes(m)),
            choice_open: offered && ticket_status == "valid" && now < choice_until,
            choice_until: offered.then_some(choice_until),
            token: Some(signer.link(order_id, r.course_id)),
        })
    }
}
