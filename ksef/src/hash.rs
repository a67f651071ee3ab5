//! The SHA-256 of an invoice's XML: its identity to KSeF (Base64, `invoiceHash`) and in
//! the QR code (Base64URL without padding).

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use sha2::{Digest, Sha256};

pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// Base64 (standard, padded), as the API's `invoiceHash` fields carry it.
pub fn sha256_base64(bytes: &[u8]) -> String {
    STANDARD.encode(sha256(bytes))
}

/// Base64URL without padding, as KOD I carries it.
pub fn sha256_base64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(sha256(bytes))
}
