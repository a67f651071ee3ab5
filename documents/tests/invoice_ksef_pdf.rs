//! An invoice sent to KSeF prints its verification codes (`kody-qr.md`): the tests read
//! the PDF back as a scanner would (the black squares of its content streams rasterised
//! and handed to a QR decoder) and as a reader would (its text).

mod common;

use common::*;
use documents::{invoice_pdf, InvoiceDocument, KsefMark};
use lopdf::content::Content;
use lopdf::Object;

const KOD_I: &str =
    "https://qr-test.ksef.mf.gov.pl/invoice/8650001238/30-11-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE";
const NUMBER: &str = "8650001238-20261130-0100001AF629-AF";

/// A KOD II of the guide's length: the certificate path and a 2048-bit RSA signature.
fn kod_ii() -> String {
    let signature = "mSkm_XmM9fq7PgAJwiL32L9ujhyguOEV48cDB0ncemD2r9TMGa3lr0iRoFk588agCi8QPsOuscUY1rZ7ff76S".repeat(4);
    format!("https://qr-test.ksef.mf.gov.pl/certificate/Nip/8650001238/8650001238/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/{signature}")
}

fn with_mark(mark: KsefMark) -> InvoiceDocument {
    InvoiceDocument { ksef: Some(mark), ..vat_invoice() }
}

fn text_of(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("extractable text")
}

fn number(object: &Object) -> f32 {
    match object {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        other => panic!("not a number: {other:?}"),
    }
}

/// Pixels per point when rasterising: a 2 pt module is 6 pixels.
const SCALE: f32 = 3.0;

/// Every QR code the pages show: the rectangles filled black in each page's content
/// stream, painted on a white bitmap of the page, then found and decoded by `rqrr`.
fn codes_of(pdf: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let mut found = Vec::new();
    for page in doc.get_pages().values() {
        let content = Content::decode(&doc.get_page_content(*page)).unwrap();
        let (w, h) = ((595.0 * SCALE) as usize, (842.0 * SCALE) as usize);
        let mut dark = vec![false; w * h];
        let (mut black, mut pending) = (false, Vec::new());
        for op in &content.operations {
            match op.operator.as_str() {
                "rg" => black = op.operands.iter().all(|o| number(o) == 0.0),
                "re" => pending.push(op.operands.iter().map(number).collect::<Vec<_>>()),
                "f" | "f*" if black => {
                    for r in pending.drain(..) {
                        // Outwards to whole pixels: neighbouring squares meet, never leave a seam.
                        let x0 = (r[0] * SCALE).floor() as usize;
                        let x1 = ((r[0] + r[2]) * SCALE).ceil() as usize;
                        let y0 = h - ((r[1] + r[3]) * SCALE).ceil() as usize;
                        let y1 = h - (r[1] * SCALE).floor() as usize;
                        for y in y0..y1 {
                            dark[y * w + x0..y * w + x1].fill(true);
                        }
                    }
                }
                "f" | "f*" | "S" | "n" => pending.clear(),
                _ => {}
            }
        }
        let mut image = rqrr::PreparedImage::prepare_from_bitmap(w, h, |x, y| dark[y * w + x]);
        for grid in image.detect_grids() {
            found.push(grid.decode().expect("a readable code").1);
        }
    }
    found.sort();
    found
}

#[test]
fn an_invoice_not_in_ksef_has_no_code() {
    let pdf = invoice_pdf(&vat_invoice()).unwrap();
    assert!(codes_of(&pdf).is_empty());
    assert!(!text_of(&pdf).contains("KSeF"));
}

#[test]
fn an_accepted_invoice_shows_kod_i_with_its_ksef_number_under_it() {
    let pdf =
        invoice_pdf(&with_mark(KsefMark { number: Some(NUMBER.into()), kod_i: KOD_I.into(), kod_ii: None })).unwrap();
    assert_eq!(codes_of(&pdf), vec![KOD_I.to_string()]);
    let text = text_of(&pdf);
    assert!(text.contains(NUMBER), "the KSeF number in {text:?}");
    assert!(!text.contains("OFFLINE") && !text.contains("CERTYFIKAT"));
}

#[test]
fn an_offline_invoice_shows_kod_i_marked_offline_and_kod_ii_marked_certyfikat() {
    let pdf = invoice_pdf(&with_mark(KsefMark { number: None, kod_i: KOD_I.into(), kod_ii: Some(kod_ii()) })).unwrap();
    let mut expected = vec![KOD_I.to_string(), kod_ii()];
    expected.sort();
    assert_eq!(codes_of(&pdf), expected);
    let text = text_of(&pdf);
    assert!(text.contains("OFFLINE"), "{text:?}");
    assert!(text.contains("CERTYFIKAT"), "{text:?}");
}

#[test]
fn an_offline_invoice_once_accepted_shows_its_number_and_still_kod_ii() {
    let mark = KsefMark { number: Some(NUMBER.into()), kod_i: KOD_I.into(), kod_ii: Some(kod_ii()) };
    let pdf = invoice_pdf(&with_mark(mark)).unwrap();
    assert_eq!(codes_of(&pdf).len(), 2);
    let text = text_of(&pdf);
    assert!(text.contains(NUMBER) && text.contains("CERTYFIKAT") && !text.contains("OFFLINE"));
}

#[test]
fn the_codes_of_a_long_invoice_move_to_a_new_page_whole() {
    let mut doc = with_mark(KsefMark { number: Some(NUMBER.into()), kod_i: KOD_I.into(), kod_ii: None });
    doc.lines = (0..24).map(|_| line(NORMAL, 1, 3900)).collect();
    doc.totals = documents::vat_split(24 * 3900, 8);
    let pdf = invoice_pdf(&doc).unwrap();
    assert_eq!(codes_of(&pdf), vec![KOD_I.to_string()]);
}
