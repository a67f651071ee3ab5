//! What KSeF does with a closed batch session's package, in the background: check each
//! encrypted part's hash (405), decrypt it (435), check the reassembled ZIP's hash and
//! size (405), unzip it (430), refuse more invoices than a session may hold (420), then
//! each invoice as in an interactive session (`process`), the schema check being ONE
//! xmllint run over every file of the package (its per-file verdicts parsed).

use super::process::{self, conclude, fields_of, injected, schema_rejection, text_of, Fields};
use super::reply::now_string;
use super::state::{reference, Invoice};
use super::Shared;
use crate::hash::sha256_base64;
use crate::wire::StatusInfo;
use std::collections::HashMap;
use std::io::Read;
use std::sync::Arc;

fn info(code: i64, description: &str, details: Option<String>) -> StatusInfo {
    StatusInfo { code, description: description.into(), details: details.map(|d| vec![d]), extensions: None }
}

/// Processes the package of a closed batch session and records every outcome.
pub(crate) async fn run(shared: Arc<Shared>, session_ref: String) {
    if !shared.options.processing_delay.is_zero() {
        tokio::time::sleep(shared.options.processing_delay).await;
    }
    // Held by a test (`holdBatches`): the package waits, its session at 150.
    while shared.faults.batches_held() {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let outcome = match unpack(&shared, &session_ref) {
        Err(failed) => failed,
        Ok(files) if files.len() > shared.options.batch.max_invoices => info(
            420,
            "Przekroczony limit faktur w sesji",
            Some(format!("{} faktur (najwyżej {}).", files.len(), shared.options.batch.max_invoices)),
        ),
        Ok(files) => {
            let references = register(&shared, &session_ref, &files);
            for (reference, verdict) in references.iter().zip(check_all(&shared, &files).await) {
                conclude(&shared, &session_ref, reference, verdict);
            }
            info(200, "Sesja wsadowa przetworzona pomyślnie", None)
        }
    };
    let mut state = shared.state();
    if let Some(session) = state.sessions.get_mut(&session_ref) {
        session.updated = now_string();
        if let Some(batch) = session.batch.as_mut() {
            batch.outcome = Some(outcome);
        }
    }
}

/// The package's files, in ZIP order, or why the package fails as a whole.
fn unpack(shared: &Shared, session_ref: &str) -> Result<Vec<Vec<u8>>, StatusInfo> {
    let unknown = || info(500, "Nieznany błąd (404)", Some(format!("Sesja {session_ref}")));
    let (key, declared, mut parts) = {
        let mut state = shared.state();
        let session = state.sessions.get_mut(session_ref).ok_or_else(unknown)?;
        let key = session.key.clone();
        let batch = session.batch.as_mut().ok_or_else(unknown)?;
        (key, batch.declared.clone().ok_or_else(unknown)?, std::mem::take(&mut batch.parts))
    };
    let invalid =
        |detail: String| info(405, "Błąd weryfikacji poprawności dostarczonych elementów paczki", Some(detail));
    let mut zip = Vec::new();
    let mut declared_parts = declared.file_parts.clone();
    declared_parts.sort_by_key(|p| p.ordinal_number);
    for part in &declared_parts {
        let bytes = parts.remove(&part.ordinal_number).unwrap_or_default();
        if sha256_base64(&bytes) != part.file_hash {
            return Err(invalid(format!("Skrót części {} nie zgadza się z zadeklarowanym.", part.ordinal_number)));
        }
        let plain = key.decrypt(&bytes).map_err(|_| {
            info(
                435,
                "Błąd odszyfrowania zaszyfrowanych części archiwum",
                Some(format!("Część {}", part.ordinal_number)),
            )
        })?;
        zip.extend_from_slice(&plain);
    }
    if sha256_base64(&zip) != declared.file_hash || i64::try_from(zip.len()).ok() != Some(declared.file_size) {
        return Err(invalid("Skrót lub rozmiar paczki nie zgadza się z batchFile.".into()));
    }
    let broken = |e: &dyn std::fmt::Display| info(430, "Błąd dekompresji pierwotnego archiwum", Some(e.to_string()));
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).map_err(|e| broken(&e))?;
    let mut files = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| broken(&e))?;
        if entry.is_dir() {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).map_err(|e| broken(&e))?;
        files.push(bytes);
    }
    Ok(files)
}

/// Lists every file as an invoice of the session, processing (150); their references.
fn register(shared: &Shared, session_ref: &str, files: &[Vec<u8>]) -> Vec<String> {
    let mut state = shared.state();
    let now = now_string();
    let mut invoices = Vec::with_capacity(files.len());
    for (i, xml) in files.iter().enumerate() {
        let hash = sha256_base64(xml);
        *state.received.entry(hash.clone()).or_default() += 1;
        invoices.push(Invoice {
            ordinal: i64::try_from(i + 1).unwrap_or(i64::MAX),
            reference: reference("EE"),
            hash,
            invoice_number: None,
            issue_date: None,
            seller_nip: None,
            ksef_number: None,
            invoicing_date: now.clone(),
            acquisition_date: None,
            offline: false,
            corrects: None,
            status: process::status(150, "Trwa przetwarzanie", vec![]),
        });
    }
    let Some(session) = state.sessions.get_mut(session_ref) else {
        return Vec::new();
    };
    let offline = session.batch.as_ref().is_some_and(|b| b.offline);
    for invoice in &mut invoices {
        invoice.offline = offline;
    }
    let references = invoices.iter().map(|i| i.reference.clone()).collect();
    session.invoices.extend(invoices);
    references
}

/// Each file's verdict: text checks and injected faults first, then the schema for all
/// that passed them in one xmllint run.
async fn check_all(shared: &Shared, files: &[Vec<u8>]) -> Vec<Result<Fields, StatusInfo>> {
    let mut verdicts: Vec<Result<String, StatusInfo>> =
        files.iter().map(|xml| text_of(xml).and_then(|text| injected(shared).map(|()| text))).collect();
    let candidates: Vec<(usize, &[u8])> = verdicts
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_ok())
        .filter_map(|(i, _)| files.get(i).map(|f| (i, f.as_slice())))
        .collect();
    let schema = schema_check_many(shared, &candidates).await;
    for (i, verdict) in verdicts.iter_mut().enumerate() {
        if let Some(complaints) = schema.get(&i) {
            *verdict = Err(schema_rejection(complaints.clone()));
        }
    }
    verdicts.into_iter().map(|v| v.map(|text| fields_of(shared, &text))).collect()
}

fn file_name(i: usize) -> String {
    format!("f{i:05}.xml")
}

/// One `xmllint --noout --schema … f1 … fN` over the files (in a fresh temporary folder):
/// the complaints of each file that did not validate, by its index. Without xmllint the
/// check is skipped, as for the interactive session.
async fn schema_check_many(shared: &Shared, files: &[(usize, &[u8])]) -> HashMap<usize, Vec<String>> {
    if files.is_empty() {
        return HashMap::new();
    }
    let dir = std::env::temp_dir().join(format!("ksef-standin-batch-{}", uuid::Uuid::new_v4().simple()));
    let everyone = |why: String| files.iter().map(|(i, _)| (*i, vec![why.clone()])).collect();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return everyone(format!("stand-in: {e}"));
    }
    for (i, xml) in files {
        if let Err(e) = std::fs::write(dir.join(file_name(*i)), xml) {
            let _ = std::fs::remove_dir_all(&dir);
            return everyone(format!("stand-in: {e}"));
        }
    }
    let schemas = &shared.options.schema_dir;
    let output = tokio::process::Command::new("xmllint")
        .current_dir(&dir)
        .env("XML_CATALOG_FILES", schemas.join("catalog.xml"))
        .args(["--noout", "--nonet", "--schema"])
        .arg(schemas.join("schemat_FA(3)_v1-0E.xsd"))
        .args(files.iter().map(|(i, _)| file_name(*i)))
        .output()
        .await;
    let _ = std::fs::remove_dir_all(&dir);
    let output = match output {
        Ok(output) => output,
        Err(e) => {
            tracing::warn!(error = %e, "KSeF stand-in: xmllint cannot run, the FA(3) schema check is skipped");
            return HashMap::new();
        }
    };
    verdicts(&String::from_utf8_lossy(&output.stderr), files.iter().map(|(i, _)| *i))
}

/// xmllint's per-file verdicts: a file validates only if it says `NAME validates`; the
/// others get their own lines (`NAME:LINE: …`), at most five.
fn verdicts(stderr: &str, indices: impl Iterator<Item = usize>) -> HashMap<usize, Vec<String>> {
    let mut complaints: HashMap<String, Vec<String>> = HashMap::new();
    let mut valid = std::collections::HashSet::new();
    for line in stderr.lines() {
        if let Some(name) = line.strip_suffix(" validates") {
            valid.insert(name.to_owned());
        } else if let Some((name, rest)) = line.split_once(':') {
            let list = complaints.entry(name.to_owned()).or_default();
            if list.len() < 5 {
                list.push(format!("line {}", rest.trim_start()));
            }
        }
    }
    indices
        .filter_map(|i| {
            let name = file_name(i);
            (!valid.contains(&name)).then(|| {
                let why = complaints.remove(&name).filter(|c| !c.is_empty());
                (i, why.unwrap_or_else(|| vec![format!("{name} fails to validate")]))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crypto::SessionKey;
    use crate::sandbox::state::{Batch, Session};
    use crate::sandbox::StandIn;
    use crate::wire_batch::{BatchFileInfo, BatchFilePartInfo};

    fn with_part(standin: &StandIn, key: &SessionKey, declared: &BatchFileInfo, part: Vec<u8>) {
        let batch =
            Batch { declared: Some(declared.clone()), parts: [(1, part)].into_iter().collect(), ..Batch::default() };
        let session = Session {
            key: key.clone(),
            created: now_string(),
            updated: now_string(),
            valid_until: now_string(),
            closed: true,
            invoices: Vec::new(),
            batch: Some(batch),
        };
        standin.0.state().sessions.insert("S".into(), session);
    }

    #[test]
    fn a_tampered_part_fails_the_package_and_an_intact_one_unpacks() {
        let standin = StandIn::new("8650001238", "token").unwrap();
        let key = SessionKey::generate();
        let zip = crate::client::package([b"<a/>".as_slice()].into_iter()).unwrap();
        let part = key.encrypt(&zip);
        let declared = BatchFileInfo {
            file_size: zip.len() as i64,
            file_hash: sha256_base64(&zip),
            file_parts: vec![BatchFilePartInfo {
                ordinal_number: 1,
                file_size: part.len() as i64,
                file_hash: sha256_base64(&part),
            }],
        };
        let mut tampered = part.clone();
        tampered[0] ^= 1;
        with_part(&standin, &key, &declared, tampered);
        assert_eq!(unpack(&standin.0, "S").map_err(|s| s.code), Err(405));
        with_part(&standin, &key, &declared, part);
        assert_eq!(unpack(&standin.0, "S").map_err(|s| s.code), Ok(vec![b"<a/>".to_vec()]));
    }

    #[test]
    fn xmllint_verdicts_are_read_per_file() {
        let stderr = "f00000.xml validates\n\
                      f00001.xml:12: element P_2: Schemas validity error : Element 'P_2': [facet 'minLength']\n\
                      f00001.xml fails to validate\n\
                      f00002.xml:1: parser error : Start tag expected, '<' not found\n";
        let v = verdicts(stderr, [0, 1, 2].into_iter());
        assert!(!v.contains_key(&0));
        assert_eq!(v.get(&1).map(|c| c[0].starts_with("line 12: element P_2")), Some(true), "{v:?}");
        assert_eq!(v.get(&2).map(Vec::len), Some(1), "a file xmllint could not parse fails too");
    }
}
