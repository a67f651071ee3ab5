//! The signed link of a disrupted course's message (issue 28): it names an order and a
//! course, and whoever holds it may choose for that order's tickets on that course, also
//! a guest without an account. Signed with the tickets' key, under its own prefix
//! (`NBL1`), so a ticket's code is never a link and a link never a ticket:
//!
//! ```text
//! NBL1.<base64url(order id bytes ++ course id bytes)>.<base64url(Ed25519 signature of "NBL1.<payload>")>
//! ```

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ed25519_dalek::{Signature, Signer, Verifier};
use uuid::Uuid;

use crate::{TicketSigner, TicketVerifier, TokenError};

/// The link format's name and version.
pub const LINK_PREFIX: &str = "NBL1";

impl TicketSigner {
    /// The link token of `order_id`'s tickets on `course_id`.
    pub fn link(&self, order_id: Uuid, course_id: Uuid) -> String {
        let mut payload = order_id.as_bytes().to_vec();
        payload.extend_from_slice(course_id.as_bytes());
        let signed = format!("{LINK_PREFIX}.{}", URL_SAFE_NO_PAD.encode(payload));
        let signature = self.key.sign(signed.as_bytes());
        format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
    }
}

impl TicketVerifier {
    /// The order and course of a genuine link token signed by this key.
    pub fn verify_link(&self, token: &str) -> Result<(Uuid, Uuid), TokenError> {
        let token = token.trim();
        let mut parts = token.split('.');
        let (Some(LINK_PREFIX), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed);
        };
        let signature: [u8; 64] = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| TokenError::Malformed)?
            .try_into()
            .map_err(|_| TokenError::Malformed)?;
        let signed = &token[..LINK_PREFIX.len() + 1 + payload.len()];
        if self.key.verify(signed.as_bytes(), &Signature::from_bytes(&signature)).is_err() {
            return Err(TokenError::BadSignature);
        }
        let bytes = URL_SAFE_NO_PAD.decode(payload).map_err(|_| TokenError::Malformed)?;
        let (Ok(order), Ok(course)) = (
            Uuid::from_slice(bytes.get(..16).ok_or(TokenError::Malformed)?),
            Uuid::from_slice(bytes.get(16..).ok_or(TokenError::Malformed)?),
        ) else {
            return Err(TokenError::Malformed);
        };
        Ok((order, course))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_order_and_course_and_cannot_be_forged() {
        let signer = TicketSigner::from_seed([7; 32]);
        let (order, course) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let link = signer.link(order, course);
        assert_eq!(signer.verifier().verify_link(&link), Ok((order, course)));
        let other = TicketSigner::from_seed([8; 32]).verifier();
        assert_eq!(other.verify_link(&link), Err(TokenError::BadSignature));
        // Another order under the same signature.
        let forged_payload = {
            let mut p = Uuid::from_u128(9).as_bytes().to_vec();
            p.extend_from_slice(course.as_bytes());
            URL_SAFE_NO_PAD.encode(p)
        };
        let parts: Vec<&str> = link.split('.').collect();
        let forged = format!("{LINK_PREFIX}.{forged_payload}.{}", parts[2]);
        assert_eq!(signer.verifier().verify_link(&forged), Err(TokenError::BadSignature));
        assert_eq!(signer.verifier().verify_link("NBL1.x.y"), Err(TokenError::Malformed));
        assert_eq!(signer.verifier().verify_link(""), Err(TokenError::Malformed));
    }

    #[test]
    fn a_ticket_token_is_not_a_link() {
        let signer = TicketSigner::from_seed([7; 32]);
        let link = signer.link(Uuid::from_u128(1), Uuid::from_u128(2));
        assert!(signer.verifier().verify(&link).is_err());
    }
}
