//! The JPK_V7M(3) check every test that makes a file runs: xmllint against the official
//! schema kept in `finance/jpk/`, offline (its catalog maps the schema's imports to
//! `jpk/bazowe/`, and `--nonet` makes any other fetch an error).
//!
//! As for FA(3) ([`crate::fa3`]), a missing xmllint fails the check rather than passing it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's copy of the official schema.
pub fn jpk_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("finance").join("jpk")
}

/// Runs xmllint on `xml` with the JPK_V7M(3) schema; `Err` carries its complaints.
pub fn validate(name: &str, xml: &str) -> Result<(), String> {
    let file = std::env::temp_dir().join(format!("jpk-{name}-{}.xml", std::process::id()));
    std::fs::write(&file, xml).expect("write the xml to the temp dir");
    let output = Command::new("xmllint")
        .env("XML_CATALOG_FILES", jpk_dir().join("catalog.xml"))
        .args(["--noout", "--nonet", "--schema"])
        .arg(jpk_dir().join("schemat_JPK_V7M(3)_v1-0E.xsd"))
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("xmllint could not be run ({e}): run scripts/setup.sh (it installs libxml2-utils)"));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let _ = std::fs::remove_file(&file);
    if output.status.success() && stderr.contains("validates") {
        Ok(())
    } else {
        Err(format!("{name} ({}): {stderr}", output.status))
    }
}
