//! The office's cash report ("raport kasowy"): one day of the till as an A4 page (or as
//! many as its rows need) in Polish: the seller, the report's number and day, a table of
//! the day's movements (time, document, what it was, cash or card, money in, money out,
//! who recorded it), the cash the day began and should end with, what went through the
//! card terminal (not the till's cash), and the day's close: the cash counted, the
//! difference and why, the fiscal printer's daily (Z) report, who closed it and when.
//!
//! Like the other documents it is not fiscal, and says so on every page: the office's
//! fiscal till records the sales. Every value comes formatted from the caller.
//!
//! The table runs onto further pages with its header repeated; the last row is kept on
//! the page of the totals under it, so every page has rows and the table's header.
//! "Strona N z M" needs the number of pages before the first is drawn, so the report is
//! laid out twice: once on throwaway fonts only to count the pages, then for real.

use crate::font::Font;
use crate::layout::{Align, Canvas, Face, Style};
use crate::look::{
    anchor, style, BRAND, FOOT, HEAD, INK, LABEL, MARGIN, MUTED, RIGHT, RULE, SHADE, STRONG, TEXT, TITLE, WIDTH,
};
use crate::pdf::{self, PAGE_H};
use crate::DocumentError;

mod tail;

use tail::Line;

/// One movement of the till on the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashRow {
    /// Local time, "14:05".
    pub time: String,
    /// The document: an order's number "NB-2026-000123", or "KP"/"KW" for cash put in / taken out.
    pub document: String,
    /// What it was, in Polish: "Sprzedaż biletów", "Wypłata zwrotu", "Wpłata do kasy: pogotowie kasowe", …
    pub description: String,
    /// "gotówka" or "karta (terminal)".
    pub method: String,
    /// Money in, "78,00 zł", or empty.
    pub income: String,
    /// Money out, "39,00 zł", or empty.
    pub expense: String,
    /// Who recorded it (an e-mail).
    pub by: String,
}

/// The day's close, when the day is closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashClosing {
    pub expected_cash: String,
    pub counted_cash: String,
    /// "0,00 zł", "−1,00 zł" (missing) …
    pub difference: String,
    /// Why the count differs (None when it does not).
    pub reason: Option<String>,
    /// The fiscal printer's daily (Z) report number.
    pub z_report: String,
    pub closed_by: String,
    /// "30.11.2026 18:02"
    pub closed_at: String,
}

/// A day of the office's till as the cash report ("raport kasowy") prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashReport {
    /// The seller: name, address, NIP, one line each (empty lines left out).
    pub seller: Vec<String>,
    /// "RK/2026-11-30"
    pub number: String,
    /// "30.11.2026"
    pub day: String,
    /// The cash the day began with.
    pub opening_cash: String,
    pub rows: Vec<CashRow>,
    /// Sums of the cash columns: in, out; and the card terminal's sales and refunds (not in the till's cash).
    pub cash_income: String,
    pub cash_expense: String,
    pub card_income: String,
    pub card_expense: String,
    /// What the till should hold at the end: opening + income − expense.
    pub closing_cash: String,
    /// None: the day is still open (the report says "Dzień nie został zamknięty").
    pub closing: Option<CashClosing>,
}

/// The footer of every page.
const NOT_FISCAL: &str = "Dokument niefiskalny. System sprzedaży nie jest urządzeniem fiskalnym; sprzedaż \
                          ewidencjonuje kasa fiskalna biura (raport dobowy Z).";
const NOT_CLOSED: &str = "Dzień nie został zamknięty";

const TOP: f32 = PAGE_H - MARGIN;
/// The lowest a block goes; the footer is under it.
const BOTTOM: f32 = 64.0;

const NOTE: Style = style(Face::Regular, 8.5, MUTED);
const CELL: Style = style(Face::Regular, 7.5, INK);

/// The table's columns: heading, width and alignment (515.28 pt in all).
const COLUMNS: [(&str, f32, Align); 8] = [
    ("Lp.", 20.0, Align::Center),
    ("Godzina", 38.0, Align::Left),
    ("Dokument", 72.0, Align::Left),
    ("Opis", 120.0, Align::Left),
    ("Forma", 44.0, Align::Left),
    ("Przychód", 52.0, Align::Right),
    ("Rozchód", 52.0, Align::Right),
    ("Kto", 117.28, Align::Left),
];
const CELL_PAD: f32 = 3.0;
const ROW_LEADING: f32 = 9.5;
const HEADER_H: f32 = 18.0;
/// The heading at the top of every page after the first.
const CONTINUED_H: f32 = 20.0;
/// Smallest size a document's number shrinks to before it is shortened.
const MIN_CELL_SIZE: f32 = 6.0;

// The summary's label and value columns.
const LABEL_W: f32 = 240.0;
const VALUE_RIGHT: f32 = MARGIN + 360.0;

/// Renders the cash report as an A4 PDF (portrait), as many pages as the rows need.
pub fn cash_report_pdf(report: &CashReport) -> Result<Vec<u8>, DocumentError> {
    let total = {
        let mut regular = Font::regular()?;
        let mut bold = Font::bold()?;
        draw(Canvas::new(&mut regular, &mut bold), report, None).len()
    };
    let mut regular = Font::regular()?;
    let mut bold = Font::bold()?;
    let pages = draw(Canvas::new(&mut regular, &mut bold), report, Some(total));
    pdf::assemble(&pages, &regular, &bold, &format!("Raport kasowy {}", report.number.trim()))
}

/// The pages of `report`; `total` is their number for the footers (`None` while counting).
fn draw(canvas: Canvas<'_>, report: &CashReport, total: Option<usize>) -> Vec<Vec<u8>> {
    let mut sheet = Sheet { canvas, pages: Vec::new(), y: TOP, report, total };
    sheet.heading();
    let tail = sheet.tail();
    sheet.table(&tail);
    for line in &tail {
        sheet.room(line.height());
        sheet.draw_line(line);
    }
    sheet.finish()
}

/// The page being drawn, the pages before it, and how far down the next block goes.
struct Sheet<'f, 'r> {
    canvas: Canvas<'f>,
    pages: Vec<Vec<u8>>,
    y: f32,
    report: &'r CashReport,
    total: Option<usize>,
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
        self.y = TOP;
        let continued =
            format!("Raport kasowy {} – dzień {} (ciąg dalszy)", self.report.number.trim(), self.report.day.trim());
        self.canvas.text_fit(MARGIN, self.y - 10.0, WIDTH, STRONG, &continued);
        self.y -= CONTINUED_H;
    }

    fn footer(&mut self) {
        let y = BOTTOM - 18.0;
        self.canvas.hline(MARGIN, RIGHT, BOTTOM - 8.0, 0.5, RULE);
        let page = match self.total {
            Some(total) => format!("Strona {} z {total}", self.pages.len() + 1),
            None => format!("Strona {}", self.pages.len() + 1),
        };
        self.canvas.text(RIGHT, y, Align::Right, FOOT, &page);
        let title = format!("Raport kasowy {} – dzień {}", self.report.number.trim(), self.report.day.trim());
        let page_width = self.canvas.width(&page, FOOT);
        self.canvas.text_fit(MARGIN, y, WIDTH - page_width - 12.0, FOOT, &title);
        for (i, line) in self.canvas.wrap(NOT_FISCAL, WIDTH, FOOT).iter().enumerate() {
            self.canvas.text(MARGIN, y - 9.0 * (i as f32 + 1.0), Align::Left, FOOT, line);
        }
    }

    fn finish(mut self) -> Vec<Vec<u8>> {
        self.footer();
        self.pages.push(self.canvas.take_page());
        self.pages
    }

    /// The seller on the left; the title, number and day on the right.
    fn heading(&mut self) {
        let report = self.report;
        let top = self.y;
        let block = 210.0;
        let mut right_y = top - 14.0;
        self.canvas.text(RIGHT, right_y, Align::Right, TITLE, "Raport kasowy");
        right_y -= 16.0;
        let (number, number_style) = fit(&self.canvas, &format!("nr {}", report.number.trim()), block, STRONG, 7.0);
        self.canvas.text(RIGHT, right_y, Align::Right, number_style, &number);
        right_y -= 13.0;
        let (day, day_style) = fit(&self.canvas, &format!("Dzień: {}", report.day.trim()), block, TEXT, 7.0);
        self.canvas.text(RIGHT, right_y, Align::Right, day_style, &day);

        let mut left_y = top;
        let seller = report.seller.iter().map(|l| l.trim()).filter(|l| !l.is_empty());
        for (i, line) in seller.enumerate() {
            let line_style = if i == 0 { style(Face::Bold, 10.0, INK) } else { TEXT };
            left_y -= if i == 0 { 12.0 } else { 11.5 };
            self.canvas.text_fit(MARGIN, left_y, WIDTH - block - 20.0, line_style, line);
        }
        self.y = left_y.min(right_y) - 10.0;
        self.canvas.hline(MARGIN, RIGHT, self.y, 1.0, BRAND);
        self.y -= 12.0;
    }

    fn table_header(&mut self) {
        self.canvas.fill_rect(MARGIN, self.y - HEADER_H, WIDTH, HEADER_H, SHADE);
        let mut x = MARGIN;
        for (heading, width, align) in COLUMNS {
            let (heading, head_style) = fit(&self.canvas, heading, width - 2.0 * CELL_PAD, HEAD, 5.0);
            self.canvas.text(anchor(x, width, align, CELL_PAD), self.y - 11.5, align, head_style, &heading);
            x += width;
        }
        self.y -= HEADER_H;
        self.canvas.hline(MARGIN, RIGHT, self.y, 0.5, RULE);
    }

    /// The rows under the table's header, the last kept with `tail` if they fit on a page.
    fn table(&mut self, tail: &[Line]) {
        let tail_height: f32 = tail.iter().map(Line::height).sum();
        // A page after the first has this much room for the header, a row and the tail.
        let fresh_page = TOP - CONTINUED_H - BOTTOM - HEADER_H;
        let rows = &self.report.rows;
        let first = match rows.first() {
            Some(row) => self.row_cells(1, row).1,
            None => ROW_LEADING + 8.0,
        };
        self.room(HEADER_H + first);
        self.table_header();
        if rows.is_empty() {
            let with_tail = if first + tail_height <= fresh_page { first + tail_height } else { first };
            if self.room(with_tail) {
                self.table_header();
            }
            self.canvas.text(MARGIN + CELL_PAD, self.y - 11.0, Align::Left, NOTE, "Brak operacji w tym dniu.");
            self.y -= first;
            self.canvas.hline(MARGIN, RIGHT, self.y, 0.5, RULE);
            return;
        }
        for (i, row) in rows.iter().enumerate() {
            let (cells, height) = self.row_cells(i + 1, row);
            let last = i + 1 == rows.len();
            let needed = if last && height + tail_height <= fresh_page { height + tail_height } else { height };
            if self.room(needed) {
                self.table_header();
            }
            let mut x = MARGIN;
            for ((lines, cell_style), (_, width, align)) in cells.iter().zip(COLUMNS) {
                for (n, line) in lines.iter().enumerate() {
                    let baseline = self.y - 3.0 - 7.0 - n as f32 * ROW_LEADING;
                    self.canvas.text(anchor(x, width, align, CELL_PAD), baseline, align, *cell_style, line);
                }
                x += width;
            }
            self.y -= height;
            self.canvas.hline(MARGIN, RIGHT, self.y, 0.5, RULE);
        }
    }

    /// Each column's lines and style for row `number`, and the row's height: a long
    /// description, payment method or e-mail is wrapped (and shortened past a few lines),
    /// a long document number made smaller, an amount made smaller but never shortened.
    fn row_cells(&self, number: usize, row: &CashRow) -> ([(Vec<String>, Style); 8], f32) {
        let canvas = &self.canvas;
        let room = |column: usize| COLUMNS[column].1 - 2.0 * CELL_PAD;
        let single = |column: usize, text: &str, min_size: f32| {
            let (text, cell_style) = fit(canvas, text.trim(), room(column), CELL, min_size);
            (vec![text], cell_style)
        };
        let by = row.by.trim();
        // An e-mail too long for its column breaks before the "@".
        let by = if canvas.width(by, CELL) > room(7) { by.replace('@', " @") } else { by.to_string() };
        let cells = [
            single(0, &number.to_string(), 0.0),
            single(1, &row.time, MIN_CELL_SIZE),
            single(2, &row.document, MIN_CELL_SIZE),
            (lines(canvas, &row.description, room(3), CELL, 3), CELL),
            (lines(canvas, &row.method, room(4), CELL, 2), CELL),
            single(5, &row.income, 0.0),
            single(6, &row.expense, 0.0),
            (lines(canvas, &by, room(7), CELL, 2), CELL),
        ];
        let count = cells.iter().map(|(lines, _)| lines.len()).max().unwrap_or(1);
        let height = count as f32 * ROW_LEADING + 5.0;
        (cells, height)
    }
}

/// `text` as it fits in `width`: in `text_style`, made smaller down to `min_size` if it
/// is wider, then shortened with an ellipsis (with `min_size` 0 never shortened).
fn fit(canvas: &Canvas<'_>, text: &str, width: f32, text_style: Style, min_size: f32) -> (String, Style) {
    let mut fitted = text_style;
    let natural = canvas.width(text, text_style);
    if natural > width {
        // A hair under the exact ratio, so the rounding cannot leave it too wide.
        fitted.size = (text_style.size * width / natural * 0.999).max(min_size.min(text_style.size));
    }
    (shorten(canvas, text, width, fitted), fitted)
}

/// `text`, or as much of it as fits in `width` followed by an ellipsis.
fn shorten(canvas: &Canvas<'_>, text: &str, width: f32, text_style: Style) -> String {
    if canvas.width(text, text_style) <= width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    let mut shown = String::from("…");
    while !chars.is_empty() {
        chars.pop();
        shown = format!("{}…", chars.iter().collect::<String>().trim_end());
        if canvas.width(&shown, text_style) <= width {
            break;
        }
    }
    shown
}

/// `text` wrapped to `width` on at most `max` lines, the last shortened if more were needed.
fn lines(canvas: &Canvas<'_>, text: &str, width: f32, text_style: Style, max: usize) -> Vec<String> {
    let mut lines = canvas.wrap(text.trim(), width, text_style);
    if lines.len() > max {
        let rest = lines[max - 1..].join(" ");
        lines.truncate(max - 1);
        lines.push(shorten(canvas, &rest, width, text_style));
    }
    lines
}

#[cfg(test)]
mod tests;
