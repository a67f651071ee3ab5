//! What follows the cash report's table: the day's cash, the card terminal, the close and
//! the signatures, laid out as lines of known height before the last row is placed.

use super::*;

/// A line of what follows the table (the totals and the close), laid out in advance so
/// that its height is known before the last row is placed.
pub(super) enum Line {
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
    pub(super) fn height(&self) -> f32 {
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
    /// What follows the table: the day's cash, the card terminal, the close, signatures.
    pub(super) fn tail(&self) -> Vec<Line> {
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

    pub(super) fn draw_line(&mut self, line: &Line) {
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
