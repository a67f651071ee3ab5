//! What FA(3) accepts, checked and cleaned before a byte is written: the parties' tax
//! ids sorted into the schema's choices (NIP, EU VAT number, other id, none), texts as
//! its `xsd:token` types read them and within their lengths, dates within its ranges,
//! the rate mapped to its `P_13_n` field. Anything the schema would refuse is an
//! [`DocumentError::InvalidInvoice`] naming the input field.

use crate::model::{compact_tax_id, invalid, InvoiceDocument, Party};
use crate::DocumentError;
use chrono::{NaiveDate, TimeZone, Utc};

/// The country codes `KodKraju` accepts (the schema's own list, compiled in).
const COUNTRY_CODES: &str = include_str!("../../ksef/bazowe/KodyKrajow_v10-0E.xsd");
/// `TKodyKrajowUE`: the prefixes of EU VAT numbers (Greece is EL; XI Northern Ireland).
const EU_PREFIXES: [&str; 28] = [
    "AT", "BE", "BG", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "EL", "HR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
    "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "XI",
];

/// Everything checked and cleaned before a byte is written.
pub(super) struct Facts {
    pub(super) seller: PartyXml,
    pub(super) buyer: PartyXml,
    pub(super) buyer_before: Option<PartyXml>,
    pub(super) number: String,
    pub(super) place: Option<String>,
    /// `P_13_n` / `P_14_n`'s `n`.
    pub(super) rate_field: u8,
    pub(super) lines: Vec<String>,
    pub(super) reason: Option<String>,
    pub(super) corrects_number: Option<String>,
    pub(super) payment_text: Option<String>,
}

pub(super) struct PartyXml {
    pub(super) id: TaxId,
    pub(super) name: Option<String>,
    /// `KodKraju`, `AdresL1`, `AdresL2`.
    pub(super) address: Option<(String, String, Option<String>)>,
}

pub(super) enum TaxId {
    Nip(String),
    Eu { prefix: String, number: String },
    Other { country: String, number: String },
    None,
}

impl Facts {
    pub(super) fn of(doc: &InvoiceDocument) -> Result<Facts, DocumentError> {
        let rate_field = match doc.vat_rate {
            23 | 22 => 1,
            8 | 7 => 2,
            5 => 3,
            _ => return Err(invalid("vat_rate", "is not a rate this writer supports (23, 22, 8, 7, 5)")),
        };
        date_in(doc.issue_date, "issue_date", (2006, 1, 1))?;
        date_in(doc.sale_date, "sale_date", (2006, 1, 1))?;
        let earliest = Utc.with_ymd_and_hms(2025, 9, 1, 0, 0, 0).single();
        let latest = Utc.with_ymd_and_hms(2050, 1, 1, 23, 59, 59).single();
        if Some(doc.generated_at) < earliest || Some(doc.generated_at) > latest {
            return Err(invalid("generated_at", "is outside 2025-09-01 to 2050-01-01"));
        }
        if let Some(paid_on) = doc.payment.paid_on {
            date_in(paid_on, "payment.paid_on", (2016, 7, 1))?;
        }
        let lines = doc
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| required(&line.name, &format!("lines[{i}].name"), 512))
            .collect::<Result<_, _>>()?;
        let (reason, corrects_number, buyer_before) = match &doc.correction {
            None => (None, None, None),
            Some(c) => {
                date_in(c.corrects_issue_date, "correction.corrects_issue_date", (2006, 1, 1))?;
                let before = c.buyer_before.as_ref().map(|b| party(b, "correction.buyer_before", false)).transpose()?;
                (
                    optional(&c.reason, "correction.reason", 256)?,
                    Some(required(&c.corrects_number, "correction.corrects_number", 256)?),
                    before,
                )
            }
        };
        let payment_text = optional(&doc.payment.method, "payment.method", 256)?;
        Ok(Facts {
            seller: party(&doc.seller, "seller", true)?,
            buyer: party(&doc.buyer, "buyer", false)?,
            buyer_before,
            number: required(&doc.number, "number", 256)?,
            place: optional(&doc.place_of_issue, "place_of_issue", 256)?,
            rate_field,
            lines,
            reason,
            corrects_number,
            payment_text,
        })
    }
}

/// A party's id, name and address as FA(3) takes them; the seller must be a Polish
/// VAT payer with a name and an address.
fn party(p: &Party, field: &str, seller: bool) -> Result<PartyXml, DocumentError> {
    let country = p.country.trim().to_uppercase();
    let country = if country.is_empty() { "PL".to_string() } else { country };
    if !(country.len() == 2 && COUNTRY_CODES.contains(&format!("enumeration value=\"{country}\""))) {
        return Err(invalid(format!("{field}.country"), "is not an ISO 3166 country code"));
    }
    let compact = compact_tax_id(&p.tax_id);
    let id = if country == "PL" {
        // The NIP's one rule, the order form's (`values::polish`, behind `api_core::values::Nip`).
        let nip = values::polish::normalize_vat_number(&p.tax_id);
        if nip.is_empty() {
            TaxId::None
        } else if values::polish::is_nip(&nip) {
            TaxId::Nip(nip)
        } else {
            return Err(invalid(format!("{field}.tax_id"), "is not a valid NIP"));
        }
    } else if compact.is_empty() {
        TaxId::None
    } else {
        let prefix = if country == "GR" { "EL" } else { country.as_str() };
        let number = compact.strip_prefix(prefix).unwrap_or(&compact);
        let vat_ue = (1..=12).contains(&number.len()) && number.chars().all(|c| c.is_ascii_alphanumeric());
        if EU_PREFIXES.contains(&prefix) && vat_ue {
            TaxId::Eu { prefix: prefix.to_string(), number: number.to_string() }
        } else if compact.chars().count() <= 50 {
            TaxId::Other { country: country.clone(), number: compact }
        } else {
            return Err(invalid(format!("{field}.tax_id"), "is longer than 50 characters"));
        }
    };
    if seller && !matches!(id, TaxId::Nip(_)) {
        return Err(invalid(format!("{field}.tax_id"), "is not a Polish NIP"));
    }
    let name = if seller {
        Some(required(&p.name, &format!("{field}.name"), 512)?)
    } else {
        optional(&p.name, &format!("{field}.name"), 512)?
    };
    let street = optional(&p.address, &format!("{field}.address"), 512)?;
    let town = optional(&format!("{} {}", p.postal_code, p.city), &format!("{field}.city"), 512)?;
    let address = match (street, town) {
        (Some(street), town) => Some((country, street, town)),
        (None, Some(town)) => Some((country, town, None)),
        (None, None) if seller => return Err(invalid(format!("{field}.address"), "is empty")),
        (None, None) => None,
    };
    Ok(PartyXml { id, name, address })
}

fn date_in(date: NaiveDate, field: &str, (y, m, d): (i32, u32, u32)) -> Result<(), DocumentError> {
    let from = NaiveDate::from_ymd_opt(y, m, d);
    let to = NaiveDate::from_ymd_opt(2050, 1, 1);
    if Some(date) < from || Some(date) > to {
        return Err(invalid(field, "is outside the dates the schema accepts"));
    }
    Ok(())
}

/// `text` as an `xsd:token` reads it: runs of whitespace one space, no leading or
/// trailing space, without the characters XML 1.0 cannot carry.
fn token(text: &str) -> String {
    let allowed = |c: &char| !c.is_control() || matches!(c, '\t' | '\n' | '\r');
    let kept: String = text.chars().filter(allowed).filter(|c| !matches!(c, '\u{FFFE}' | '\u{FFFF}')).collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn optional(text: &str, field: &str, max: usize) -> Result<Option<String>, DocumentError> {
    let text = token(text);
    if text.chars().count() > max {
        return Err(invalid(field, "is longer than the schema allows"));
    }
    Ok(Some(text).filter(|t| !t.is_empty()))
}

fn required(text: &str, field: &str, max: usize) -> Result<String, DocumentError> {
    optional(text, field, max)?.ok_or_else(|| invalid(field, "is empty"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_collapse_whitespace_and_drop_what_xml_cannot_carry() {
        assert_eq!(token("  Nisko\t Bus \n sp. z o.o.\u{1} "), "Nisko Bus sp. z o.o.");
        assert_eq!(token("A & <B>"), "A & <B>");
    }
}
