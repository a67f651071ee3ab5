//! # ksef
//!
//! Poland's national e-invoice system (KSeF 2.0) as this product speaks to it: the
//! client of its API (`client`: token authentication, the interactive session, sending,
//! status, UPO), every answer about a document sorted by what to do next (`answers`:
//! the guide's status-code tables in one place), the KSeF number and its CRC-8 (`number`), the verification QR links
//! (`qr`), the encryption the API asks for (`crypto`), the bodies of the operations used
//! (`wire`), and a stand-in (`sandbox`) that speaks the same API over HTTP for `./run`
//! and the tests, with fault injection.
//!
//! The Ministry's document is the contract: `ksef/api/open-api.json`, a copy of it (base path
//! `/v2` on the Ministry's hosts, e.g. `https://api-test.ksef.mf.gov.pl/v2`); the tests
//! check every request the client sends and every answer the stand-in gives against its
//! schemas (`tests/conformance.rs`, with the copy in `ksef/api/open-api.json`).
//!
//! Why our own client: the crates `ksef` 0.7.3 and `ksef-client` 0.2.2 on crates.io were
//! tried and are not used. Both hard-code the Ministry's hosts, so they cannot reach the
//! stand-in or a `KSEF_URL`; `ksef`'s client is not `Sync` and sleeps inside;
//! `ksef-client` needs the system's OpenSSL. This one is `reqwest` (rustls) and the
//! RustCrypto crates (`rsa`, `aes`, `cbc`, `x509-cert`), versions already in the lock.

//! ## Use
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use ksef::{sandbox::StandIn, Client, Config, Environment, InvoiceStatus};
//! // The stand-in, nested where the product serves it.
//! let standin = StandIn::new("8650001238", "the-ksef-token")?;
//! let app: axum::Router = axum::Router::new().nest("/ksef-sandbox/v2", standin.router());
//! # let _ = app;
//! // The client (Send + Sync: share one, e.g. in an Arc).
//! let client = Client::new(Config {
//!     env: Environment::Sandbox,
//!     api_url: "http://127.0.0.1:8080/ksef-sandbox/v2".into(),
//!     nip: "8650001238".into(),
//!     token: "the-ksef-token".into(),
//! })?;
//! let session = client.open_session().await?;
//! # let xml: Vec<u8> = vec![];
//! let invoice_ref = client.send(&session, &xml, false).await?;
//! if let InvoiceStatus::Accepted { ksef_number, .. } = client.status(&session.reference, &invoice_ref).await? {
//!     let _upo = client.invoice_upo(&session.reference, ksef_number.as_str()).await?;
//! }
//! client.close(&session.reference).await?;
//! # Ok(()) }
//! ```
//!
//! ## A backlog: batch sessions
//!
//! More than one invoice at a time goes in a batch session (`limity/limity-api.md`: the
//! interactive session's 180 sends an hour would take ~55 hours for 10,000 invoices):
//!
//! ```no_run
//! # async fn demo(client: &ksef::Client, xmls: Vec<Vec<u8>>) -> Result<(), Box<dyn std::error::Error>> {
//! use ksef::BatchInvoice;
//! let backlog: Vec<BatchInvoice> = xmls.into_iter().map(|xml| BatchInvoice { xml, offline: true }).collect();
//! // As many sessions as the limits need (10,000 invoices, 50 parts of 100 MB, one
//! // offlineMode per session); on an error, `BatchError::sent` lists those already sent.
//! for session in client.send_batch(&backlog).await? {
//!     // Poll `session_status(&session.reference)` until its code is not 100/150, then:
//!     for result in client.batch_results(&session.reference).await? {
//!         let _index = session.hashes.iter().position(|h| *h == result.hash).map(|p| session.indices[p]);
//!         let _ = result.status; // Accepted { ksef_number, .. } | Rejected { code, reason }
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! ## Within the limits
//!
//! Every call goes through the client's throttle (`client::throttle`): each operation's
//! documented limits per second, minute and hour (`x-rate-limits` in `open-api.json`),
//! counted in sliding windows as KSeF counts them, with a margin (80 % by default,
//! `Options::throttle_margin`). A call over a short window waits for it; one over a long
//! window is not made (`RateLimited`), and neither is one into the block a 429 announced.
//! `Client::limits()` shows the calls left per operation and window, what is blocked and
//! until when, and the interactive session in use.
//!
//! Errors sort by what to do next: `Unavailable` (no answer, a timeout, a 5xx) means try
//! later / go offline; `RateLimited` (the throttle holds the call back, or a 429 whose
//! `Retry-After` is past the client's bound) means try later, and is NOT an outage;
//! `Busy` means KSeF is working on it (an authentication in progress): try later, not an
//! outage either; `AuthRefused` means an admin must fix the token or NIP; `Refused`
//! carries the API's `exceptionCode` (`answers::refused_send` says what it means for a
//! document); `Protocol` is an answer off the document.

pub mod answers;
pub mod client;
pub mod config;
pub mod crypto;
pub mod error;
pub mod hash;
pub mod number;
pub mod qr;
pub mod sandbox;
pub mod wire;
pub mod wire_batch;

pub use client::{BatchInvoice, BatchSession, Check, Client, InvoiceStatus, OnlineSession, Options};
pub use config::{Config, Environment};
pub use error::KsefError;
pub use number::{KsefNumber, KsefNumberError};
pub use qr::OfflineCertificate;
