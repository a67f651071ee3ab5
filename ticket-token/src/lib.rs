//! # Signed tickets: what a ticket's QR code carries, and how anyone checks it offline
//!
//! A ticket's QR code carries a token the carrier signed with its Ed25519 key, in the
//! way offline-checked ticket secrets are done in good ticketing systems: whoever has
//! the carrier's public key (`GET /api/order/ticket/verification-key`) can tell a real
//! ticket from a forged or altered one without a network, and read what it is for.
//!
//! The format (also in `docs/tickets.md`):
//!
//! ```text
//! NB1.<claims>.<signature>
//! ```
//!
//! - `claims`: the [`TicketClaims`] as JSON, base64url without padding;
//! - `signature`: the Ed25519 signature (RFC 8032) of the ASCII text `NB1.<claims>`,
//!   base64url without padding.
//!
//! The claims are short on purpose (a QR code stays readable on a phone's screen): the
//! ticket's number, its course, its stretch (stop ids), the passengers it carries, its
//! discount, and the window it boards in. A token says what the ticket was when it was
//! signed: a ticket returned since, or used, still verifies; the driver's passenger list
//! and the check-in on the server know that. A change of course signs a new token (the
//! old one names the old course, which the check refuses).
//!
//! Keys: [`TicketSigner`] holds the private key (a 32-byte seed, from the
//! `TICKET_SIGNING_KEY` setting); [`TicketVerifier`] the public one. A key id (`k`)
//! in the claims names the key that signed, so a key can be replaced while old tickets
//! are still out.

mod link;

pub use link::LINK_PREFIX;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The format's name and version, the token's first part.
pub const PREFIX: &str = "NB1";

/// What a ticket's token says. Field names are short: they travel in a QR code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketClaims {
    /// The format's version of the claims (1).
    pub v: u8,
    /// The id of the key that signed ([`key_id`]).
    pub k: String,
    /// The ticket's number (`NK-2026-000123`).
    pub n: String,
    /// The course it boards (after a change, the new one).
    pub c: Uuid,
    /// The stop it boards at and the stop it leaves at (waypoint ids).
    pub f: i64,
    pub t: i64,
    /// How many passengers it carries (one seat: 1).
    pub p: u32,
    /// The discount's name, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<String>,
    /// Boards from (Unix seconds): [`domain::order::BOARDING_OPENS_HOURS`] before departure.
    pub nb: i64,
    /// Boards until (Unix seconds): [`domain::order::BOARDING_CLOSES_HOURS`] after arrival.
    pub exp: i64,
}

/// The facts of a ticket that its token carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketFacts<'a> {
    pub number: &'a str,
    pub course_id: Uuid,
    pub from_waypoint_id: i64,
    pub to_waypoint_id: i64,
    pub discount: Option<&'a str>,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
}

impl<'a> TicketFacts<'a> {
    /// The facts of a ticket of an order, as its events leave it (its current course).
    pub fn of(order: &'a domain::order::OrderState, ticket: &'a domain::order::TicketState) -> Self {
        let discount = order.line(ticket.ticket.line).and_then(|l| l.discount.as_ref()).map(|d| d.name.as_str());
        TicketFacts {
            number: &ticket.ticket.number,
            course_id: ticket.course.course_id,
            from_waypoint_id: ticket.course.from_waypoint_id,
            to_waypoint_id: ticket.course.to_waypoint_id,
            discount,
            departure_at: ticket.course.departure_at,
            arrival_at: ticket.course.arrival_at,
        }
    }
}

impl TicketClaims {
    /// The claims of a ticket, boarding in the window the check-in allows.
    pub fn of(facts: &TicketFacts<'_>) -> Self {
        TicketClaims {
            v: 1,
            k: String::new(),
            n: facts.number.to_owned(),
            c: facts.course_id,
            f: facts.from_waypoint_id,
            t: facts.to_waypoint_id,
            p: 1,
            x: facts.discount.map(str::to_owned),
            nb: (facts.departure_at - Duration::hours(domain::order::BOARDING_OPENS_HOURS)).timestamp(),
            exp: (facts.arrival_at + Duration::hours(domain::order::BOARDING_CLOSES_HOURS)).timestamp(),
        }
    }

    /// Whether `now` is inside the window the ticket boards in.
    pub fn boards_at(&self, now: DateTime<Utc>) -> bool {
        (self.nb..=self.exp).contains(&now.timestamp())
    }
}

/// Why a text is not a good ticket token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the code is not a ticket's code")]
    Malformed,
    #[error("the ticket's code is of a version this system does not read")]
    UnsupportedVersion,
    #[error("the ticket's code was signed with another key")]
    UnknownKey,
    #[error("the ticket's signature is not valid: the code is forged or altered")]
    BadSignature,
}

/// Why a signing key cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("the ticket signing key must be 32 bytes in base64 (standard or URL-safe)")]
    Malformed,
}

/// The id of a public key: the first 8 bytes of its SHA-256, in hex.
pub fn key_id(public: &VerifyingKey) -> String {
    Sha256::digest(public.as_bytes())[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// Signs tickets with the carrier's private key.
#[derive(Clone)]
pub struct TicketSigner {
    key: SigningKey,
    kid: String,
}

impl std::fmt::Debug for TicketSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.debug_struct("TicketSigner").field("kid", &self.kid).finish_non_exhaustive()
    }
}

impl TicketSigner {
    /// The key of a 32-byte seed (RFC 8032's secret key).
    pub fn from_seed(seed: [u8; 32]) -> Self {
        let key = SigningKey::from_bytes(&seed);
        let kid = key_id(&key.verifying_key());
        TicketSigner { key, kid }
    }

    /// The key of a seed written in base64 (standard or URL-safe, padded or not).
    pub fn from_base64(text: &str) -> Result<Self, KeyError> {
        let text = text.trim();
        let bytes = URL_SAFE_NO_PAD
            .decode(text.trim_end_matches('=').replace('+', "-").replace('/', "_"))
            .map_err(|_| KeyError::Malformed)?;
        let seed: [u8; 32] = bytes.try_into().map_err(|_| KeyError::Malformed)?;
        Ok(Self::from_seed(seed))
    }

    /// The seed in base64url, to keep it (e.g. generated once and stored).
    pub fn seed_base64(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.to_bytes())
    }

    /// Who can check what this key signs.
    pub fn verifier(&self) -> TicketVerifier {
        TicketVerifier::new(self.key.verifying_key())
    }

    /// The token of `claims`, signed, with this key's id in `k`.
    pub fn sign(&self, claims: &TicketClaims) -> String {
        let claims = TicketClaims { k: self.kid.clone(), ..claims.clone() };
        // Serialising a struct of strings and numbers cannot fail.
        let json = serde_json::to_vec(&claims).unwrap_or_default();
        let signed = format!("{PREFIX}.{}", URL_SAFE_NO_PAD.encode(json));
        let signature = self.key.sign(signed.as_bytes());
        format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
    }

    /// The token of a ticket.
    pub fn token(&self, facts: &TicketFacts<'_>) -> String {
        self.sign(&TicketClaims::of(facts))
    }
}

/// Checks ticket tokens with the carrier's public key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketVerifier {
    key: VerifyingKey,
    kid: String,
}

/// The public key as JSON: the raw key and the same as a JSON Web Key (RFC 8037), which
/// the browser's WebCrypto imports as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicKeyDocument {
    /// `Ed25519`.
    pub alg: &'static str,
    /// The token format it checks (`NB1`).
    pub format: &'static str,
    /// The key id tokens name in `k`.
    pub kid: String,
    /// The 32-byte public key, base64url without padding.
    pub public_key: String,
    pub jwk: Jwk,
}

/// An Ed25519 public key as a JSON Web Key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Jwk {
    pub kty: &'static str,
    pub crv: &'static str,
    pub x: String,
    pub kid: String,
}

impl TicketVerifier {
    fn new(key: VerifyingKey) -> Self {
        let kid = key_id(&key);
        TicketVerifier { key, kid }
    }

    pub fn kid(&self) -> &str {
        &self.kid
    }

    pub fn document(&self) -> PublicKeyDocument {
        let x = URL_SAFE_NO_PAD.encode(self.key.as_bytes());
        PublicKeyDocument {
            alg: "Ed25519",
            format: PREFIX,
            kid: self.kid.clone(),
            public_key: x.clone(),
            jwk: Jwk { kty: "OKP", crv: "Ed25519", x, kid: self.kid.clone() },
        }
    }

    /// The claims of a genuine token signed by this key; an error for anything else.
    pub fn verify(&self, token: &str) -> Result<TicketClaims, TokenError> {
        let token = token.trim();
        let mut parts = token.split('.');
        let (Some(prefix), Some(claims), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed);
        };
        if prefix != PREFIX {
            return Err(if prefix.starts_with("NB") { TokenError::UnsupportedVersion } else { TokenError::Malformed });
        }
        let json = URL_SAFE_NO_PAD.decode(claims).map_err(|_| TokenError::Malformed)?;
        let signature: [u8; 64] = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| TokenError::Malformed)?
            .try_into()
            .map_err(|_| TokenError::Malformed)?;
        // The signature first: nothing of an unsigned text is read further.
        let signed = &token[..prefix.len() + 1 + claims.len()];
        if self.key.verify(signed.as_bytes(), &Signature::from_bytes(&signature)).is_err() {
            // Signed by another key, or altered: tell which when the claims say.
            let kid = serde_json::from_slice::<serde_json::Value>(&json)
                .ok()
                .and_then(|c| c["k"].as_str().map(str::to_owned));
            return Err(match kid {
                Some(kid) if kid != self.kid => TokenError::UnknownKey,
                _ => TokenError::BadSignature,
            });
        }
        let claims: TicketClaims = serde_json::from_slice(&json).map_err(|_| TokenError::Malformed)?;
        if claims.v != 1 {
            return Err(TokenError::UnsupportedVersion);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().expect("a time")
    }

    fn facts() -> TicketFacts<'static> {
        TicketFacts {
            number: "NK-2026-000123",
            course_id: Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef),
            from_waypoint_id: 1,
            to_waypoint_id: 11,
            discount: Some("Ulga 37%"),
            departure_at: at("2026-11-30T11:00:00Z"),
            arrival_at: at("2026-11-30T14:55:00Z"),
        }
    }

    /// RFC 8032's first test key (section 7.1, TEST 1).
    fn rfc_key() -> TicketSigner {
        let seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
        let bytes: Vec<u8> = (0..64).step_by(2).map(|i| u8::from_str_radix(&seed[i..i + 2], 16).unwrap()).collect();
        TicketSigner::from_seed(bytes.try_into().unwrap())
    }

    #[test]
    fn a_signed_ticket_reads_back_as_it_was_signed() {
        let signer = rfc_key();
        let token = signer.token(&facts());
        assert!(token.starts_with("NB1."), "{token}");
        let claims = signer.verifier().verify(&token).expect("genuine");
        assert_eq!(claims.n, "NK-2026-000123");
        assert_eq!((claims.f, claims.t, claims.p), (1, 11, 1));
        assert_eq!(claims.x.as_deref(), Some("Ulga 37%"));
        assert_eq!(claims.k, signer.verifier().kid());
        // Boards from three hours before departure to two after arrival.
        assert_eq!(claims.nb, at("2026-11-30T08:00:00Z").timestamp());
        assert_eq!(claims.exp, at("2026-11-30T16:55:00Z").timestamp());
        assert!(claims.boards_at(at("2026-11-30T10:50:00Z")));
        assert!(!claims.boards_at(at("2026-12-01T10:50:00Z")), "another day");
    }

    #[test]
    fn the_format_is_pinned_by_a_known_answer() {
        // RFC 8032's key 1 and fixed claims: the same token every time (Ed25519 is
        // deterministic). The web's verifier test checks this very token.
        let token = rfc_key().token(&facts());
        let public = rfc_key().verifier().document();
        assert_eq!(public.public_key, "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo");
        assert_eq!(public.kid, key_id(&rfc_key().key.verifying_key()));
        assert_eq!(token, include_str!("../tests/known-token.txt").trim(), "the format changed");
    }

    #[test]
    fn an_altered_or_forged_code_fails() {
        let signer = rfc_key();
        let verifier = signer.verifier();
        let token = signer.token(&facts());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        // Another ticket's number in the claims, the signature kept.
        let mut claims = signer.verifier().verify(&token).unwrap();
        claims.n = "NK-2026-000124".into();
        let altered = format!("NB1.{}.{signature}", URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).unwrap()));
        assert_eq!(verifier.verify(&altered), Err(TokenError::BadSignature));
        // One bit of the signature flipped.
        let mut bytes = URL_SAFE_NO_PAD.decode(signature).unwrap();
        bytes[10] ^= 1;
        let flipped = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(&bytes));
        assert_eq!(verifier.verify(&flipped), Err(TokenError::BadSignature));
        // Signed by someone else's key.
        let forger = TicketSigner::from_seed([7; 32]);
        assert_eq!(verifier.verify(&forger.token(&facts())), Err(TokenError::UnknownKey));
        // Not a token at all.
        for text in ["", "NK-2026-000123", "NB1.abc", "NB1.a.b.c", "NB1.!!!.???", "XY1.e30.e30", "NB2.e30.e30"] {
            assert!(verifier.verify(text).is_err(), "{text:?}");
        }
        assert_eq!(verifier.verify("NB2.e30.e30"), Err(TokenError::UnsupportedVersion));
    }

    #[test]
    fn a_key_is_read_from_base64_in_either_alphabet() {
        let signer = rfc_key();
        let url = signer.seed_base64();
        let standard = base64::engine::general_purpose::STANDARD.encode(URL_SAFE_NO_PAD.decode(&url).unwrap());
        for text in [url.clone(), standard, format!("  {url}\n")] {
            let read = TicketSigner::from_base64(&text).expect("a key");
            assert_eq!(read.verifier(), signer.verifier());
        }
        assert_eq!(TicketSigner::from_base64("c2hvcnQ").err(), Some(KeyError::Malformed));
        assert_eq!(TicketSigner::from_base64("not base64 at all!").err(), Some(KeyError::Malformed));
        assert!(!format!("{signer:?}").contains(&url), "the seed never shows in logs");
    }
}
