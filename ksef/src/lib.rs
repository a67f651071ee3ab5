//! # ksef
//!
//! Poland's national e-invoice system (KSeF 2.0) as this product speaks to it: the
//! client of its API (token authentication, the interactive session, sending, status,
//! UPO), the KSeF number and its CRC-8, the verification QR links, and a stand-in
//! (`sandbox`) that speaks the same API over HTTP for `./run` and the tests.
//!
//! The Ministry's document is the contract: `../shared/ksef/api/open-api.json`.
//!
//! (Skeleton: the public surface the sender process is written against. Filled in by
//! the client and stand-in work.)

pub mod client;
pub mod config;
pub mod error;
pub mod hash;
pub mod number;
pub mod qr;
pub mod sandbox;

pub use client::{Client, InvoiceStatus, OnlineSession};
pub use config::{Config, Environment};
pub use error::KsefError;
pub use number::KsefNumber;
