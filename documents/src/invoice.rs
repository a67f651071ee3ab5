//! The invoice PDF: an A4 "Faktura VAT" or "Faktura korygująca" in Polish, with what
//! art. 106e (and for a correction art. 106j) of the VAT act asks a paper invoice to
//! show: dates and number, both parties with their NIP, the lines with measure,
//! quantity, gross unit price, net value, rate, VAT and gross value, the sums by rate,
//! the amount due; a correction also the corrected invoice's number and date, the
//! reason and the sums before and after.
//!
//! An invoice sent to KSeF also shows its verification codes (`invoice/ksef.rs`).
//!
//! The layout flows from the top down and starts a new page (repeating the table's
//! header) when the next block does not fit, so any number of lines prints.

use crate::font::Font;
use crate::layout::{Align, Canvas, Face, Style};
use crate::look::{
    anchor, style, BRAND, FOOT, HEAD, INK, LABEL, MARGIN, RIGHT, RULE, SHADE, STRONG, TEXT, TITLE, WIDTH,
};
use crate::model::{format_date, format_pln, Amounts, InvoiceDocument, InvoiceLine, Party};
use crate::pdf::{self, PAGE_H};
use crate::DocumentError;

mod ksef;

const BOTTOM: f32 = 54.0;

const CELL: Style = style(Face::Regular, 8.0, INK);
const CELL_BOLD: Style = style(Face::Bold, 8.0, INK);

/// The lines' table: heading, width and alignment of each column (515 pt in all).
const COLUMNS: [(&str, f32, Align); 8] = [
    ("Lp.", 22.0, Align::Center),
    ("Nazwa towaru lub usługi", 147.28, Align::Left),
    ("Ilość", 40.0, Align::Right),
    ("Cena brutto", 56.0, Align::Right),
    ("Wartość netto", 66.0, Align::Right),
    ("Stawka VAT", 56.0, Align::Center),
    ("Kwota VAT", 58.0, Align::Right),
    ("Wartość brutto", 70.0, Align::Right),
];
const CELL_PAD: f32 = 4.0;
const ROW_LEADING: f32 = 10.5;

/// Renders `doc` as a PDF; refuses an invoice whose sums do not add up
/// ([`InvoiceDocument::check`]).
pub fn invoice_pdf(doc: &InvoiceDocument) -> Result<Vec<u8>, DocumentError> {
    doc.check()?;
    let mut regular = Font::regular()?;
    let mut bold = Font::bold()?;
    let title = match &doc.correction {
        Some(_) => format!("Faktura korygująca nr {}", doc.number),
        None => format!("Faktura VAT nr {}", doc.number),
    };
    let pages = {
        let canvas = Canvas::new(&mut regular, &mut bold);
        let mut sheet = Sheet { canvas, pages: Vec::new(), y: PAGE_H - MARGIN, title: &title };
        sheet.title_block(doc);
        sheet.parties(doc);
        sheet.lines_table(doc);
        sheet.summary(doc);
        sheet.payment(doc);
        if let Some(mark) = &doc.ksef {
            sheet.ksef_codes(mark)?;
        }
        sheet.finish()
    };
    pdf::assemble(&pages, &regular, &bold, &title)
}

/// The page being drawn, the pages before it, and how far down the next block goes.
struct Sheet<'f, 't> {
    canvas: Canvas<'f>,
    pages: Vec<Vec<u8>>,
    y: f32,
    /// Printed at the top and in every page's footer.
    title: &'t str,
}

impl Sheet<'_, '_> {
    /// Makes room for `height` points, on a new page if this one is full; says whether
    /// it started one.
    fn room(&mut self, height: f32) -> bool {
        if self.y - height >= BOTTOM {
            return false;
        }
        self.break_page();
        true
    }

    fn break_page(&mut self) {
        self.footer();
        self.pages.push(self.canvas.take_page());
        self.y = PAGE_H - MARGIN;
    }

    fn footer(&mut self) {
        let page = format!("Strona {}", self.pages.len() + 1);
        self.canvas.text(MARGIN, BOTTOM - 26.0, Align::Left, FOOT, self.title);
        self.canvas.text(RIGHT, BOTTOM - 26.0, Align::Right, FOOT, &page);
    }

    fn finish(mut self) -> Vec<Vec<u8>> {
        self.footer();
        self.pages.push(self.canvas.take_page());
        self.pages
    }

    /// Text wrapped to `width` from `x`, moving down; returns nothing, advances `y`.
    fn paragraph(&mut self, x: f32, width: f32, style: Style, text: &str) {
        let leading = style.size * 1.3;
        for line in self.canvas.wrap(text, width, style) {
            self.room(leading);
            self.y -= leading;
            self.canvas.text(x, self.y, Align::Left, style, &line);
        }
    }

    /// A label and its value on one line, the value wrapped after the label.
    fn labelled(&mut self, x: f32, width: f32, label: &str, value: &str) {
        let label = format!("{label}: ");
        let label_width = self.canvas.width(&label, TEXT);
        let lines = self.canvas.wrap(value, width - label_width, STRONG);
        for (i, line) in lines.iter().enumerate() {
            self.room(12.0);
            self.y -= 12.0;
            if i == 0 {
                self.canvas.text(x, self.y, Align::Left, TEXT, &label);
            }
            self.canvas.text(x + label_width, self.y, Align::Left, STRONG, line);
        }
    }

    fn title_block(&mut self, doc: &InvoiceDocument) {
        let top = self.y;
        // The dates on the right, the title on the left of them.
        let mut dates =
            vec![("Data wystawienia", format_date(doc.issue_date)), ("Data sprzedaży", format_date(doc.sale_date))];
        if !doc.place_of_issue.trim().is_empty() {
            dates.push(("Miejsce wystawienia", doc.place_of_issue.trim().to_string()));
        }
        let mut y = top;
        for (label, value) in &dates {
            y -= 12.0;
            let value_width = self.canvas.width(value, STRONG);
            self.canvas.text(RIGHT, y, Align::Right, STRONG, value);
            self.canvas.text(RIGHT - value_width - 4.0, y, Align::Right, TEXT, &format!("{label}:"));
        }
        let title_width = WIDTH - 200.0;
        self.y = top + 4.0;
        // Shrunk to fit one line down to 12 pt, wrapped beyond that (a long number).
        let mut title_style = TITLE;
        let natural = self.canvas.width(self.title, TITLE);
        if natural > title_width {
            title_style.size = (TITLE.size * title_width / natural * 0.99).max(12.0);
        }
        self.paragraph(MARGIN, title_width, title_style, self.title);
        self.y = self.y.min(y) - 10.0;
        self.canvas.hline(MARGIN, RIGHT, self.y, 1.0, BRAND);
        self.y -= 6.0;

        if let Some(correction) = &doc.correction {
            let corrected = format!(
                "nr {} z dnia {}",
                correction.corrects_number.trim(),
                format_date(correction.corrects_issue_date)
            );
            self.labelled(MARGIN, WIDTH, "Faktura korygowana", &corrected);
            if !correction.reason.trim().is_empty() {
                self.labelled(MARGIN, WIDTH, "Przyczyna korekty", correction.reason.trim());
            }
            self.y -= 6.0;
        }
    }

    fn parties(&mut self, doc: &InvoiceDocument) {
        let column = (WIDTH - 20.0) / 2.0;
        let top = self.y;
        self.party(MARGIN, column, "Sprzedawca", &doc.seller);
        let seller_bottom = self.y;
        self.y = top;
        self.party(MARGIN + column + 20.0, column, "Nabywca", &doc.buyer);
        self.y = self.y.min(seller_bottom) - 8.0;
        if let Some(before) = doc.correction.as_ref().and_then(|c| c.buyer_before.as_ref()) {
            self.party(MARGIN, WIDTH, "Nabywca na fakturze korygowanej (przed korektą)", before);
            self.y -= 8.0;
        }
    }

    /// One party's block; both blocks start at the same height (a page break inside
    /// a party is not expected: a block is a few lines).
    fn party(&mut self, x: f32, width: f32, heading: &str, party: &Party) {
        self.room(14.0);
        self.y -= 14.0;
        self.canvas.text(x, self.y, Align::Left, LABEL, heading);
        self.canvas.hline(x, x + width, self.y - 3.0, 0.5, RULE);
        self.y -= 3.0;
        self.paragraph(x, width, style(Face::Bold, 10.0, INK), party.name.trim());
        if !party.address.trim().is_empty() {
            self.paragraph(x, width, TEXT, party.address.trim());
        }
        let town = format!("{} {}", party.postal_code.trim(), party.city.trim());
        if !town.trim().is_empty() {
            self.paragraph(x, width, TEXT, town.trim());
        }
        let country = party.country.trim();
        if !country.is_empty() && !country.eq_ignore_ascii_case("PL") {
            self.paragraph(x, width, TEXT, &format!("Kraj: {country}"));
        }
        if !party.tax_id.trim().is_empty() {
            self.paragraph(x, width, TEXT, &format!("NIP: {}", party.tax_id.trim()));
        }
    }

    fn table_header(&mut self) {
        let height = 20.0;
        self.room(height);
        self.canvas.fill_rect(MARGIN, self.y - height, WIDTH, height, SHADE);
        let mut x = MARGIN;
        for (label, width, align) in COLUMNS {
            let lines = self.canvas.wrap(label, width - 2.0 * CELL_PAD, HEAD);
            let first = self.y - if lines.len() > 1 { 8.5 } else { 12.5 };
            for (i, line) in lines.iter().enumerate() {
                self.canvas.text(anchor(x, width, align, CELL_PAD), first - i as f32 * 8.0, align, HEAD, line);
            }
            x += width;
        }
        self.y -= height;
    }

    fn lines_table(&mut self, doc: &InvoiceDocument) {
        if doc.lines.is_empty() {
            return;
        }
        self.y -= 4.0;
        self.table_header();
        let rate = format!("{}%", doc.vat_rate);
        for (i, line) in doc.lines.iter().enumerate() {
            let name = self.canvas.wrap(line.name.trim(), COLUMNS[1].1 - 2.0 * CELL_PAD, CELL);
            let height = name.len() as f32 * ROW_LEADING + 6.0;
            if self.room(height) {
                self.table_header();
            }
            let baseline = self.y - 3.0 - ROW_LEADING + 2.0;
            let cells = row_cells(i + 1, line, &rate);
            let mut x = MARGIN;
            for (column, (_, width, align)) in COLUMNS.iter().enumerate() {
                if column == 1 {
                    for (n, part) in name.iter().enumerate() {
                        self.canvas.text(x + CELL_PAD, baseline - n as f32 * ROW_LEADING, Align::Left, CELL, part);
                    }
                } else {
                    self.cell(x, *width, baseline, *align, CELL, &cells[column]);
                }
                x += width;
            }
            self.y -= height;
            self.canvas.hline(MARGIN, RIGHT, self.y, 0.5, RULE);
        }
    }

    /// The sums by rate (one rate: the rate's row is the total) and, for a correction,
    /// the corrected invoice's sums before and after; then the amount due.
    fn summary(&mut self, doc: &InvoiceDocument) {
        let rate = format!("{}%", doc.vat_rate);
        let mut rows: Vec<(String, Amounts, bool)> = Vec::new();
        match &doc.correction {
            None => {
                rows.push((format!("Stawka {rate}"), doc.totals, false));
                rows.push(("Razem".into(), doc.totals, true));
            }
            Some(c) => {
                rows.push((format!("Przed korektą ({rate})"), c.before, false));
                rows.push((format!("Po korekcie ({rate})"), c.after, false));
                rows.push((format!("Korekta ({rate})"), doc.totals, true));
            }
        }
        let widths = [120.0, 80.0, 80.0, 90.0];
        let left = RIGHT - widths.iter().sum::<f32>();
        self.room(16.0 + 14.0 * rows.len() as f32 + 60.0);
        self.y -= 14.0;
        let heads = ["Podsumowanie", "Wartość netto", "Kwota VAT", "Wartość brutto"];
        let mut x = left;
        for (i, head) in heads.iter().enumerate() {
            let align = if i == 0 { Align::Left } else { Align::Right };
            self.canvas.text(anchor(x, widths[i], align, CELL_PAD), self.y, align, HEAD, head);
            x += widths[i];
        }
        self.canvas.hline(left, RIGHT, self.y - 4.0, 0.5, RULE);
        for (label, amounts, strong) in rows {
            self.y -= 14.0;
            let cell = if strong { CELL_BOLD } else { CELL };
            let values = [label, format_pln(amounts.net), format_pln(amounts.vat), format_pln(amounts.gross)];
            let mut x = left;
            for (i, value) in values.iter().enumerate() {
                let align = if i == 0 { Align::Left } else { Align::Right };
                self.cell(x, widths[i], self.y, align, cell, value);
                x += widths[i];
            }
        }
        self.y -= 24.0;
        let big = style(Face::Bold, 13.0, INK);
        match &doc.correction {
            None => {
                // A paid invoice says so; "do zapłaty" would ask the buyer to pay again.
                let total = match doc.payment.paid_on {
                    Some(_) => format!("Razem zapłacono: {}", format_pln(doc.totals.gross)),
                    None => format!("Razem do zapłaty: {}", format_pln(doc.totals.gross)),
                };
                self.canvas.text(RIGHT, self.y, Align::Right, big, &total);
            }
            Some(_) => {
                let gross = doc.totals.gross;
                self.canvas.text(RIGHT, self.y, Align::Right, big, &format!("Korekta: {}", format_pln(gross)));
                let due = match gross {
                    g if g < 0 => Some(format!("Do zwrotu: {}", format_pln(-g))),
                    g if g > 0 => Some(format!("Do zapłaty: {}", format_pln(g))),
                    _ => None,
                };
                if let Some(due) = due {
                    self.y -= 14.0;
                    self.canvas.text(RIGHT, self.y, Align::Right, TEXT, &due);
                }
            }
        }
        self.y -= 12.0;
    }

    fn payment(&mut self, doc: &InvoiceDocument) {
        let method = doc.payment.method.trim();
        if !method.is_empty() {
            self.labelled(MARGIN, WIDTH, "Sposób zapłaty", method);
        }
        if let Some(paid_on) = doc.payment.paid_on {
            self.labelled(MARGIN, WIDTH, "Zapłacono", &format_date(paid_on));
        }
        if !doc.issued_by.trim().is_empty() {
            self.y -= 10.0;
            self.labelled(MARGIN, WIDTH, "Wystawił(a)", doc.issued_by.trim());
        }
    }
}

impl Sheet<'_, '_> {
    /// A cell's text at `y`, made smaller if it is wider than the cell (an amount is
    /// never shortened).
    fn cell(&mut self, x: f32, width: f32, y: f32, align: Align, style: Style, text: &str) {
        let room = width - 2.0 * CELL_PAD;
        let natural = self.canvas.width(text, style);
        let mut style = style;
        if natural > room {
            style.size *= room / natural;
        }
        self.canvas.text(anchor(x, width, align, CELL_PAD), y, align, style, text);
    }
}

/// The printed cells of a line (the name, column 1, is wrapped separately).
fn row_cells(number: usize, line: &InvoiceLine, rate: &str) -> [String; 8] {
    [
        number.to_string(),
        String::new(),
        format!("{} szt.", line.quantity),
        format_pln(line.unit_gross),
        format_pln(line.net),
        rate.to_string(),
        format_pln(line.vat),
        format_pln(line.gross),
    ]
}
