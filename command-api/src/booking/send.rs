//! Sending tickets: after payment (once each, even when the payment event is replayed)
//! by e-mail, and by SMS when the customer asked for it (`notify_by_sms`); and on request
//! (`send-ticket?id`, `send-ticket-sms?id`). E-mails go through the mail port, text
//! messages through the SMS port.
//!
//! `id` is the order's public `hash_id` (whoever has the success page may resend to the
//! order's own address), or its id for an admin or the order's owner.

use api_core::auth::MaybeUser;
use api_core::mail::{Attachment, Email};
use api_core::sms::{Sms, SmsError};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::Utc;
use documents::{PrintedTicket, TicketDocument};
use domain::money::format_pln;
use domain::order::{Language, LegKind, OrderState, OrderStatus, TicketStatus};
use serde::Serialize;
use uuid::Uuid;

use crate::aggregate::{self, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Sent {
    pub sent: bool,
    pub to: String,
}

/// After a payment: the tickets to the customer's address, and to their phone when they
/// asked for it, each once per order. A walk-in passenger at the office may have given
/// neither: their tickets were printed at the desk, and nothing is sent.
pub async fn send_after_payment(state: &CommandState, order: &OrderState) {
    if order.customer.email.is_some() {
        send_once(state, order.order_id, "tickets-email", ticket_email(state, order)).await;
    }
    if order.customer.texts_to().is_some() {
        send_sms_once(state, order.order_id, "tickets-sms", ticket_sms(order)).await;
    }
}

/// A contact of the order as a message's address: `""` when the order has none (sold at
/// the desk without it), which [`send_once`] never sends to.
pub(crate) fn address<T: AsRef<str>>(contact: &Option<T>) -> String {
    contact.as_ref().map(|c| c.as_ref().to_owned()).unwrap_or_default()
}

/// Sends `email` as the order's message of `kind` unless it was queued before: its claim
/// in `sent_messages` (the order's history) and its outbox row are written in one
/// transaction, so two reactions racing queue it once and a process dying in between
/// leaves neither (the replay queues it). It is then sent at once; a failure is retried by
/// the outbox's worker, and so is a message whose process died before sending it. True
/// when it was queued now. An order without an e-mail (a walk-in passenger at the
/// office) is sent nothing.
pub(crate) async fn send_once(state: &CommandState, order_id: Uuid, kind: &str, email: Email) -> bool {
    if email.to.trim().is_empty() {
        return false;
    }
    queue_once(state, order_id, kind, outbox::Message::Email(email)).await
}

/// [`send_once`] for a text message (its own `kind`, e.g. `tickets-sms`): once per order
/// and reason, whatever happens to the e-mail beside it.
pub(crate) async fn send_sms_once(state: &CommandState, order_id: Uuid, kind: &str, sms: Sms) -> bool {
    if sms.to.trim().is_empty() {
        return false;
    }
    queue_once(state, order_id, kind, outbox::Message::Sms(sms)).await
}

async fn queue_once(state: &CommandState, order_id: Uuid, kind: &str, message: outbox::Message) -> bool {
    let key = format!("{order_id}/{kind}");
    let queued = async {
        let mut tx = state.pool.begin().await?;
        let claimed: Option<Uuid> = sqlx::query_scalar(
            "insert into sent_messages (order_id, kind) values ($1, $2) on conflict do nothing returning order_id",
        )
        .bind(order_id)
        .bind(kind)
        .fetch_optional(&mut *tx)
        .await?;
        if claimed.is_none() {
            return Ok::<_, sqlx::Error>(None);
        }
        let envelope = outbox::Envelope { key: &key, order_id: Some(order_id), kind, message: &message };
        let id = outbox::enqueue(&mut tx, envelope, state.outbox.lease()).await?;
        tx.commit().await?;
        Ok(id)
    };
    match queued.await {
        Ok(Some(id)) => {
            // A crash test dies here: decided and queued, not sent.
            crate::failpoint("outbox-before-send");
            state.outbox.deliver_queued(id, &key, message).await;
            true
        }
        Ok(None) => false,
        Err(e) => {
            tracing::warn!(%order_id, kind, error = %e, "could not queue a message");
            false
        }
    }
}

/// `POST /order/order/send-ticket?id=`.
#[utoipa::path(post, path = "/api/order/order/send-ticket", tag = "order", security((), ("bearer" = [])),
    params(("id" = inline(api_core::values::NotBlank), Query, description = "the order's hash_id, or its id for an admin or the owner")),
    responses((status = 200, description = "`{\"data\": Sent}`", body = Data<Sent>), (status = 404, description = "no such order"),
        (status = 409, description = "the order has no valid tickets to send (expired, cancelled or not paid: `order.not_paid`)"),
        (status = 422, description = "the order has no e-mail address (sold at the office without one)")))]
pub async fn send_ticket(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    params: Params,
) -> Result<Data<Sent>, ApiError> {
    let order = find(&state, user.as_ref(), params.raw("id")).await?;
    let Some(to) = order.customer.email.as_ref().map(ToString::to_string) else {
        return Err(ApiError::refusal_on(
            "email",
            api_core::codes::FIELD_BLANK,
            "The order has no e-mail address: print the tickets instead.",
        ));
    };
    state.mailer.send(ticket_email(&state, &order)).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    record_again(&state, &order, "tickets-email", user.as_ref()).await;
    Ok(Data::new(Sent { sent: true, to }))
}

/// `POST /order/order/send-ticket-sms?id=`: a short message with the ticket numbers and
/// codes to the customer's phone.
#[utoipa::path(post, path = "/api/order/order/send-ticket-sms", tag = "order", security((), ("bearer" = [])),
    params(("id" = inline(api_core::values::NotBlank), Query, description = "the order's hash_id, or its id for an admin or the owner")),
    responses((status = 200, description = "`{\"data\": Sent}`", body = Data<Sent>), (status = 404, description = "no such order"),
        (status = 409, description = "the order has no valid tickets to send (expired, cancelled or not paid: `order.not_paid`)"),
        (status = 422, description = "the order's phone number cannot receive text messages")))]
pub async fn send_ticket_sms(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    params: Params,
) -> Result<Data<Sent>, ApiError> {
    let order = find(&state, user.as_ref(), params.raw("id")).await?;
    let Some(to) = order.customer.phone.as_ref().map(ToString::to_string) else {
        return Err(ApiError::refusal_on("phone", api_core::codes::FIELD_BLANK, "The order has no phone number."));
    };
    state.sms.send(ticket_sms(&order)).await.map_err(|e| match e {
        SmsError::NotANumber(_) => ApiError::refusal_on(
            "phone",
            api_core::codes::PHONE_NOT_MOBILE,
            "The order's phone number cannot receive text messages.",
        ),
        SmsError::Failed(e) | SmsError::Refused(e) => ApiError::Unavailable(e),
    })?;
    record_again(&state, &order, "tickets-sms", user.as_ref()).await;
    Ok(Data::new(Sent { sent: true, to }))
}

/// Records a message sent on request, for the order's history: a kind of its own
/// (`{kind}/again/{uuid}`) and who asked. It went out already, so a failure to record it
/// is logged, not answered.
async fn record_again(state: &CommandState, order: &OrderState, kind: &str, by: Option<&api_core::auth::AuthUser>) {
    let recorded = sqlx::query("insert into sent_messages (order_id, kind, sent_by) values ($1, $2, $3)")
        .bind(order.order_id)
        .bind(format!("{kind}/again/{}", Uuid::new_v4()))
        .bind(by.map(|user| user.id))
        .execute(&state.pool)
        .await;
    if let Err(e) = recorded {
        tracing::warn!(order_id = %order.order_id, kind, error = %e, "could not record a message sent on request");
    }
}

/// The valid tickets in one short message: per course its route, day and time, then each
/// ticket's number and code.
fn ticket_sms(order: &OrderState) -> Sms {
    let code = TicketWords::of(order.customer.language).code;
    let mut courses: Vec<(uuid::Uuid, String)> = Vec::new();
    for t in order.tickets.iter().filter(|t| t.status == TicketStatus::Valid) {
        let ticket = format!("{} {code} {}", t.ticket.number, t.ticket.code);
        match courses.iter_mut().find(|(course, _)| *course == t.course.course_id) {
            Some((_, text)) => text.push_str(&format!(", {ticket}")),
            None => {
                let when = t.course.departure_at.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M");
                courses.push((t.course.course_id, format!("{} {when}: {ticket}", t.course.route_name)));
            }
        }
    }
    let text = courses.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join("; ");
    Sms { to: address(&order.customer.phone), text: format!("Nisko Bus: {text}") }
}

async fn find(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    id: Option<&str>,
) -> Result<OrderState, ApiError> {
    let id =
        id.map(str::trim).filter(|i| !i.is_empty()).ok_or_else(|| ApiError::BadRequest("id is required".into()))?;
    let not_found = || ApiError::NotFound("There is no such order.".into());
    let (order_id, by_hash) = match order_id_in(id) {
        Some(order_id) => (order_id, false),
        None => {
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
    // An order that expired, or was cancelled, has no tickets to send (issue 29: an expired
    // order still offered "send the tickets").
    if order.status != OrderStatus::Paid || !order.tickets.iter().any(|t| t.status == TicketStatus::Valid) {
        let e = domain::order::InvoiceError::NotPaid;
        let message = match order.status {
            OrderStatus::Paid | OrderStatus::Returned => "The order has no valid tickets to send.",
            OrderStatus::Expired => "The order expired unpaid: it has no tickets to send.",
            _ => "The order is not paid: it has no tickets to send.",
        };
        let code = if order.paid.is_some() { api_core::codes::CONFLICT } else { domain::ErrorCode::code(&e) };
        return Err(ApiError::Conflict(message.into()).with_code(code));
    }
    Ok(order)
}

/// The order id in `id` when it is one: hyphenated, as the API writes ids. A `hash_id`
/// (32 hex digits) would parse as a UUID too, in its simple form.
fn order_id_in(id: &str) -> Option<Uuid> {
    (id.len() == 36).then(|| id.parse().ok()).flatten()
}

/// The tickets e-mail's words, in the order's language.
struct TicketWords {
    hello: &'static str,
    thanks: &'static str,
    order: &'static str,
    outbound: &'static str,
    back: &'static str,
    ticket: &'static str,
    code: &'static str,
    qr_codes: &'static str,
    return_ticket: &'static str,
    subject: &'static str,
}

impl TicketWords {
    fn of(language: Language) -> &'static TicketWords {
        match language {
            Language::Pl => &TicketWords {
                hello: "Dzień dobry",
                thanks: "dziękujemy za zakup biletów.",
                order: "Zamówienie",
                outbound: "Tam",
                back: "Powrót",
                ticket: "Bilet",
                code: "kod",
                qr_codes: "Bilety z kodami QR",
                return_ticket: "Zwrot biletu",
                subject: "Twoje bilety – zamówienie",
            },
            Language::En => &TicketWords {
                hello: "Hello",
                thanks: "thank you for buying your tickets.",
                order: "Order",
                outbound: "Outward journey",
                back: "Return journey",
                ticket: "Ticket",
                code: "code",
                qr_codes: "Your tickets with their QR codes",
                return_ticket: "To return a ticket",
                subject: "Your tickets – order",
            },
        }
    }
}

fn ticket_email(state: &CommandState, order: &OrderState) -> Email {
    let words = TicketWords::of(order.customer.language);
    let mut text = format!(
        "{} {},\n\n{}\n\n{} {}\n\n",
        words.hello,
        order.customer.first_name,
        words.thanks,
        words.order,
        order.display_number()
    );
    for leg in order.legs() {
        let when = leg.departure_at.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M");
        let title = match leg.kind {
            LegKind::Outbound => words.outbound,
            LegKind::Back => words.back,
        };
        text.push_str(&format!("{title}: {} → {}, {when} ({})\n", leg.from_name, leg.to_name, leg.route_name));
        for t in order.tickets.iter().filter(|t| t.ticket.leg == leg.kind) {
            text.push_str(&format!(
                "  {} {}  {} {}  {}\n",
                words.ticket,
                t.ticket.number,
                words.code,
                t.ticket.code,
                super::after_sale_mail::money(order.customer.language, t.price)
            ));
        }
    }
    let site = format!("{}{}", state.public_url, order.customer.language.path_prefix());
    text.push_str(&format!(
        "\n{}: {site}/order/success/{}\n\n{}: {site}/user/return-ticket\n",
        words.qr_codes, order.hash_id, words.return_ticket
    ));
    Email {
        to: address(&order.customer.email),
        subject: format!("{} {}", words.subject, order.display_number()),
        text,
        attachments: tickets_pdf(state, order),
    }
}

/// The valid tickets as a PDF with their QR codes (an empty list when it cannot be made:
/// the e-mail still carries the numbers, codes and the link to the QR codes).
pub(crate) fn tickets_pdf(state: &CommandState, order: &OrderState) -> Vec<Attachment> {
    let document = printed_tickets(state, order);
    match documents::ticket_pdf(&document) {
        Ok(bytes) => {
            vec![Attachment::pdf(format!("bilety-{}.pdf", order.display_number()), bytes)]
        }
        Err(e) => {
            tracing::warn!(order_id = %order.order_id, error = %e, "could not render the tickets PDF");
            Vec::new()
        }
    }
}

/// The order's valid tickets as printed (their QR codes signed now, for their current
/// courses): the e-mail's PDF and the desk's print.
pub(crate) fn printed_tickets(state: &CommandState, order: &OrderState) -> TicketDocument {
    let local =
        |t: chrono::DateTime<Utc>| t.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M").to_string();
    // The buyer travels on every ticket that names no passenger of its own.
    let buyer = format!("{} {}", order.customer.first_name, order.customer.last_name);
    let tickets: Vec<PrintedTicket> = order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid)
        .map(|t| PrintedTicket {
            number: t.ticket.number.clone(),
            code: t.ticket.code.clone(),
            qr: state.tickets.token(&ticket_token::TicketFacts::of(order, t)),
            passenger: t.ticket.passenger.clone().unwrap_or_else(|| buyer.clone()),
            route_name: t.course.route_name.clone(),
            from_name: t.course.from_name.clone(),
            to_name: t.course.to_name.clone(),
            departure: local(t.course.departure_at),
            arrival: local(t.course.arrival_at),
            price: format_pln(t.price),
            discount: order
                .lines
                .iter()
                .find(|l| l.line == t.ticket.line)
                .and_then(|l| l.discount.as_ref())
                .map(|d| d.name.clone()),
        })
        .collect();
    TicketDocument { carrier: "Nisko Bus".into(), order_ref: order.display_number().to_owned(), tickets }
}

#[cfg(test)]
mod tests {
    use super::order_id_in;

    #[test]
    fn an_order_id_is_told_from_a_hash_id() {
        let id = uuid::Uuid::new_v4();
        assert_eq!(order_id_in(&id.to_string()), Some(id));
        // A hash_id: 32 hex digits, which is also a UUID's simple form.
        assert_eq!(order_id_in(&id.simple().to_string()), None);
        assert_eq!(order_id_in("0f3c9a7e2b8d4c1a9e6f5d4c3b2a1908"), None);
        assert_eq!(order_id_in("not-an-id-but-thirty-six-characters"), None);
    }
}
