//! # finance
//!
//! The VAT sales register as of any date, rebuilt by replaying the invoice events: a
//! register as of a past day shows exactly what finance saw at its end, even after later
//! corrections, because nothing is read from today's tables.
//!
//! - [`register`]: the rules, pure. [`Register`] folds the invoice events
//!   (`OrderEvent::InvoiceIssued` and `InvoiceCorrected`, each self-contained) in the
//!   order they were recorded into one row per document, keeping only the sums, and
//!   says which events a register shows: recorded before the end of `as_of` in Warsaw,
//!   issued (Warsaw date) from `from` to `to`. Also what a row falls back to for events
//!   recorded before the invoices kept their document facts.
//! - [`format`]: where the rows go as they come ([`Sink`]): the Polish register as CSV
//!   ([`CsvSink`]) or the API's JSON ([`JsonSink`]); [`spreadsheet`] the CSV's BOM, złoty
//!   with a decimal comma and formula-safe texts.
//! - [`replay()`]: reads the store (only the two event types, filtered by the store) up to
//!   its head as of the start, into a sink. Memory stays flat whatever the number of
//!   events: a row is written out as soon as it is made.
//! - [`fa3`]: the register's documents as KSeF FA(3) files, one per document, each
//!   printed from the order as it stood when the document was issued.
//! - [`http`]: `GET /api/order/order-invoice/register` for SuperAdmins, streamed. It
//!   needs the event store, which the query API may not hold, hence a crate of its own
//!   whose router the app merges beside the query API's.
//!
//! - [`jpk`]: the month's JPK_V7M(3) (sales records and the VAT-7(23) declaration),
//!   replayed from the events in two reads, validated against the official schema in the
//!   tests.
//! - [`sales_register`]: every sale of a month (with or without an invoice), the JPK's
//!   own rows, with sums per VAT rate, as CSV or JSON.
//! - [`till`]: the office's till read from its projection (a day's movements, figures,
//!   close and the refunds waiting at the desk) and the day's cash report, CSV and PDF.
//!
//! The CLI is `coach finance register` (app/src/ops.rs), and `bench/run.sh register`
//! times a replay of 1,000,000 invoice events.

pub mod fa3;
pub mod format;
pub mod http;
pub mod jpk;
pub mod register;
pub mod replay;
pub mod sales_register;
pub mod spreadsheet;
pub mod till;

pub use format::{CsvSink, JsonSink, Sink};
pub use register::{Register, RegisterQuery, RegisterRow, Summary, Totals};
pub use replay::{replay, ReplayError};
