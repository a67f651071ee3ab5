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
    /// The passenger may choose now (another course, or the full refund).
    pub choice_open: bool,
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
}

/// The disrupted ones of these courses.
pub(crate) async fn of_courses(pool: &PgPool, courses: &[Uuid]) -> Result<HashMap<Uuid, Disrupted>, ApiError> {
    let rows: Vec<Row> = sqlx::query_as(
        "select course_id, departure_at, cancelled, delay_minutes, disruption_reason from rm_course_availability \
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
    /// The disruption as a ticket of `order_id` on this course shows it: `valid` tickets
    /// may choose (a cancellation, or a delay of 120 minutes or more, before the departure).
    pub(crate) fn for_ticket(
        &self,
        order_id: Uuid,
        ticket_status: &str,
        signer: &ticket_token::TicketSigner,
        now: DateTime<Utc>,
    ) -> TicketDisruption {
        let r = &self.0;
        let offered = r.cancelled
            || r.delay_minutes.is_some_and(|m| m >= i64::from(domain::seat_inventory::CHOICE_DELAY_MINUTES));
        let deadline = r.departure_at + Duration::minutes(if r.cancelled { 0 } else { r.delay_minutes.unwrap_or(0) });
        TicketDisruption {
            status: if r.cancelled { "cancelled" } else { "delayed" },
            reason: r.disruption_reason.clone().unwrap_or_default(),
            delay_minutes: if r.cancelled { None } else { r.delay_minutes },
            choice_open: offered && ticket_status == "valid" && now < deadline,
            token: Some(signer.link(order_id, r.course_id)),
        }
    }
}
