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

use crate::font::{Font, BOLD, REGULAR};
use crate::layout::{Align, Canvas, Face, Rgb, Style};
use crate::pdf::{self, PAGE_H, PAGE_W};
use crate::DocumentError;

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

const MARGIN: f32 = 40.0;
const TOP: f32 = PAGE_H - MARGIN;
/// The lowest a block goes; the footer is under it.
const BOTTOM: f32 = 64.0;
const WIDTH: f32 = PAGE_W - 2.0 * MARGIN;
const RIGHT: f32 = PAGE_W - MARGIN;

const INK: Rgb = Rgb(0.10, 0.10, 0.12);
const MUTED: Rgb = Rgb(0.42, 0.42, 0.45);
const BRAND: Rgb = Rgb(0.07, 0.25, 0.47);
const RULE: Rgb = Rgb(0.75, 0.75, 0.78);
const SHADE: Rgb = Rgb(0.93, 0.94, 0.96);

const fn style(face: Face, size: f32, color: Rgb) -> Style {
    Style { face, size, color }
}
const TITLE: Style = style(Face::Bold, 17.0, BRAND);
const LABEL: Style = style(Face::Bold, 8.0, MUTED);
const TEXT: Style = style(Face::Regular, 9.0, INK);
const STRONG: Style = style(Face::Bold, 9.0, INK);
const NOTE: Style = style(Face::Regular, 8.5, MUTED);
const CELL: Style = style(Face::Regular, 7.5, INK);
const HEAD: Style = style(Face::Bold, 7.0, INK);
const FOOT: Style = style(Face::Regular, 7.0, MUTED);

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
        let mut regular = Font::new(REGULAR, "DejaVuSans")?;
        let mut bold = Font::new(BOLD, "DejaVuSans-Bold")?;
        draw(Canvas::new(&mut regular, &mut bold), report, None).len()
    };
    let mut regular = Font::new(REGULAR, "DejaVuSans")?;
    let mut bold = Font::new(BOLD, "DejaVuSans-Bold")?;
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

/// A line of what follows the table (the totals and the close), laid out in advance so
/// that its height is known before the last row is placed.
enum Line {
    /// A section's heading with a rule under it.
    Heading(&'static str),
    /// A label on the left, its value right-aligned in the value column.
    Pair {
        label: &'static str,
        value: String,
        strong: bool,
    },
    /// A line of text (already wrapped to the page's width).
    Text {
        text: String,
        style: Style,
    },
    /// A thin rule across the pairs.
    Rule,
    Gap(f32),
    /// Where the cashier and whoever checks the count sign.
    Signatures,
}

impl Line {
    fn height(&self) -> f32 {
        match self {
            Line::Heading(_) => 24.0,
            Line::Pair { .. } => 14.0,
            Line::Text { style, .. } => style.size * 1.45,
            Line::Rule => 4.0,
            Line::Gap(gap) => *gap,
            Line::Signatures => 54.0,
        }
    }
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
            self.canvas.text(anchor(x, width, align), self.y - 11.5, align, head_style, &heading);
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
                    self.canvas.text(anchor(x, width, align), baseline, align, *cell_style, line);
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

    /// What follows the table: the day's cash, the card terminal, the close, signatures.
    fn tail(&self) -> Vec<Line> {
        let report = self.report;
        let pair = |label, value: &str, strong| Line::Pair { label, value: value.trim().to_string(), strong };
        let mut tail = vec![
            Line::Gap(4.0),
            Line::Heading("Podsumowanie dnia"),
            pair("Stan kasy na początek dnia", &report.opening_cash, false),
            pair("Przychody (gotówka)", &report.cash_income, false),
            pair("Rozchody (gotówka)", &report.cash_expense, false),
            Line::Rule,
            pair("Stan kasy na koniec dnia", &report.closing_cash, true),
            Line::Gap(4.0),
        ];
        let card = format!(
            "Terminal płatniczy: sprzedaż {}, zwroty {} (płatności kartą nie wchodzą do gotówki w kasie).",
            report.card_income.trim(),
            report.card_expense.trim()
        );
        self.text_lines(&mut tail, &card, NOTE);
        tail.push(Line::Gap(4.0));
        tail.push(Line::Heading("Zamknięcie dnia"));
        match &report.closing {
            Some(closing) => {
                tail.push(pair("Stan kasy wyliczony", &closing.expected_cash, false));
                tail.push(pair("Policzono", &closing.counted_cash, true));
                tail.push(pair("Różnica", &closing.difference, true));
                if let Some(reason) = closing.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
                    self.text_lines(&mut tail, &format!("Przyczyna różnicy: {reason}"), TEXT);
                }
                tail.push(Line::Gap(4.0));
                let z = format!("Nr raportu dobowego (Z) drukarki fiskalnej: {}", closing.z_report.trim());
                self.text_lines(&mut tail, &z, TEXT);
                let closed = format!("Zamknął: {}, {}", closing.closed_by.trim(), closing.closed_at.trim());
                self.text_lines(&mut tail, &closed, TEXT);
            }
            None => {
                tail.push(Line::Text { text: NOT_CLOSED.into(), style: STRONG });
                let note = "Stan kasy na koniec dnia jest wyliczony z zapisanych operacji; gotówki jeszcze nie \
                            policzono.";
                self.text_lines(&mut tail, note, NOTE);
            }
        }
        tail.push(Line::Signatures);
        tail
    }

    /// `text` wrapped to the page's width, as lines of the tail.
    fn text_lines(&self, tail: &mut Vec<Line>, text: &str, text_style: Style) {
        for line in self.canvas.wrap(text, WIDTH, text_style) {
            tail.push(Line::Text { text: line, style: text_style });
        }
    }

    fn draw_line(&mut self, line: &Line) {
        match line {
            Line::Heading(heading) => {
                self.canvas.text(MARGIN, self.y - 16.0, Align::Left, LABEL, heading);
                self.canvas.hline(MARGIN, RIGHT, self.y - 20.0, 0.5, RULE);
            }
            Line::Pair { label, value, strong } => {
                let (label_style, value_style) = if *strong { (STRONG, STRONG) } else { (TEXT, TEXT) };
                let baseline = self.y - 10.5;
                self.canvas.text_fit(MARGIN, baseline, LABEL_W, label_style, label);
                let room = VALUE_RIGHT - MARGIN - LABEL_W - 8.0;
                let (value, value_style) = fit(&self.canvas, value, room, value_style, 0.0);
                self.canvas.text(VALUE_RIGHT, baseline, Align::Right, value_style, &value);
            }
            Line::Text { text, style } => {
                self.canvas.text(MARGIN, self.y - style.size * 1.15, Align::Left, *style, text);
            }
            Line::Rule => self.canvas.hline(MARGIN, VALUE_RIGHT, self.y - 2.0, 0.5, RULE),
            Line::Gap(_) => {}
            Line::Signatures => {
                let width = 180.0;
                let y = self.y - 40.0;
                for (x, label) in [(MARGIN, "Sporządził (podpis)"), (RIGHT - width, "Sprawdził (podpis)")] {
                    self.canvas.dashed_line(x, x + width, y, MUTED);
                    self.canvas.text(x + width / 2.0, y - 9.0, Align::Center, FOOT, label);
                }
            }
        }
        self.y -= line.height();
    }
}

/// Where a cell's text is anchored for `align`.
fn anchor(x: f32, width: f32, align: Align) -> f32 {
    match align {
        Align::Left => x + CELL_PAD,
        Align::Right => x + width - CELL_PAD,
        Align::Center => x + width / 2.0,
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
mod tests {
    use super::*;

    fn row(n: usize) -> CashRow {
        CashRow {
            time: format!("{:02}:{:02}", 8 + n / 60, n % 60),
            document: format!("NB-2026-{n:06}"),
            description: "Sprzedaż biletów".into(),
            method: "gotówka".into(),
            income: format!("{},00 zł", 30 + n),
            expense: String::new(),
            by: "kasjer@niskobus.pl".into(),
        }
    }

    fn closed_day() -> CashReport {
        CashReport {
            seller: vec![
                "Nisko Bus sp. z o.o.".into(),
                "ul. Kolejowa 12, 37-400 Nisko".into(),
                String::new(),
                "NIP 865-000-12-38".into(),
            ],
            number: "RK/2026-11-30".into(),
            day: "30.11.2026".into(),
            opening_cash: "200,00 zł".into(),
            rows: vec![
                CashRow {
                    time: "07:55".into(),
                    document: "KP".into(),
                    description: "Wpłata do kasy: pogotowie kasowe".into(),
                    method: "gotówka".into(),
                    income: "100,00 zł".into(),
                    expense: String::new(),
                    by: "anna.kowalska@niskobus.pl".into(),
                },
                CashRow {
                    time: "08:10".into(),
                    document: "NB-2026-000123".into(),
                    description: "Sprzedaż biletów: Nisko → Rzeszów, 2 × normalny, 1 × ulgowy (student), \
                                  miejsca 12, 13 i 14, odjazd 30.11.2026 08:15 z przystanku Nisko, Dworzec \
                                  Autobusowy, stanowisko 3"
                        .into(),
                    method: "karta (terminal)".into(),
                    income: "120,00 zł".into(),
                    expense: String::new(),
                    by: "kierownik.zmiany.nisko@niskobus.pl".into(),
                },
                CashRow {
                    time: "14:05".into(),
                    document: "NB-2026-000098".into(),
                    description: "Wypłata zwrotu".into(),
                    method: "gotówka".into(),
                    income: String::new(),
                    expense: "39,00 zł".into(),
                    by: "anna.kowalska@niskobus.pl".into(),
                },
                CashRow {
                    time: "17:50".into(),
                    document: "KW".into(),
                    description: "Wypłata z kasy: odprowadzenie do banku".into(),
                    method: "gotówka".into(),
                    income: String::new(),
                    expense: "1 000,00 zł".into(),
                    by: "anna.kowalska@niskobus.pl".into(),
                },
            ],
            cash_income: "100,00 zł".into(),
            cash_expense: "1 039,00 zł".into(),
            card_income: "120,00 zł".into(),
            card_expense: "0,00 zł".into(),
            closing_cash: "−739,00 zł".into(),
            closing: Some(CashClosing {
                expected_cash: "−739,00 zł".into(),
                counted_cash: "−740,00 zł".into(),
                difference: "−1,00 zł".into(),
                reason: Some("Wydano resztę o złotówkę za dużo".into()),
                z_report: "0347".into(),
                closed_by: "anna.kowalska@niskobus.pl".into(),
                closed_at: "30.11.2026 18:02".into(),
            }),
        }
    }

    /// The text of every page.
    fn pages(pdf: &[u8]) -> Vec<String> {
        let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
        doc.get_pages().keys().map(|page| doc.extract_text(&[*page]).expect("extractable text")).collect()
    }

    fn assert_contains(text: &str, expected: &[&str]) {
        for expected in expected {
            assert!(text.contains(expected), "{expected:?} not in {text:?}");
        }
    }

    #[test]
    fn a_closed_days_report_shows_its_rows_totals_and_close() {
        let report = closed_day();
        let pdf = cash_report_pdf(&report).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let pages = pages(&pdf);
        assert_eq!(pages.len(), 1);
        let text = &pages[0];
        assert_contains(
            text,
            &[
                "Raport kasowy",
                "nr RK/2026-11-30",
                "Dzień: 30.11.2026",
                "Nisko Bus sp. z o.o.",
                "NIP 865-000-12-38",
                "Lp.",
                "Przychód",
                "Rozchód",
                "Kto",
                "Wypłata zwrotu",
                "Wpłata do kasy: pogotowie",
                "karta",
                "Stan kasy na początek dnia",
                "200,00 zł",
                "Przychody (gotówka)",
                "100,00 zł",
                "Rozchody (gotówka)",
                "1 039,00 zł",
                "Stan kasy na koniec dnia",
                "Terminal płatniczy: sprzedaż 120,00 zł, zwroty 0,00 zł",
                "Policzono",
                "−740,00 zł",
                "Różnica",
                "−1,00 zł",
                "Przyczyna różnicy: Wydano resztę o złotówkę za dużo",
                "Nr raportu dobowego (Z) drukarki fiskalnej: 0347",
                "Zamknął: anna.kowalska@niskobus.pl, 30.11.2026 18:02",
                NOT_FISCAL,
                "Strona 1 z 1",
            ],
        );
        for row in &report.rows {
            assert_contains(text, &[&row.time, &row.document, &row.income, &row.expense]);
        }
        assert!(!text.contains(NOT_CLOSED), "{text:?}");
    }

    #[test]
    fn long_descriptions_and_emails_are_wrapped_or_shortened_within_their_columns() {
        let mut regular = Font::new(REGULAR, "DejaVuSans").unwrap();
        let mut bold = Font::new(BOLD, "DejaVuSans-Bold").unwrap();
        let report = closed_day();
        let sheet = Sheet {
            canvas: Canvas::new(&mut regular, &mut bold),
            pages: Vec::new(),
            y: TOP,
            report: &report,
            total: None,
        };
        let (cells, height) = sheet.row_cells(2, &report.rows[1]);
        assert_eq!(cells[3].0.len(), 3, "the description on three lines: {:?}", cells[3].0);
        assert!(cells[3].0[2].ends_with('…'), "{:?}", cells[3].0);
        assert_eq!(cells[4].0, ["karta", "(terminal)"]);
        assert_eq!(cells[7].0, ["kierownik.zmiany.nisko", "@niskobus.pl"], "the e-mail breaks before its domain");
        assert!((height - (3.0 * ROW_LEADING + 5.0)).abs() < 0.01);
        let within = |cells: &[(Vec<String>, Style); 8]| {
            for (column, ((lines, cell_style), (_, width, _))) in cells.iter().zip(COLUMNS).enumerate() {
                for line in lines {
                    let used = sheet.canvas.width(line, *cell_style);
                    assert!(used <= width - 2.0 * CELL_PAD, "column {column}: {line:?} is {used} pt in {width}");
                }
            }
        };
        within(&cells);
        // Past every limit: a huge e-mail, document number and amount.
        let huge = CashRow {
            document: "NB-2026-000123-KOREKTA-DO-ZAMÓWIENIA-NB-2026-000122".into(),
            income: "1 234 567 890,00 zł".into(),
            by: "grzegorz.brzęczyszczykiewicz.kierownik.zmiany@niskobus-przewozy-regionalne.pl".into(),
            ..report.rows[1].clone()
        };
        let (cells, _) = sheet.row_cells(99, &huge);
        within(&cells);
        assert_eq!(cells[7].0.len(), 2, "{:?}", cells[7].0);
        assert!(cells[7].0[1].ends_with('…') && cells[2].0[0].ends_with('…'), "{cells:?}");
        assert_eq!(cells[5].0, ["1 234 567 890,00 zł"], "an amount is made smaller, never shortened");
        assert!(cells[5].1.size < CELL.size);
        // The whole text of a fitting e-mail is kept on one line, with no break at "@".
        let (cells, _) = sheet.row_cells(1, &report.rows[0]);
        assert_eq!(cells[7].0, ["anna.kowalska@niskobus.pl"]);
    }

    #[test]
    fn an_open_day_says_it_was_not_closed() {
        let mut report = closed_day();
        report.closing = None;
        let pages = pages(&cash_report_pdf(&report).unwrap());
        let text = pages.concat();
        assert_contains(&text, &[NOT_CLOSED, "Stan kasy na koniec dnia", "−739,00 zł", NOT_FISCAL]);
        assert!(!text.contains("Policzono") && !text.contains("drukarki fiskalnej:"), "{text:?}");
    }

    #[test]
    fn eighty_rows_run_onto_more_pages_each_with_the_table_header_and_its_number() {
        let mut report = closed_day();
        report.rows = (1..=80).map(row).collect();
        let pdf = cash_report_pdf(&report).unwrap();
        let pages = pages(&pdf);
        let total = pages.len();
        assert!(total > 1, "{total} pages");
        for (n, text) in pages.iter().enumerate() {
            assert_contains(
                text,
                &["Lp.", "Godzina", "Dokument", "Opis", "Forma", "Przychód", "Rozchód", "Kto", NOT_FISCAL],
            );
            assert!(text.contains(&format!("Strona {} z {total}", n + 1)), "page {n}: {text:?}");
        }
        let text = pages.concat();
        for n in 1..=80 {
            assert_contains(&text, &[&format!("NB-2026-{n:06}"), &format!("{},00 zł", 30 + n)]);
        }
        assert_contains(&pages[total - 1], &["Stan kasy na koniec dnia", "Policzono"]);
        assert_contains(&pages[1], &["Raport kasowy RK/2026-11-30 – dzień 30.11.2026 (ciąg dalszy)"]);
        assert_eq!(cash_report_pdf(&report).unwrap(), pdf, "the same report gives the same bytes");
    }

    #[test]
    fn an_empty_day_still_shows_its_opening_and_closing_cash() {
        let report = CashReport {
            rows: Vec::new(),
            opening_cash: "250,00 zł".into(),
            cash_income: "0,00 zł".into(),
            cash_expense: "0,00 zł".into(),
            card_income: "0,00 zł".into(),
            card_expense: "0,00 zł".into(),
            closing_cash: "250,00 zł".into(),
            closing: None,
            ..closed_day()
        };
        let pages = pages(&cash_report_pdf(&report).unwrap());
        assert_eq!(pages.len(), 1);
        assert_contains(
            &pages[0],
            &[
                "Lp.",
                "Brak operacji w tym dniu.",
                "Stan kasy na początek dnia",
                "Stan kasy na koniec dnia",
                "250,00 zł",
                NOT_CLOSED,
                "Strona 1 z 1",
            ],
        );
    }
}
