//! The FA(3) e-invoice check every test that produces one runs: xmllint against the
//! official schema kept in `documents/ksef/`, offline (its catalog maps the schema's one
//! remote import to `ksef/bazowe/`, and `--nonet` makes any other fetch an error).
//!
//! xmllint is a system tool (Debian's libxml2-utils, installed by `scripts/setup.sh`).
//! Without it the check panics rather than passes: a schema check that silently did not
//! run would look like one that passed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's copy of the official schema.
pub fn ksef_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("documents").join("ksef")
}

/// Runs xmllint on `xml` (written to a temporary file named after `name`) with the FA(3)
/// schema; `Err` carries xmllint's complaints.
pub fn validate(name: &str, xml: &str) -> Result<(), String> {
    validate_against(&ksef_dir(), "schemat_FA(3)_v1-0E.xsd", &format!("fa3-{name}"), xml)
}

/// Runs xmllint on `xml` with the schema `schema` of `dir` (offline, through the
/// folder's `catalog.xml`); `Err` carries xmllint's complaints. The JPK check uses it too.
pub fn validate_against(dir: &Path, schema: &str, name: &str, xml: &str) -> Result<(), String> {
    let file = std::env::temp_dir().join(format!("{name}-{}.xml", std::process::id()));
    std::fs::write(&file, xml).expect("write the xml to the temp dir");
    let output = Command::new("xmllint")
        .env("XML_CATALOG_FILES", dir.join("catalog.xml"))
        .args(["--noout", "--nonet", "--schema"])
        .arg(dir.join(schema))
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
