//! What an invoice or a correction invoice says, as plain data: the caller (a reader of
//! the invoice events) decides every amount, date and name; [`crate::invoice_pdf`] lays
//! it out for people and [`crate::invoice_fa3`] writes it as a KSeF e-invoice.
//!
//! Amounts are `i64` grosz (1/100 PLN), gross-based: prices include VAT and the net is
//! split off the gross ([`vat_split`], the same rule as `domain::money::vat_split`).
//! [`InvoiceDocument::check`] refuses data that would print sums that do not add up.

use crate::DocumentError;
use chrono::{DateTime, NaiveDate, Utc};

/// An invoice (`correction: None`) or a correction invoice of an earlier one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceDocument {
    /// E.g. `"NB/2026/17"`, a correction `"NB-KOR/2026/3"`.
    pub number: String,
    pub issue_date: NaiveDate,
    /// The day of the sale (the payment's day); FA(3) states it only when it differs
    /// from the issue date.
    pub sale_date: NaiveDate,
    /// May be empty.
    pub place_of_issue: String,
    /// When the FA(3) file is made (`DataWytworzeniaFa`). Given rather than read from a
    /// clock, so the same invoice always gives the same file; the schema accepts
    /// 2025-09-01 to 2050-01-01. The PDF does not print it.
    pub generated_at: DateTime<Utc>,
    pub seller: Party,
    pub buyer: Party,
    /// One line per kind of ticket. A correction's lines are the differences (a
    /// returned ticket is a line with quantity -1); a correction of the buyer's data
    /// alone may have none.
    pub lines: Vec<InvoiceLine>,
    /// VAT rate in percent (8 for passenger transport).
    pub vat_rate: u32,
    /// The invoice's sums; for a correction the difference `after - before`.
    pub totals: Amounts,
    pub payment: Payment,
    pub correction: Option<Correction>,
    /// Who issued it (printed when not empty).
    pub issued_by: String,
    /// Where it stands in KSeF, as the PDF prints it (the FA(3) file never carries it:
    /// that file is what is sent, before KSeF gives a number).
    pub ksef: Option<KsefMark>,
}

/// What an invoice sent to KSeF shows (`kody-qr.md`): its KSeF number under KOD I, or
/// for an invoice issued offline the word OFFLINE under KOD I and KOD II.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KsefMark {
    /// `None` while the invoice is offline (not yet accepted).
    pub number: Option<String>,
    /// KOD I: the verification page's link.
    pub kod_i: String,
    /// KOD II: the issuer's certificate link (offline invoices only).
    pub kod_ii: Option<String>,
}

/// The seller or the buyer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Party {
    pub name: String,
    /// NIP (ten digits) for a Polish party; a foreign buyer's VAT number or none.
    pub tax_id: String,
    /// Street and number.
    pub address: String,
    pub postal_code: String,
    pub city: String,
    /// ISO 3166 code, `"PL"`.
    pub country: String,
}

/// One line of the invoice: `quantity` tickets at `unit_gross` each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceLine {
    /// E.g. `"Przejazd Rzeszów → Nisko, 2026-11-30 08:15, bilet normalny"`.
    pub name: String,
    /// Negative in a correction's difference line (tickets given back).
    pub quantity: i32,
    pub unit_gross: i64,
    pub net: i64,
    pub vat: i64,
    /// `quantity * unit_gross`.
    pub gross: i64,
}

/// Net, VAT and gross, in grosz; `net + vat == gross`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Amounts {
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

impl Amounts {
    /// `self - other`, field by field (a correction's difference).
    pub fn minus(self, other: Amounts) -> Amounts {
        Amounts { net: self.net - other.net, vat: self.vat - other.vat, gross: self.gross - other.gross }
    }

    fn adds_up(self) -> bool {
        i128::from(self.net) + i128::from(self.vat) == i128::from(self.gross)
    }
}

/// How the invoice was (or is to be) paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    /// As printed, e.g. `"przelew online (Przelewy24)"`, `"gotówka"`.
    pub method: String,
    /// The method's kind in FA(3) terms.
    pub form: PaymentForm,
    /// The day it was paid, if it was.
    pub paid_on: Option<NaiveDate>,
}

/// The forms of payment FA(3) names (`FormaPlatnosci`) that a carrier takes, and
/// "other" (`PlatnoscInna`, described by [`Payment::method`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentForm {
    Cash,
    Card,
    /// A bank transfer, including an online pay-by-link transfer.
    Transfer,
    /// A mobile payment (BLIK).
    Mobile,
    Other,
}

/// What a correction invoice corrects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    pub corrects_number: String,
    pub corrects_issue_date: NaiveDate,
    /// Why, e.g. `"Zwrot biletu"` (may be empty).
    pub reason: String,
    /// The corrected invoice's sums before this correction (after any earlier ones).
    pub before: Amounts,
    /// Its sums after this correction.
    pub after: Amounts,
    /// When the correction is of the buyer's data: the buyer as the corrected invoice
    /// named them. Their tax id must stay the same (a wrong NIP is corrected to zero
    /// and invoiced anew, not changed).
    pub buyer_before: Option<Party>,
    /// The corrected invoice's KSeF number, when it has one (FA(3) then names it:
    /// `NrKSeF` and `NrKSeFFaKorygowanej`; otherwise `NrKSeFN`).
    pub corrects_ksef_number: Option<String>,
}

/// `gross` split at `rate` %: the net is `gross * 100 / (100 + rate)` rounded half away
/// from zero to the grosz, and the VAT the rest, so net + VAT is always the gross:
/// `vat_split(10800, 8)` is 10000 + 800, `vat_split(3900, 8)` is 3611 + 289; a negative
/// gross (a correction) splits like its opposite.
pub fn vat_split(gross: i64, rate: u32) -> Amounts {
    let magnitude = i128::from(gross).abs();
    let divisor = 100 + i128::from(rate);
    // Half away from zero on the magnitude: floor((2 * m * 100 + divisor) / (2 * divisor)).
    let net = (magnitude * 200 + divisor) / (divisor * 2);
    let net = i64::try_from(net).unwrap_or(i64::MAX) * gross.signum();
    Amounts { net, vat: gross - net, gross }
}

/// `123456` → `"1 234,56 zł"`, `-150` → `"-1,50 zł"` (plain spaces, so a PDF reader's
/// search finds the amount as typed).
pub fn format_pln(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    let digits = (abs / 100).to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(' ');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped},{:02} zł", abs % 100)
}

/// A date as invoices print it: `2026-11-30`.
pub(crate) fn format_date(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// A tax id without the spaces, dashes and dots people type into it, upper case.
pub(crate) fn compact_tax_id(tax_id: &str) -> String {
    tax_id.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_uppercase).collect()
}

pub(crate) fn invalid(field: impl Into<String>, problem: &'static str) -> DocumentError {
    DocumentError::InvalidInvoice { field: field.into(), problem }
}

impl InvoiceDocument {
    /// Whether this is a correction invoice.
    pub fn is_correction(&self) -> bool {
        self.correction.is_some()
    }

    /// Refuses an invoice whose printed sums would not add up: every line and sum
    /// `net + vat == gross`, a line's gross `quantity * unit_gross`, the lines' gross
    /// the total's, a correction's totals `after - before`. An invoice needs a number
    /// and a line (a correction of the buyer's data alone, with zero totals, none).
    pub fn check(&self) -> Result<(), DocumentError> {
        if self.number.trim().is_empty() {
            return Err(invalid("number", "is empty"));
        }
        if self.lines.is_empty() && (self.correction.is_none() || self.totals != Amounts::default()) {
            return Err(DocumentError::NoLines);
        }
        for (i, line) in self.lines.iter().enumerate() {
            let field = |name: &str| format!("lines[{i}].{name}");
            if line.name.trim().is_empty() {
                return Err(invalid(field("name"), "is empty"));
            }
            if i128::from(line.quantity) * i128::from(line.unit_gross) != i128::from(line.gross) {
                return Err(invalid(field("gross"), "is not quantity times unit_gross"));
            }
            if !(Amounts { net: line.net, vat: line.vat, gross: line.gross }).adds_up() {
                return Err(invalid(field("vat"), "and net do not add up to gross"));
            }
        }
        if !self.totals.adds_up() {
            return Err(invalid("totals", "net and vat do not add up to gross"));
        }
        let lines_gross: i128 = self.lines.iter().map(|l| i128::from(l.gross)).sum();
        if !self.lines.is_empty() && lines_gross != i128::from(self.totals.gross) {
            return Err(invalid("totals.gross", "is not the sum of the lines"));
        }
        if let Some(correction) = &self.correction {
            if correction.corrects_number.trim().is_empty() {
                return Err(invalid("correction.corrects_number", "is empty"));
            }
            if !correction.before.adds_up() || !correction.after.adds_up() {
                return Err(invalid("correction", "net and vat do not add up to gross"));
            }
            if correction.after.minus(correction.before) != self.totals {
                return Err(invalid("totals", "are not the correction's after - before"));
            }
            if let Some(before) = &correction.buyer_before {
                if compact_tax_id(&before.tax_id) != compact_tax_id(&self.buyer.tax_id) {
                    return Err(invalid("correction.buyer_before.tax_id", "differs from the buyer's"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vat_split_rounds_the_net_half_away_from_zero() {
        assert_eq!(vat_split(10800, 8), Amounts { net: 10000, vat: 800, gross: 10800 });
        assert_eq!(vat_split(3900, 8), Amounts { net: 3611, vat: 289, gross: 3900 });
        // 54 / 1.08 = 50 exactly; 1 / 1.08 = 0.93 → 1; 2106 / 1.08 = 1950 exactly.
        assert_eq!(vat_split(54, 8).net, 50);
        assert_eq!(vat_split(1, 8), Amounts { net: 1, vat: 0, gross: 1 });
        assert_eq!(vat_split(2106, 8).net, 1950);
        // 100 / 1.23 = 81.30 → 81; 5535 / 1.23 = 4500.
        assert_eq!(vat_split(100, 23), Amounts { net: 81, vat: 19, gross: 100 });
        assert_eq!(vat_split(5535, 23).net, 4500);
        assert_eq!(vat_split(999, 0), Amounts { net: 999, vat: 0, gross: 999 });
    }

    #[test]
    fn vat_split_rounds_an_exact_half_away_from_zero() {
        // At 100 % the net is half the gross: 3 / 2 = 1.5 → 2, and -1.5 → -2.
        assert_eq!(vat_split(3, 100), Amounts { net: 2, vat: 1, gross: 3 });
        assert_eq!(vat_split(-3, 100), Amounts { net: -2, vat: -1, gross: -3 });
        // 2.5 → 3 (half up would agree; half to even would give 2).
        assert_eq!(vat_split(5, 100).net, 3);
    }

    #[test]
    fn a_negative_gross_splits_like_its_opposite() {
        assert_eq!(vat_split(-3900, 8), Amounts { net: -3611, vat: -289, gross: -3900 });
        assert_eq!(vat_split(0, 8), Amounts::default());
        for gross in [-100_001, -3900, -1, 0, 1, 77, 3900, 123_457] {
            let split = vat_split(gross, 8);
            assert_eq!(split.net + split.vat, gross);
            assert_eq!(vat_split(-gross, 8).net, -split.net);
        }
    }

    #[test]
    fn vat_split_does_not_overflow_at_the_extremes() {
        let split = vat_split(i64::MAX, 8);
        assert_eq!(i128::from(split.net) + i128::from(split.vat), i128::from(i64::MAX));
    }

    #[test]
    fn amounts_print_the_polish_way() {
        assert_eq!(format_pln(123456), "1 234,56 zł");
        assert_eq!(format_pln(3900), "39,00 zł");
        assert_eq!(format_pln(-150), "-1,50 zł");
        assert_eq!(format_pln(0), "0,00 zł");
        assert_eq!(format_pln(100_000_000), "1 000 000,00 zł");
    }

    #[test]
    fn tax_ids_are_compared_without_punctuation() {
        assert_eq!(compact_tax_id("865-000-12 34"), "8650001234");
        assert_eq!(compact_tax_id("de 123.456.789"), "DE123456789");
    }
}
