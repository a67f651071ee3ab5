//! Every kind of FA(3) document we write, validated by xmllint against the official
//! schema (`documents/ksef/`, offline through its catalog), and what each says.
//!
//! xmllint is a system tool (Debian's libxml2-utils, installed by `scripts/setup.sh`).
//! Without it these tests fail rather than skip: a schema check that silently did not
//! run would look like one that passed.

mod common;

use chrono::TimeZone;
use common::*;
use documents::{invoice_fa3, DocumentError, InvoiceDocument, Party};

use test_support::fa3::validate;

fn valid_fa3(name: &str, doc: &InvoiceDocument) -> String {
    let xml = invoice_fa3(doc).unwrap();
    if let Err(e) = validate(name, &xml) {
        panic!("{e}\n{xml}");
    }
    xml
}

fn assert_contains(xml: &str, expected: &[&str]) {
    for e in expected {
        assert!(xml.contains(e), "{e:?} not in\n{xml}");
    }
}

#[test]
fn an_invoice_to_a_company_is_valid_fa3() {
    let xml = valid_fa3("vat", &vat_invoice());
    assert_contains(
        &xml,
        &[
            r#"<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">"#,
            r#"<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>"#,
            "<WariantFormularza>3</WariantFormularza>",
            "<DataWytworzeniaFa>2026-11-30T09:41:07Z</DataWytworzeniaFa>",
            "<SystemInfo>coach</SystemInfo>",
            "<NIP>8650001238</NIP>",
            "<Nazwa>Nisko Bus Sp. z o.o.</Nazwa>",
            "<AdresL1>ul. Kolejowa 1</AdresL1>",
            "<AdresL2>37-400 Nisko</AdresL2>",
            // The buyer's NIP without the dashes it was typed with.
            "<NIP>5260250274</NIP>",
            "<KodWaluty>PLN</KodWaluty>",
            "<P_1>2026-11-30</P_1>",
            "<P_1M>Nisko</P_1M>",
            "<P_2>NB/2026/17</P_2>",
            "<P_6>2026-11-29</P_6>",
            // 8 % is the first reduced rate.
            "<P_13_2>94.97</P_13_2>",
            "<P_14_2>7.60</P_14_2>",
            "<P_15>102.57</P_15>",
            "<P_19N>1</P_19N>",
            "<RodzajFaktury>VAT</RodzajFaktury>",
            "<NrWierszaFa>2</NrWierszaFa>",
            "<P_8A>szt.</P_8A>",
            "<P_8B>2</P_8B>",
            "<P_9B>39.00</P_9B>",
            "<P_11A>78.00</P_11A>",
            "<P_12>8</P_12>",
            "<Zaplacono>1</Zaplacono>",
            "<DataZaplaty>2026-11-29</DataZaplaty>",
            "<FormaPlatnosci>6</FormaPlatnosci>",
        ],
    );
    assert!(!xml.contains("P_13_1") && !xml.contains("DaneFaKorygowanej"), "{xml}");
}

#[test]
fn names_with_polish_letters_and_markup_characters_are_escaped_and_kept() {
    let xml = valid_fa3("escaping", &vat_invoice());
    assert_contains(
        &xml,
        &[
            "<Nazwa>Zakład Usług &quot;Żółw&quot; &amp; Syn &lt;Spółka jawna&gt;</Nazwa>",
            "<AdresL2>35-001 Rzeszów</AdresL2>",
            "<P_7>Przejazd Rzeszów → Nisko, 2026-11-30 08:15, bilet ulgowy 37% &amp; &lt;dziecko&gt;</P_7>",
        ],
    );
    assert!(!xml.contains("<Spółka") && !xml.contains("& Syn"), "{xml}");
}

#[test]
fn a_correction_after_a_return_is_valid_fa3_with_the_differences() {
    let xml = valid_fa3("kor-return", &return_correction());
    assert_contains(
        &xml,
        &[
            "<P_2>NB-KOR/2026/3</P_2>",
            "<P_13_2>-36.11</P_13_2>",
            "<P_14_2>-2.89</P_14_2>",
            "<P_15>-39.00</P_15>",
            "<RodzajFaktury>KOR</RodzajFaktury>",
            "<PrzyczynaKorekty>Zwrot biletu</PrzyczynaKorekty>",
            "<TypKorekty>2</TypKorekty>",
            "<DataWystFaKorygowanej>2026-11-30</DataWystFaKorygowanej>",
            "<NrFaKorygowanej>NB/2026/17</NrFaKorygowanej>",
            "<NrKSeFN>1</NrKSeFN>",
            "<P_8B>-1</P_8B>",
            "<P_11A>-39.00</P_11A>",
        ],
    );
    assert!(!xml.contains("Podmiot2K") && !xml.contains("<Zaplacono>"), "{xml}");
}

#[test]
fn a_correction_of_an_invoice_in_ksef_names_its_ksef_number() {
    let mut doc = return_correction();
    if let Some(c) = doc.correction.as_mut() {
        c.corrects_ksef_number = Some("5265877635-20250826-0100001AF629-AF".into());
    }
    let xml = valid_fa3("kor-ksef", &doc);
    assert_contains(
        &xml,
        &["<NrKSeF>1</NrKSeF>", "<NrKSeFFaKorygowanej>5265877635-20250826-0100001AF629-AF</NrKSeFFaKorygowanej>"],
    );
    assert!(!xml.contains("NrKSeFN"), "{xml}");
}

#[test]
fn a_correction_of_the_buyers_data_is_valid_fa3_with_zero_sums_and_their_old_data() {
    let xml = valid_fa3("kor-buyer", &buyer_data_correction());
    assert_contains(
        &xml,
        &[
            "<RodzajFaktury>KOR</RodzajFaktury>",
            "<P_13_2>0.00</P_13_2>",
            "<P_14_2>0.00</P_14_2>",
            "<P_15>0.00</P_15>",
            "<TypKorekty>1</TypKorekty>",
            "<Nazwa>Zakład Usług Żółw i Syn Spółka jawna</Nazwa>",
            "<AdresL1>ul. Grunwaldzka 15</AdresL1>",
            "<Podmiot2K>",
            "<Nazwa>Zakład Usług &quot;Żółw&quot; &amp; Syn &lt;Spółka jawna&gt;</Nazwa>",
            "<AdresL1>ul. Ćwiartki 3/5</AdresL1>",
        ],
    );
    assert!(!xml.contains("<FaWiersz>") && !xml.contains("<Platnosc>"), "{xml}");
}

#[test]
fn a_buyer_without_a_nip_is_valid_fa3() {
    let xml = valid_fa3("no-nip", &private_buyer());
    assert_contains(&xml, &["<BrakID>1</BrakID>", "<Nazwa>Jan Kowalski</Nazwa>", "<FormaPlatnosci>1</FormaPlatnosci>"]);
    assert_eq!(xml.matches("<NIP>").count(), 1, "the seller's only: {xml}");
    // Sold on the issue day: P_6 is left out, as the schema's documentation says.
    assert!(!xml.contains("<P_6>"), "{xml}");
}

#[test]
fn foreign_buyers_are_valid_fa3() {
    let xml = valid_fa3("eu", &foreign_buyer());
    assert_contains(
        &xml,
        &[
            "<KodUE>DE</KodUE>",
            "<NrVatUE>123456789</NrVatUE>",
            "<Nazwa>Müller &amp; Söhne GmbH</Nazwa>",
            "<KodKraju>DE</KodKraju>",
            "<FormaPlatnosci>7</FormaPlatnosci>",
        ],
    );

    // A Greek VAT number's prefix is EL; a Norwegian company's id is a plain tax id;
    // a foreigner without one has BrakID.
    let mut doc = foreign_buyer();
    doc.buyer.country = "GR".into();
    doc.buyer.tax_id = "EL094259216".into();
    assert_contains(&valid_fa3("greek", &doc), &["<KodUE>EL</KodUE>", "<NrVatUE>094259216</NrVatUE>"]);
    doc.buyer.country = "NO".into();
    doc.buyer.tax_id = "NO 923 609 016 MVA".into();
    assert_contains(&valid_fa3("norway", &doc), &["<KodKraju>NO</KodKraju>", "<NrID>NO923609016MVA</NrID>"]);
    doc.buyer.tax_id = String::new();
    assert_contains(&valid_fa3("no-id", &doc), &["<BrakID>1</BrakID>"]);
}

#[test]
fn another_form_of_payment_is_described_and_whitespace_is_collapsed() {
    let mut doc = vat_invoice();
    doc.payment.form = documents::PaymentForm::Other;
    doc.payment.method = "  bon\n podarunkowy\t".into();
    doc.lines[0].name = format!("  {}\n", doc.lines[0].name);
    let xml = valid_fa3("other-payment", &doc);
    assert_contains(
        &xml,
        &[
            "<PlatnoscInna>1</PlatnoscInna>",
            "<OpisPlatnosci>bon podarunkowy</OpisPlatnosci>",
            "<P_7>Przejazd Rzeszów → Nisko, 2026-11-30 08:15, bilet normalny</P_7>",
        ],
    );
}

#[test]
fn the_same_invoice_gives_the_same_xml() {
    assert_eq!(invoice_fa3(&return_correction()).unwrap(), invoice_fa3(&return_correction()).unwrap());
}

/// The check itself can fail: documents the schema refuses are reported as invalid.
#[test]
fn the_schema_check_rejects_broken_documents() {
    let xml = invoice_fa3(&vat_invoice()).unwrap();
    let too_precise = xml.replace("<P_15>102.57</P_15>", "<P_15>102.571</P_15>");
    let err = validate("broken-amount", &too_precise).unwrap_err();
    assert!(err.contains("P_15"), "{err}");

    let missing = xml.replace("<JST>2</JST>", "");
    let err = validate("broken-missing", &missing).unwrap_err();
    assert!(err.contains("GV") || err.contains("JST"), "{err}");

    let bad_nip = xml.replace("<NIP>5260250274</NIP>", "<NIP>0260250274</NIP>");
    assert!(validate("broken-nip", &bad_nip).is_err());

    let not_xml = xml.replace("&amp; Syn", "& Syn");
    assert!(validate("broken-escape", &not_xml).is_err());
}

fn field_of(err: DocumentError) -> String {
    match err {
        DocumentError::InvalidInvoice { field, .. } => field,
        other => panic!("not an invalid invoice: {other:?}"),
    }
}

#[test]
fn what_the_schema_would_refuse_is_refused_with_the_field_named() {
    let refused = |change: &dyn Fn(&mut InvoiceDocument)| {
        let mut doc = vat_invoice();
        change(&mut doc);
        field_of(invoice_fa3(&doc).unwrap_err())
    };
    assert_eq!(refused(&|d| d.seller.tax_id = "8650001239".into()), "seller.tax_id");
    assert_eq!(refused(&|d| d.seller.tax_id = String::new()), "seller.tax_id");
    assert_eq!(refused(&|d| d.buyer.tax_id = "123".into()), "buyer.tax_id");
    assert_eq!(refused(&|d| d.buyer.country = "XX".into()), "buyer.country");
    assert_eq!(refused(&|d| d.seller.name = " \n ".into()), "seller.name");
    assert_eq!(
        refused(&|d| d.seller =
            Party { address: String::new(), city: String::new(), postal_code: String::new(), ..seller() }),
        "seller.address"
    );
    assert_eq!(refused(&|d| d.buyer.name = "x".repeat(513)), "buyer.name");
    assert_eq!(refused(&|d| d.vat_rate = 0), "vat_rate");
    assert_eq!(
        refused(&|d| d.generated_at = chrono::Utc.with_ymd_and_hms(2025, 8, 31, 23, 59, 59).unwrap()),
        "generated_at"
    );
    assert_eq!(refused(&|d| d.issue_date = day(2051, 1, 1)), "issue_date");
    // The same checks as the PDF's: sums that do not add up.
    assert_eq!(refused(&|d| d.totals.vat += 1), "totals");

    // A buyer without any address is fine (the schema makes it optional).
    let mut doc = private_buyer();
    doc.buyer = Party { name: "Jan Kowalski".into(), country: "PL".into(), ..Party::default() };
    let xml = valid_fa3("no-address", &doc);
    assert_eq!(xml.matches("<Adres>").count(), 1, "{xml}");
}
