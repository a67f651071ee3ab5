//! The register's client: `GET {base}/api/search/nip/{nip}?date={YYYY-MM-DD}`.
//!
//! Its answers: `200 {"result": {"subject": {...} | null, "requestId", ...}}` (a `null`
//! subject: no VAT payer has the NIP), `400 {"code": "WL-1xx", "message"}` for a request
//! it refuses (a malformed NIP, a bad date), anything else (or no answer within
//! [`TIMEOUT`]) it being unreachable.

use std::time::Duration;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long a lookup waits for the register.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// A VAT payer as the forms take it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Taxpayer {
    pub nip: String,
    pub name: String,
    /// `Czynny` (active), `Zwolniony` (exempt) or `Niezarejestrowany`, as the register says.
    pub status_vat: String,
    /// The street and number (`ul. Kolejowa 12`), or the whole address when it cannot be split.
    pub address: String,
    /// `NN-NNN`, or empty when the address names none.
    pub postal_code: String,
    pub city: String,
}

/// Why a lookup gave no taxpayer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    #[error("the register of VAT payers has no entry for this NIP")]
    NotFound,
    #[error("the register refused the request: {0}")]
    Refused(String),
    #[error("the register of VAT payers cannot be reached: {0}")]
    Unavailable(String),
}

#[derive(Deserialize)]
struct Answer {
    result: Option<ResultPart>,
}

#[derive(Deserialize)]
struct ResultPart {
    subject: Option<Subject>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Subject {
    name: String,
    nip: Option<String>,
    status_vat: Option<String>,
    working_address: Option<String>,
    residence_address: Option<String>,
}

#[derive(Deserialize)]
struct Refusal {
    code: Option<String>,
    message: Option<String>,
}

/// The register's client.
#[derive(Debug, Clone)]
pub struct WhiteList {
    base_url: String,
    http: reqwest::Client,
}

impl WhiteList {
    /// The register at `base_url` (`https://wl-api.mf.gov.pl`).
    pub fn new(base_url: &str) -> Result<Self, LookupError> {
        let http =
            reqwest::Client::builder().timeout(TIMEOUT).build().map_err(|e| LookupError::Unavailable(e.to_string()))?;
        Ok(WhiteList { base_url: base_url.trim_end_matches('/').to_owned(), http })
    }

    /// The VAT payer of `nip` (ten digits) on `date`.
    pub async fn lookup(&self, nip: &str, date: NaiveDate) -> Result<Taxpayer, LookupError> {
        let url = format!("{}/api/search/nip/{nip}?date={date}", self.base_url);
        let response = self.http.get(&url).send().await.map_err(|e| LookupError::Unavailable(e.to_string()))?;
        let status = response.status();
        let body = response.text().await.map_err(|e| LookupError::Unavailable(e.to_string()))?;
        if status.is_success() {
            let answer: Answer = serde_json::from_str(&body)
                .map_err(|e| LookupError::Unavailable(format!("an answer that is not the register's: {e}")))?;
            let subject = answer.result.and_then(|r| r.subject).ok_or(LookupError::NotFound)?;
            return Ok(taxpayer(nip, subject));
        }
        if status.as_u16() == 400 {
            let refusal: Option<Refusal> = serde_json::from_str(&body).ok();
            let why = refusal
                .map(|r| format!("{} {}", r.code.unwrap_or_default(), r.message.unwrap_or_default()))
                .unwrap_or_else(|| body.chars().take(200).collect());
            return Err(LookupError::Refused(why.trim().to_owned()));
        }
        Err(LookupError::Unavailable(format!("HTTP {status}")))
    }
}

fn taxpayer(nip: &str, s: Subject) -> Taxpayer {
    let raw = s.working_address.or(s.residence_address).unwrap_or_default();
    let (address, postal_code, city) = split_address(&raw);
    Taxpayer {
        nip: s.nip.unwrap_or_else(|| nip.to_owned()),
        name: s.name.trim().to_owned(),
        status_vat: s.status_vat.unwrap_or_default(),
        address,
        postal_code,
        city,
    }
}

/// The register's one-line address (`ul. Kolejowa 12, 37-400 Nisko`) as street, postal
/// code and city; one it cannot split stays whole as the street, the others empty.
pub fn split_address(raw: &str) -> (String, String, String) {
    let raw = raw.trim();
    let Some((street, place)) = raw.rsplit_once(',') else { return (raw.to_owned(), String::new(), String::new()) };
    let place = place.trim();
    let b = place.as_bytes();
    let coded = b.len() > 7
        && b[..2].iter().all(u8::is_ascii_digit)
        && b[2] == b'-'
        && b[3..6].iter().all(u8::is_ascii_digit)
        && b[6] == b' ';
    if !coded {
        return (raw.to_owned(), String::new(), String::new());
    }
    (street.trim().to_owned(), place[..6].to_owned(), place[7..].trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registers_address_is_split_into_the_forms_fields() {
        let split = |s: &str| split_address(s);
        assert_eq!(split("UL. KOLEJOWA 12, 37-400 NISKO"), ("UL. KOLEJOWA 12".into(), "37-400".into(), "NISKO".into()));
        assert_eq!(
            split("ul. Aleje Jerozolimskie 1/3, lok. 5, 00-001 Warszawa"),
            ("ul. Aleje Jerozolimskie 1/3, lok. 5".into(), "00-001".into(), "Warszawa".into())
        );
        assert_eq!(split("Nisko"), ("Nisko".into(), String::new(), String::new()));
        assert_eq!(split("Rynek 1, Nisko"), ("Rynek 1, Nisko".into(), String::new(), String::new()));
        assert_eq!(split(""), (String::new(), String::new(), String::new()));
    }
}
