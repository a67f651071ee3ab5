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
pub mod message;
pub mod passenger;

use api_core::mail::Email;
use api_core::sms::Sms;
use api_core::ApiError;
use chrono::Utc;
use domain::order::{CourseDisruption, Language, OrderState, OrderStatus};
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
        unserved_stops: inventory.unserved_stops(),
        reason: d.reason.clone(),
        departure_at: inventory.departure_at,
        announced_at: d.at,
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

/// Sends the order the message of `d` (by e-mail, and by SMS when it asked for text
/// messages): once per announcement (`d.notice_id`; the e-mail and the text each queued
/// once, whatever happens to the other), or again when `again` (the admin's resend). An
/// order waiting for payment is told once it is paid (the process calls again then); one
/// the cancellation cancelled is told at once. Answers whether a message went out.
pub async fn notify(state: &CommandState, order_id: Uuid, d: &CourseDisruption, again: bool) -> bool {
    let course_id = d.course_id;
    let (order, inventory) = match (load_order(state, order_id).await, load_course(state, course_id).await) {
        (Ok(Some(order)), Ok(Some(inventory))) => (order, inventory),
        (o, c) => {
            tracing::warn!(%order_id, %course_id, ok = o.is_ok() && c.is_ok(), "no order or course to tell of a disruption");
            return false;
        }
    };
    let order_cancelled =
        order.status == OrderStatus::Cancelled && order.paid.is_none() && order.disruption(course_id).is_some();
    if order.status == OrderStatus::PendingPayment || (order.paid.is_none() && !order_cancelled) {
        return false;
    }
    let Some(words) = words_for(state, &order, &inventory, d, order_cancelled).await else { return false };
    let email = Email {
        to: crate::booking::send::address(&order.customer.email),
        subject: words.subject,
        text: words.text,
        attachments: Vec::new(),
    };
    let sms = order.customer.texts_to().map(|phone| Sms { to: phone.to_string(), text: words.sms });
    if again {
        return resend(state, order_id, order.customer.email.is_some().then_some(email), sms).await;
    }
    let kind = format!("disruption/{}", d.notice_id);
    let mut sent = super::send::send_once(state, order_id, &kind, email).await;
    if let Some(sms) = sms {
        sent |= super::send::send_sms_once(state, order_id, &format!("{kind}/sms"), sms).await;
    }
    sent
}

/// The admin's resend: each message under a key of its own (it went before).
async fn resend(state: &CommandState, order_id: Uuid, email: Option<Email>, sms: Option<Sms>) -> bool {
    let mut sent = false;
    if let Some(email) = email {
        let mailed = state.mailer.send(email).await;
        sent |= mailed.map_err(|e| tracing::warn!(%order_id, error = %e, "could not resend")).is_ok();
    }
    if let Some(sms) = sms {
        let texted = state.sms.send(sms).await;
        sent |= texted.map_err(|e| tracing::warn!(%order_id, error = %e, "could not resend")).is_ok();
    }
    sent
}

/// The words of `d`'s message to `order` (`None`: it has no leg on the course).
async fn words_for(
    state: &CommandState,
    order: &OrderState,
    inventory: &Inventory,
    d: &CourseDisruption,
    order_cancelled: bool,
) -> Option<message::Words> {
    let course_id = d.course_id;
    let leg = domain::order::disruption_view::offer_leg(order, course_id)?;
    let record = order.disruption(course_id);
    let chosen = record.is_some_and(|r| r.chosen.is_some());
    let open = d.choice_offered()
        && !chosen
        && order.status == OrderStatus::Paid
        && !domain::order::tickets_on(order, course_id).is_empty()
        && Utc::now() < d.choice_until();
    let language = order.customer.language;
    let money = |grosz| crate::booking::after_sale_mail::money(language, grosz);
    let refund = money(domain::order::full_refund(order, course_id));
    let compensation =
        record.and_then(|r| r.compensation.as_ref()).filter(|c| c.paid_at.is_none()).map(|c| money(c.amount));
    let cut_at = match &d.unserved_stops {
        Some(unserved) => stop_before(state, inventory, unserved).await,
        None => None,
    };
    // The same rights the passenger's page shows (a route without a distance: the basic ones).
    let rights = query_api::booking::course_disruption::JourneyRights::of(&state.pool, &leg).await.ok();
    let link = link(state, order, course_id);
    let site = format!("{}{}", state.public_url, language.path_prefix());
    let facts = message::Facts {
        language,
        first_name: order.customer.first_name.as_str(),
        order_number: order.display_number(),
        route: &leg.route_name,
        from: &leg.from_name,
        to: &leg.to_name,
        departure: leg.departure_at,
        delay_minutes: d.delay_minutes,
        cut_at: cut_at.as_deref(),
        reason: &d.reason,
        choice_until: open.then(|| d.choice_until()),
        choice_withdrawn: !d.choice_offered() && !chosen && record.is_some_and(|r| r.ever_offered),
        refund: &refund,
        includes_return: !domain::order::purpose_lost(order, course_id).is_empty(),
        order_cancelled,
        compensation: compensation.as_deref(),
        rights: domain::rights::Rights {
            statutory: rights.as_ref().is_some_and(|r| r.statutory),
            assistance: rights.as_ref().is_some_and(|r| r.assistance),
        },
        link: &link,
        site: &site,
    };
    Some(message::words(&facts))
}

/// The name of the stop a cancellation from a stop cuts the course at: the one before
/// the first unserved stop.
async fn stop_before(state: &CommandState, inventory: &Inventory, unserved: &[i64]) -> Option<String> {
    let first = inventory.stops.iter().position(|s| unserved.contains(&s.waypoint_id))?;
    let cut = inventory.stops.get(first.checked_sub(1)?)?.waypoint_id;
    sqlx::query_scalar("select name from waypoints where id = $1")
        .bind(cut)
        .fetch_optional(&state.pool)
        .await
        .ok()
        .flatten()
}
