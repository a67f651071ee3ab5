//! The mapping, checked against the documents crate's own rules (`InvoiceDocument::check`
//! and the renderers) and against the sums it must print.

use chrono::{DateTime, TimeZone, Utc};
use domain::order::{AppliedDiscount, InvoiceRequest, Leg, LegKind, OrderEvent, Seller, TicketLine};
use uuid::Uuid;

use super::*;

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).single().expect("a time")
}

fn leg(kind: LegKind, from: &str, to: &str, departure: DateTime<Utc>) -> Leg {
    Leg {
        kind,
        course_id: Uuid::nil(),
        hold_id: Uuid::nil(),
        route_id: 1,
        route_name: "Nisko – Kraków".into(),
        from_waypoint_id: 1,
        from_name: from.into(),
        to_waypoint_id: 2,
        to_name: to.into(),
        departure_at: departure,
        arrival_at: departure + chrono::Duration::hours(3),
        unit_price: 1800,
    }
}

fn seller() -> Seller {
    Seller {
        name: "Nisko Bus sp. z o.o.".into(),
        tax_id: "8652556348".into(),
        address: "ul. Kolejowa 12".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
        country: "PL".into(),
    }
}

fn buyer(name: &str) -> InvoiceRequest {
    InvoiceRequest {
        country: "PL".into(),
        vat_number: "5260250274".into(),
        company_name: name.into(),
        address: "ul. Długa 2".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
    }
}

/// Two normal tickets at 18 zł and one student's at 9.75 zł, there and back.
fn lines() -> Vec<TicketLine> {
    let student =
        AppliedDiscount { discount_id: 3, name: "student".into(), reduction: domain::money::Reduction::Percent(49) };
    vec![
        TicketLine {
            line: 1,
            quantity: 2,
            discount: None,
            outbound_price: 1800,
            back_price: Some(1800),
            total: 7200,
            passengers: vec![],
        },
        TicketLine {
            line: 2,
            quantity: 1,
            discount: Some(student),
            outbound_price: 975,
            back_price: Some(975),
            total: 1950,
            passengers: vec![],
        },
    ]
}

fn issued(total: i64) -> OrderEvent {
    OrderEvent::InvoiceIssued {
        order_id: Uuid::nil(),
        number: "NB/2026/7".into(),
        issued_at: at(20, 9),
        total,
        vat_rate: 8,
        sale_date: Some(at(20, 9).date_naive()),
        seller: Some(seller()),
        buyer: Some(buyer("Firma Sp. z o.o.")),
        net: None,
        vat: None,
        ksef: false,
    }
}

fn corrected(number: &str, amount: i64, total_before: i64, buyer: InvoiceRequest) -> OrderEvent {
    let split = vat_split(total_before + amount, 8).minus(vat_split(total_before, 8));
    OrderEvent::InvoiceCorrected {
        order_id: Uuid::nil(),
        number: number.into(),
        corrects: "NB/2026/7".into(),
        amount,
        issued_at: at(22, 10),
        reason: if amount == 0 { "Zmiana danych nabywcy".into() } else { "Zwrot biletu NK-1".into() },
        line: None,
        total_before: Some(total_before),
        vat_rate: Some(8),
        corrects_issued_at: Some(at(20, 9)),
        sale_date: Some(at(20, 9).date_naive()),
        seller: Some(seller()),
        buyer: Some(buyer),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: false,
    }
}

#[test]
fn an_invoice_has_a_line_per_ticket_line_and_course_adding_up_to_its_split() {
    let (outbound, back, lines) = (
        leg(LegKind::Outbound, "Nisko", "Kraków", at(30, 7)),
        leg(LegKind::Back, "Kraków", "Nisko", at(30, 17)),
        lines(),
    );
    let order = OrderFacts {
        number: "NB-1001",
        outbound: &outbound,
        back: Some(&back),
        lines: &lines,
        payment_provider: "sandbox",
        paid_at: Some(at(20, 8)),
        coupon: None,
        to_pay: 9150,
    };
    let doc = IssuedDocument::of_event(&issued(9150)).expect("a document");
    let document = document(&doc, &order, std::slice::from_ref(&doc), None);

    assert_eq!(document.lines.len(), 4, "{:#?}", document.lines);
    assert_eq!(document.lines[0].name, "Przejazd Nisko → Kraków, 2026-11-30 08:00, bilet normalny");
    assert_eq!(document.lines[3].name, "Przejazd Kraków → Nisko, 2026-11-30 18:00, ulga: student");
    assert_eq!((document.lines[0].quantity, document.lines[0].unit_gross, document.lines[0].gross), (2, 1800, 3600));
    let split = vat_split(9150, 8);
    assert_eq!(document.totals, Amounts { net: split.net, vat: split.vat, gross: 9150 });
    assert_eq!(document.lines.iter().map(|l| l.net).sum::<i64>(), split.net, "the last line takes the rounding");
    assert_eq!((document.seller.tax_id.as_str(), document.buyer.name.as_str()), ("8652556348", "Firma Sp. z o.o."));
    assert_eq!((document.place_of_issue.as_str(), document.payment.form), ("Nisko", PaymentForm::Transfer));
    assert_eq!(document.payment.paid_on, Some(at(20, 8).date_naive()));
    assert!(document.correction.is_none());
    document.check().expect("a valid invoice");
    assert!(documents::invoice_pdf(&document).expect("a PDF").starts_with(b"%PDF-"));
}

#[test]
fn an_invoice_whose_lines_do_not_add_up_is_one_line_for_the_order() {
    let outbound = leg(LegKind::Outbound, "Nisko", "Kraków", at(30, 7));
    let lines = lines();
    let order = OrderFacts {
        number: "NB-1001",
        outbound: &outbound,
        back: None,
        lines: &lines,
        payment_provider: "cash",
        paid_at: None,
        coupon: None,
        to_pay: 5000,
    };
    let doc = IssuedDocument::of_event(&issued(5000)).expect("a document");
    let document = document(&doc, &order, &[], None);
    assert_eq!(document.lines.len(), 1);
    assert_eq!(document.lines[0].name, "Przejazdy autobusowe wg zamówienia NB-1001");
    assert_eq!((document.lines[0].gross, document.payment.form), (5000, PaymentForm::Cash));
    document.check().expect("a valid invoice");
}

#[test]
fn a_correction_prints_the_sums_before_and_after_and_the_buyer_it_replaced() {
    let outbound = leg(LegKind::Outbound, "Nisko", "Kraków", at(30, 7));
    let lines = vec![lines().remove(0)];
    let order = OrderFacts {
        number: "NB-1001",
        outbound: &outbound,
        back: None,
        lines: &lines,
        payment_provider: "sandbox",
        paid_at: Some(at(20, 8)),
        coupon: None,
        to_pay: 9150,
    };
    let invoice = IssuedDocument::of_event(&issued(3600)).expect("the invoice");
    let returned = IssuedDocument::of_event(&corrected("NB-KOR/2026/1", -1620, 3600, buyer("Firma Sp. z o.o.")))
        .expect("the return's correction");
    let renamed = IssuedDocument::of_event(&corrected("NB-KOR/2026/2", 0, 1980, buyer("Firma Nowa S.A.")))
        .expect("the buyer's correction");
    let all = [invoice.clone(), returned.clone(), renamed.clone()];

    let document = document(&returned, &order, &all, None);
    let correction = document.correction.clone().expect("a correction");
    assert_eq!(correction.corrects_number, "NB/2026/7");
    assert_eq!(correction.corrects_issue_date, at(20, 9).date_naive());
    assert_eq!((correction.before.gross, correction.after.gross, document.totals.gross), (3600, 1980, -1620));
    assert_eq!(correction.buyer_before, None, "the same buyer");
    assert_eq!((document.lines.len(), document.lines[0].quantity), (1, -1));
    assert_eq!(document.lines[0].name, "Zwrot biletu NK-1", "an older event: the line is the reason");
    document.check().expect("a valid correction");
    assert!(documents::invoice_pdf(&document).expect("a PDF").starts_with(b"%PDF-"));

    // A return's correction that spells its line out prints it, and keeps the reason short.
    let spelt = IssuedDocument {
        line: Some("Zwrot biletu NK-1: cena biletu 18,00 zł, opłata za zwrot 1,80 zł, do zwrotu 16,20 zł".into()),
        ..returned.clone()
    };
    let document = super::document(&spelt, &order, &all, None);
    assert_eq!(document.lines[0].name, spelt.line.clone().expect("a line"));
    assert_eq!(document.correction.map(|c| c.reason), Some("Zwrot biletu NK-1".to_owned()));

    let document = super::document(&renamed, &order, &all, None);
    let correction = document.correction.clone().expect("a correction");
    assert_eq!(correction.buyer_before.map(|b| b.name), Some("Firma Sp. z o.o.".to_owned()));
    assert_eq!(document.buyer.name, "Firma Nowa S.A.");
    assert!(document.lines.is_empty(), "a correction of the buyer's data alone has no lines");
    assert_eq!((correction.before.gross, correction.after.gross), (1980, 1980));
    document.check().expect("a valid correction");
}

#[test]
fn file_names_keep_letters_digits_and_dashes() {
    assert_eq!(file_name("NB-KOR/2026/3", "pdf"), "NB-KOR_2026_3.pdf");
    assert_eq!(file_name("FV/2026/1\"\r\n", "xml"), "FV_2026_1___.xml");
}

#[test]
fn the_payment_names_each_part_by_what_paid_it() {
    let outbound = leg(LegKind::Outbound, "Nisko", "Kraków", at(30, 7));
    let lines = lines();
    let facts = |provider, coupon, to_pay| OrderFacts {
        number: "NB-1001",
        outbound: &outbound,
        back: None,
        lines: &lines,
        payment_provider: provider,
        paid_at: Some(at(20, 8)),
        coupon,
        to_pay,
    };
    let doc = IssuedDocument::of_event(&issued(5811)).expect("a document");
    let printed = |order: &OrderFacts<'_>| document(&doc, order, &[], None).payment.method.replace('\u{a0}', " ");

    // 58,11 zł of which a coupon paid 50 zł: the gateway took 8,11 zł.
    let split = facts("przelewy24", Some(("LATO50", 5000)), 811);
    assert_eq!(printed(&split), "płatność online (Przelewy24) 8,11 zł; kupon LATO50 50,00 zł");
    // The built-in sandbox is a test payment, not Przelewy24.
    assert_eq!(printed(&facts("sandbox", None, 5811)), "płatność testowa (bramka testowa)");
    assert_eq!(printed(&facts("card_terminal", None, 5811)), "karta płatnicza (terminal w kasie)");
    assert_eq!(printed(&facts("none", Some(("LATO50", 5811)), 0)), "kupon");

    // The FA(3) XML carries the money part's form, not the words: a coupon's share leaves it as it was.
    let xml = |order: &OrderFacts<'_>| documents::invoice_fa3(&document(&doc, order, &[], None)).expect("xml");
    assert_eq!(xml(&split), xml(&facts("przelewy24", None, 5811)));
}
