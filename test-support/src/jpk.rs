//! The JPK_V7M(3) check every test that makes a file runs: xmllint against the official
//! schema kept in `finance/jpk/`, offline (its catalog maps the schema's imports to
//! `jpk/bazowe/`, and `--nonet` makes any other fetch an error).
//!
//! As for FA(3) ([`crate::fa3`]), a missing xmllint fails the check rather than passing it.

use std::path::{Path, PathBuf};

/// The repository's copy of the official schema.
pub fn jpk_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("finance").join("jpk")
}

/// Runs xmllint on `xml` with the JPK_V7M(3) schema; `Err` carries its complaints.
pub fn validate(name: &str, xml: &str) -> Result<(), String> {
    crate::fa3::validate_against(&jpk_dir(), "schemat_JPK_V7M(3)_v1-0E.xsd", &format!("jpk-{name}"), xml)
}
