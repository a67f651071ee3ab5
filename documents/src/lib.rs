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
//!
//! ## Library choices
//!
//! - PDF: [`pdf_writer`] (the writer under Typst) with [`subsetter`] and [`ttf_parser`].
//!   It writes exactly the objects we ask for, has almost no dependencies (quick to build
//!   on two cores) and, with `subsetter`, embeds only the glyphs a document uses (a
//!   ticket PDF is ~30 KB instead of carrying the whole 750 KB font). `printpdf` 0.8 drags
//!   in a layout engine and a large dependency tree; `genpdf` has had no release since
//!   2021. The price is that we lay the text out ourselves (measuring with `ttf_parser`,
//!   no kerning), which a fixed ticket layout barely needs.
//! - Font: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence, `fonts/LICENSE`),
//!   copied from Debian's fonts-dejavu-core and compiled in with `include_bytes!`, so
//!   neither CI nor production depends on an installed font. It covers Polish
//!   (ą ć ę ł ń ó ś ź ż) and the arrow we print between the stops. Text is written as a
//!   CID font with a `ToUnicode` map, so it can be searched and copied from the PDF.
//! - QR: [`qrcode`] (no image features: we only need the module matrix and its SVG).
//!   Error correction level M (15 %), enough for a printed or on-screen ticket.
//! - Streams are compressed with [`miniz_oxide`] (pure Rust deflate).

mod font;
mod layout;
mod qr;
mod ticket;

pub use qr::{qr_svg, try_qr_svg};
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
}
