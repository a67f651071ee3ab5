//! What the stand-in remembers, in memory: challenges, authentications, tokens, sessions
//! and their invoices, the invoices accepted (for duplicates) and how many times each
//! invoice (by hash) was received, so tests can assert "one copy only".

use crate::crypto::SessionKey;
use crate::number::crc8;
use crate::wire::StatusInfo;
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// One authentication operation (`/auth/ksef-token` then `/auth/{referenceNumber}`).
#[derive(Debug)]
pub struct AuthOp {
    pub auth_token: String,
    pub start_date: String,
    /// The outcome once the operation is done (code, description, details).
    pub outcome: (i64, String, Option<String>),
    /// Looks so far: the first `in_progress_for` answer "in progress" (100) so clients
    /// have to poll (KSeF may wait for a certificate's issuer first).
    pub polls: u32,
    pub in_progress_for: u32,
    pub redeemed: bool,
}

/// One invoice sent in a session.
#[derive(Debug, Clone)]
pub struct Invoice {
    pub ordinal: i64,
    pub reference: String,
    pub hash: String,
    pub invoice_number: Option<String>,
    pub issue_date: Option<String>,
    pub seller_nip: Option<String>,
    pub ksef_number: Option<String>,
    pub invoicing_date: String,
    pub acquisition_date: Option<String>,
    pub offline: bool,
    /// The hash of the rejected offline invoice this one technically corrects.
    pub corrects: Option<String>,
    pub status: StatusInfo,
}

impl Invoice {
    pub fn accepted(&self) -> bool {
        self.status.code == 200
    }
}

/// What a batch session holds besides an interactive one's fields.
#[derive(Debug, Default)]
pub struct Batch {
    pub declared: Option<crate::wire_batch::BatchFileInfo>,
    pub offline: bool,
    /// The secret in the part upload addresses (KSeF's storage URLs carry a signature).
    pub upload_key: String,
    /// Parts are taken until then (20 minutes per declared part, `sesja-wsadowa.md`).
    pub upload_until: Option<DateTime<Utc>>,
    /// Ordinal → the encrypted part as uploaded.
    pub parts: std::collections::BTreeMap<i64, Vec<u8>>,
    /// Set once the package is unpacked (or failed as a whole: the session's status).
    pub outcome: Option<StatusInfo>,
}

/// One session (interactive, or batch when `batch` is set).
#[derive(Debug)]
pub struct Session {
    pub key: SessionKey,
    pub created: String,
    pub updated: String,
    pub valid_until: String,
    pub closed: bool,
    pub invoices: Vec<Invoice>,
    pub batch: Option<Batch>,
}

/// The stand-in's whole memory.
#[derive(Debug, Default)]
pub struct Inner {
    /// Challenge → its `timestampMs`.
    pub challenges: HashMap<String, i64>,
    pub auth_ops: HashMap<String, AuthOp>,
    /// Access token → valid until.
    pub access: HashMap<String, DateTime<Utc>>,
    /// Refresh token → valid until.
    pub refresh: HashMap<String, DateTime<Utc>>,
    pub sessions: HashMap<String, Session>,
    /// (seller NIP, RodzajFaktury, P_2) of every accepted invoice → (session, KSeF number):
    /// KSeF's key for duplicates (`faktury/weryfikacja-faktury.md`).
    pub accepted: HashMap<(String, String, String), (String, String)>,
    /// Invoice hash → how many times it was received.
    pub received: HashMap<String, u32>,
    pub counter: u64,
}

impl Inner {
    /// Why a technical correction of the invoice of hash `corrected` is refused, if it is
    /// (`offline/korekta-techniczna.md`): the original was accepted (21167) or was already
    /// corrected (21166).
    pub fn correction_refusal(&self, corrected: &str) -> Option<(i64, &'static str)> {
        let all = || self.sessions.values().flat_map(|s| s.invoices.iter());
        if all().any(|i| i.hash == corrected && i.accepted()) {
            return Some((21167, "Status faktury nie pozwala na korektę techniczną."));
        }
        if all().any(|i| i.corrects.as_deref() == Some(corrected) && i.accepted()) {
            return Some((21166, "Korekta techniczna niedostępna."));
        }
        None
    }

    pub fn next(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }
}

/// A reference number in KSeF's shape (`RRRRMMDD-XX-HHHHHHHHHH-HHHHHHHHHH-CC`, 36 characters,
/// `TNumerReferencyjny`): `kind` is e.g. `AU` (authentication), `SO` (online session),
/// `EE` (invoice), `CR` (challenge).
pub fn reference(kind: &str) -> String {
    let hex = uuid::Uuid::new_v4().simple().to_string().to_ascii_uppercase();
    let data = format!("{}-{kind}-{}-{}", Utc::now().format("%Y%m%d"), &hex[..10], &hex[10..20]);
    format!("{data}-{:02X}", crc8(data.as_bytes()))
}

/// A token the stand-in gives (opaque: KSeF's are JWTs; nothing reads inside them).
pub fn token(kind: &str) -> String {
    format!("sandbox-{kind}-{}", uuid::Uuid::new_v4().simple())
}

/// The text of the first `<name>` element (FA(3) writes them without a prefix).
pub fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("<{name}>");
    let start = xml.find(&open)? + open.len();
    let end = xml[start..].find(&format!("</{name}>"))? + start;
    Some(xml[start..end].trim())
}

/// The seller's NIP: the first `<NIP>` inside `<Podmiot1>`.
pub fn seller_nip(xml: &str) -> Option<&str> {
    let start = xml.find("<Podmiot1>")?;
    let end = xml[start..].find("</Podmiot1>")? + start;
    element(&xml[start..end], "NIP")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_have_the_documented_shape() {
        let r = reference("SO");
        assert_eq!(r.len(), 36);
        assert_eq!(&r[8..12], "-SO-");
    }

    #[test]
    fn elements_are_read_from_the_xml() {
        let xml = "<Faktura><Podmiot1><DaneIdentyfikacyjne><NIP>5265877635</NIP></DaneIdentyfikacyjne></Podmiot1>\
                   <Podmiot2><NIP>1111111111</NIP></Podmiot2><Fa><P_1>2026-02-01</P_1><P_2>FV/1</P_2></Fa></Faktura>";
        assert_eq!(seller_nip(xml), Some("5265877635"));
        assert_eq!(element(xml, "P_2"), Some("FV/1"));
        assert_eq!(element(xml, "RodzajFaktury"), None);
    }
}
