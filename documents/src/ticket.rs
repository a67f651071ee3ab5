//! The printable tickets of one order: A4 pages, three ticket cards to a page with a
//! dashed line to cut along, so an order of up to three tickets is one sheet of paper.
//!
//! A card: a coloured band with the carrier and the ticket number; the route, the stops,
//! departure and arrival, passenger and price on the left; the QR code of the ticket's
//! signed code on the right with the secret code printed under it (a driver can
//! type it when the code does not scan). Labels are Polish with English after a slash,
//! like the e-mails.

use crate::font::Font;
use crate::layout::{Align, Canvas, Face, Rgb, Style};
use crate::look::{style, BRAND, INK, MUTED, RULE};
use crate::pdf::{self, PAGE_H, PAGE_W};
use crate::qr::{self, QrMatrix};
use crate::DocumentError;

/// One order's tickets, with every value already formatted for people (times in
/// Europe/Warsaw, prices in złoty), so this crate needs no clock, time zone or money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketDocument {
    /// The carrier's name, printed on every ticket ("Nisko Bus").
    pub carrier: String,
    /// How the customer knows the order (e.g. the first characters of its hash id).
    pub order_ref: String,
    /// At least one.
    pub tickets: Vec<PrintedTicket>,
}

/// One ticket as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedTicket {
    pub number: String,
    /// The secret code: printed under the QR code (a driver can type it with the number
    /// when the code does not scan).
    pub code: String,
    /// What the QR code holds: the ticket's signed code (`ticket_token`, `NB1.…`).
    pub qr: String,
    pub passenger: String,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    /// Departure, local time, e.g. `"12.05.2025 08:15"`.
    pub departure: String,
    /// Arrival, local time.
    pub arrival: String,
    /// The price, e.g. `"39,00 zł"`.
    pub price: String,
    /// The statutory discount the price was reduced by (e.g. `"Student"`): the passenger
    /// shows the document that entitles them to it, so the ticket names it.
    pub discount: Option<String>,
}

// The card grid on an A4 page.
const MARGIN: f32 = 28.0;
const GAP: f32 = 20.0;
const CARDS_PER_PAGE: usize = 3;
const CARD_W: f32 = PAGE_W - 2.0 * MARGIN;
const CARD_H: f32 = (PAGE_H - 2.0 * MARGIN - (CARDS_PER_PAGE as f32 - 1.0) * GAP) / CARDS_PER_PAGE as f32;
const PAD: f32 = 16.0;
const BAND_H: f32 = 34.0;
const QR_SIDE: f32 = 140.0;

const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);

const LABEL: Style = style(Face::Regular, 7.5, MUTED);
const VALUE: Style = style(Face::Regular, 12.0, INK);

/// Renders the tickets of `doc` as a PDF.
pub fn ticket_pdf(doc: &TicketDocument) -> Result<Vec<u8>, DocumentError> {
    if doc.tickets.is_empty() {
        return Err(DocumentError::NoTickets);
    }
    let mut regular = Font::regular()?;
    let mut bold = Font::bold()?;

    let pages = a4_pages(&mut Canvas::new(&mut regular, &mut bold), doc)?;
    let title = format!("Bilety / Tickets – {} {}", doc.carrier, doc.order_ref);
    pdf::assemble(&pages, &regular, &bold, &title)
}

/// The A4 pages of `doc`'s tickets, three cards to a page (the desk's A4 print adds its
/// payment confirmation after them).
pub(crate) fn a4_pages(canvas: &mut Canvas<'_>, doc: &TicketDocument) -> Result<Vec<Vec<u8>>, DocumentError> {
    let (mut pages, _) = a4_cards(canvas, doc)?;
    pages.push(canvas.take_page());
    Ok(pages)
}

/// The cards on A4 pages, the last page left open on the canvas (for more below its
/// cards): the pages done, and where the free space of the last one begins (its top edge).
pub(crate) fn a4_cards(canvas: &mut Canvas<'_>, doc: &TicketDocument) -> Result<(Vec<Vec<u8>>, f32), DocumentError> {
    let mut pages = Vec::new();
    let chunks: Vec<&[PrintedTicket]> = doc.tickets.chunks(CARDS_PER_PAGE).collect();
    let mut free_top = PAGE_H - MARGIN;
    for (n, chunk) in chunks.iter().enumerate() {
        for (slot, ticket) in chunk.iter().enumerate() {
            let top = PAGE_H - MARGIN - slot as f32 * (CARD_H + GAP);
            draw_card(canvas, top, &doc.carrier, &doc.order_ref, ticket)?;
            if slot + 1 < chunk.len() {
                canvas.dashed_line(MARGIN, PAGE_W - MARGIN, top - CARD_H - GAP / 2.0, RULE);
            }
            free_top = top - CARD_H - GAP;
        }
        if n + 1 < chunks.len() {
            pages.push(canvas.take_page());
        }
    }
    Ok((pages, free_top))
}

/// The bottom margin of an A4 page of cards.
pub(crate) const A4_MARGIN: f32 = MARGIN;

/// One ticket card whose top edge is at `top`.
fn draw_card(
    canvas: &mut Canvas<'_>,
    top: f32,
    carrier: &str,
    order_ref: &str,
    ticket: &PrintedTicket,
) -> Result<(), DocumentError> {
    let left = MARGIN;
    let right = MARGIN + CARD_W;
    let bottom = top - CARD_H;
    canvas.fill_rect(left, top - BAND_H, CARD_W, BAND_H, BRAND);
    canvas.stroke_rect(left, bottom, CARD_W, CARD_H, 0.75, RULE);

    // The band: carrier on the left, ticket number on the right.
    let number_style = style(Face::Bold, 13.0, WHITE);
    let number_width = canvas.width(&ticket.number, number_style);
    canvas.text(right - PAD, top - 22.0, Align::Right, number_style, &ticket.number);
    let number_label = style(Face::Regular, 8.5, Rgb(0.85, 0.89, 0.95));
    canvas.text(right - PAD - number_width - 6.0, top - 22.0, Align::Right, number_label, "Bilet nr / Ticket no.");
    canvas.text_fit(left + PAD, top - 22.5, CARD_W / 2.0 - PAD, style(Face::Bold, 15.0, WHITE), carrier);

    // The details on the left.
    let x = left + PAD;
    let column = CARD_W - 3.0 * PAD - QR_SIDE;
    let half = column / 2.0;
    canvas.text(x, top - 54.0, Align::Left, LABEL, "Trasa / Route");
    canvas.text_fit(x, top - 68.0, column, style(Face::Bold, 11.0, INK), &ticket.route_name);
    let stops = format!("{}  →  {}", ticket.from_name, ticket.to_name);
    canvas.text_fit(x, top - 95.0, column, style(Face::Bold, 16.0, INK), &stops);
    canvas.text(x, top - 120.0, Align::Left, LABEL, "Odjazd / Departure");
    canvas.text(x + half, top - 120.0, Align::Left, LABEL, "Przyjazd / Arrival");
    canvas.text_fit(x, top - 135.0, half - 8.0, style(Face::Bold, 12.0, INK), &ticket.departure);
    canvas.text_fit(x + half, top - 135.0, half - 8.0, VALUE, &ticket.arrival);
    canvas.text(x, top - 160.0, Align::Left, LABEL, "Pasażer / Passenger");
    canvas.text(x + half, top - 160.0, Align::Left, LABEL, "Cena / Price");
    canvas.text_fit(x, top - 175.0, half - 8.0, VALUE, &ticket.passenger);
    canvas.text_fit(x + half, top - 175.0, half - 8.0, VALUE, &ticket.price);
    if let Some(discount) = &ticket.discount {
        let line = format!("Ulga / Discount: {discount} – okaż dokument / show your ID");
        canvas.text_fit(x, top - 198.0, column, style(Face::Bold, 10.0, INK), &line);
    }
    let footer = format!("Zamówienie / Order {order_ref}");
    canvas.text_fit(x, bottom + 14.0, column, LABEL, &footer);

    // The QR code on the right, the code under it.
    let qr_left = right - PAD - QR_SIDE;
    let qr_top = top - BAND_H - 6.0;
    let matrix = QrMatrix::encode(&ticket.qr)?;
    qr::draw(canvas, &matrix, qr_left, qr_top, QR_SIDE);
    let centre = qr_left + QR_SIDE / 2.0;
    let code_y = qr_top - QR_SIDE - 10.0;
    canvas.text(centre, code_y, Align::Center, style(Face::Bold, 15.0, INK), &ticket.code);
    canvas.text(centre, code_y - 13.0, Align::Center, LABEL, "Kod biletu / Ticket code");
    Ok(())
}
