//! The register's rules, pure: which invoice events a register shows, and the row each
//! one makes. No IO, no clock: the caller hands in the events with the instant the store
//! recorded them.
//!
//! - **One row per document**, in the order the events were recorded: an
//!   `InvoiceIssued` is a `VAT` row, an `InvoiceCorrected` a `KOR` row carrying the
//!   corrected invoice's number and the change of the amounts (negative for a return).
//!   A correction never rewrites its invoice's row: the register lists documents, as
//!   the VAT act's register does.
//! - **As of**: only events recorded before [`RegisterQuery::recorded_before`] (the end
//!   of the `as_of` day in Warsaw), so a register as of a past day shows what was issued
//!   by then and no correction recorded later.
//! - **Issued between `from` and `to`**: the document's issue date, its issue instant
//!   seen in Warsaw (an invoice issued 2026-11-24T23:30Z is dated 2026-11-25), within
//!   both days inclusive.
//!
//! Each event is self-contained. Events recorded before the invoices kept their document
//! facts lack some of them; then the row falls back as every reader of these events does
//! (`domain::order::IssuedDocument::of_event`, which the invoice list and the printed
//! documents use; a test holds the register to it): net and VAT split off the gross at
//! the event's rate ([`domain::money::vat_split`]; a correction recorded before
//! corrections carried a rate at [`LEGACY_VAT_RATE`]), the buyer's name and NIP empty,
//! the sale date empty (a register leaves the sale date empty when it is the issue date).

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Europe::Warsaw;
use domain::order::OrderEvent;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The VAT rate of a correction recorded before corrections carried their rate: every
/// invoice of the carrier was issued at 8 % (passenger transport) until then.
pub const LEGACY_VAT_RATE: u32 = 8;

/// The stored event types a register reads.
pub const EVENT_TYPES: [&str; 2] = ["InvoiceIssued", "InvoiceCorrected"];

/// The stored event types a register reads its KSeF numbers from (before its rows).
pub const KSEF_EVENT_TYPES: [&str; 1] = ["KsefAccepted"];

/// Which register: as of which day, of documents issued on which days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterQuery {
    /// The day whose end the register is rebuilt at.
    pub as_of: NaiveDate,
    /// The first issue date shown.
    pub from: NaiveDate,
    /// The last issue date shown.
    pub to: NaiveDate,
    /// Events recorded at or after this instant are left out: by default the end of
    /// `as_of` in Warsaw (the next day's midnight).
    pub recorded_before: DateTime<Utc>,
}

/// Why a register cannot be asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error("from must not be after to")]
    FromAfterTo,
    #[error("the date is out of range")]
    OutOfRange,
}

impl RegisterQuery {
    /// The register as of the end of `as_of` (Warsaw) of the documents issued from `from`
    /// to `to`, both inclusive.
    pub fn new(as_of: NaiveDate, from: NaiveDate, to: NaiveDate) -> Result<Self, QueryError> {
        if from > to {
            return Err(QueryError::FromAfterTo);
        }
        let recorded_before = end_of_day(as_of).ok_or(QueryError::OutOfRange)?;
        Ok(RegisterQuery { as_of, from, to, recorded_before })
    }

    /// The same register cut at another instant (tests, and a replay up to a moment
    /// rather than a day's end).
    pub fn recorded_before(self, instant: DateTime<Utc>) -> Self {
        RegisterQuery { recorded_before: instant, ..self }
    }

    /// Whether a document issued at `issued_at` falls between `from` and `to`.
    pub fn issued_within(&self, issued_at: DateTime<Utc>) -> bool {
        let day = warsaw_date(issued_at);
        self.from <= day && day <= self.to
    }
}

/// The end of `date` in Warsaw: the next day's midnight, as an instant (`None` past
/// the last date chrono knows).
pub fn end_of_day(date: NaiveDate) -> Option<DateTime<Utc>> {
    let next = date.succ_opt()?;
    // Midnight exists every day in Warsaw (the clocks change at 02:00 and 03:00).
    Warsaw.from_local_datetime(&next.and_time(NaiveTime::MIN)).earliest().map(|t| t.with_timezone(&Utc))
}

/// The Warsaw date of an instant.
pub fn warsaw_date(instant: DateTime<Utc>) -> NaiveDate {
    instant.with_timezone(&Warsaw).date_naive()
}

/// The buyer as an invoice event names it (the fields the register prints).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Buyer<'a> {
    #[serde(borrow, default)]
    pub company_name: Cow<'a, str>,
    #[serde(borrow, default)]
    pub vat_number: Cow<'a, str>,
}

/// What a register reads of [`OrderEvent::InvoiceIssued`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Issued<'a> {
    #[serde(borrow)]
    pub number: Cow<'a, str>,
    pub issued_at: DateTime<Utc>,
    /// Gross, grosz.
    pub total: i64,
    pub vat_rate: u32,
    #[serde(default)]
    pub sale_date: Option<NaiveDate>,
    #[serde(default, borrow)]
    pub buyer: Option<Buyer<'a>>,
    #[serde(default)]
    pub net: Option<i64>,
    #[serde(default)]
    pub vat: Option<i64>,
}

/// What a register reads of [`OrderEvent::InvoiceCorrected`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Corrected<'a> {
    #[serde(borrow)]
    pub number: Cow<'a, str>,
    #[serde(borrow)]
    pub corrects: Cow<'a, str>,
    /// The change of the gross, grosz (negative for a return).
    pub amount: i64,
    pub issued_at: DateTime<Utc>,
    #[serde(default)]
    pub total_before: Option<i64>,
    #[serde(default)]
    pub vat_rate: Option<u32>,
    #[serde(default)]
    pub sale_date: Option<NaiveDate>,
    #[serde(default, borrow)]
    pub buyer: Option<Buyer<'a>>,
    #[serde(default)]
    pub net: Option<i64>,
    #[serde(default)]
    pub vat: Option<i64>,
}

/// An invoice event as the register reads it: the fields of the two [`OrderEvent`]
/// variants it prints, borrowed from the stored JSON where they hold no escapes, so a
/// replay decodes only these two types and copies no text (the `OrderEvent` enum is
/// internally tagged, which makes serde buffer every field of it first). A test keeps
/// the two readings equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvoiceEvent<'a> {
    Issued(Issued<'a>),
    Corrected(Corrected<'a>),
}

impl<'a> InvoiceEvent<'a> {
    /// The event of a stored type and JSON data; `None` for the order's other events.
    pub fn decode(event_type: &str, data: &'a str) -> Result<Option<Self>, serde_json::Error> {
        Ok(match event_type {
            "InvoiceIssued" => Some(InvoiceEvent::Issued(serde_json::from_str(data)?)),
            "InvoiceCorrected" => Some(InvoiceEvent::Corrected(serde_json::from_str(data)?)),
            _ => None,
        })
    }

    /// The invoice event of an order's event, borrowing its text; `None` for the others.
    pub fn from_order_event(event: &'a OrderEvent) -> Option<Self> {
        let buyer = |b: &'a domain::order::InvoiceRequest| Buyer {
            company_name: Cow::Borrowed(b.company_name.as_str()),
            vat_number: Cow::Borrowed(b.vat_number.as_str()),
        };
        match event {
            OrderEvent::InvoiceIssued { number, issued_at, total, vat_rate, sale_date, buyer: b, net, vat, .. } => {
                Some(InvoiceEvent::Issued(Issued {
                    number: Cow::Borrowed(number),
                    issued_at: *issued_at,
                    total: *total,
                    vat_rate: *vat_rate,
                    sale_date: *sale_date,
                    buyer: b.as_ref().map(buyer),
                    net: *net,
                    vat: *vat,
                }))
            }
            OrderEvent::InvoiceCorrected {
                number,
                corrects,
                amount,
                issued_at,
                total_before,
                vat_rate,
                sale_date,
                buyer: b,
                net,
                vat,
                ..
            } => Some(InvoiceEvent::Corrected(Corrected {
                number: Cow::Borrowed(number),
                corrects: Cow::Borrowed(corrects),
                amount: *amount,
                issued_at: *issued_at,
                total_before: *total_before,
                vat_rate: *vat_rate,
                sale_date: *sale_date,
                buyer: b.as_ref().map(buyer),
                net: *net,
                vat: *vat,
            })),
            _ => None,
        }
    }

    /// When the document was issued.
    pub fn issued_at(&self) -> DateTime<Utc> {
        match self {
            InvoiceEvent::Issued(e) => e.issued_at,
            InvoiceEvent::Corrected(e) => e.issued_at,
        }
    }
}

/// An invoice or a correction invoice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum DocumentKind {
    /// An invoice (FA type VAT).
    #[serde(rename = "VAT")]
    Vat,
    /// A correction invoice (FA type KOR).
    #[serde(rename = "KOR")]
    Kor,
}

impl DocumentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::Vat => "VAT",
            DocumentKind::Kor => "KOR",
        }
    }
}

/// One document of the register. Amounts in grosz; a correction's are its change
/// (negative when the value went down).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RegisterRow<'a> {
    /// The document's number (`FV/2026/17`, a correction `FV-KOR/2026/3`).
    pub number: Cow<'a, str>,
    pub kind: DocumentKind,
    /// The issue date in Warsaw.
    pub issue_date: NaiveDate,
    /// The day of the sale; `null` when the event did not record it (events from before
    /// it was kept), which a register reads as the issue date.
    pub sale_date: Option<NaiveDate>,
    /// The buyer's company name (empty when the event did not record the buyer).
    pub buyer_name: Cow<'a, str>,
    /// The buyer's NIP as given (empty when not recorded).
    pub buyer_tax_id: Cow<'a, str>,
    /// The document's VAT rate, percent (a correction: its invoice's; 8 for an older
    /// correction that did not record it).
    pub vat_rate: u32,
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
    /// For a correction: the number of the invoice it corrects.
    pub corrects_number: Option<Cow<'a, str>>,
    /// The document's KSeF number, when KSeF accepted it by the register's cut; `null`
    /// for a document not (yet) in KSeF.
    pub ksef_number: Option<Cow<'a, str>>,
}

/// The sums of a register's rows, grosz.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Totals {
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

impl Totals {
    fn add(&mut self, row: &RegisterRow<'_>) {
        self.net += row.net;
        self.vat += row.vat;
        self.gross += row.gross;
    }
}

/// What a finished register holds: how many rows and their sums.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub rows: u64,
    pub totals: Totals,
}

/// The register as a fold over the invoice events in the order they were recorded. It
/// keeps only the running sums: each row is handed back to be written out at once, so a
/// replay's memory does not grow with the number of events.
#[derive(Debug, Clone)]
pub struct Register {
    query: RegisterQuery,
    summary: Summary,
    /// Document number → KSeF number, as of the cut ([`KSEF_EVENT_TYPES`]).
    ksef_numbers: HashMap<String, String>,
}

impl Register {
    pub fn new(query: RegisterQuery) -> Self {
        Register { query, summary: Summary::default(), ksef_numbers: HashMap::new() }
    }

    /// The same register, printing these KSeF numbers (document number → KSeF number).
    pub fn with_ksef_numbers(self, ksef_numbers: HashMap<String, String>) -> Self {
        Register { ksef_numbers, ..self }
    }

    pub fn query(&self) -> &RegisterQuery {
        &self.query
    }

    /// The row of `event`, recorded at `recorded_at`, if the register shows it (counted
    /// in the totals); `None` when it was recorded after the cut or issued outside the
    /// dates.
    pub fn apply<'e>(&mut self, recorded_at: DateTime<Utc>, event: &'e InvoiceEvent<'_>) -> Option<RegisterRow<'e>> {
        if recorded_at >= self.query.recorded_before || !self.query.issued_within(event.issued_at()) {
            return None;
        }
        let mut row = row(event);
        row.ksef_number = self.ksef_numbers.get(row.number.as_ref()).map(|n| Cow::Owned(n.clone()));
        self.summary.rows += 1;
        self.summary.totals.add(&row);
        Some(row)
    }

    /// The rows so far and their sums.
    pub fn summary(&self) -> Summary {
        self.summary
    }
}

mod rows;
pub use rows::row;

#[cfg(test)]
mod tests;
