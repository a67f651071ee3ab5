//! The cash report's layout: its rows, totals and close, wrapping, paging.

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
    let mut regular = Font::regular().unwrap();
    let mut bold = Font::bold().unwrap();
    let report = closed_day();
    let sheet =
        Sheet { canvas: Canvas::new(&mut regular, &mut bold), pages: Vec::new(), y: TOP, report: &report, total: None };
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
