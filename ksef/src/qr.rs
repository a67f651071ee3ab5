//! The verification links the QR codes carry (`kody-qr.md`).
//!
//! - KOD I (every invoice): `https://{qr_host}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of the XML, Base64URL}`.
//! - KOD II (offline invoices only): `https://{qr_host}/certificate/{context type}/{context value}/{seller NIP}/{certificate serial}/{SHA-256, Base64URL}/{signature}`,
//!   the signature RSASSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt) over the link without
//!   `https://` and without a trailing `/`, Base64URL. Made with the private key of a KSeF
//!   certificate of type Offline (`OfflineCertificate`).

use crate::crypto::{self, CryptoError};
use crate::hash::sha256_base64url;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::NaiveDate;
use rsa::pss::BlindedSigningKey;
use rsa::rand_core::OsRng;
use rsa::signature::{RandomizedSigner, SignatureEncoding};
use rsa::RsaPrivateKey;
use sha2::Sha256;

/// KOD I of an invoice: its seller, its issue date (`P_1`) and the SHA-256 of its XML.
pub fn kod_i(qr_host: &str, seller_nip: &str, issue_date: NaiveDate, xml: &[u8]) -> String {
    kod_i_from_hash(qr_host, seller_nip, issue_date, &sha256_base64url(xml))
}

/// KOD I from the hash already in Base64URL.
pub fn kod_i_from_hash(qr_host: &str, seller_nip: &str, issue_date: NaiveDate, sha256_base64url: &str) -> String {
    format!("https://{qr_host}/invoice/{seller_nip}/{}/{sha256_base64url}", issue_date.format("%d-%m-%Y"))
}

/// A KSeF certificate of type Offline: its serial number and its private key (a secret:
/// its `Debug` hides the key).
pub struct OfflineCertificate {
    serial: String,
    key: RsaPrivateKey,
}

impl std::fmt::Debug for OfflineCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OfflineCertificate").field("serial", &self.serial).field("key", &"<hidden>").finish()
    }
}

impl OfflineCertificate {
    /// From the certificate's PEM and its private key's PEM (PKCS#8 or PKCS#1). The key
    /// must be the certificate's: a link signed with another key would not verify.
    pub fn from_pem(certificate_pem: &str, private_key_pem: &str) -> Result<Self, CryptoError> {
        let (_, serial, public) = crypto::certificate_pem(certificate_pem)?;
        let key = crypto::private_key_pem(private_key_pem)?;
        if key.to_public_key() != public {
            return Err(CryptoError::Key("the private key is not the certificate's".into()));
        }
        Ok(Self { serial, key })
    }

    /// The certificate's serial number, uppercase hex.
    pub fn serial(&self) -> &str {
        &self.serial
    }

    /// RSASSA-PSS (SHA-256, MGF1-SHA-256, salt 32 bytes) of `text`, Base64URL.
    pub fn sign(&self, text: &str) -> String {
        let signer = BlindedSigningKey::<Sha256>::new(self.key.clone());
        URL_SAFE_NO_PAD.encode(signer.sign_with_rng(&mut OsRng, text.as_bytes()).to_bytes())
    }
}

/// The signed part of KOD II (no scheme, no trailing slash), as the document's example shows.
pub fn kod_ii_signed_text(
    qr_host: &str,
    context_nip: &str,
    seller_nip: &str,
    serial: &str,
    sha256_base64url: &str,
) -> String {
    format!("{qr_host}/certificate/Nip/{context_nip}/{seller_nip}/{serial}/{sha256_base64url}")
}

/// KOD II of an offline invoice issued in the context of `context_nip` (type `Nip`).
pub fn kod_ii(qr_host: &str, context_nip: &str, seller_nip: &str, cert: &OfflineCertificate, xml: &[u8]) -> String {
    let text = kod_ii_signed_text(qr_host, context_nip, seller_nip, cert.serial(), &sha256_base64url(xml));
    let signature = cert.sign(&text);
    format!("https://{text}/{signature}")
}

/// What a carrier without the offline certificate must know (Polish, then English): the
/// start-up log, the daily report and the admin panel say it. The guide requires KOD II
/// ([`kod_ii`], signed with that certificate) on an offline invoice; without it the sender
/// still records a document offline when KSeF does not answer, and the invoice e-mail and
/// the PDF then carry KOD I only, marked OFFLINE.
pub const OFFLINE_WITHOUT_CERTIFICATE: &str = "Bez certyfikatu offline KSeF (KSEF_OFFLINE_CERT, KSEF_OFFLINE_KEY) \
wystawianie faktur offline nie jest możliwe: wytyczne wymagają na fakturze offline KODU II. Zamiast tego \
faktura wystawiona, gdy KSeF nie odpowiada, jest oznaczana jako offline i wysyłana nabywcy e-mailem \
z samym KODEM I (z napisem OFFLINE, bez KODU II), a do KSeF trafia, gdy ten znów odpowie.\n\
Offline invoicing is not possible without the KSeF offline certificate (KSEF_OFFLINE_CERT, KSEF_OFFLINE_KEY): \
the guide requires KOD II on an offline invoice. What happens instead: an invoice issued while KSeF does not \
answer is recorded offline and e-mailed to the buyer with KOD I only (marked OFFLINE, no KOD II); it is sent \
to KSeF once KSeF answers again.\n";

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::pss::{Signature, VerifyingKey};
    use rsa::signature::Verifier;

    const CERT: &str = include_str!("../sandbox-keys/ksef-standin-cert.pem");
    const KEY: &str = include_str!("../sandbox-keys/ksef-standin-key.pem");
    const HASH: &str = "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE";

    #[test]
    fn kod_i_is_the_documents_example() {
        let date = NaiveDate::from_ymd_opt(2026, 2, 1)
            .map(|d| kod_i_from_hash("qr-test.ksef.mf.gov.pl", "1111111111", d, HASH));
        assert_eq!(
            date.as_deref(),
            Some("https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE")
        );
    }

    #[test]
    fn kod_i_hashes_the_xml_bytes() {
        let date = NaiveDate::from_ymd_opt(2026, 2, 1).map(|d| kod_i("qr.ksef.mf.gov.pl", "1111111111", d, b"abc"));
        // SHA-256("abc") in Base64URL without padding.
        assert_eq!(
            date.as_deref(),
            Some("https://qr.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
        );
    }

    #[test]
    fn kod_ii_signs_the_documents_text_with_pss() -> Result<(), Box<dyn std::error::Error>> {
        let cert = OfflineCertificate::from_pem(CERT, KEY)?;
        assert_eq!(cert.serial(), "01F20A5D352AE590");
        let text = kod_ii_signed_text("qr-test.ksef.mf.gov.pl", "1111111111", "1111111111", cert.serial(), HASH);
        assert_eq!(
            text,
            "qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE"
        );
        let link = kod_ii("qr-test.ksef.mf.gov.pl", "1111111111", "1111111111", &cert, b"abc");
        let (signed, sig) = link.trim_start_matches("https://").rsplit_once('/').ok_or("no signature")?;
        assert!(signed.ends_with("/ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"));
        let public = crypto::private_key_pem(KEY)?.to_public_key();
        let signature = Signature::try_from(URL_SAFE_NO_PAD.decode(sig)?.as_slice())?;
        VerifyingKey::<Sha256>::new(public).verify(signed.as_bytes(), &signature)?;
        Ok(())
    }

    #[test]
    fn a_key_of_another_certificate_is_refused() {
        let other = "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAu1SU1LfVLPHCozMxH2Mo\n-----END PRIVATE KEY-----\n";
        assert!(OfflineCertificate::from_pem(CERT, other).is_err());
    }
}
