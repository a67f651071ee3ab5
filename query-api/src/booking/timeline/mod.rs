//! `GET /order/order/timeline?id=`: the full history of an order for the admin who
//! audits it: every event of the order's stream (`rm_order_events`), every event it
//! caused on other streams (seat holds and releases, coupon spends and refunds, stamps:
//! `rm_order_timeline`), the refunds sent through the gateway (`refunds`) and the
//! messages sent (`sent_messages`), oldest first, each with who did it and what it was
//! in words (Polish and English), and the raw event.
//!
//! Who: an event's metadata names the user who gave the command; a `SuperAdmin` is an
//! admin, a `Driver` a driver, another user the customer. Without a user, the customer's own commands (place,
//! pay again, return or change with the ticket's code) were a guest's; everything else
//! was a process (payment notifications, expiry, the reactions).
//!
//! Here: the endpoint and who did what. In words: `words` (every stream's events) and
//! `order_words` (the order's own); the entries that are not events: `refunds` and
//! `messages`.

mod ksef_words;
mod messages;
mod money_words;
mod order_words;
mod refunds;
mod subject;
mod words;

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use self::messages::messages;
use self::refunds::refunds;
pub use self::subject::Subject;
use self::subject::{subject_of, with_courses};
use self::words::describe;
use crate::QueryState;

/// Who did it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Actor {
    /// `customer`, `admin`, `driver` (who checked a ticket in), `guest` (the customer
    /// without an account, or with the ticket's code) or `process`.
    pub kind: &'static str,
    pub user_id: Option<String>,
    pub email: Option<String>,
}

/// One entry of an order's history.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimelineEntry {
    /// `order-{id}`, `course-{id}`, `coupon-{CODE}`, `stamps-{user}`, `refunds` or `messages`.
    pub stream: String,
    /// What the entry is about (the order, a course with its departure and route, a
    /// coupon, a message…), for the page to label it in words instead of `stream`.
    pub subject: Subject,
    /// The event's version in its stream (`null` for refunds and messages).
    pub version: Option<i64>,
    /// The event type (`OrderPlaced`, `SeatsHeld`, …), `RefundRequested`/`RefundRefused`/
    /// `RefundAtOffice` or `RefundAtTerminal` (a refund of the outbox), or `MessageSent`.
    #[serde(rename = "type")]
    pub event_type: String,
    pub recorded_at: DateTime<Utc>,
    pub actor: Actor,
    /// What happened, in Polish.
    pub summary: String,
    /// What happened, in English.
    pub summary_en: String,
    /// The event as recorded.
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

#[derive(sqlx::FromRow)]
struct EventRow {
    stream: String,
    version: i64,
    event_type: String,
    recorded_at: DateTime<Utc>,
    user_id: Option<String>,
    email: Option<String>,
    role: Option<String>,
    data: serde_json::Value,
}

/// The order's events and what it caused, oldest first (admin).
#[utoipa::path(get, path = "/api/order/order/timeline", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": [TimelineEntry]}`", body = Data<Vec<TimelineEntry>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no events of such an order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn timeline(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<Vec<TimelineEntry>>, ApiError> {
    let raw = params.required("id")?;
    let id = Uuid::parse_str(raw)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be an order id (a UUID)"))?;
    let events: Vec<EventRow> = sqlx::query_as(
        "select * from ( \
           select 'order-' || e.order_id::text as stream, e.version, e.event_type, e.recorded_at, e.user_id, \
                  u.email, u.role, e.data::jsonb as data \
             from rm_order_events e left join users u on u.id::text = e.user_id \
            where e.order_id = $1 \
           union all \
           select t.stream_id, t.version, t.event_type, t.recorded_at, t.user_id, u.email, u.role, t.data \
             from rm_order_timeline t left join users u on u.id::text = t.user_id \
            where t.order_id = $1 \
         ) x order by recorded_at, stream, version",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    if events.is_empty() {
        return Err(ApiError::NotFound(format!("there is no order {id}")));
    }
    let mut entries: Vec<TimelineEntry> = events.into_iter().map(entry).collect();
    entries.extend(refunds(&state, id).await?);
    entries.extend(messages(&state, id).await?);
    entries.sort_by_key(|entry| entry.recorded_at);
    with_courses(&state.pool, &mut entries).await?;
    Ok(Data::new(entries))
}

fn entry(row: EventRow) -> TimelineEntry {
    let (summary, summary_en) =
        describe(&row.stream, &row.data).unwrap_or_else(|| (row.event_type.clone(), row.event_type.clone()));
    let kind = match (&row.user_id, row.role.as_deref()) {
        (Some(_), Some("SuperAdmin")) => "admin",
        (Some(_), Some("Driver")) => "driver",
        (Some(_), _) => "customer",
        (None, _) if by_the_customer(&row.event_type) => "guest",
        (None, _) => "process",
    };
    TimelineEntry {
        subject: subject_of(&row.stream),
        stream: row.stream,
        version: Some(row.version),
        event_type: row.event_type,
        recorded_at: row.recorded_at,
        actor: Actor { kind, user_id: row.user_id, email: row.email },
        summary,
        summary_en,
        data: row.data,
    }
}

/// The order events a customer without an account gives (the others without a user
/// come from processes).
fn by_the_customer(event_type: &str) -> bool {
    matches!(
        event_type,
        "OrderPlaced" | "PaymentRegistered" | "TicketReturned" | "TicketCourseChanged" | "TicketChangeRequested"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_customers_own_commands_without_a_user_were_a_guests() {
        assert!(by_the_customer("OrderPlaced"));
        assert!(by_the_customer("TicketReturned"));
        assert!(!by_the_customer("OrderPaid"));
        assert!(!by_the_customer("InvoiceIssued"));
    }
}
