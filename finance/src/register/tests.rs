//! The register's rules, given events and asserting rows.

use chrono::{DateTime, NaiveDate, Utc};
use domain::money::vat_split;
use domain::order::{InvoiceRequest, OrderEvent, Seller};
use uuid::Uuid;

use super::*;

fn day(text: &str) -> NaiveDate {
    text.parse().expect("a date")
}

fn at(text: &str) -> DateTime<Utc> {
    text.parse().expect("an instant")
}

fn buyer(name: &str, nip: &str) -> InvoiceRequest {
    InvoiceRequest {
        country: "PL".into(),
        vat_number: nip.into(),
        company_name: name.into(),
        address: "ul. Kolejowa 1".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
    }
}

fn seller() -> Seller {
    Seller {
        name: "Nisko Bus Sp. z o.o.".into(),
        tax_id: "8650000000".into(),
        address: "ul. Dworcowa 2".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
        country: "PL".into(),
    }
}

fn issued(number: &str, issued_at: &str, total: i64) -> OrderEvent {
    let split = vat_split(total, 8);
    OrderEvent::InvoiceIssued {
        order_id: Uuid::nil(),
        number: number.into(),
        issued_at: at(issued_at),
        total,
        vat_rate: 8,
        sale_date: Some(warsaw_date(at(issued_at))),
        seller: Some(seller()),
        buyer: Some(buyer("Firma Sp. z o.o.", "526-025-02-74")),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: false,
    }
}

fn corrected(number: &str, corrects: &str, issued_at: &str, before: i64, amount: i64) -> OrderEvent {
    let split = vat_split(before + amount, 8).minus(vat_split(before, 8));
    OrderEvent::InvoiceCorrected {
        order_id: Uuid::nil(),
        number: number.into(),
        corrects: corrects.into(),
        amount,
        issued_at: at(issued_at),
        reason: "Zwrot biletu".into(),
        line: None,
        total_before: Some(before),
        vat_rate: Some(8),
        corrects_issued_at: None,
        sale_date: Some(day("2026-11-20")),
        seller: Some(seller()),
        buyer: Some(buyer("Firma Sp. z o.o.", "526-025-02-74")),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: false,
    }
}

/// The rows a register shows of `(recorded_at, event)`s, owned, and its summary.
fn register(query: RegisterQuery, events: &[(&str, OrderEvent)]) -> (Vec<RegisterRow<'static>>, Summary) {
    let mut register = Register::new(query);
    let rows = events
        .iter()
        .filter_map(|(recorded, event)| {
            let invoice = InvoiceEvent::from_order_event(event)?;
            register.apply(at(recorded), &invoice).map(owned)
        })
        .collect();
    (rows, register.summary())
}

fn owned(row: RegisterRow<'_>) -> RegisterRow<'static> {
    RegisterRow {
        number: Cow::Owned(row.number.into_owned()),
        buyer_name: Cow::Owned(row.buyer_name.into_owned()),
        buyer_tax_id: Cow::Owned(row.buyer_tax_id.into_owned()),
        corrects_number: row.corrects_number.map(|c| Cow::Owned(c.into_owned())),
        ksef_number: row.ksef_number.map(|c| Cow::Owned(c.into_owned())),
        ..row
    }
}

fn numbers<'a>(rows: &'a [RegisterRow<'_>]) -> Vec<&'a str> {
    rows.iter().map(|r| r.number.as_ref()).collect()
}

#[test]
fn a_register_as_of_a_past_day_leaves_out_the_corrections_recorded_later() {
    let events = [
        ("2026-11-20T09:00:01Z", issued("FV/2026/1", "2026-11-20T09:00:00Z", 7800)),
        ("2026-11-22T10:00:01Z", corrected("FV-KOR/2026/1", "FV/2026/1", "2026-11-22T10:00:00Z", 7800, -3900)),
    ];
    let month = |as_of| RegisterQuery::new(day(as_of), day("2026-11-01"), day("2026-11-30")).unwrap();

    let (before, summary) = register(month("2026-11-21"), &events);
    assert_eq!(numbers(&before), ["FV/2026/1"]);
    assert_eq!(summary.totals.gross, 7800);

    let (after, summary) = register(month("2026-11-22"), &events);
    assert_eq!(numbers(&after), ["FV/2026/1", "FV-KOR/2026/1"]);
    assert_eq!(summary.totals.gross, 3900);
    // The invoice's own row is the same either way: a correction is a row of its own.
    assert_eq!(before[0], after[0]);
}

#[test]
fn as_of_ends_at_midnight_in_warsaw() {
    // 2026-11-25 ends at 2026-11-25T23:00Z (UTC+1); 2026-07-10 at 2026-07-10T22:00Z.
    let query = RegisterQuery::new(day("2026-11-25"), day("2026-11-01"), day("2026-11-30")).unwrap();
    assert_eq!(query.recorded_before, at("2026-11-25T23:00:00Z"));
    let summer = RegisterQuery::new(day("2026-07-10"), day("2026-07-01"), day("2026-07-31")).unwrap();
    assert_eq!(summer.recorded_before, at("2026-07-10T22:00:00Z"));
    // The day the clocks go back is 25 hours long.
    assert_eq!(end_of_day(day("2026-10-25")), Some(at("2026-10-25T23:00:00Z")));

    let invoice = issued("FV/2026/9", "2026-11-25T10:00:00Z", 3900);
    let (rows, _) = register(query, &[("2026-11-25T22:59:59.999999Z", invoice.clone())]);
    assert_eq!(rows.len(), 1, "recorded in the last moment of the day");
    let (rows, _) = register(query, &[("2026-11-25T23:00:00Z", invoice)]);
    assert!(rows.is_empty(), "recorded at the next day's midnight");
}

#[test]
fn from_and_to_are_issue_dates_in_warsaw() {
    // 23:30 UTC on the 24th is 00:30 on the 25th in Warsaw.
    let late = issued("FV/2026/2", "2026-11-24T23:30:00Z", 3900);
    let recorded = "2026-11-24T23:30:01Z";
    let on = |from, to| RegisterQuery::new(day("2026-11-30"), day(from), day(to)).unwrap();

    let (rows, _) = register(on("2026-11-25", "2026-11-25"), &[(recorded, late.clone())]);
    assert_eq!(numbers(&rows), ["FV/2026/2"]);
    assert_eq!(rows[0].issue_date, day("2026-11-25"));
    let (rows, _) = register(on("2026-11-01", "2026-11-24"), &[(recorded, late.clone())]);
    assert!(rows.is_empty(), "dated the 25th, not the 24th");
    // Both ends are inclusive.
    let (rows, _) = register(on("2026-11-25", "2026-11-30"), &[(recorded, late)]);
    assert_eq!(rows.len(), 1);

    assert_eq!(
        RegisterQuery::new(day("2026-11-30"), day("2026-11-26"), day("2026-11-25")),
        Err(QueryError::FromAfterTo)
    );
}

#[test]
fn a_correction_row_carries_the_corrected_number_and_the_negative_change() {
    let events = [
        ("2026-11-20T09:00:01Z", issued("FV/2026/1", "2026-11-20T09:00:00Z", 7800)),
        ("2026-11-21T09:00:01Z", corrected("FV-KOR/2026/1", "FV/2026/1", "2026-11-21T09:00:00Z", 7800, -3900)),
    ];
    let (rows, _) =
        register(RegisterQuery::new(day("2026-11-30"), day("2026-11-01"), day("2026-11-30")).unwrap(), &events);

    let correction = &rows[1];
    assert_eq!(correction.kind, DocumentKind::Kor);
    assert_eq!(correction.corrects_number.as_deref(), Some("FV/2026/1"));
    assert_eq!(correction.issue_date, day("2026-11-21"));
    assert_eq!(correction.sale_date, Some(day("2026-11-20")), "the corrected sale's day");
    // 78.00 = 72.22 + 5.78 before, 39.00 = 36.11 + 2.89 after.
    assert_eq!((correction.net, correction.vat, correction.gross), (-3611, -289, -3900));
    assert_eq!(rows[0].kind, DocumentKind::Vat);
    assert_eq!(rows[0].corrects_number, None);
    assert_eq!((rows[0].net, rows[0].vat, rows[0].gross), (7222, 578, 7800));
    assert_eq!((rows[0].buyer_name.as_ref(), rows[0].buyer_tax_id.as_ref()), ("Firma Sp. z o.o.", "526-025-02-74"));
}

#[test]
fn the_totals_are_the_sums_of_the_rows_and_each_row_adds_up() {
    let events = [
        ("2026-11-02T08:00:01Z", issued("FV/2026/1", "2026-11-02T08:00:00Z", 3900)),
        ("2026-11-03T08:00:01Z", issued("FV/2026/2", "2026-11-03T08:00:00Z", 12345)),
        ("2026-11-04T08:00:01Z", corrected("FV-KOR/2026/1", "FV/2026/2", "2026-11-04T08:00:00Z", 12345, -4115)),
        ("2026-11-05T08:00:01Z", issued("FV/2026/3", "2026-11-05T08:00:00Z", 1)),
        // Issued outside the dates: no row, not in the sums.
        ("2026-12-01T08:00:01Z", issued("FV/2026/4", "2026-12-01T08:00:00Z", 99900)),
    ];
    let (rows, summary) =
        register(RegisterQuery::new(day("2026-12-31"), day("2026-11-01"), day("2026-11-30")).unwrap(), &events);

    assert_eq!(summary.rows, 4);
    assert_eq!(rows.len(), 4);
    let sum = |f: fn(&RegisterRow<'_>) -> i64| rows.iter().map(f).sum::<i64>();
    assert_eq!(summary.totals, Totals { net: sum(|r| r.net), vat: sum(|r| r.vat), gross: sum(|r| r.gross) });
    assert_eq!(summary.totals.gross, 3900 + 12345 - 4115 + 1);
    assert_eq!(summary.totals.net + summary.totals.vat, summary.totals.gross);
    for row in &rows {
        assert_eq!(row.net + row.vat, row.gross, "{}", row.number);
    }
}

#[test]
fn events_recorded_before_the_document_facts_were_kept_fall_back() {
    let old_invoice = OrderEvent::InvoiceIssued {
        order_id: Uuid::nil(),
        number: "FV/2025/7".into(),
        issued_at: at("2025-06-01T10:00:00Z"),
        total: 3900,
        vat_rate: 8,
        sale_date: None,
        seller: None,
        buyer: None,
        net: None,
        vat: None,
        ksef: false,
    };
    let old_correction = OrderEvent::InvoiceCorrected {
        order_id: Uuid::nil(),
        number: "FV-KOR/2025/1".into(),
        corrects: "FV/2025/7".into(),
        amount: -1950,
        issued_at: at("2025-06-02T10:00:00Z"),
        reason: String::new(),
        line: None,
        total_before: None,
        vat_rate: None,
        corrects_issued_at: None,
        sale_date: None,
        seller: None,
        buyer: None,
        net: None,
        vat: None,
        ksef: false,
    };
    let (rows, summary) = register(
        RegisterQuery::new(day("2025-06-30"), day("2025-06-01"), day("2025-06-30")).unwrap(),
        &[("2025-06-01T10:00:01Z", old_invoice), ("2025-06-02T10:00:01Z", old_correction)],
    );

    // Split at the event's rate, and a rate-less correction at 8 %.
    assert_eq!((rows[0].net, rows[0].vat), (3611, 289));
    assert_eq!((rows[1].net, rows[1].vat, rows[1].gross), (-1806, -144, -1950));
    assert_eq!((rows[0].buyer_name.as_ref(), rows[0].buyer_tax_id.as_ref(), rows[0].sale_date), ("", "", None));
    assert_eq!(summary.totals, Totals { net: 3611 - 1806, vat: 289 - 144, gross: 3900 - 1950 });
}

#[test]
fn the_stored_json_reads_as_the_order_event_does() {
    let mut escaped = issued("FV/2026/1", "2026-11-20T09:00:00Z", 7800);
    if let OrderEvent::InvoiceIssued { buyer: Some(b), .. } = &mut escaped {
        b.company_name = "\"Żubr\" \\ Spółka".into();
    }
    let events = [
        issued("FV/2026/1", "2026-11-20T09:00:00Z", 7800),
        escaped,
        corrected("FV-KOR/2026/1", "FV/2026/1", "2026-11-21T09:00:00Z", 7800, -3900),
        OrderEvent::InvoiceIssued {
            order_id: Uuid::nil(),
            number: "FV/2025/7".into(),
            issued_at: at("2025-06-01T10:00:00Z"),
            total: 3900,
            vat_rate: 8,
            sale_date: None,
            seller: None,
            buyer: None,
            net: None,
            vat: None,
            ksef: false,
        },
    ];
    for event in &events {
        let json = serde_json::to_string(event).unwrap();
        let decoded = InvoiceEvent::decode(event.event_type(), &json).unwrap();
        assert_eq!(decoded, InvoiceEvent::from_order_event(event), "{json}");
    }
    // Only the invoice events are decoded.
    assert_eq!(InvoiceEvent::decode("OrderPaid", "{not json").unwrap(), None);
    assert!(InvoiceEvent::decode("InvoiceIssued", r#"{"number": 1}"#).is_err());
}

#[test]
fn every_row_reads_its_event_as_the_invoice_list_and_the_documents_do() {
    let mut half_legacy = issued("FV/2025/8", "2025-06-01T10:00:00Z", 3900);
    if let OrderEvent::InvoiceIssued { vat, buyer, sale_date, .. } = &mut half_legacy {
        (*vat, *buyer, *sale_date) = (None, None, None);
    }
    let mut no_rate = corrected("FV-KOR/2025/2", "FV/2025/8", "2025-06-03T10:00:00Z", 3900, -1300);
    if let OrderEvent::InvoiceCorrected { net, vat, vat_rate, .. } = &mut no_rate {
        (*net, *vat, *vat_rate) = (None, None, None);
    }
    let mut no_before = corrected("FV-KOR/2025/3", "FV/2025/8", "2025-06-04T10:00:00Z", 2600, -100);
    if let OrderEvent::InvoiceCorrected { net, vat, total_before, .. } = &mut no_before {
        (*net, *vat, *total_before) = (None, None, None);
    }
    let events = [
        issued("FV/2026/1", "2026-11-20T09:00:00Z", 7800),
        corrected("FV-KOR/2026/1", "FV/2026/1", "2026-11-21T09:00:00Z", 7800, -3900),
        half_legacy,
        no_rate,
        no_before,
    ];
    for event in &events {
        let document = domain::order::IssuedDocument::of_event(event).expect("a document");
        let invoice = InvoiceEvent::from_order_event(event).expect("an invoice event");
        let row = row(&invoice);
        let kind = match row.kind {
            DocumentKind::Vat => domain::order::DocumentKind::Invoice,
            DocumentKind::Kor => domain::order::DocumentKind::Correction,
        };
        assert_eq!(row.number, document.number);
        assert_eq!(kind, document.kind);
        assert_eq!(row.issue_date, warsaw_date(document.issued_at));
        assert_eq!(row.sale_date, document.sale_date);
        assert_eq!((row.net, row.vat, row.gross), (document.net, document.vat, document.gross), "{}", row.number);
        assert_eq!(row.corrects_number.as_deref(), document.corrects_number.as_deref());
        let buyer = document.buyer.as_ref();
        assert_eq!(row.buyer_name, buyer.map_or("", |b| b.company_name.as_str()));
        assert_eq!(row.buyer_tax_id, buyer.map_or("", |b| b.vat_number.as_str()));
    }
}
