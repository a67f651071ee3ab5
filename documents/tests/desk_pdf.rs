//! The desk's print read back: the 80 mm roll's page width, and the text of the tickets
//! and the confirmation of payment on both papers.

use documents::{desk_pdf, DeskPrint, DocumentError, Paper, PaymentNote, PrintedTicket, TicketDocument, RECEIPT_WIDTH};

fn ticket(n: u32) -> PrintedTicket {
    PrintedTicket {
        number: format!("NK-2026-{n:06}"),
        code: format!("K7QXAB23CD{n:02}"),
        qr: format!("NB1.eyJuIjoiTkIyNTA1MTIifQ.c2lnbmF0dXJl{n:04}"),
        passenger: "Zażółć Gęślą-Jaźń".into(),
        route_name: "Nisko – Kraków".into(),
        from_name: "Nisko, Dworzec Autobusowy".into(),
        to_name: "Kraków, MDA".into(),
        departure: "12.05.2026 08:15".into(),
        arrival: "12.05.2026 10:45".into(),
        price: "39,00 zł".into(),
        discount: (n == 2).then(|| "Student".into()),
    }
}

fn print(tickets: u32) -> DeskPrint {
    DeskPrint {
        tickets: TicketDocument {
            carrier: "Nisko Bus".into(),
            order_ref: "NB/2026/000123".into(),
            tickets: (1..=tickets).map(ticket).collect(),
        },
        payment: PaymentNote {
            seller: vec!["Nisko Bus sp. z o.o.".into(), "ul. Kolejowa 12, 37-400 Nisko".into(), String::new()],
            paid_at: "12.05.2026 07:40".into(),
            method: "Terminal płatniczy / Card terminal".into(),
            total: "78,00 zł".into(),
        },
    }
}

/// Pages, their widths and the text.
fn read(pdf: &[u8]) -> (Vec<f32>, String) {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let widths = doc
        .get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).expect("a page");
            let media = page.get(b"MediaBox").and_then(|m| m.as_array()).expect("a media box");
            media[2].as_float().expect("a number")
        })
        .collect();
    (widths, doc.extract_text(&pages).expect("extractable text"))
}

#[test]
fn the_receipt_roll_is_80_mm_wide_with_a_page_per_ticket_and_the_confirmation() {
    let pdf = desk_pdf(&print(2), Paper::Receipt80).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let (widths, text) = read(&pdf);
    assert_eq!(widths.len(), 3, "two tickets and the confirmation");
    for width in widths {
        assert!((width - RECEIPT_WIDTH).abs() < 0.01 && (width - 226.8).abs() < 0.1, "{width}");
    }
    for expected in [
        "NK-2026-000001",
        "K7QXAB23CD02",
        "Nisko – Kraków",
        "Kraków, MDA",
        "39,00 zł (Student)",
        "POTWIERDZENIE ZAPŁATY",
        "Terminal płatniczy / Card terminal",
        "78,00 zł",
        "To nie jest paragon fiskalny.",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
}

#[test]
fn on_a4_the_confirmation_goes_under_the_last_cards_when_it_fits_so_one_ticket_is_one_sheet() {
    // One ticket: its card and the confirmation on one sheet.
    let (widths, text) = read(&desk_pdf(&print(1), Paper::A4).unwrap());
    assert_eq!(widths.len(), 1, "one sheet for one ticket");
    assert!(text.contains("POTWIERDZENIE ZAPŁATY") && text.contains("NK-2026-000001"), "{text:?}");
    // Four: three cards, then the fourth with the confirmation under it.
    let (widths, text) = read(&desk_pdf(&print(4), Paper::A4).unwrap());
    assert_eq!(widths.len(), 2, "a page of three cards, then the last card and the confirmation");
    assert!(widths.iter().all(|w| (w - 595.28).abs() < 0.01), "{widths:?}");
    assert!(text.contains("POTWIERDZENIE ZAPŁATY") && text.contains("NK-2026-000004"), "{text:?}");
    // Three fill their page: the confirmation has a page of its own.
    let (widths, _) = read(&desk_pdf(&print(3), Paper::A4).unwrap());
    assert_eq!(widths.len(), 2, "a full page of cards, then the confirmation");
}

#[test]
fn nothing_to_print_is_refused_and_the_same_order_prints_the_same_bytes() {
    assert_eq!(desk_pdf(&print(0), Paper::Receipt80), Err(DocumentError::NoTickets));
    assert_eq!(desk_pdf(&print(2), Paper::Receipt80).unwrap(), desk_pdf(&print(2), Paper::Receipt80).unwrap());
}
