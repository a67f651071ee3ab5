//! The invoice PDF read back as a PDF reader would: the text an invoice must show, for
//! an invoice and for each kind of correction, page breaks, and refusals.

mod common;

use common::*;
use documents::{invoice_pdf, DocumentError};

fn text_of(pdf: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    (pages.len(), doc.extract_text(&pages).expect("extractable text"))
}

fn assert_contains(text: &str, expected: &[&str]) {
    for e in expected {
        assert!(text.contains(e), "{e:?} not in {text:?}");
    }
}

/// What every invoice shows: art. 106e ust. 1 of the VAT act, as it applies here.
const COMMON: &[&str] = &[
    "Data wystawienia:",
    "Data sprzedaży:",
    "2026-11-29",
    "Miejsce wystawienia:",
    "Sprzedawca",
    "Nisko Bus Sp. z o.o.",
    "ul. Kolejowa 1",
    "37-400 Nisko",
    "NIP: 8650001238",
    "Nabywca",
    "Lp.",
    "Nazwa towaru lub usługi",
    "Ilość",
    "Cena brutto",
    "Wartość netto",
    "Stawka VAT",
    "Kwota VAT",
    "Wartość brutto",
    "8%",
];

#[test]
fn an_invoice_shows_what_the_vat_act_asks_for() {
    let pdf = invoice_pdf(&vat_invoice()).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let (pages, text) = text_of(&pdf);
    assert_eq!(pages, 1);
    assert_contains(&text, COMMON);
    assert_contains(
        &text,
        &[
            "Faktura VAT nr NB/2026/17",
            "2026-11-30",
            "Zakład Usług \"Żółw\" & Syn <Spółka jawna>",
            "ul. Ćwiartki 3/5",
            "35-001 Rzeszów",
            "NIP: 526-025-02-74",
            // The lines: quantity with its measure, unit price, net, VAT, gross.
            "2 szt.",
            "39,00 zł",
            "72,22 zł",
            "5,78 zł",
            "78,00 zł",
            "1 szt.",
            "24,57 zł",
            // The sums at the rate and the amount due.
            "Stawka 8%",
            "94,97 zł",
            "7,60 zł",
            "102,57 zł",
            // Paid: the total says so, not "do zapłaty".
            "Razem zapłacono: 102,57 zł",
            "Sposób zapłaty:",
            "przelew online (Przelewy24)",
            "Zapłacono:",
            "Wystawił(a):",
            "Anna Kowalska",
        ],
    );
    // A line's name is wrapped in its column, never cut short.
    for word in ["Przejazd", "Rzeszów", "→", "bilet", "normalny", "ulgowy", "<dziecko>"] {
        assert!(text.contains(word), "{word:?} not in {text:?}");
    }
    assert!(!text.contains('…'));
    assert!(!text.contains("Korekta"));
}

#[test]
fn a_correction_after_a_return_shows_what_it_corrects_and_the_sums_before_and_after() {
    let (_, text) = text_of(&invoice_pdf(&return_correction()).unwrap());
    assert_contains(&text, COMMON);
    assert_contains(
        &text,
        &[
            "Faktura korygująca nr NB-KOR/2026/3",
            "2026-12-02",
            "Faktura korygowana:",
            "nr NB/2026/17 z dnia 2026-11-30",
            "Przyczyna korekty:",
            "Zwrot biletu",
            "-1 szt.",
            "-39,00 zł",
            "Przed korektą (8%)",
            "94,97 zł",
            "102,57 zł",
            "Po korekcie (8%)",
            "58,86 zł",
            "4,71 zł",
            "63,57 zł",
            "Korekta (8%)",
            "-36,11 zł",
            "-2,89 zł",
            "Korekta: -39,00 zł",
            "Do zwrotu: 39,00 zł",
        ],
    );
    assert!(!text.contains("Razem do zapłaty"));
}

#[test]
fn a_correction_of_the_buyers_data_shows_them_before_and_after() {
    let (_, text) = text_of(&invoice_pdf(&buyer_data_correction()).unwrap());
    assert_contains(
        &text,
        &[
            "Faktura korygująca nr NB-KOR/2026/4",
            "nr NB/2026/17 z dnia 2026-11-30",
            "Zmiana danych nabywcy (nazwa i adres)",
            "Zakład Usług Żółw i Syn Spółka jawna",
            "ul. Grunwaldzka 15",
            "Nabywca na fakturze korygowanej (przed korektą)",
            "Zakład Usług \"Żółw\" & Syn <Spółka jawna>",
            "ul. Ćwiartki 3/5",
            "Korekta: 0,00 zł",
            "Przed korektą (8%)",
            "Po korekcie (8%)",
        ],
    );
    // No lines changed, so no table of lines.
    assert!(!text.contains("Nazwa towaru lub usługi"));
    assert!(!text.contains("Do zwrotu"));
}

#[test]
fn buyers_without_a_nip_and_from_abroad() {
    let (_, text) = text_of(&invoice_pdf(&private_buyer()).unwrap());
    assert_contains(&text, &["Jan Kowalski", "37-450 Stalowa Wola", "gotówka"]);
    assert_eq!(text.matches("NIP:").count(), 1, "only the seller's NIP: {text:?}");

    let (_, text) = text_of(&invoice_pdf(&foreign_buyer()).unwrap());
    assert_contains(&text, &["Müller & Söhne GmbH", "Königstraße 1", "Kraj: DE", "NIP: DE 123 456 789", "BLIK"]);
}

#[test]
fn an_unpaid_invoice_says_what_is_due_and_a_paid_one_that_it_was_paid() {
    let mut doc = vat_invoice();
    doc.payment.paid_on = None;
    let (_, unpaid) = text_of(&invoice_pdf(&doc).unwrap());
    assert_contains(&unpaid, &["Razem do zapłaty: 102,57 zł"]);
    let (_, paid) = text_of(&invoice_pdf(&vat_invoice()).unwrap());
    assert!(!paid.contains("do zapłaty"), "a paid invoice asks for nothing: {paid}");
}

#[test]
fn the_same_invoice_gives_the_same_bytes() {
    assert_eq!(invoice_pdf(&vat_invoice()).unwrap(), invoice_pdf(&vat_invoice()).unwrap());
    assert_eq!(invoice_pdf(&return_correction()).unwrap(), invoice_pdf(&return_correction()).unwrap());
    assert_ne!(invoice_pdf(&vat_invoice()).unwrap(), invoice_pdf(&private_buyer()).unwrap());
}

#[test]
fn many_lines_run_onto_more_pages_with_the_table_header_repeated() {
    let mut doc = vat_invoice();
    doc.lines = (1..=60).map(|n| line(&format!("{NORMAL}, miejsce {n}"), 1, 3900)).collect();
    doc.totals = documents::vat_split(60 * 3900, 8);
    let pdf = invoice_pdf(&doc).unwrap();
    let (pages, text) = text_of(&pdf);
    assert!(pages >= 3, "{pages} pages");
    assert_contains(&text, &["miejsce 1\n", "miejsce 60", "Razem zapłacono: 2 340,00 zł"]);
    let parsed = lopdf::Document::load_mem(&pdf).unwrap();
    for (n, page) in parsed.get_pages().keys().enumerate() {
        let text = parsed.extract_text(&[*page]).unwrap();
        assert!(text.contains(&format!("Strona {}", n + 1)), "page {n}: {text:?}");
        assert!(text.contains("Faktura VAT nr NB/2026/17"), "page {n}: {text:?}");
        if n + 1 < pages {
            assert!(text.contains("Nazwa towaru lub usługi"), "page {n} has rows, so the header: {text:?}");
        }
    }
}

#[test]
fn an_invoice_whose_sums_do_not_add_up_is_refused() {
    let mut doc = vat_invoice();
    doc.totals.gross += 1;
    let err = invoice_pdf(&doc).unwrap_err();
    assert!(matches!(err, DocumentError::InvalidInvoice { ref field, .. } if field == "totals"), "{err:?}");

    let mut doc = vat_invoice();
    doc.totals = documents::vat_split(doc.totals.gross + 100, 8);
    let err = invoice_pdf(&doc).unwrap_err();
    assert!(matches!(err, DocumentError::InvalidInvoice { ref field, .. } if field == "totals.gross"), "{err:?}");

    let mut doc = vat_invoice();
    doc.lines[1].quantity = 2;
    let err = invoice_pdf(&doc).unwrap_err();
    assert!(matches!(err, DocumentError::InvalidInvoice { ref field, .. } if field == "lines[1].gross"), "{err:?}");

    let mut doc = return_correction();
    if let Some(c) = doc.correction.as_mut() {
        c.after.gross -= 100;
        c.after.net -= 100;
    }
    let err = invoice_pdf(&doc).unwrap_err();
    assert!(matches!(err, DocumentError::InvalidInvoice { ref field, .. } if field == "totals"), "{err:?}");

    let mut doc = vat_invoice();
    doc.lines.clear();
    assert_eq!(invoice_pdf(&doc), Err(DocumentError::NoLines));

    // A correction of the buyer's data cannot change their NIP.
    let mut doc = buyer_data_correction();
    doc.buyer.tax_id = "7010000005".into();
    let err = invoice_pdf(&doc).unwrap_err();
    assert!(
        matches!(err, DocumentError::InvalidInvoice { ref field, .. } if field == "correction.buyer_before.tax_id"),
        "{err:?}"
    );
}
