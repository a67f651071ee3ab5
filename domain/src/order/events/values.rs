//! The values the order's events carry: who ordered, the invoice's buyer and seller, the
//! legs and ticket lines, the coupon, the payment and the tickets. They are part of the
//! events' contract (stored as JSON inside them), so a field is only ever added with a
//! default.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use values::{Email, Line, Phone};

use crate::money::Reduction;

/// The person who ordered (and gets the tickets), in the value types the order form
/// parsed them into. An order sold at the desk may have no e-mail or no phone (stored as
/// `""`, as before). A stored order reads back whatever rule its day had
/// (`values::recorded`): its events are never judged again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    #[serde(deserialize_with = "values::recorded::value")]
    pub first_name: Line<100>,
    #[serde(deserialize_with = "values::recorded::value")]
    pub last_name: Line<100>,
    #[serde(with = "values::recorded::or_empty")]
    pub email: Option<Email>,
    #[serde(with = "values::recorded::or_empty")]
    pub phone: Option<Phone>,
    pub notify_by_sms: bool,
    /// The language the order was placed in: every message about it (e-mail, SMS, PDF)
    /// is written in it, with links to that language's pages. Orders placed before it was
    /// recorded read as Polish, the site's default.
    #[serde(default)]
    pub language: Language,
}

impl Customer {
    /// The phone to text about the order: the customer's, when they asked for texts.
    pub fn texts_to(&self) -> Option<&Phone> {
        self.phone.as_ref().filter(|_| self.notify_by_sms)
    }
}

/// A language the site speaks: Polish at the root, English under `/en`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    Pl,
    En,
}

impl Language {
    /// The site's path prefix of the language's pages: `""` for Polish, `"/en"` for English.
    pub fn path_prefix(self) -> &'static str {
        match self {
            Language::Pl => "",
            Language::En => "/en",
        }
    }

    /// The language's code: `pl` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Language::Pl => "pl",
            Language::En => "en",
        }
    }
}

/// The company an invoice was asked for (issued once the order is paid).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceRequest {
    /// ISO country code, `PL` by default.
    pub country: String,
    pub vat_number: String,
    pub company_name: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
}

/// The seller as an invoice names it: the carrier's company data when it was issued
/// (*setting*), so an invoice read years later shows who issued it then.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Seller {
    pub name: String,
    /// NIP, ten digits.
    pub tax_id: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
    /// ISO country code.
    pub country: String,
}

/// Which way a leg goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegKind {
    Outbound,
    Back,
}

/// One course an order travels on, from the passengers' boarding stop to where they
/// leave, with the seats held for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    pub kind: LegKind,
    pub course_id: Uuid,
    /// The seat hold on the course's inventory (`SeatsHeld`), released when a ticket of
    /// this leg is returned or the order ends unpaid.
    pub hold_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    /// When the coach leaves the boarding stop (return and change cutoffs count from it).
    pub departure_at: DateTime<Utc>,
    /// When it reaches the passengers' last stop.
    pub arrival_at: DateTime<Utc>,
    /// The route price from `from` to `to` for one passenger, before any discount.
    pub unit_price: i64,
}

/// A discount applied to a ticket line, as it was when the order was placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedDiscount {
    pub discount_id: i64,
    pub name: String,
    pub reduction: Reduction,
}

/// `quantity` passengers with the same discount. Prices are per passenger, after the
/// discount; `total = quantity * (outbound_price + back_price)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketLine {
    /// The line's number in the order, from 1.
    pub line: u32,
    pub quantity: u32,
    pub discount: Option<AppliedDiscount>,
    pub outbound_price: i64,
    /// Present exactly when the order has a back leg.
    pub back_price: Option<i64>,
    pub total: i64,
    /// The passengers' names, seat by seat (at most `quantity`); a seat without one (or
    /// with an empty one) travels under the buyer's name. Absent in orders placed before
    /// names could be given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passengers: Vec<String>,
}

impl TicketLine {
    /// The name given for seat `seat` (from 0), if one was.
    pub fn passenger(&self, seat: u32) -> Option<&str> {
        let index = usize::try_from(seat).ok()?;
        self.passengers.get(index).map(String::as_str).filter(|n| !n.is_empty())
    }
}

/// A coupon spent on the order (`amount` came off the total).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponUse {
    /// The code, upper-cased.
    pub code: String,
    pub amount: i64,
}

/// The payment registered with the gateway for the order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentRef {
    pub provider: String,
    pub session_id: String,
    /// The gateway's token: the payment page is `…/{token}`.
    pub token: String,
}

/// One passenger's seat on one leg.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub ticket_id: Uuid,
    /// Readable and unique, e.g. `NK-2026-000123`.
    pub number: String,
    /// The secret shown as a QR code; with the number, it lets a guest return the ticket.
    pub code: String,
    pub leg: LegKind,
    /// The [`TicketLine::line`] the ticket belongs to.
    pub line: u32,
    /// What the seat cost, after the line's discount.
    pub price: i64,
    /// Its share of the coupon ([`crate::money::allocate`] over the ticket prices).
    pub coupon_part: i64,
    /// The passenger's name when one was given for the seat ([`TicketLine::passenger`]);
    /// `None`: the buyer travels on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passenger: Option<String>,
}

/// The seats of a leg held again for a payment that arrived after the order expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegHold {
    pub leg: LegKind,
    pub hold_id: Uuid,
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{customer, placed};
    use super::super::OrderEvent;

    /// An order as an earlier version stored it: sold at the desk without an e-mail, with
    /// a phone an older rule took (dots, eight digits), names with the spaces around them.
    #[test]
    fn an_order_placed_under_older_rules_still_reads_and_writes_back_as_stored() {
        let mut stored = serde_json::to_value(placed(false, 0)).expect("an event");
        stored["customer"]["email"] = "".into();
        stored["customer"]["phone"] = "600.100.20".into();
        stored["customer"]["first_name"] = " Jan ".into();
        let read: OrderEvent = serde_json::from_value(stored.clone()).expect("the stored event reads");
        let OrderEvent::OrderPlaced { customer: read_customer, .. } = &read else { panic!("{read:?}") };
        assert_eq!(read_customer.email, None);
        assert_eq!(read_customer.phone.as_ref().map(|p| p.as_str()), Some("600.100.20"));
        assert_eq!(read_customer.first_name.as_str(), "Jan");
        stored["customer"]["first_name"] = "Jan".into();
        assert_eq!(serde_json::to_value(&read).expect("written"), stored, "the same form as stored");
    }

    #[test]
    fn a_customer_is_written_as_text_as_it_always_was() {
        let written = serde_json::to_value(customer()).expect("written");
        assert_eq!(
            written,
            serde_json::json!({"first_name": "Jan", "last_name": "Kowalski", "email": "jan@example.pl",
                "phone": "+48600100200", "notify_by_sms": false, "language": "pl"})
        );
        let no_contact = super::Customer { email: None, phone: None, ..customer() };
        let written = serde_json::to_value(no_contact).expect("written");
        assert_eq!((&written["email"], &written["phone"]), (&"".into(), &"".into()));
    }
}
