//! The ticket PDF read back as a PDF reader would: structure, pages, text, fonts.

use documents::{ticket_pdf, DocumentError, PrintedTicket, TicketDocument};

fn ticket(n: u32) -> PrintedTicket {
    PrintedTicket {
        number: format!("NB250512{n:04}"),
        code: format!("K7QX{n:02}"),
        qr: format!("NB1.eyJuIjoiTkIyNTA1MTIifQ.c2lnbmF0dXJl{n:04}"),
        passenger: "Zażółć Gęślą-Jaźń".into(),
        route_name: "Rzeszów – Kraków".into(),
        from_name: "Łańcut, Dworzec".into(),
        to_name: "Kraków, MDA".into(),
        departure: "12.05.2025 08:15".into(),
        arrival: "12.05.2025 10:45".into(),
        price: "39,00 zł".into(),
        discount: None,
    }
}

fn order(tickets: u32) -> TicketDocument {
    TicketDocument {
        carrier: "Nisko Bus".into(),
        order_ref: "a1b2c3d4".into(),
        tickets: (1..=tickets).map(ticket).collect(),
    }
}

fn text_of(pdf: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    (pages.len(), doc.extract_text(&pages).expect("extractable text"))
}

#[test]
fn the_pdf_parses_and_holds_the_ticket_in_polish() {
    let pdf = ticket_pdf(&order(1)).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let (pages, text) = text_of(&pdf);
    assert_eq!(pages, 1);
    for expected in [
        "Nisko Bus",
        "NB2505120001",
        "K7QX01",
        "Zażółć Gęślą-Jaźń",
        "Łańcut, Dworzec",
        "Kraków, MDA",
        "39,00 zł",
        "12.05.2025 08:15",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
}

#[test]
fn a_discounted_ticket_names_its_discount_and_a_full_fare_none() {
    let mut doc = order(2);
    doc.tickets[0].discount = Some("Student (ustawowa 51%)".into());
    let (_, text) = text_of(&ticket_pdf(&doc).unwrap());
    assert!(text.contains("Ulga / Discount: Student (ustawowa 51%)"), "{text:?}");
    assert_eq!(text.matches("Ulga / Discount").count(), 1, "the full fare names none: {text:?}");
}

#[test]
fn the_font_is_embedded_as_a_subset() {
    let pdf = ticket_pdf(&order(1)).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let files: Vec<_> =
        doc.objects.values().filter_map(|o| o.as_stream().ok()).filter(|s| s.dict.has(b"Length1")).collect();
    assert_eq!(files.len(), 2, "regular and bold");
    // The whole fonts are 700 KB each; the subsets a small fraction of that.
    assert!(pdf.len() < 100_000, "{} bytes", pdf.len());
}

/// The embedded subsets (their compressed streams), regular and bold.
fn font_files(pdf: &[u8]) -> Vec<Vec<u8>> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    let mut files: Vec<(lopdf::ObjectId, Vec<u8>)> = doc
        .objects
        .iter()
        .filter_map(|(id, o)| o.as_stream().ok().map(|s| (*id, s)))
        .filter(|(_, s)| s.dict.has(b"Length1"))
        .map(|(id, s)| (id, s.content.clone()))
        .collect();
    files.sort();
    files.into_iter().map(|(_, content)| content).collect()
}

#[test]
fn orders_in_common_letters_embed_the_same_subsets_and_others_their_own() {
    let mut other = order(1);
    other.tickets[0].passenger = "Ewa Nowak".into();
    other.tickets[0].from_name = "Nisko, Dworzec Autobusowy".into();
    // An amount as the app formats it: no-break spaces.
    other.tickets[0].price = "1\u{a0}239,00\u{a0}zł".into();
    let (common, also_common) = (ticket_pdf(&order(1)).unwrap(), ticket_pdf(&other).unwrap());
    assert_ne!(common, also_common);
    assert_eq!(font_files(&common), font_files(&also_common), "cut once, for both");

    // A letter beyond the common set is embedded too, and reads back.
    other.tickets[0].passenger = "Søren Ørsted".into();
    let pdf = ticket_pdf(&other).unwrap();
    assert_ne!(font_files(&pdf)[0], font_files(&common)[0]);
    let (_, text) = text_of(&pdf);
    assert!(text.contains("Søren Ørsted"), "{text:?}");
}

#[test]
fn three_tickets_fit_a_page_and_a_fourth_starts_the_next() {
    let (pages, text) = text_of(&ticket_pdf(&order(3)).unwrap());
    assert_eq!(pages, 1);
    assert!(text.contains("NB2505120003"));
    let (pages, text) = text_of(&ticket_pdf(&order(4)).unwrap());
    assert_eq!(pages, 2);
    assert!(text.contains("NB2505120004"));
}

#[test]
fn the_same_order_gives_the_same_bytes() {
    assert_eq!(ticket_pdf(&order(2)).unwrap(), ticket_pdf(&order(2)).unwrap());
}

#[test]
fn long_names_and_unknown_characters_still_render() {
    let mut doc = order(1);
    doc.tickets[0].from_name = "Bardzo Długa Nazwa Przystanku Początkowego Przy Ulicy Wielkiej".repeat(3);
    doc.tickets[0].passenger = "中文 😀".into();
    let (_, text) = text_of(&ticket_pdf(&doc).unwrap());
    assert!(text.contains('…'));
}

#[test]
fn an_order_without_tickets_is_refused() {
    assert_eq!(ticket_pdf(&order(0)), Err(DocumentError::NoTickets));
}
