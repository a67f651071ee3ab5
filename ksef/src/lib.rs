//! # ksef
//!
//! Poland's national e-invoice system (KSeF 2.0) as this product speaks to it: the
//! client of its API (`client`: token authentication, the interactive session, sending,
//! status, UPO), the KSeF number and its CRC-8 (`number`), the verification QR links
//! (`qr`), the encryption the API asks for (`crypto`), the bodies of the operations used
//! (`wire`), and a stand-in (`sandbox`) that speaks the same API over HTTP for `./run`
//! and the tests, with fault injection.
//!
//! The Ministry's document is the contract: `../shared/ksef/api/open-api.json` (base path
//! `/v2` on the Ministry's hosts, e.g. `https://api-test.ksef.mf.gov.pl/v2`); the tests
//! check every request the client sends and every answer the stand-in gives against its
//! schemas (`tests/conformance.rs`, with the copy in `ksef/api/open-api.json`).
//!
//! Why our own client: the crates `ksef` 0.7.3 and `ksef-client` 0.2.2 on crates.io were
//! tried and are not used. Both hard-code the Ministry's hosts, so they cannot reach the
//! stand-in or a `KSEF_URL`; `ksef`'s client is not `Sync` and sleeps inside;
//! `ksef-client` needs the system's OpenSSL. This one is `reqwest` (rustls) and the
//! RustCrypto crates (`rsa`, `aes`, `cbc`, `x509-cert`), versions already in the lock.

pub mod client;
pub mod config;
pub mod crypto;
pub mod error;
pub mod hash;
pub mod number;
pub mod qr;
pub mod sandbox;
pub mod wire;

pub use client::{Client, InvoiceStatus, OnlineSession, Options};
pub use config::{Config, Environment};
pub use error::KsefError;
pub use number::{KsefNumber, KsefNumberError};
pub use qr::OfflineCertificate;
