//! # taxpayers
//!
//! A company's name and address from its NIP, from the Ministry of Finance's public
//! register of VAT payers ("Biała lista", its REST API at `WL_API_URL`), for every form
//! that takes an invoice's buyer (the customer's order form, the office's sale, an invoice
//! after the fact). The fields it fills stay editable: the register helps, it never
//! decides (docs/invoices.md, 'The register of VAT payers fills in the buyer').
//!
//! - [`client`]: the register's `GET /api/search/nip/{nip}?date=` and what its answer
//!   means ([`Taxpayer`], or [`LookupError`]: not in the register, a request it refused,
//!   unreachable); the address it gives (`ul. Kolejowa 12, 37-400 Nisko`) split into the
//!   form's street, postal code and city ([`split_address`]).
//! - [`stand_in`]: a stand-in speaking the register's documented answers, for tests and
//!   development (`WL_API_URL=sandbox` serves it at `/wl-sandbox`).
//! - [`http`]: `GET /api/company/nip-lookup?nip=`: the lookup for the forms, each NIP's
//!   answer kept for the day (the register's own limits are small), at most
//!   [`http::PER_CLIENT_PER_HOUR`] lookups per client address an hour.

pub mod client;
pub mod http;
pub mod stand_in;

pub use client::{split_address, LookupError, Taxpayer, WhiteList};
