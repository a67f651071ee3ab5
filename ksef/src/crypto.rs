//! The encryption KSeF asks for (`sesja-interaktywna.md`, `uwierzytelnianie.md`,
//! `bezpieczenstwo/klucze-publiczne-do-szyfrowania.md`): the invoice in AES-256-CBC with
//! PKCS#7 padding under a fresh key and IV per session, that key wrapped with RSA-OAEP
//! (SHA-256, MGF1-SHA-256) under the Ministry's public key, and the KSeF token sent as
//! `token|timestampMs` under RSA-OAEP too. The public key comes from the Ministry's
//! certificate (DER, Base64 in `GET /security/public-key-certificates`).
//!
//! RustCrypto throughout (`rsa`, `aes`, `cbc`, `x509-cert`): no system OpenSSL.

use aes::cipher::{block_padding::Pkcs7, BlockModeDecrypt, BlockModeEncrypt, KeyIvInit};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePublicKey};
use rsa::rand_core::{OsRng, RngCore};
use rsa::{Oaep, RsaPrivateKey, RsaPublicKey};
use sha2::Sha256;
use x509_cert::der::{Decode, DecodePem, Encode};
use x509_cert::Certificate;

pub use rsa::{RsaPrivateKey as PrivateKey, RsaPublicKey as PublicKey};

type Aes256CbcEnc = cbc::Encryptor<aes::Aes256>;
type Aes256CbcDec = cbc::Decryptor<aes::Aes256>;

/// A key or certificate that cannot be used, or a ciphertext that does not decrypt.
#[derive(Debug, thiserror::Error)]
pub enum CryptoError {
    #[error("the certificate cannot be read: {0}")]
    Certificate(String),
    #[error("the key cannot be read: {0}")]
    Key(String),
    #[error("encryption failed: {0}")]
    Encrypt(String),
    #[error("decryption failed")]
    Decrypt,
}

/// One session's symmetric key and IV (256 and 128 bits), fresh for every session.
#[derive(Clone)]
pub struct SessionKey {
    key: [u8; 32],
    iv: [u8; 16],
}

impl std::fmt::Debug for SessionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionKey(<hidden>)")
    }
}

impl SessionKey {
    /// A fresh random key and IV from the operating system's generator.
    pub fn generate() -> Self {
        let mut key = [0u8; 32];
        let mut iv = [0u8; 16];
        OsRng.fill_bytes(&mut key);
        OsRng.fill_bytes(&mut iv);
        Self { key, iv }
    }

    /// A key from its parts (the stand-in, once it has unwrapped the client's key).
    pub fn from_parts(key: &[u8], iv: &[u8]) -> Result<Self, CryptoError> {
        let key: [u8; 32] = key.try_into().map_err(|_| CryptoError::Key("the AES key is not 32 bytes".into()))?;
        let iv: [u8; 16] = iv.try_into().map_err(|_| CryptoError::Key("the IV is not 16 bytes".into()))?;
        Ok(Self { key, iv })
    }

    pub fn key(&self) -> &[u8; 32] {
        &self.key
    }

    pub fn iv(&self) -> &[u8; 16] {
        &self.iv
    }

    /// AES-256-CBC with PKCS#7 padding.
    pub fn encrypt(&self, plain: &[u8]) -> Vec<u8> {
        Aes256CbcEnc::new(&self.key.into(), &self.iv.into()).encrypt_padded_vec::<Pkcs7>(plain)
    }

    pub fn decrypt(&self, cipher: &[u8]) -> Result<Vec<u8>, CryptoError> {
        Aes256CbcDec::new(&self.key.into(), &self.iv.into())
            .decrypt_padded_vec::<Pkcs7>(cipher)
            .map_err(|_| CryptoError::Decrypt)
    }
}

/// The RSA public key in a certificate given as DER.
pub fn public_key_from_certificate_der(der: &[u8]) -> Result<RsaPublicKey, CryptoError> {
    let cert = Certificate::from_der(der).map_err(|e| CryptoError::Certificate(e.to_string()))?;
    spki_to_rsa(&cert)
}

/// The RSA public key in a certificate given as Base64 DER (the API's `certificate` field).
pub fn public_key_from_certificate_base64(b64: &str) -> Result<RsaPublicKey, CryptoError> {
    let der = STANDARD.decode(b64.trim()).map_err(|e| CryptoError::Certificate(e.to_string()))?;
    public_key_from_certificate_der(&der)
}

fn spki_to_rsa(cert: &Certificate) -> Result<RsaPublicKey, CryptoError> {
    let spki =
        cert.tbs_certificate.subject_public_key_info.to_der().map_err(|e| CryptoError::Certificate(e.to_string()))?;
    RsaPublicKey::from_public_key_der(&spki).map_err(|e| CryptoError::Certificate(e.to_string()))
}

/// A PEM certificate's DER bytes and serial number (uppercase hex of its DER integer).
pub fn certificate_pem(pem: &str) -> Result<(Vec<u8>, String, RsaPublicKey), CryptoError> {
    let cert = Certificate::from_pem(pem.as_bytes()).map_err(|e| CryptoError::Certificate(e.to_string()))?;
    let der = cert.to_der().map_err(|e| CryptoError::Certificate(e.to_string()))?;
    let serial = cert.tbs_certificate.serial_number.as_bytes().iter().map(|b| format!("{b:02X}")).collect();
    let key = spki_to_rsa(&cert)?;
    Ok((der, serial, key))
}

/// An RSA private key from PEM, PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`).
pub fn private_key_pem(pem: &str) -> Result<RsaPrivateKey, CryptoError> {
    RsaPrivateKey::from_pkcs8_pem(pem)
        .or_else(|_| RsaPrivateKey::from_pkcs1_pem(pem))
        .map_err(|e| CryptoError::Key(e.to_string()))
}

/// The public key's SubjectPublicKeyInfo, DER.
pub fn public_key_der(key: &RsaPublicKey) -> Result<Vec<u8>, CryptoError> {
    Ok(key.to_public_key_der().map_err(|e| CryptoError::Key(e.to_string()))?.into_vec())
}

/// RSAES-OAEP with SHA-256 and MGF1-SHA-256.
pub fn rsa_oaep_encrypt(key: &RsaPublicKey, plain: &[u8]) -> Result<Vec<u8>, CryptoError> {
    key.encrypt(&mut OsRng, Oaep::new::<Sha256>(), plain).map_err(|e| CryptoError::Encrypt(e.to_string()))
}

pub fn rsa_oaep_decrypt(key: &RsaPrivateKey, cipher: &[u8]) -> Result<Vec<u8>, CryptoError> {
    key.decrypt(Oaep::new::<Sha256>(), cipher).map_err(|_| CryptoError::Decrypt)
}

/// The `encryptedToken` of `POST /auth/ksef-token`: `token|timestampMs` (the challenge's
/// timestamp in milliseconds), UTF-8, RSA-OAEP, Base64.
pub fn encrypt_ksef_token(key: &RsaPublicKey, token: &str, timestamp_ms: i64) -> Result<String, CryptoError> {
    let plain = format!("{token}|{timestamp_ms}");
    Ok(STANDARD.encode(rsa_oaep_encrypt(key, plain.as_bytes())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CERT: &str = include_str!("../sandbox-keys/ksef-standin-cert.pem");
    const KEY: &str = include_str!("../sandbox-keys/ksef-standin-key.pem");

    #[test]
    fn aes_round_trip_and_padding() -> Result<(), CryptoError> {
        let k = SessionKey::generate();
        let c = k.encrypt(b"<Faktura/>");
        assert_eq!(c.len(), 16, "10 bytes pad to one block (PKCS#7)");
        assert_eq!(k.decrypt(&c)?, b"<Faktura/>");
        let c = k.encrypt(&[7u8; 16]);
        assert_eq!(c.len(), 32, "a full block gets a whole block of padding");
        Ok(())
    }

    #[test]
    fn fresh_keys_differ() {
        let (a, b) = (SessionKey::generate(), SessionKey::generate());
        assert_ne!(a.key(), b.key());
        assert_ne!(a.iv(), b.iv());
    }

    #[test]
    fn oaep_wrap_unwraps_with_the_private_key_and_the_token_reads_back() -> Result<(), CryptoError> {
        let (der, serial, public) = certificate_pem(CERT)?;
        assert_eq!(serial, "01F20A5D352AE590");
        let from_der = public_key_from_certificate_der(&der)?;
        assert_eq!(from_der, public);
        let private = private_key_pem(KEY)?;
        let k = SessionKey::generate();
        let wrapped = rsa_oaep_encrypt(&public, k.key())?;
        assert_eq!(wrapped.len(), 256);
        assert_eq!(rsa_oaep_decrypt(&private, &wrapped)?, k.key());
        let token = encrypt_ksef_token(&public, "20250625-EC-2-ABC|nip-5265877635|x", 1_750_000_000_123)?;
        let plain = rsa_oaep_decrypt(&private, &STANDARD.decode(token).map_err(|_| CryptoError::Decrypt)?)?;
        assert_eq!(plain, b"20250625-EC-2-ABC|nip-5265877635|x|1750000000123");
        Ok(())
    }
}
