//! Sending tickets: by e-mail after payment (once, even when the payment event is
//! replayed) and on request (`send-ticket?id`, `send-ticket-sms?id`), through the mail
//! port; an SMS goes through the same port's file adapter in development.
//!
//! `id` is the order's public `hash_id` (whoever has the success page may resend to the
//! order's own address), or its id for an admin or the order's owner.

use api_core::auth::MaybeUser;
use api_core::mail::{Attachment, Email};
use api_core::{ApiError, Data};
use axum::extract::{Query, State};
use chrono::Utc;
use documents::{PrintedTicket, TicketDocument};
use domain::money::format_pln;
use domain::order::{LegKind, OrderState, TicketStatus};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::aggregate::{self, OrderAgg};
use crate::booking::place::order_stream;
use crate::CommandState;

#[derive(Debug, Deserialize)]
pub struct IdQuery {
    id: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Sent {
    pub sent: bool,
    pub to: String,
}

/// After a payment: the tickets to the customer's address, once per order.
pub async fn send_after_payment(state: &CommandState, order: &OrderState) {
    let first: Result<Option<(Uuid,)>, _> = sqlx::query_as(
        "insert into sent_messages (order_id, kind) values ($1, 'tickets-email') on conflict do nothing returning order_id",
    )
    .bind(order.order_id)
    .fetch_optional(&state.pool)
    .await;
    match first {
        Ok(Some(_)) => {
            if let Err(e) = state.mailer.send(ticket_email(state, order)).await {
                tracing::warn!(order_id = %order.order_id, error = %e, "could not send the tickets");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(order_id = %order.order_id, error = %e, "could not record the tickets e-mail"),
    }
}

/// `POST /order/order/send-ticket?id=`.
#[utoipa::path(post, path = "/api/order/order/send-ticket", tag = "order",
    params(("id" = String, Query, description = "the order's hash_id, or its id for an admin or the owner")),
    responses((status = 200, description = "`{\"data\": Sent}`", body = Sent), (status = 404, description = "no such order")))]
pub async fn send_ticket(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    Query(query): Query<IdQuery>,
) -> Result<Data<Sent>, ApiError> {
    let order = find(&state, user.as_ref(), query.id.as_deref()).await?;
    state.mailer.send(ticket_email(&state, &order)).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    Ok(Data::new(Sent { sent: true, to: order.customer.email.clone() }))
}

/// `POST /order/order/send-ticket-sms?id=`: a short message with the ticket numbers and
/// codes to the customer's phone.
#[utoipa::path(post, path = "/api/order/order/send-ticket-sms", tag = "order",
    params(("id" = String, Query, description = "the order's hash_id, or its id for an admin or the owner")),
    responses((status = 200, description = "`{\"data\": Sent}`", body = Sent), (status = 404, description = "no such order")))]
pub async fn send_ticket_sms(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    Query(query): Query<IdQuery>,
) -> Result<Data<Sent>, ApiError> {
    let order = find(&state, user.as_ref(), query.id.as_deref()).await?;
    let text = order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid)
        .map(|t| format!("{} kod {}", t.ticket.number, t.ticket.code))
        .collect::<Vec<_>>()
        .join("; ");
    let sms = Email {
        to: format!(
            "sms+{}@sms.invalid",
            order.customer.phone.chars().filter(char::is_ascii_digit).collect::<String>()
        ),
        subject: format!("SMS do {}", order.customer.phone),
        text: format!("Nisko Bus: {} {}", order.outbound.route_name, text),
        attachments: Vec::new(),
    };
    state.mailer.send(sms).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    Ok(Data::new(Sent { sent: true, to: order.customer.phone.clone() }))
}

async fn find(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    id: Option<&str>,
) -> Result<OrderState, ApiError> {
    let id =
        id.map(str::trim).filter(|i| !i.is_empty()).ok_or_else(|| ApiError::BadRequest("id is required".into()))?;
    let not_found = || ApiError::NotFound("There is no such order.".into());
    let (order_id, by_hash) = match id.parse::<Uuid>() {
        Ok(order_id) => (order_id, false),
        Err(_) => {
            let order_id: Option<Uuid> = sqlx::query_scalar("select order_id from rm_orders where hash_id = $1")
                .bind(id)
                .fetch_optional(&state.pool)
                .await
                .map_err(|e| ApiError::Unavailable(e.to_string()))?;
            (order_id.ok_or_else(not_found)?, true)
        }
    };
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    let order = loaded.state.placed().ok_or_else(not_found)?.clone();
    let allowed = by_hash && order.hash_id == id
        || user.is_some_and(|u| u.role == api_core::auth::Role::SuperAdmin || order.user_id == Some(u.id));
    if !allowed {
        return Err(not_found());
    }
    if order.tickets.is_empty() {
        return Err(ApiError::Conflict("The order has no tickets yet: it is not paid.".into()));
    }
    Ok(order)
}

fn ticket_email(state: &CommandState, order: &OrderState) -> Email {
    let mut text = format!("Dzień dobry {},\n\ndziękujemy za zakup biletów.\n\n", order.customer.first_name);
    for leg in order.legs() {
        let when = leg.departure_at.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M");
        let title = match leg.kind {
            LegKind::Outbound => "Tam",
            LegKind::Back => "Powrót",
        };
        text.push_str(&format!("{title}: {} → {}, {when} ({})\n", leg.from_name, leg.to_name, leg.route_name));
        for t in order.tickets.iter().filter(|t| t.ticket.leg == leg.kind) {
            text.push_str(&format!("  Bilet {}  kod {}  {}\n", t.ticket.number, t.ticket.code, format_pln(t.price)));
        }
    }
    text.push_str(&format!(
        "\nBilety z kodami QR: {}/order/success/{}\n\nZwrot biletu: {}/user/return-ticket\n",
        state.public_url, order.hash_id, state.public_url
    ));
    Email {
        to: order.customer.email.clone(),
        subject: format!("Twoje bilety – zamówienie {}", &order.hash_id[..8.min(order.hash_id.len())]),
        text,
        attachments: tickets_pdf(order),
    }
}

/// The valid tickets as a PDF with their QR codes (an empty list when it cannot be made:
/// the e-mail still carries the numbers, codes and the link to the QR codes).
fn tickets_pdf(order: &OrderState) -> Vec<Attachment> {
    let local =
        |t: chrono::DateTime<Utc>| t.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M").to_string();
    let passenger = format!("{} {}", order.customer.first_name, order.customer.last_name);
    let tickets: Vec<PrintedTicket> = order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid)
        .map(|t| PrintedTicket {
            number: t.ticket.number.clone(),
            code: t.ticket.code.clone(),
            passenger: passenger.clone(),
            route_name: t.course.route_name.clone(),
            from_name: t.course.from_name.clone(),
            to_name: t.course.to_name.clone(),
            departure: local(t.course.departure_at),
            arrival: local(t.course.arrival_at),
            price: format_pln(t.price),
        })
        .collect();
    let document = TicketDocument { carrier: "Nisko Bus".into(), order_ref: order.hash_id.clone(), tickets };
    match documents::ticket_pdf(&document) {
        Ok(bytes) => {
            vec![Attachment::pdf(format!("bilety-{}.pdf", &order.hash_id[..8.min(order.hash_id.len())]), bytes)]
        }
        Err(e) => {
            tracing::warn!(order_id = %order.order_id, error = %e, "could not render the tickets PDF");
            Vec::new()
        }
    }
}
