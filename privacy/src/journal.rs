//! The journal of erasures: every erased subject also appended, with the reason, to a file
//! kept apart from the database (`PRIVACY_JOURNAL`). The keys and the register live in the
//! database, so a restored backup of it brings back the keys of subjects erased after the
//! backup was made; the journal, which the restore does not touch, names them, and the app
//! erases them again when it starts (`command_api::erasure::reapply`) before it serves.
//!
//! One line per erasure, `{subject}\t{reason}`, appended and flushed to the disk before the
//! key is deleted (a crash in between is erased again at the next start). It holds no
//! personal value: a subject is an id, and a reason is the carrier's own words.

use std::io;
use std::path::{Path, PathBuf};

use tokio::io::AsyncWriteExt;

use crate::Subject;

/// The file erasures are appended to.
#[derive(Debug, Clone)]
pub struct Journal {
    path: PathBuf,
}

impl Journal {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Journal { path: path.into() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `subject`'s erasure and waits until it is on the disk.
    pub async fn append(&self, subject: &Subject, reason: &str) -> io::Result<()> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            tokio::fs::create_dir_all(dir).await?;
        }
        let reason: String = reason.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let mut file = tokio::fs::OpenOptions::new().create(true).append(true).open(&self.path).await?;
        file.write_all(format!("{subject}\t{reason}\n").as_bytes()).await?;
        file.sync_data().await
    }

    /// Every erasure written, in order (none when the file does not exist yet); a line that
    /// does not name a subject (a torn last line) is skipped.
    pub async fn read(&self) -> io::Result<Vec<(Subject, String)>> {
        let text = match tokio::fs::read_to_string(&self.path).await {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        Ok(text
            .lines()
            .filter_map(|line| {
                let (subject, reason) = line.split_once('\t')?;
                Some((Subject::parse(subject)?, reason.to_owned()))
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    #[tokio::test]
    async fn erasures_read_back_in_order_and_a_torn_line_is_skipped() {
        let dir = std::env::temp_dir().join(format!("privacy-journal-{}", Uuid::new_v4()));
        let journal = Journal::new(dir.join("erasures.log"));
        assert_eq!(journal.read().await.expect("read"), vec![], "no file: nothing written");
        let (a, b) = (Subject::order_customer(Uuid::new_v4()), Subject::complaint(Uuid::new_v4()));
        journal.append(&a, "wniosek\tlistowny\n").await.expect("append");
        journal.append(&b, "retencja").await.expect("append");
        tokio::fs::OpenOptions::new()
            .append(true)
            .open(journal.path())
            .await
            .expect("open")
            .write_all(b"order:12")
            .await
            .expect("torn");
        assert_eq!(
            journal.read().await.expect("read"),
            vec![(a, "wniosek listowny ".to_string()), (b, "retencja".to_string())]
        );
        tokio::fs::remove_dir_all(dir).await.expect("clean");
    }
}
