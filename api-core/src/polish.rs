//! The Polish NIP and postal code checks, kept here for the callers that read them by
//! name; the one rule is `domain::polish` (the e-invoice uses it too), and a request's
//! values are [`crate::values::Nip`] and [`crate::values::PostalCode`].

pub use domain::polish::{is_nip, is_postal_code, normalize_vat_number};
