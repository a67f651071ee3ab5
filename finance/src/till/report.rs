//! The day's cash report ("raport kasowy"): CSV for the spreadsheet (the office's
//! exports' form: UTF-8 with BOM, semicolons, złoty with a decimal comma, Warsaw time)
//! and PDF to print and sign ([`documents::cash_report_pdf`]). Both say the product is
//! no fiscal device: the sales are the fiscal printer's, whose daily (Z) report number
//! the close records.

use chrono::{DateTime, Utc};
use chrono_tz::Europe::Warsaw;
use documents::{CashClosing, CashReport, CashRow};

use super::view::{TillDayView, TillMovement};
use crate::spreadsheet::{decimal_comma, plain_text, BOM};

/// The line every printed report ends with.
pub const NOT_FISCAL: &str = "Dokument niefiskalny. System sprzedaży nie jest urządzeniem fiskalnym; \
    sprzedaż ewidencjonuje kasa fiskalna biura (raport dobowy Z).";

fn local(at: DateTime<Utc>, format: &str) -> String {
    at.with_timezone(&Warsaw).format(format).to_string()
}

fn zl(grosz: i64) -> String {
    domain::money::format_pln(grosz)
}

/// The report's number: `RK/2026-11-30`.
pub fn number(view: &TillDayView) -> String {
    format!("RK/{}", view.day)
}

fn description(m: &TillMovement) -> String {
    match m.kind.as_str() {
        "sale" => "Sprzedaż biletów".to_owned(),
        "refund" if m.method == "cash" => "Wypłata zwrotu".to_owned(),
        "refund" => "Zwrot na kartę (terminal)".to_owned(),
        "cash_in" => format!("Wpłata do kasy: {}", m.note),
        _ => format!("Wypłata z kasy: {}", m.note),
    }
}

fn document(m: &TillMovement) -> String {
    match m.kind.as_str() {
        "cash_in" => "KP".to_owned(),
        "cash_out" => "KW".to_owned(),
        _ => m.order_number.clone(),
    }
}

fn method(m: &TillMovement) -> &'static str {
    if m.method == "cash" {
        "gotówka"
    } else {
        "karta (terminal)"
    }
}

/// The cash that came into the till and went out of it on the day (positive both).
fn cash_in_out(view: &TillDayView) -> (i64, i64) {
    let cash = view.movements.iter().filter(|m| m.method == "cash");
    cash.fold((0, 0), |(i, o), m| if m.amount >= 0 { (i + m.amount, o) } else { (i, o - m.amount) })
}

/// The report as CSV.
pub fn report_csv(view: &TillDayView) -> Vec<u8> {
    let mut out = Vec::from(BOM);
    let mut w = csv::WriterBuilder::new().delimiter(b';').flexible(true).from_writer(&mut out);
    let mut amount = String::new();
    let mut money = |grosz: i64| {
        decimal_comma(&mut amount, grosz);
        amount.clone()
    };
    let mut rows: Vec<Vec<String>> = vec![
        vec!["Raport kasowy".into(), number(view), view.day.format("%d.%m.%Y").to_string()],
        vec!["Stan kasy na początek dnia".into(), money(view.opening_cash)],
        vec![
            "Lp.".into(),
            "Data i godzina".into(),
            "Dokument".into(),
            "Opis".into(),
            "Forma".into(),
            "Przychód".into(),
            "Rozchód".into(),
            "Kto".into(),
        ],
    ];
    for (i, m) in view.movements.iter().enumerate() {
        let (income, expense) =
            if m.amount >= 0 { (money(m.amount), String::new()) } else { (String::new(), money(-m.amount)) };
        rows.push(vec![
            (i + 1).to_string(),
            local(m.at, "%d.%m.%Y %H:%M"),
            plain_text(&document(m)).into_owned(),
            plain_text(&description(m)).into_owned(),
            method(m).into(),
            income,
            expense,
            plain_text(&m.by).into_owned(),
        ]);
    }
    let (income, expense) = cash_in_out(view);
    rows.push(vec!["Przychody (gotówka)".into(), money(income)]);
    rows.push(vec!["Rozchody (gotówka)".into(), money(expense)]);
    rows.push(vec!["Stan kasy na koniec dnia".into(), money(view.expected_cash)]);
    rows.push(vec!["Terminal: sprzedaż".into(), money(view.card_sales)]);
    rows.push(vec!["Terminal: zwroty".into(), money(view.card_refunds)]);
    match &view.closing {
        Some(c) => {
            rows.push(vec!["Policzono".into(), money(c.counted_cash)]);
            rows.push(vec!["Różnica".into(), money(c.difference)]);
            rows.push(vec!["Przyczyna różnicy".into(), plain_text(c.reason.as_deref().unwrap_or("")).into_owned()]);
            rows.push(vec!["Nr raportu dobowego (Z)".into(), plain_text(&c.z_report).into_owned()]);
            rows.push(vec!["Zamknął".into(), plain_text(&c.by).into_owned(), local(c.closed_at, "%d.%m.%Y %H:%M")]);
        }
        None => rows.push(vec!["Dzień nie został zamknięty".into()]),
    }
    rows.push(vec![NOT_FISCAL.into()]);
    for row in rows {
        // Writing into a Vec cannot fail; rows of different lengths are allowed below.
        let _ = w.write_record(&row);
    }
    let _ = w.flush();
    drop(w);
    out
}

/// The report as PDF, for `seller` (name, address, NIP lines).
pub fn report_pdf(view: &TillDayView, seller: Vec<String>) -> Result<Vec<u8>, documents::DocumentError> {
    let (income, expense) = cash_in_out(view);
    let rows = view
        .movements
        .iter()
        .map(|m| CashRow {
            time: local(m.at, "%H:%M"),
            document: document(m),
            description: description(m),
            method: method(m).into(),
            income: if m.amount >= 0 { zl(m.amount) } else { String::new() },
            expense: if m.amount < 0 { zl(-m.amount) } else { String::new() },
            by: m.by.clone(),
        })
        .collect();
    let report = CashReport {
        seller,
        number: number(view),
        day: view.day.format("%d.%m.%Y").to_string(),
        opening_cash: zl(view.opening_cash),
        rows,
        cash_income: zl(income),
        cash_expense: zl(expense),
        card_income: zl(view.card_sales),
        card_expense: zl(view.card_refunds),
        closing_cash: zl(view.expected_cash),
        closing: view.closing.as_ref().map(|c| CashClosing {
            expected_cash: zl(c.expected_cash),
            counted_cash: zl(c.counted_cash),
            difference: zl(c.difference),
            reason: c.reason.clone(),
            z_report: c.z_report.clone(),
            closed_by: c.by.clone(),
            closed_at: local(c.closed_at, "%d.%m.%Y %H:%M"),
        }),
    };
    documents::cash_report_pdf(&report)
}
