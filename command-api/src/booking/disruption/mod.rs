//! A course the carrier cancelled or delayed (issue 28): the admin's commands
//! ([`admin`]: cancel, announce a delay, resend the message, choose for a passenger), the
//! passenger's choice through the signed link ([`passenger`]), the choice itself
//! ([`choose`]) and the message ([`notify`]). The process that tells every order is
//! [`crate::processes::disruptions`].
//!
//! The link's token ([`ticket_token::TicketSigner::link`]) names the order and the
//! course, signed with the tickets' key: it is the passenger's authority, as a ticket's
//! code is for a return.

pub mod admin;
pub mod choose;
pub mod passenger;

use api_core::mail::Email;
use api_core::sms::Sms;
use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::order::{CourseDisruption, Language, OrderState};
use domain::seat_inventory::{Inventory, SeatInventory};
use uuid::Uuid;

use crate::aggregate::{self, InventoryAgg, OrderAgg};
use crate::streams::{course_stream, order_stream};
use crate::CommandState;

/// A course's inventory (`None`: no such course).
pub(crate) async fn load_course(state: &CommandState, course_id: Uuid) -> Result<Option<Inventory>, ApiError> {
    let loaded = aggregate::load::<InventoryAgg>(state.store.as_ref(), &course_stream(course_id)?).await?;
    Ok(match loaded.state {
        SeatInventory::Opened(inventory) => Some(inventory),
        SeatInventory::Unopened => None,
    })
}

/// A placed order (`None`: no such order).
pub(crate) async fn load_order(state: &CommandState, order_id: Uuid) -> Result<Option<OrderState>, ApiError> {
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    Ok(loaded.state.placed().cloned())
}

/// The course's disruption as the order's decisions take it (`None`: it runs normally).
pub(crate) fn course_disruption(inventory: &Inventory) -> Option<CourseDisruption> {
    let d = inventory.disruption.as_ref()?;
    // The notice of the disruption as the inventory knows it: the announcement's instant
    // (a choice does not look at it; the process tells by the announcing event's id).
    let notice_id = Uuid::new_v5(&inventory.course_id, d.at.to_rfc3339().as_bytes());
    Some(CourseDisruption {
        course_id: inventory.course_id,
        notice_id,
        delay_minutes: d.delay_minutes,
        reason: d.reason.clone(),
        departure_at: inventory.departure_at,
    })
}

/// The passenger's page of the order's choice on the course, in the order's language.
pub fn link(state: &CommandState, order: &OrderState, course_id: Uuid) -> String {
    let token = state.tickets.link(order.order_id, course_id);
    match order.customer.language {
        Language::Pl => format!("{}/odwolany-kurs/{token}", state.public_url),
        Language::En => format!("{}/en/disrupted-course/{token}", state.public_url),
    }
}

fn local(t: DateTime<Utc>) -> String {
    t.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M").to_string()
}

/// Sends the order the message of the disruption of `course_id` (by e-mail, and by SMS
/// when it asked for text messages): once per announcement (`notice_id`), or again when
/// `again` (the admin's resend). Failures are logged; a failed e-mail may go on a replay.
pub async fn notify(state: &CommandState, order_id: Uuid, course_id: Uuid, notice_id: Uuid, again: bool) -> bool {
    let (order, inventory) = match (load_order(state, order_id).await, load_course(state, course_id).await) {
        (Ok(Some(order)), Ok(Some(inventory))) => (order, inventory),
        (o, c) => {
            tracing::warn!(%order_id, %course_id, ok = o.is_ok() && c.is_ok(), "no order or course to tell of a disruption");
            return false;
        }
    };
    let Some(disruption) = course_disruption(&inventory) else { return false };
    let email = disruption_email(state, &order, &inventory, &disruption);
    let kind = format!("disruption/{notice_id}");
    let sent = if order.customer.email.is_none() {
        // An office sale without an e-mail: the office tells them (the admin's list shows it).
        true
    } else if again {
        state.mailer.send(email).await.map_err(|e| tracing::warn!(%order_id, error = %e, "could not resend")).is_ok()
    } else {
        super::send::send_once(state, order_id, &kind, email).await
    };
    if let Some(phone) = order.customer.texts_to().filter(|_| sent) {
        let link = link(state, &order, course_id);
        let when = local(inventory.departure_at);
        let text = match (order.customer.language, disruption.delay_minutes) {
            (Language::Pl, None) => format!("Nisko Bus: kurs {when} odwolany. {link}"),
            (Language::Pl, Some(m)) => format!("Nisko Bus: kurs {when} opozniony o {m} min. {link}"),
            (Language::En, None) => format!("Nisko Bus: the course of {when} is cancelled. {link}"),
            (Language::En, Some(m)) => format!("Nisko Bus: the course of {when} runs {m} min late. {link}"),
        };
        let sms = Sms { to: phone.to_string(), text };
        if let Err(e) = state.sms.send(sms).await {
            tracing::warn!(%order_id, error = %e, "could not send the disruption sms");
        }
    }
    sent
}

/// The message in the order's language, with the link to that language's page.
fn disruption_email(state: &CommandState, order: &OrderState, inventory: &Inventory, d: &CourseDisruption) -> Email {
    let link = link(state, order, inventory.course_id);
    let route =
        &order.legs().find(|l| l.course_id == inventory.course_id).map(|l| l.route_name.clone()).unwrap_or_default();
    let when = local(inventory.departure_at);
    let language = order.customer.language;
    let refund =
        crate::booking::after_sale_mail::money(language, domain::order::full_refund(order, inventory.course_id));
    let (name, reason, number) = (&order.customer.first_name, &d.reason, order.display_number());
    let (text, subject) = match language {
        Language::Pl => {
            let what = match d.delay_minutes {
                None => "został odwołany".to_owned(),
                Some(m) => format!("jest opóźniony o {m} min"),
            };
            let choice = if d.choice_offered() {
                format!("Możesz wybrać inny kurs tej samej trasy bez dopłaty albo pełny zwrot ({refund}) bez opłat:\n{link}\n")
            } else {
                format!("Szczegóły: {link}\n")
            };
            let subject = if d.delay_minutes.is_none() { "Kurs odwołany" } else { "Kurs opóźniony" };
            (
                format!("Dzień dobry {name},\n\nkurs {route} z {when} {what}.\nPowód: {reason}\nZamówienie {number}\n\n{choice}"),
                format!("{subject} – zamówienie {number}"),
            )
        }
        Language::En => {
            let what = match d.delay_minutes {
                None => "was cancelled".to_owned(),
                Some(m) => format!("runs {m} minutes late"),
            };
            let choice = if d.choice_offered() {
                format!("You may choose another course of the same route at no extra cost, or a full refund ({refund}) with no fee:\n{link}\n")
            } else {
                format!("Details: {link}\n")
            };
            let subject = if d.delay_minutes.is_none() { "Course cancelled" } else { "Course delayed" };
            (
                format!("Hello {name},\n\nthe course {route} of {when} {what}.\nReason: {reason}\nOrder {number}\n\n{choice}"),
                format!("{subject} – order {number}"),
            )
        }
    };
    Email { to: crate::booking::send::address(&order.customer.email), subject, text, attachments: Vec::new() }
}
