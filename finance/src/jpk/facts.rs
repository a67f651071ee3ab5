//! The month's facts, pure: what the first read of the store gathers
//! (docs/finance.md, 'Sales without an invoice are one document a day and channel').
//!
//! - Each order's own facts, kept small (an order placed months ago may be invoiced or
//!   returned this month): its total, whether it was sold at the desk, and whether an
//!   invoice was asked for at the sale (then its invoice and corrections document it).
//! - The sales no invoice documents, by Warsaw day, channel and rate: an order paid
//!   without an invoice asked for counts its total on the day it was paid; its returns,
//!   cancellation and changes of course change that day's sum of the day they happen.
//! - The KSeF number of each document KSeF accepted, and the documents issued offline.
//! - The invoices' and corrections' sums per rate, those that count (not `FP`).
//!
//! An invoice issued afterwards for a sale already in a day's document is marked `FP`
//! (an invoice to a sale already recorded), as are its corrections: the schema leaves
//! such rows out of the tax due, so the sale is counted once.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use uuid::Uuid;

use crate::register::warsaw_date;

/// How a sale was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Channel {
    /// Online, through the payment gateway (or a coupon): one internal document a day (`WEW`).
    Online,
    /// At the office's desk: the fiscal printer's daily report (`RO`).
    Desk,
}

/// What is kept of every order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OrderFact {
    total: i64,
    channel: Channel,
    /// An invoice was asked for when it was placed: its documents record the sale.
    invoiced_at_sale: bool,
}

/// Net, VAT and gross, grosz.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sums {
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

impl Sums {
    pub fn add(&mut self, other: Sums) {
        self.net += other.net;
        self.vat += other.vat;
        self.gross += other.gross;
    }

    /// `gross` split at `rate` as an invoice splits it.
    pub fn of_gross(gross: i64, rate: u32) -> Sums {
        let split = domain::money::vat_split(gross, rate);
        Sums { net: split.net, vat: split.vat, gross }
    }
}

/// Where a document stands in KSeF, for its row's marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KsefMark {
    /// Accepted: its KSeF number.
    Number(String),
    /// Due for KSeF, not (yet) in it: `OFF`.
    Off,
    /// Issued outside KSeF: `BFK`.
    Outside,
}

/// The month asked for, in Warsaw days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Month {
    pub year: i32,
    pub month: u32,
}

impl Month {
    pub fn contains(&self, day: NaiveDate) -> bool {
        use chrono::Datelike;
        day.year() == self.year && day.month() == self.month
    }
}

#[derive(Deserialize)]
struct Placed {
    order_id: Uuid,
    total: i64,
    #[serde(default)]
    invoice: Option<serde::de::IgnoredAny>,
    payment: PaymentRef,
}

#[derive(Deserialize)]
struct PaymentRef {
    provider: String,
}

#[derive(Deserialize)]
struct Paid {
    order_id: Uuid,
    paid_at: DateTime<Utc>,
}

#[derive(Deserialize)]
struct Returned {
    order_id: Uuid,
    returned_at: DateTime<Utc>,
    price: i64,
    fee: i64,
}

#[derive(Deserialize)]
struct Cancelled {
    order_id: Uuid,
    cancelled_at: DateTime<Utc>,
    refund: i64,
    coupon_refund: i64,
}

#[derive(Deserialize)]
struct Changed {
    order_id: Uuid,
    changed_at: DateTime<Utc>,
    price_difference: i64,
}

/// What the facts read of an invoice or correction besides its register row.
#[derive(Deserialize)]
pub(crate) struct DocumentFacts {
    pub order_id: Uuid,
    #[serde(default)]
    pub ksef: bool,
}

#[derive(Deserialize)]
struct Accepted {
    document: String,
    ksef_number: String,
}

#[derive(Deserialize)]
struct Offline {
    document: String,
}

/// The event types the first read takes.
pub const FACT_TYPES: [&str; 9] = [
    "OrderPlaced",
    "OrderPaid",
    "TicketReturned",
    "OrderCancelled",
    "TicketCourseChanged",
    "InvoiceIssued",
    "InvoiceCorrected",
    "KsefAccepted",
    "KsefWentOffline",
];

/// The month's facts (see the module's guide).
#[derive(Debug, Default)]
pub struct Facts {
    orders: HashMap<Uuid, OrderFact>,
    /// (day, channel, rate) → gross of the sales no invoice documents.
    pub days: BTreeMap<(NaiveDate, Channel, u32), i64>,
    /// Document number → KSeF number.
    accepted: HashMap<String, String>,
    offline: HashSet<String>,
}

impl Facts {
    /// Take one stored event (of [`FACT_TYPES`]) into the facts; `rate` is the VAT rate of
    /// sales no invoice documents (the company's).
    pub fn take(&mut self, event_type: &str, data: &str, month: Month, rate: u32) -> Result<(), serde_json::Error> {
        let day_change = |orders: &HashMap<Uuid, OrderFact>, days: &mut BTreeMap<_, i64>, order_id, at, gross| {
            if let Some(order) = orders.get(&order_id).filter(|o| !o.invoiced_at_sale) {
                let day = warsaw_date(at);
                if month.contains(day) && gross != 0 {
                    *days.entry((day, order.channel, rate)).or_insert(0) += gross;
                }
            }
        };
        match event_type {
            "OrderPlaced" => {
                let p: Placed = serde_json::from_str(data)?;
                let channel = if matches!(p.payment.provider.as_str(), "cash" | "card_terminal") {
                    Channel::Desk
                } else {
                    Channel::Online
                };
                self.orders
                    .insert(p.order_id, OrderFact { total: p.total, channel, invoiced_at_sale: p.invoice.is_some() });
            }
            "OrderPaid" => {
                let p: Paid = serde_json::from_str(data)?;
                let total = self.orders.get(&p.order_id).map_or(0, |o| o.total);
                day_change(&self.orders, &mut self.days, p.order_id, p.paid_at, total);
            }
            "TicketReturned" => {
                let r: Returned = serde_json::from_str(data)?;
                day_change(&self.orders, &mut self.days, r.order_id, r.returned_at, -(r.price - r.fee));
            }
            "OrderCancelled" => {
                let c: Cancelled = serde_json::from_str(data)?;
                day_change(&self.orders, &mut self.days, c.order_id, c.cancelled_at, -(c.refund + c.coupon_refund));
            }
            "TicketCourseChanged" => {
                let c: Changed = serde_json::from_str(data)?;
                day_change(&self.orders, &mut self.days, c.order_id, c.changed_at, c.price_difference);
            }
            "KsefAccepted" => {
                let a: Accepted = serde_json::from_str(data)?;
                self.accepted.insert(a.document, a.ksef_number);
            }
            "KsefWentOffline" => {
                let o: Offline = serde_json::from_str(data)?;
                self.offline.insert(o.document);
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether the documents of `order_id` are `FP`: its sale went into a day's document.
    pub fn is_fp(&self, order_id: Uuid) -> bool {
        self.orders.get(&order_id).is_some_and(|o| !o.invoiced_at_sale)
    }

    /// The KSeF marker of document `number` (due for KSeF when `due`).
    pub fn ksef_mark(&self, number: &str, due: bool) -> KsefMark {
        match self.accepted.get(number) {
            Some(n) => KsefMark::Number(n.clone()),
            None if due || self.offline.contains(number) => KsefMark::Off,
            None => KsefMark::Outside,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOV: Month = Month { year: 2026, month: 11 };

    fn take(facts: &mut Facts, event_type: &str, data: serde_json::Value) {
        facts.take(event_type, &data.to_string(), NOV, 8).expect("decoded");
    }

    fn placed(id: u128, total: i64, provider: &str, invoice: bool) -> serde_json::Value {
        json!({ "type": "OrderPlaced", "order_id": Uuid::from_u128(id), "total": total,
                "invoice": if invoice { json!({ "company_name": "ACME" }) } else { json!(null) },
                "payment": { "provider": provider, "session_id": "s", "token": "t" }, "customer": {} })
    }

    fn paid(id: u128, at: &str) -> serde_json::Value {
        json!({ "order_id": Uuid::from_u128(id), "paid_at": at, "amount": 1, "transaction_id": "t" })
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn sales_without_an_invoice_are_summed_by_warsaw_day_and_channel_with_their_returns() {
        let mut f = Facts::default();
        take(&mut f, "OrderPlaced", placed(1, 3900, "przelewy24", false));
        take(&mut f, "OrderPlaced", placed(2, 7800, "cash", false));
        take(&mut f, "OrderPlaced", placed(3, 5000, "przelewy24", true));
        // 23:30Z on the 4th is the 5th in Warsaw.
        take(&mut f, "OrderPaid", paid(1, "2026-11-04T23:30:00Z"));
        take(&mut f, "OrderPaid", paid(2, "2026-11-05T10:00:00Z"));
        take(&mut f, "OrderPaid", paid(3, "2026-11-05T10:00:00Z"));
        take(
            &mut f,
            "TicketReturned",
            json!({ "order_id": Uuid::from_u128(2), "returned_at": "2026-11-06T10:00:00Z",
            "price": 3900, "fee": 390 }),
        );
        // Paid in October: not this month's.
        take(&mut f, "OrderPlaced", placed(4, 1000, "przelewy24", false));
        take(&mut f, "OrderPaid", paid(4, "2026-10-31T10:00:00Z"));
        let days: Vec<_> = f.days.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(
            days,
            vec![
                ((day(5), Channel::Online, 8), 3900),
                ((day(5), Channel::Desk, 8), 7800),
                ((day(6), Channel::Desk, 8), -3510),
            ]
        );
        assert!(f.is_fp(Uuid::from_u128(1)), "an invoice afterwards would be FP");
        assert!(!f.is_fp(Uuid::from_u128(3)), "its invoice records the sale");
    }

    #[test]
    fn a_document_is_marked_by_its_ksef_number_offline_or_outside_ksef() {
        let mut f = Facts::default();
        take(
            &mut f,
            "KsefAccepted",
            json!({ "document": "FV/1", "ksef_number": "5250001233-20261105-0100A0B0C0D0-1F" }),
        );
        take(&mut f, "KsefWentOffline", json!({ "document": "FV/2" }));
        assert_eq!(f.ksef_mark("FV/1", true), KsefMark::Number("5250001233-20261105-0100A0B0C0D0-1F".into()));
        assert_eq!(f.ksef_mark("FV/2", true), KsefMark::Off);
        assert_eq!(f.ksef_mark("FV/3", true), KsefMark::Off);
        assert_eq!(f.ksef_mark("FV/4", false), KsefMark::Outside);
    }
}
