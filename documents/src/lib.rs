//! # documents
//!
//! What a customer takes away from an order, rendered purely: bytes in, bytes out, no IO,
//! no clock, no randomness, so the same order always gives the same file and the callers
//! (the command API's "send tickets" mail, a download endpoint) decide where it goes.
//!
//! - [`qr_svg`]: the QR code of a ticket as an SVG (the web's success page shows it).
//! - [`ticket_pdf`]: the printable tickets of one order, an A4 PDF with one card per
//!   ticket (three to a page), each with its QR code drawn as vector squares and the
//!   secret code printed under it.
//! - [`desk_pdf`]: what the office prints for a walk-in passenger, the tickets and a
//!   receipt-style confirmation of payment, on an 80 mm receipt roll or on A4.
//! - [`invoice_pdf`]: an invoice or a correction invoice ([`InvoiceDocument`]) as an A4
//!   PDF in Polish, with what the VAT act asks an invoice to show; one due for KSeF
//!   ([`KsefMark`]) also its verification codes (KOD I with the KSeF number or OFFLINE
//!   under it, KOD II marked CERTYFIKAT when offline), drawn like the tickets' codes.
//! - [`invoice_fa3`]: the same document as a KSeF structured e-invoice, XML of the
//!   Ministry of Finance's schema FA(3) (a copy of the schema is in `documents/ksef/`).
//! - [`cash_report_pdf`]: a day of the office's till ([`CashReport`]) as the A4 "raport kasowy".
//! - [`vat_split`]: a gross amount split into net and VAT (the caller's sums must add
//!   up; both renderers refuse an invoice whose do not, see [`InvoiceDocument::check`]).
//!
//! An invoice's amounts are grosz (`i64`), its dates [`chrono::NaiveDate`]; even the
//! FA(3) file's creation time is an input ([`InvoiceDocument::generated_at`]), so the
//! same invoice always gives the same bytes.
//!
//! ## Library choices
//!
//! - PDF: [`pdf_writer`] (the writer under Typst) with [`subsetter`] and [`ttf_parser`].
//!   It writes exactly the objects we ask for, has almost no dependencies (quick to build
//!   on two cores) and, with `subsetter`, embeds only the glyphs a document uses (with
//!   the common ones a document may use, cut once per process: see `font.rs`; a ticket
//!   PDF is about 45 KB instead of carrying the whole 750 KB fonts). `printpdf` 0.8 drags
//!   in a layout engine and a large dependency tree; `genpdf` has had no release since
//!   2021. The price is that we lay the text out ourselves (measuring with `ttf_parser`,
//!   no kerning), which a fixed ticket layout barely needs.
//! - Font: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence, `fonts/LICENSE`),
//!   copied from Debian's fonts-dejavu-core and compiled in with `include_bytes!`, so
//!   neither CI nor production depends on an installed font. It covers Polish
//!   (ą ć ę ł ń ó ś ź ż) and the arrow we print between the stops. Text is written as a
//!   CID font with a `ToUnicode` map, so it can be searched and copied from the PDF.
//! - QR: [`fast_qr`] (no default features: we only need the module matrix, and draw it
//!   ourselves, as SVG runs for the web and PDF rectangles for print). Error correction
//!   level M (15 %), enough for a printed or on-screen ticket; the mask of the lowest
//!   penalty, as the standard asks. It replaced `qrcode`, whose mask search made most of
//!   a ticket PDF's cost: for a ticket's signed code (185 bytes, 57 modules a side) the
//!   SVG takes about 0.37 ms against 2.1 ms, and a PDF of one ticket about 2.6 ms against
//!   4.9 ms (two tickets 4.0 against 7.3; medians of three runs of 300 on a 2-core host).
//! - Streams are compressed with [`miniz_oxide`] (pure Rust deflate): the font subsets at
//!   level 6, once per process for documents in the common characters (level 9 took about
//!   0.7 ms more per ticket PDF to save 21 bytes of 30 KB), the pages at level 1 (a
//!   ticket's page is mostly its QR code's rectangles: level 6 packed it 5 % smaller for
//!   twice the time). `examples/ticket_cost.rs` measures a ticket PDF: 1.74 ms and
//!   30.3 KB when every document cut and compressed its own subsets at level 6, 0.45 ms
//!   and 45.4 KB now (medians of 300 one-ticket orders on a 2-core host).
//! - XML: [`quick_xml`]'s writer (no default features: no serde, no encodings). It is
//!   the most used and best kept XML crate, small to build, and its element writer
//!   escapes every text, so a name with `&<>` cannot break the document. We write the
//!   FA(3) elements by hand in schema order rather than derive them from serde structs:
//!   the schema's many choices (NIP, EU VAT number, other id or none; a form of payment
//!   or "other") read plainer as code than as attribute-laden types.
//! - Validation: the tests run every kind of FA(3) document we write through `xmllint`
//!   (Debian's libxml2-utils, installed by `scripts/setup.sh`) against the official
//!   schema in `documents/ksef/`, offline through its `catalog.xml`. libxml2 is a full
//!   XSD 1.0 validator (patterns, enumerations, choices, facets); no Rust crate
//!   validates XSD, and a hand-written check would only test our own reading of the
//!   schema. The library itself does not run it: it stays pure, and it refuses up front
//!   what the schema would (a bad NIP, an unknown country, an over-long text).

mod cash_report;
mod fa3;
mod font;
mod invoice;
mod layout;
mod look;
mod model;
mod pdf;
mod qr;
mod receipt;
mod ticket;

pub use cash_report::{cash_report_pdf, CashClosing, CashReport, CashRow};
pub use fa3::{invoice_fa3, FA3_NAMESPACE};
pub use invoice::invoice_pdf;
pub use model::{
    format_pln, vat_split, Amounts, Correction, InvoiceDocument, InvoiceLine, KsefMark, Party, Payment, PaymentForm,
};
pub use qr::{qr_svg, try_qr_svg};
pub use receipt::{desk_pdf, DeskPrint, Paper, PaymentNote, RECEIPT_WIDTH};
pub use ticket::{ticket_pdf, PrintedTicket, TicketDocument};

/// Why a document could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    /// The text is longer than the largest QR code holds (2,331 bytes at level M).
    #[error("the text does not fit in a qr code")]
    QrTooLong,
    /// A ticket PDF needs at least one ticket.
    #[error("the document has no tickets")]
    NoTickets,
    /// The embedded font could not be read or subset (a bug, not a user error).
    #[error("the font could not be embedded: {0}")]
    Font(String),
    /// An invoice needs at least one line (only a correction of the buyer's data, with
    /// zero sums, may have none).
    #[error("the invoice has no lines")]
    NoLines,
    /// The invoice's data cannot make a correct document: `field` names the input
    /// (`"seller.tax_id"`, `"lines[0].gross"`), `problem` says what is wrong with it.
    #[error("the invoice's {field} {problem}")]
    InvalidInvoice { field: String, problem: &'static str },
    /// The XML writer failed (a bug: it writes to memory).
    #[error("the xml could not be written: {0}")]
    Xml(String),
}
