//! The invoice as a KSeF structured e-invoice: an XML `Faktura` of the Ministry of
//! Finance's schema FA(3) (`documents/ksef/`, namespace [`FA3_NAMESPACE`]).
//!
//! What we fill, and why:
//! - `Naglowek`: form code FA (3), schema 1-0E, variant 3, `DataWytworzeniaFa` from
//!   [`InvoiceDocument::generated_at`], `SystemInfo` "coach".
//! - `Podmiot1` (seller): NIP, name, address. `Podmiot2` (buyer): a Polish NIP; an EU
//!   buyer's VAT number as `KodUE` and `NrVatUE`; another country's tax id as
//!   `KodKraju` and `NrID`; `BrakID` when there is none. `JST` and `GV` are 2: the carrier does not
//!   invoice local-government units or VAT-group members through this path.
//! - `Fa`: PLN; the sale date `P_6` only when it differs from the issue date (so the
//!   schema's documentation of P_6 asks); the sums at the rate: 23/22 % in
//!   `P_13_1`/`P_14_1`, 8/7 % (passenger transport) in `P_13_2`/`P_14_2`, 5 % in
//!   `P_13_3`/`P_14_3`; `P_15` the gross. For a correction these are the differences
//!   (`RodzajFaktury` KOR), with the reason, `TypKorekty` and the corrected invoice
//!   (issued outside KSeF: `NrKSeFN`), and `Podmiot2K` with the buyer's earlier data
//!   when the correction is of them.
//! - `Adnotacje`: none of the special regimes apply (no cash accounting, self-billing,
//!   reverse charge, split payment, exemption, new means of transport, simplified
//!   triangular procedure or margin scheme), each stated as the schema requires.
//! - `FaWiersz`: gross-based lines (art. 106e ust. 7 and 8: `P_9B` gross unit price,
//!   `P_11A` gross value), measure "szt.", rate in `P_12`.
//! - `Platnosc`: paid and when, and the form (or "other" with the printed method).
//!
//! Text is whitespace-collapsed as the schema's `xsd:token` types read it, stripped of
//! characters XML cannot carry, and escaped by the writer; values the schema would
//! refuse (a bad NIP, an unknown country, an over-long name, a date out of range) are
//! refused here with [`DocumentError::InvalidInvoice`] naming the field.

mod check;

use crate::model::{Amounts, InvoiceDocument, InvoiceLine, PaymentForm};
use crate::DocumentError;
use check::{Facts, PartyXml, TaxId};
use chrono::{DateTime, NaiveDate, Utc};
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;
use std::io;

/// The FA(3) namespace.
pub const FA3_NAMESPACE: &str = "http://crd.gov.pl/wzor/2025/06/25/13775/";
/// What `SystemInfo` names.
const SYSTEM_INFO: &str = "coach";

/// Writes `doc` as an FA(3) XML document (UTF-8, indented).
pub fn invoice_fa3(doc: &InvoiceDocument) -> Result<String, DocumentError> {
    doc.check()?;
    let facts = Facts::of(doc)?;
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    write_document(&mut writer, doc, &facts).map_err(|e| DocumentError::Xml(e.to_string()))?;
    let mut bytes = writer.into_inner();
    bytes.push(b'\n');
    String::from_utf8(bytes).map_err(|e| DocumentError::Xml(e.to_string()))
}

/// Grosz as an FA(3) amount: `-39.00`, `0.00`, `1234.56`.
fn amount(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn timestamp(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

type W = Writer<Vec<u8>>;

/// `<name>text</name>`, the text escaped.
fn leaf(w: &mut W, name: &str, text: &str) -> io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(text))?;
    Ok(())
}

fn write_document(w: &mut W, doc: &InvoiceDocument, f: &Facts) -> io::Result<()> {
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    w.create_element("Faktura").with_attribute(("xmlns", FA3_NAMESPACE)).write_inner_content(|w| {
        w.create_element("Naglowek").write_inner_content(|w| {
            w.create_element("KodFormularza")
                .with_attribute(("kodSystemowy", "FA (3)"))
                .with_attribute(("wersjaSchemy", "1-0E"))
                .write_text_content(BytesText::new("FA"))?;
            leaf(w, "WariantFormularza", "3")?;
            leaf(w, "DataWytworzeniaFa", &timestamp(doc.generated_at))?;
            leaf(w, "SystemInfo", SYSTEM_INFO)
        })?;
        w.create_element("Podmiot1").write_inner_content(|w| {
            w.create_element("DaneIdentyfikacyjne").write_inner_content(|w| identification(w, &f.seller))?;
            address(w, &f.seller)
        })?;
        w.create_element("Podmiot2").write_inner_content(|w| {
            w.create_element("DaneIdentyfikacyjne").write_inner_content(|w| identification(w, &f.buyer))?;
            address(w, &f.buyer)?;
            leaf(w, "JST", "2")?;
            leaf(w, "GV", "2")
        })?;
        w.create_element("Fa").write_inner_content(|w| fa(w, doc, f))?;
        Ok(())
    })?;
    Ok(())
}

/// The choice of id, then the name (`TPodmiot1` and `TPodmiot2` alike).
fn identification(w: &mut W, p: &PartyXml) -> io::Result<()> {
    match &p.id {
        TaxId::Nip(nip) => leaf(w, "NIP", nip)?,
        TaxId::Eu { prefix, number } => {
            leaf(w, "KodUE", prefix)?;
            leaf(w, "NrVatUE", number)?;
        }
        TaxId::Other { country, number } => {
            leaf(w, "KodKraju", country)?;
            leaf(w, "NrID", number)?;
        }
        TaxId::None => leaf(w, "BrakID", "1")?,
    }
    if let Some(name) = &p.name {
        leaf(w, "Nazwa", name)?;
    }
    Ok(())
}

fn address(w: &mut W, p: &PartyXml) -> io::Result<()> {
    if let Some((country, line1, line2)) = &p.address {
        w.create_element("Adres").write_inner_content(|w| {
            leaf(w, "KodKraju", country)?;
            leaf(w, "AdresL1", line1)?;
            if let Some(line2) = line2 {
                leaf(w, "AdresL2", line2)?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

fn fa(w: &mut W, doc: &InvoiceDocument, f: &Facts) -> io::Result<()> {
    leaf(w, "KodWaluty", "PLN")?;
    leaf(w, "P_1", &date(doc.issue_date))?;
    if let Some(place) = &f.place {
        leaf(w, "P_1M", place)?;
    }
    leaf(w, "P_2", &f.number)?;
    if doc.sale_date != doc.issue_date {
        leaf(w, "P_6", &date(doc.sale_date))?;
    }
    let Amounts { net, vat, gross } = doc.totals;
    leaf(w, &format!("P_13_{}", f.rate_field), &amount(net))?;
    leaf(w, &format!("P_14_{}", f.rate_field), &amount(vat))?;
    leaf(w, "P_15", &amount(gross))?;
    w.create_element("Adnotacje").write_inner_content(annotations)?;
    match &doc.correction {
        None => leaf(w, "RodzajFaktury", "VAT")?,
        Some(c) => {
            leaf(w, "RodzajFaktury", "KOR")?;
            if let Some(reason) = &f.reason {
                leaf(w, "PrzyczynaKorekty", reason)?;
            }
            // A change of the amount (a return, a cancellation, a cheaper course) is
            // recorded when the correction is issued (art. 29a ust. 13): type 2. A
            // correction of data alone changes no amount; it belongs to the corrected
            // invoice's date: type 1.
            leaf(w, "TypKorekty", if doc.totals == Amounts::default() { "1" } else { "2" })?;
            w.create_element("DaneFaKorygowanej").write_inner_content(|w| {
                leaf(w, "DataWystFaKorygowanej", &date(c.corrects_issue_date))?;
                leaf(w, "NrFaKorygowanej", f.corrects_number.as_deref().unwrap_or_default())?;
                // A correction names the KSeF number of the invoice it corrects; one
                // issued outside KSeF (before KSeF, or to a consumer) has none.
                match &c.corrects_ksef_number {
                    Some(number) => {
                        leaf(w, "NrKSeF", "1")?;
                        leaf(w, "NrKSeFFaKorygowanej", number)
                    }
                    None => leaf(w, "NrKSeFN", "1"),
                }
            })?;
            if let Some(before) = &f.buyer_before {
                w.create_element("Podmiot2K").write_inner_content(|w| {
                    w.create_element("DaneIdentyfikacyjne").write_inner_content(|w| identification(w, before))?;
                    address(w, before)
                })?;
            }
        }
    }
    for (i, (line, name)) in doc.lines.iter().zip(&f.lines).enumerate() {
        w.create_element("FaWiersz").write_inner_content(|w| line_xml(w, i + 1, line, name, doc.vat_rate))?;
    }
    payment(w, doc, f)
}

/// `Adnotacje`: every regime's marker, none of them applying.
fn annotations(w: &mut W) -> io::Result<()> {
    for name in ["P_16", "P_17", "P_18", "P_18A"] {
        leaf(w, name, "2")?;
    }
    w.create_element("Zwolnienie").write_inner_content(|w| leaf(w, "P_19N", "1"))?;
    w.create_element("NoweSrodkiTransportu").write_inner_content(|w| leaf(w, "P_22N", "1"))?;
    leaf(w, "P_23", "2")?;
    w.create_element("PMarzy").write_inner_content(|w| leaf(w, "P_PMarzyN", "1"))?;
    Ok(())
}

fn line_xml(w: &mut W, number: usize, line: &InvoiceLine, name: &str, rate: u32) -> io::Result<()> {
    leaf(w, "NrWierszaFa", &number.to_string())?;
    leaf(w, "P_7", name)?;
    leaf(w, "P_8A", "szt.")?;
    leaf(w, "P_8B", &line.quantity.to_string())?;
    leaf(w, "P_9B", &amount(line.unit_gross))?;
    leaf(w, "P_11A", &amount(line.gross))?;
    leaf(w, "P_12", &rate.to_string())
}

fn payment(w: &mut W, doc: &InvoiceDocument, f: &Facts) -> io::Result<()> {
    let p = &doc.payment;
    if p.paid_on.is_none() && f.payment_text.is_none() {
        return Ok(());
    }
    w.create_element("Platnosc").write_inner_content(|w| {
        if let Some(paid_on) = p.paid_on {
            leaf(w, "Zaplacono", "1")?;
            leaf(w, "DataZaplaty", &date(paid_on))?;
        }
        let code = match p.form {
            PaymentForm::Cash => Some("1"),
            PaymentForm::Card => Some("2"),
            PaymentForm::Transfer => Some("6"),
            PaymentForm::Mobile => Some("7"),
            PaymentForm::Other => None,
        };
        match (code, &f.payment_text) {
            (Some(code), _) => leaf(w, "FormaPlatnosci", code),
            (None, Some(text)) => {
                leaf(w, "PlatnoscInna", "1")?;
                leaf(w, "OpisPlatnosci", text)
            }
            (None, None) => Ok(()),
        }
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_with_a_dot_and_two_decimals() {
        assert_eq!(amount(3900), "39.00");
        assert_eq!(amount(-3900), "-39.00");
        assert_eq!(amount(5), "0.05");
        assert_eq!(amount(0), "0.00");
        assert_eq!(amount(123_456_789), "1234567.89");
    }
}
