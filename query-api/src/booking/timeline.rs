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

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::coupon::CouponEvent;
use domain::money::{format_pln, format_pln_en};
use domain::order::OrderEvent;
use domain::seat_inventory::{ReleaseReason, SeatInventoryEvent};
use domain::stamp_card::StampCardEvent;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

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
    /// The event's version in its stream (`null` for refunds and messages).
    pub version: Option<i64>,
    /// The event type (`OrderPlaced`, `SeatsHeld`, …), `RefundRequested`/`RefundRefused`/
    /// `RefundAtOffice` (a refund of the outbox), or `MessageSent`.
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
    let id = Uuid::parse_str(raw).map_err(|_| ApiError::invalid_field("id", "id must be an order id (a UUID)"))?;
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

/// The event in words, Polish and English; `None` for an event this version cannot read.
fn describe(stream: &str, data: &serde_json::Value) -> Option<(String, String)> {
    let data = data.clone();
    if stream.starts_with(domain::order::STREAM_PREFIX) {
        return serde_json::from_value::<OrderEvent>(data).ok().map(|e| order_event(&e));
    }
    if stream.starts_with(domain::seat_inventory::STREAM_PREFIX) {
        return serde_json::from_value::<SeatInventoryEvent>(data).ok().map(|e| seat_event(&e));
    }
    if stream.starts_with(domain::coupon::STREAM_PREFIX) {
        return serde_json::from_value::<CouponEvent>(data).ok().map(|e| coupon_event(&e));
    }
    if stream.starts_with(domain::stamp_card::STREAM_PREFIX) {
        return serde_json::from_value::<StampCardEvent>(data).ok().map(|e| stamp_event(&e));
    }
    None
}

fn both(pl: String, en: String) -> (String, String) {
    (pl, en)
}

fn order_event(event: &OrderEvent) -> (String, String) {
    match event {
        OrderEvent::OrderPlaced { number, lines, total, to_pay, outbound, back, .. } => {
            let passengers: u32 = lines.iter().map(|l| l.quantity).sum();
            let trip_pl = if back.is_some() { "tam i z powrotem" } else { "w jedną stronę" };
            let trip_en = if back.is_some() { "return" } else { "one way" };
            both(
                format!(
                    "Złożono zamówienie {number}: {} → {}, {trip_pl}, pasażerów: {passengers}, razem {}, do zapłaty {}",
                    outbound.from_name,
                    outbound.to_name,
                    format_pln(*total),
                    format_pln(*to_pay)
                ),
                format!(
                    "Order {number} placed: {} → {}, {trip_en}, {passengers} passenger(s), total {}, to pay {}",
                    outbound.from_name,
                    outbound.to_name,
                    format_pln_en(*total),
                    format_pln_en(*to_pay)
                ),
            )
        }
        OrderEvent::OrderAbandoned { reason, .. } => {
            both(format!("Składanie zamówienia przerwane: {reason}"), format!("Placement abandoned: {reason}"))
        }
        OrderEvent::OrderPaid { amount, transaction_id, tickets, .. } => both(
            format!(
                "Zapłacono {} (transakcja {transaction_id}); wydano bilety: {}",
                format_pln(*amount),
                tickets.len()
            ),
            format!(
                "Paid {} (transaction {transaction_id}); {} ticket(s) issued",
                format_pln_en(*amount),
                tickets.len()
            ),
        ),
        OrderEvent::PaymentRegistered { payment, .. } => both(
            format!("Zarejestrowano nową płatność ({})", payment.provider),
            format!("A new payment was registered ({})", payment.provider),
        ),
        OrderEvent::OrderExpired { .. } => {
            both("Zamówienie wygasło bez zapłaty".into(), "The order expired unpaid".into())
        }
        OrderEvent::OrderCancelled { reason, refund, coupon_refund, .. } => both(
            format!(
                "Anulowano zamówienie ({reason}); zwrot {}, na kupon {}",
                format_pln(*refund),
                format_pln(*coupon_refund)
            ),
            format!(
                "Order cancelled ({reason}); refund {}, to the coupon {}",
                format_pln_en(*refund),
                format_pln_en(*coupon_refund)
            ),
        ),
        OrderEvent::LatePaymentRefunded { amount, transaction_id, .. } => both(
            format!("Spóźniona płatność {transaction_id} do zwrotu: {}", format_pln(*amount)),
            format!("Late payment {transaction_id} to be refunded: {}", format_pln_en(*amount)),
        ),
        OrderEvent::TicketReturned { number, fee, money_refund, coupon_refund, .. } => both(
            format!(
                "Zwrócono bilet {number}: opłata {}, zwrot {}, na kupon {}",
                format_pln(*fee),
                format_pln(*money_refund),
                format_pln(*coupon_refund)
            ),
            format!(
                "Ticket {number} returned: fee {}, refund {}, to the coupon {}",
                format_pln_en(*fee),
                format_pln_en(*money_refund),
                format_pln_en(*coupon_refund)
            ),
        ),
        OrderEvent::TicketCourseChanged { number, to_course, price_difference, .. } => {
            let when = api_core::time::warsaw(to_course.departure_at).format("%Y-%m-%d %H:%M");
            both(
                format!("Bilet {number} przeniesiono na kurs {when}; różnica {}", format_pln(*price_difference)),
                format!(
                    "Ticket {number} moved to the course at {when}; difference {}",
                    format_pln_en(*price_difference)
                ),
            )
        }
        OrderEvent::TicketChangeRequested { number, to_course, price_difference, expires_at, .. } => {
            let when = api_core::time::warsaw(to_course.departure_at).format("%Y-%m-%d %H:%M");
            let until = api_core::time::warsaw(*expires_at).format("%H:%M");
            both(
                format!(
                    "Zmiana biletu {number} na kurs {when} czeka na dopłatę {} (do {until})",
                    format_pln(*price_difference)
                ),
                format!(
                    "Ticket {number}'s move to the course at {when} waits for {} to be paid (until {until})",
                    format_pln_en(*price_difference)
                ),
            )
        }
        OrderEvent::TicketChangePaid { number, amount, transaction_id, .. } => both(
            format!("Dopłacono {} za zmianę kursu biletu {number} (transakcja {transaction_id})", format_pln(*amount)),
            format!(
                "{} paid for ticket {number}'s change of course (transaction {transaction_id})",
                format_pln_en(*amount)
            ),
        ),
        OrderEvent::TicketChangeExpired { number, .. } => both(
            format!("Zmiana kursu biletu {number} nie została opłacona w czasie; bilet bez zmian"),
            format!("Ticket {number}'s change of course was not paid in time; the ticket stays as it was"),
        ),
        OrderEvent::TicketUsed { number, used_at, .. } => {
            let when = api_core::time::warsaw(*used_at).format("%Y-%m-%d %H:%M");
            both(
                format!("Pasażer wsiadł z biletem {number} ({when}); bilet wykorzystany"),
                format!("A passenger boarded with ticket {number} ({when}); the ticket is used"),
            )
        }
        OrderEvent::InvoiceIssued { number, total, .. } => both(
            format!("Wystawiono fakturę {number} na {}", format_pln(*total)),
            format!("Invoice {number} issued for {}", format_pln_en(*total)),
        ),
        OrderEvent::InvoiceCorrected { number, corrects, amount, reason, .. } => both(
            format!("Wystawiono korektę {number} faktury {corrects}: {} ({reason})", format_pln(*amount)),
            format!("Correction {number} of invoice {corrects}: {} ({reason})", format_pln_en(*amount)),
        ),
        OrderEvent::CustomerDetailsChanged { customer, reason, .. } => both(
            format!(
                "Zmieniono dane klienta na {} {}, {} ({reason})",
                customer.first_name, customer.last_name, customer.email
            ),
            format!(
                "Customer details changed to {} {}, {} ({reason})",
                customer.first_name, customer.last_name, customer.email
            ),
        ),
        OrderEvent::OrderAssignedToUser { reason, .. } => both(
            format!("Przypisano zamówienie do konta klienta ({reason})"),
            format!("The order was given to the customer's account ({reason})"),
        ),
        OrderEvent::InvoiceDataChanged { invoice, reason, .. } => match invoice {
            Some(i) => both(
                format!("Zmieniono dane do faktury: {}, NIP {} ({reason})", i.company_name, i.vat_number),
                format!("Invoice data changed: {}, tax id {} ({reason})", i.company_name, i.vat_number),
            ),
            None => both(format!("Zrezygnowano z faktury ({reason})"), format!("No invoice any more ({reason})")),
        },
    }
}

fn seat_event(event: &SeatInventoryEvent) -> (String, String) {
    match event {
        SeatInventoryEvent::SeatsHeld { seats, .. } => {
            both(format!("Zarezerwowano miejsca: {seats}"), format!("{seats} seat(s) held"))
        }
        SeatInventoryEvent::HoldConfirmed { .. } => {
            both("Rezerwację miejsc potwierdzono (sprzedane)".into(), "The seat hold was confirmed (sold)".into())
        }
        SeatInventoryEvent::SeatsReleased { seats, reason, .. } => {
            let (pl, en) = match reason {
                ReleaseReason::Expired => ("brak zapłaty", "not paid"),
                ReleaseReason::Abandoned => ("przerwane składanie", "placement abandoned"),
                ReleaseReason::Cancelled => ("anulowanie", "cancelled"),
                ReleaseReason::Returned => ("zwrot biletu", "ticket returned"),
                ReleaseReason::CourseChanged => ("zmiana kursu", "course changed"),
                ReleaseReason::PaymentFailed => ("płatność odrzucona", "payment refused"),
            };
            both(format!("Zwolniono miejsca: {seats} ({pl})"), format!("{seats} seat(s) released ({en})"))
        }
        SeatInventoryEvent::InventoryOpened { seats, .. } => {
            both(format!("Otwarto sprzedaż: {seats} miejsc"), format!("Sale opened: {seats} seats"))
        }
        SeatInventoryEvent::CapacityChanged { previous_seats, seats, .. } => both(
            format!("Zmieniono liczbę miejsc z {previous_seats} na {seats}"),
            format!("Capacity changed from {previous_seats} to {seats}"),
        ),
    }
}

fn coupon_event(event: &CouponEvent) -> (String, String) {
    match event {
        CouponEvent::CouponSpent { code, amount, .. } => both(
            format!("Użyto kuponu {code}: {}", format_pln(*amount)),
            format!("Coupon {code} spent: {}", format_pln_en(*amount)),
        ),
        CouponEvent::CouponRefunded { code, amount, .. } => both(
            format!("Zwrócono na kupon {code}: {}", format_pln(*amount)),
            format!("Given back to coupon {code}: {}", format_pln_en(*amount)),
        ),
        CouponEvent::CouponIssued { code, value, .. } => both(
            format!("Wydano kupon {code} o wartości {}", format_pln(*value)),
            format!("Coupon {code} issued worth {}", format_pln_en(*value)),
        ),
        CouponEvent::CouponChanged { code, current_value, .. } => both(
            format!("Zmieniono kupon {code}: wartość {}", format_pln(*current_value)),
            format!("Coupon {code} changed: value {}", format_pln_en(*current_value)),
        ),
        CouponEvent::CouponExpired { code, .. } => {
            both(format!("Kupon {code} wygasł"), format!("Coupon {code} expired"))
        }
    }
}

fn stamp_event(event: &StampCardEvent) -> (String, String) {
    match event {
        StampCardEvent::StampAdded { .. } => both("Dodano pieczątkę".into(), "A stamp was added".into()),
        StampCardEvent::StampRemoved { .. } => both("Odjęto pieczątkę".into(), "A stamp was taken away".into()),
        StampCardEvent::RewardEarned { coupon_code, value, .. } => both(
            format!("Nagroda za pieczątki: kupon {coupon_code} ({})", format_pln(*value)),
            format!("Stamp reward: coupon {coupon_code} ({})", format_pln_en(*value)),
        ),
    }
}

#[derive(sqlx::FromRow)]
struct RefundRow {
    refund_id: Uuid,
    reason: String,
    amount: i64,
    status: String,
    attempts: i32,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

/// The gateway refunds: one entry when it was asked for and one when it was sent.
async fn refunds(state: &QueryState, order_id: Uuid) -> Result<Vec<TimelineEntry>, ApiError> {
    let rows: Vec<RefundRow> = sqlx::query_as(
        "select refund_id, reason, amount, status, attempts, last_error, created_at, sent_at from refunds \
          where order_id = $1 order by created_at",
    )
    .bind(order_id)
    .fetch_all(&state.pool)
    .await?;
    let process = || Actor { kind: "process", user_id: None, email: None };
    let mut entries = Vec::new();
    for r in rows {
        let data = serde_json::json!({
            "refund_id": r.refund_id, "reason": r.reason, "amount": r.amount, "status": r.status,
            "attempts": r.attempts, "last_error": r.last_error,
        });
        let (event_type, summary, summary_en) = match r.status.as_str() {
            "refused" => (
                "RefundRefused",
                format!(
                    "Bramka odmówiła zwrotu {}: {}",
                    format_pln(r.amount),
                    r.last_error.clone().unwrap_or_default()
                ),
                format!(
                    "The gateway refused the refund of {}: {}",
                    format_pln_en(r.amount),
                    r.last_error.clone().unwrap_or_default()
                ),
            ),
            "at_office" => (
                "RefundAtOffice",
                format!("Do wypłaty w kasie: {} ({})", format_pln(r.amount), r.reason),
                format!("To be paid back at the office: {} ({})", format_pln_en(r.amount), r.reason),
            ),
            _ => (
                "RefundRequested",
                format!("Zlecono zwrot {} przez bramkę ({})", format_pln(r.amount), r.reason),
                format!("Refund of {} requested through the gateway ({})", format_pln_en(r.amount), r.reason),
            ),
        };
        entries.push(TimelineEntry {
            stream: "refunds".into(),
            version: None,
            event_type: event_type.into(),
            recorded_at: r.created_at,
            actor: process(),
            summary,
            summary_en,
            data: data.clone(),
        });
        if let Some(sent_at) = r.sent_at {
            entries.push(TimelineEntry {
                stream: "refunds".into(),
                version: None,
                event_type: "RefundSent".into(),
                recorded_at: sent_at,
                actor: process(),
                summary: format!("Bramka przyjęła zwrot {} (próby: {})", format_pln(r.amount), r.attempts),
                summary_en: format!(
                    "The gateway accepted the refund of {} (attempts: {})",
                    format_pln_en(r.amount),
                    r.attempts
                ),
                data,
            });
        }
    }
    Ok(entries)
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    kind: String,
    sent_at: DateTime<Utc>,
    sent_by: Option<Uuid>,
    email: Option<String>,
    role: Option<String>,
}

/// The messages sent about the order: its tickets by e-mail and SMS, each invoice and
/// correction to the customer and its copy to the invoice office (`sent_messages`, where
/// the sending processes mark what they sent so a replay sends nothing twice).
async fn messages(state: &QueryState, order_id: Uuid) -> Result<Vec<TimelineEntry>, ApiError> {
    let rows: Vec<MessageRow> = sqlx::query_as(
        "select m.kind, m.sent_at, m.sent_by, u.email, u.role from sent_messages m left join users u on u.id = m.sent_by \
          where m.order_id = $1 \
            and (m.kind like 'tickets-%' or m.kind like 'invoice-mail/%' or m.kind like 'invoice-copy/%') \
          order by m.sent_at",
    )
    .bind(order_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|MessageRow { kind, sent_at, sent_by, email, role }| {
            let (summary, summary_en) = message_summary(&kind)?;
            // Sent by a process once, or again on someone's request: by a user, or by the
            // holder of the order's link.
            let actor = match (sent_by, kind.contains("/again/")) {
                (Some(user), _) => {
                    let kind = if role.as_deref() == Some("SuperAdmin") { "admin" } else { "customer" };
                    Actor { kind, user_id: Some(user.to_string()), email }
                }
                (None, true) => Actor { kind: "guest", user_id: None, email: None },
                (None, false) => Actor { kind: "process", user_id: None, email: None },
            };
            Some(TimelineEntry {
                stream: "messages".into(),
                version: None,
                event_type: "MessageSent".into(),
                recorded_at: sent_at,
                actor,
                summary,
                summary_en,
                data: serde_json::json!({ "kind": kind }),
            })
        })
        .collect())
}

/// A sent message in words, Polish and English, from its `sent_messages` kind.
fn message_summary(kind: &str) -> Option<(String, String)> {
    if let Some(number) = kind.strip_prefix("invoice-mail/") {
        return Some(both(
            format!("Wysłano dokument {number} e-mailem do klienta"),
            format!("Document {number} e-mailed to the customer"),
        ));
    }
    if let Some(number) = kind.strip_prefix("invoice-copy/") {
        return Some(both(
            format!("Wysłano kopię dokumentu {number} do biura faktur"),
            format!("A copy of document {number} sent to the invoice office"),
        ));
    }
    let again = kind.contains("/again/");
    let (pl, en) = match (kind.starts_with("tickets-sms"), again) {
        (true, false) => ("Wysłano bilety SMS-em", "Tickets sent by SMS"),
        (true, true) => ("Wysłano ponownie bilety SMS-em", "Tickets sent again by SMS"),
        (false, false) => ("Wysłano bilety e-mailem", "Tickets sent by e-mail"),
        (false, true) => ("Wysłano ponownie bilety e-mailem", "Tickets sent again by e-mail"),
    };
    kind.starts_with("tickets-").then(|| both(pl.into(), en.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_told_in_words_and_unknown_ones_by_their_type() {
        let released = serde_json::json!({
            "type": "SeatsReleased", "course_id": Uuid::nil(), "hold_id": Uuid::nil(), "release_id": Uuid::nil(),
            "from": 0, "to": 2, "seats": 3, "reason": "returned"
        });
        let (pl, en) = describe("course-x", &released).expect("described");
        assert_eq!(pl, "Zwolniono miejsca: 3 (zwrot biletu)");
        assert_eq!(en, "3 seat(s) released (ticket returned)");
        assert!(describe("course-x", &serde_json::json!({"type": "Unknown"})).is_none());
        assert!(describe("elsewhere-1", &released).is_none());
    }

    #[test]
    fn messages_are_told_by_their_kind() {
        let said = |kind: &str| message_summary(kind).map(|(pl, _)| pl);
        assert_eq!(said("tickets-email").as_deref(), Some("Wysłano bilety e-mailem"));
        assert_eq!(said("tickets-sms").as_deref(), Some("Wysłano bilety SMS-em"));
        assert_eq!(said("tickets-email/again/1").as_deref(), Some("Wysłano ponownie bilety e-mailem"));
        assert_eq!(said("tickets-sms/again/2").as_deref(), Some("Wysłano ponownie bilety SMS-em"));
        assert_eq!(said("invoice-mail/NB/2026/7").as_deref(), Some("Wysłano dokument NB/2026/7 e-mailem do klienta"));
        assert_eq!(
            message_summary("invoice-copy/NB-KOR/2026/4").map(|(_, en)| en).as_deref(),
            Some("A copy of document NB-KOR/2026/4 sent to the invoice office")
        );
        assert_eq!(said("something-else"), None);
    }

    #[test]
    fn the_customers_own_commands_without_a_user_were_a_guests() {
        assert!(by_the_customer("OrderPlaced"));
        assert!(by_the_customer("TicketReturned"));
        assert!(!by_the_customer("OrderPaid"));
        assert!(!by_the_customer("InvoiceIssued"));
    }
}
