//! What the office prints for a walk-in passenger: the order's tickets and a
//! receipt-style confirmation of payment, on the 80 mm roll of a receipt printer or on
//! A4 ([`Paper`]).
//!
//! On the roll every ticket is a page of its own (the printer cuts between pages), in
//! black only (a thermal printer has no grey), with the QR code of the ticket's signed
//! code as large as the roll allows and the printed code under it; the confirmation of
//! payment comes last. On A4 the tickets are the cards of [`crate::ticket_pdf`] and the
//! confirmation a page after them. The confirmation says it is not a fiscal receipt:
//! that comes from the office's fiscal till.

use crate::font::Font;
use crate::layout::{Align, Canvas, Face, Rgb, Style};
use crate::pdf::{self, PAGE_H, PAGE_W};
use crate::qr::{self, QrMatrix};
use crate::ticket::{a4_cards, A4_MARGIN};
use crate::{DocumentError, PrintedTicket, TicketDocument};

/// The paper a print is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    /// The 80 mm roll of a receipt printer (72 mm printable).
    Receipt80,
}

/// The width of an 80 mm roll, in points (80 / 25.4 × 72).
pub const RECEIPT_WIDTH: f32 = 226.77;

/// The payment the confirmation states, every value formatted for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentNote {
    /// The seller's name, address and tax id, one line each (empty lines are left out).
    pub seller: Vec<String>,
    /// When it was paid, local time (`"27.11.2026 14:05"`).
    pub paid_at: String,
    /// How, in words (`"Gotówka / Cash"`).
    pub method: String,
    /// What was paid in all (`"78,00 zł"`).
    pub total: String,
}

/// An order's tickets and its payment, to print at the desk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeskPrint {
    pub tickets: TicketDocument,
    pub payment: PaymentNote,
}

const INK: Rgb = Rgb(0.0, 0.0, 0.0);
const MARGIN: f32 = 12.0;
const TICKET_H: f32 = 480.0;
const QR_SIDE: f32 = 150.0;
/// Each further line of a long route's name.
const ROUTE_LINE: f32 = 12.0;

const fn style(face: Face, size: f32) -> Style {
    Style { face, size, color: INK }
}
const LABEL: Style = style(Face::Regular, 7.5);
const VALUE: Style = style(Face::Regular, 10.0);
const STRONG: Style = style(Face::Bold, 11.0);

/// Renders `doc` for `paper` as a PDF.
pub fn desk_pdf(doc: &DeskPrint, paper: Paper) -> Result<Vec<u8>, DocumentError> {
    let tickets = &doc.tickets;
    if tickets.tickets.is_empty() {
        return Err(DocumentError::NoTickets);
    }
    let mut regular = Font::regular()?;
    let mut bold = Font::bold()?;
    let mut canvas = Canvas::new(&mut regular, &mut bold);
    let mut pages = Vec::new();
    match paper {
        Paper::Receipt80 => {
            for ticket in &tickets.tickets {
                // A long route name is printed in full, on up to three lines.
                let mut route = canvas.wrap(&ticket.route_name, RECEIPT_WIDTH - 2.0 * MARGIN, VALUE);
                route.truncate(3);
                let height = TICKET_H + (route.len() as f32 - 1.0) * ROUTE_LINE;
                receipt_ticket(&mut canvas, height, &route, (&tickets.carrier, &tickets.order_ref), ticket)?;
                pages.push((canvas.take_page(), RECEIPT_WIDTH, height));
            }
            let width = RECEIPT_WIDTH - 2.0 * MARGIN;
            let height = confirmation_height(&canvas, doc, width);
            confirmation(&mut canvas, doc, MARGIN, width, height - MARGIN);
            pages.push((canvas.take_page(), RECEIPT_WIDTH, height));
        }
        Paper::A4 => {
            let (done, free_top) = a4_cards(&mut canvas, tickets)?;
            for page in done {
                pages.push((page, PAGE_W, PAGE_H));
            }
            // A receipt-wide column under the last cards when it fits there (one sheet for
            // one ticket), else at the top left of a page of its own.
            let needed = confirmation_height(&canvas, doc, 300.0);
            if free_top - needed >= A4_MARGIN {
                confirmation(&mut canvas, doc, 40.0, 300.0, free_top - MARGIN);
                pages.push((canvas.take_page(), PAGE_W, PAGE_H));
            } else {
                pages.push((canvas.take_page(), PAGE_W, PAGE_H));
                confirmation(&mut canvas, doc, 40.0, 300.0, PAGE_H - 40.0);
                pages.push((canvas.take_page(), PAGE_W, PAGE_H));
            }
        }
    }
    drop(canvas);
    let title = format!("Bilety / Tickets – {} {}", tickets.carrier, tickets.order_ref);
    pdf::assemble_sized(&pages, &regular, &bold, &title)
}

/// One ticket on a page of the roll `height` high, top to bottom; `route` is its route's
/// name in lines, `(carrier, order_ref)` what names the order.
fn receipt_ticket(
    canvas: &mut Canvas<'_>,
    height: f32,
    route: &[String],
    (carrier, order_ref): (&str, &str),
    t: &PrintedTicket,
) -> Result<(), DocumentError> {
    let (left, width, centre) = (MARGIN, RECEIPT_WIDTH - 2.0 * MARGIN, RECEIPT_WIDTH / 2.0);
    let mut y = height - 26.0;
    canvas.text(centre, y, Align::Center, style(Face::Bold, 14.0), carrier);
    y -= 16.0;
    canvas.text(centre, y, Align::Center, LABEL, "Bilet nr / Ticket no.");
    y -= 14.0;
    canvas.text(centre, y, Align::Center, STRONG, &t.number);
    y -= 10.0;
    canvas.hline(left, left + width, y, 0.75, INK);
    y -= 14.0;
    canvas.text(left, y, Align::Left, LABEL, "Trasa / Route");
    for (i, line) in route.iter().enumerate() {
        y -= if i == 0 { 13.0 } else { ROUTE_LINE };
        canvas.text_fit(left, y, width, VALUE, line);
    }
    let mut field = |canvas: &mut Canvas<'_>, label: &str, value: &str, value_style: Style| {
        y -= 14.0;
        canvas.text(left, y, Align::Left, LABEL, label);
        y -= 13.0;
        canvas.text_fit(left, y, width, value_style, value);
    };
    field(canvas, "Z / From", &t.from_name, STRONG);
    field(canvas, "Do / To", &t.to_name, STRONG);
    field(canvas, "Odjazd / Departure", &t.departure, STRONG);
    field(canvas, "Przyjazd / Arrival", &t.arrival, VALUE);
    field(canvas, "Pasażer / Passenger", &t.passenger, VALUE);
    let price = match &t.discount {
        Some(discount) => format!("{} ({discount})", t.price),
        None => t.price.clone(),
    };
    field(canvas, "Cena / Price", &price, STRONG);
    let qr_top = y - 8.0;
    let matrix = QrMatrix::encode(&t.qr)?;
    qr::draw(canvas, &matrix, centre - QR_SIDE / 2.0, qr_top, QR_SIDE);
    let mut y = qr_top - QR_SIDE - 14.0;
    canvas.text(centre, y, Align::Center, style(Face::Bold, 15.0), &t.code);
    y -= 11.0;
    canvas.text(centre, y, Align::Center, LABEL, "Kod biletu / Ticket code");
    if t.discount.is_some() {
        y -= 12.0;
        canvas.text(centre, y, Align::Center, LABEL, "Ulga: okaż dokument / Discount: show your ID");
    }
    y -= 12.0;
    canvas.text(centre, y, Align::Center, LABEL, &format!("Zamówienie / Order {order_ref}"));
    Ok(())
}

/// Lines of the confirmation above and below its tickets, for its height on the roll.
const CONFIRMATION_FIXED: f32 = 205.0;
const LINE: f32 = 13.0;

fn confirmation_height(canvas: &Canvas<'_>, doc: &DeskPrint, width: f32) -> f32 {
    let seller = doc.payment.seller.iter().filter(|l| !l.trim().is_empty()).count();
    let stretches: usize = doc.tickets.tickets.iter().map(|t| stretch_lines(canvas, t, width).len()).sum();
    CONFIRMATION_FIXED + (seller + doc.tickets.tickets.len() + stretches) as f32 * LINE
}

/// A ticket's stretch under its number on the confirmation, in full on as many lines as
/// it takes (at most three).
fn stretch_lines(canvas: &Canvas<'_>, t: &PrintedTicket, width: f32) -> Vec<String> {
    let mut lines = canvas.wrap(&format!("{} → {}", t.from_name, t.to_name), width - 6.0, LABEL);
    lines.truncate(3);
    lines
}

/// The confirmation of payment in the column from `left`, `width` wide, its top at `top`.
fn confirmation(canvas: &mut Canvas<'_>, doc: &DeskPrint, left: f32, width: f32, top: f32) {
    let (right, centre) = (left + width, left + width / 2.0);
    let mut y = top - 14.0;
    canvas.text(centre, y, Align::Center, style(Face::Bold, 14.0), &doc.tickets.carrier);
    for line in doc.payment.seller.iter().filter(|l| !l.trim().is_empty()) {
        y -= LINE;
        canvas.text(centre, y, Align::Center, LABEL, line);
    }
    y -= 10.0;
    canvas.hline(left, right, y, 0.75, INK);
    y -= 18.0;
    canvas.text(centre, y, Align::Center, style(Face::Bold, 10.5), "POTWIERDZENIE ZAPŁATY");
    y -= 11.0;
    canvas.text(centre, y, Align::Center, LABEL, "Payment confirmation");
    let row = |canvas: &mut Canvas<'_>, y: f32, label: &str, value: &str, value_style: Style| {
        canvas.text(left, y, Align::Left, LABEL, label);
        canvas.text(right, y, Align::Right, value_style, value);
    };
    y -= 18.0;
    row(canvas, y, "Zamówienie / Order", &doc.tickets.order_ref, VALUE);
    y -= LINE;
    row(canvas, y, "Data / Date", &doc.payment.paid_at, VALUE);
    y -= LINE;
    row(canvas, y, "Płatność / Payment", &doc.payment.method, VALUE);
    y -= 8.0;
    canvas.dashed_line(left, right, y, INK);
    for t in &doc.tickets.tickets {
        y -= LINE;
        row(canvas, y, &t.number, &t.price, VALUE);
        for line in stretch_lines(canvas, t, width) {
            y -= LINE;
            canvas.text_fit(left + 6.0, y, width - 6.0, LABEL, &line);
        }
    }
    y -= 8.0;
    canvas.hline(left, right, y, 0.75, INK);
    y -= 16.0;
    canvas.text(left, y, Align::Left, STRONG, "Zapłacono / Paid");
    canvas.text(right, y, Align::Right, style(Face::Bold, 13.0), &doc.payment.total);
    y -= 22.0;
    canvas.text(centre, y, Align::Center, LABEL, "To nie jest paragon fiskalny.");
    y -= 10.0;
    canvas.text(centre, y, Align::Center, LABEL, "Not a fiscal receipt.");
    y -= 14.0;
    canvas.text(centre, y, Align::Center, style(Face::Regular, 9.0), "Dziękujemy! / Thank you!");
}
