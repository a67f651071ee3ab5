//! When an order's personal data may be erased (RODO, the GDPR): on the person's request
//! (art. 17) and on the retention schedule (art. 5(1)(e)), against what the carrier must
//! keep. Two subjects per order: the customer (with the passengers they named) and the
//! invoice's buyer.
//!
//! - A payment still awaited keeps the customer until the order expires; a valid ticket
//!   keeps them until its journey ends (the driver checks the name, the passenger is told
//!   of a delay).
//! - An issued invoice keeps its buyer until the tax period ends: five years from the end
//!   of the year of the tax (VAT act art. 112), counted from the last document (invoice or
//!   correction) naming them. An invoice asked for and not issued yet goes with the customer;
//!   an order that never asked for one has no buyer's data to keep.
//! - The schedule erases the customer once `keep` (13 months by default: the year a claim
//!   from the contract of carriage may be made, Prawo przewozowe art. 77, plus the
//!   complaint window) has passed since the journey ended.

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};

use super::{OrderState, OrderStatus, TicketStatus};

pub use crate::erasure::{Erasable, KeptFor};

/// An order's two subjects, each with whether it may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErasurePlan {
    pub customer: Erasable,
    pub buyer: Erasable,
}

/// What may be erased of `order` when its customer asks, `now`.
pub fn on_request(order: &OrderState, now: DateTime<Utc>) -> ErasurePlan {
    let customer = if order.status == OrderStatus::PendingPayment && order.expires_at > now {
        Erasable::Kept { until: order.expires_at, why: KeptFor::AwaitingPayment }
    } else {
        match journey_ahead_until(order, now) {
            Some(until) => Erasable::Kept { until, why: KeptFor::JourneyAhead },
            None => Erasable::Now,
        }
    };
    let buyer = match invoice_kept_until(order) {
        Some(until) if until > now => Erasable::Kept { until, why: KeptFor::Invoice },
        _ if names_a_buyer(order) => customer,
        // No invoice was ever asked for: there is no buyer's data to keep.
        _ => Erasable::Now,
    };
    ErasurePlan { customer, buyer }
}

/// Whether the order ever named an invoice's buyer (asked for one, or has one issued).
pub fn names_a_buyer(order: &OrderState) -> bool {
    order.invoice_request.is_some() || order.invoice.is_some()
}

/// What the schedule erases of `order` as of `as_of`, keeping the customer `keep` after
/// the journey ended: `(customer, buyer)`.
pub fn due_by_retention(order: &OrderState, as_of: DateTime<Utc>, keep: Months) -> (bool, bool) {
    let customer = journey_end(order).checked_add_months(keep).is_some_and(|due| due <= as_of)
        && on_request(order, as_of).customer == Erasable::Now;
    let buyer = match invoice_kept_until(order) {
        Some(until) => customer && until <= as_of,
        None => customer,
    };
    (customer, buyer)
}

/// When the order's travel ended (or would have): the latest arrival of its legs and of
/// the courses its tickets moved to; for an order never paid, that too (its journey is the
/// one it was for).
pub fn journey_end(order: &OrderState) -> DateTime<Utc> {
    let legs = order.legs().map(|leg| leg.arrival_at);
    let tickets = order.tickets.iter().map(|t| t.course.arrival_at);
    legs.chain(tickets).max().unwrap_or(order.placed_at)
}

/// The end of the latest journey a valid ticket is still good for, if one is ahead.
fn journey_ahead_until(order: &OrderState, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    order
        .tickets
        .iter()
        .filter(|t| t.status == TicketStatus::Valid)
        .map(|t| t.course.arrival_at)
        .filter(|arrival| *arrival > now)
        .max()
}

/// Until when an issued invoice keeps its buyer: the first instant of the sixth year after
/// the year of its last document (UTC), `None` without an issued invoice.
pub fn invoice_kept_until(order: &OrderState) -> Option<DateTime<Utc>> {
    let invoice = order.invoice.as_ref()?;
    let last = invoice.corrections.iter().map(|c| c.issued_at).fold(invoice.issued_at, DateTime::max);
    let year = last.year().checked_add(6)?;
    Some(NaiveDate::from_ymd_opt(year, 1, 1)?.and_hms_opt(0, 0, 0)?.and_utc())
}

#[cfg(test)]
#[path = "erasure_tests.rs"]
mod tests;
