//! The register's documents as KSeF FA(3) e-invoices: one XML file per document of the
//! register, into a directory (`coach finance register --format fa3 --out DIR`).
//!
//! An FA(3) file repeats the invoice's lines (one per kind of ticket) and its payment,
//! which the invoice events do not carry: for each document the order's stream is read up
//! to the document's own event, folded into the order as it stood when the document was
//! issued, and printed by the one mapping every invoice file uses
//! (`invoicing::document`, as the downloads and the e-mails do) and
//! `documents::invoice_fa3`. So the files are the documents as issued, whatever changed in
//! the order afterwards.
//!
//! [`Fa3Sink`] queues the documents the replay hands it and writes them at each
//! [`Sink::flush`] (every thousand events or so), so memory stays bounded. A document
//! whose recorded data cannot make a valid file (a seller without a NIP, say) is skipped
//! and reported with its reason in [`Fa3Outcome::failed`]; a store that cannot be read
//! fails the export.

use std::io;
use std::path::{Path, PathBuf};

use async_trait::async_trait;
use domain::order::{Order, OrderEvent};
use domain::Aggregate;
use event_store::{Direction, EventStore, ReadFrom, StreamName};
use invoicing::{IssuedDocument, OrderFacts};

/// A document's file name: its number with every character but letters, digits and `-`
/// as `_`, and the extension (`FV/2026/17` → `FV_2026_17.xml`).
pub use invoicing::file_name;

use crate::format::Sink;
use crate::register::{RegisterQuery, RegisterRow, Summary};
use crate::replay::{replay, ReplayError};

/// Events read per page of an order's stream.
const PAGE: usize = 500;

/// What an FA(3) export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fa3Outcome {
    /// The register's rows and sums.
    pub summary: Summary,
    /// The files written, in the register's order.
    pub written: Vec<PathBuf>,
    /// The documents that could not be written: number and why.
    pub failed: Vec<(String, String)>,
}

/// Write one FA(3) file per document of the register of `query` into `dir` (created when
/// missing), named after the document's number (`FV_2026_17.xml`).
pub async fn export_fa3(store: &dyn EventStore, query: &RegisterQuery, dir: &Path) -> Result<Fa3Outcome, ReplayError> {
    std::fs::create_dir_all(dir)?;
    let mut sink = Fa3Sink { store, dir: dir.to_owned(), pending: Vec::new(), outcome: Fa3Outcome::default() };
    let summary = replay(store, query, &mut sink).await?;
    Ok(Fa3Outcome { summary, ..sink.outcome })
}

/// A document the replay handed over, to be written at the next flush.
struct Pending {
    stream: String,
    version: u64,
    number: String,
}

/// The sink of [`export_fa3`].
pub struct Fa3Sink<'s> {
    store: &'s dyn EventStore,
    dir: PathBuf,
    pending: Vec<Pending>,
    outcome: Fa3Outcome,
}

#[async_trait]
impl Sink for Fa3Sink<'_> {
    fn row(&mut self, row: &RegisterRow<'_>) -> io::Result<()> {
        Err(io::Error::other(format!("{}: an FA(3) file needs the document's event", row.number)))
    }

    fn document(&mut self, row: &RegisterRow<'_>, stream: &str, version: u64) -> io::Result<()> {
        self.pending.push(Pending { stream: stream.to_owned(), version, number: row.number.to_string() });
        Ok(())
    }

    fn end(&mut self, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }

    async fn flush(&mut self) -> io::Result<()> {
        for pending in std::mem::take(&mut self.pending) {
            match self.file(&pending).await? {
                Ok(path) => self.outcome.written.push(path),
                Err(why) => self.outcome.failed.push((pending.number, why)),
            }
        }
        Ok(())
    }
}

impl Fa3Sink<'_> {
    /// Write the document of `pending`: `Ok(Err(why))` when its data cannot make a valid
    /// file, `Err` when the store cannot be read.
    async fn file(&self, pending: &Pending) -> io::Result<Result<PathBuf, String>> {
        let (order, issued, documents) = self.as_issued(pending).await?;
        let Some(state) = order.placed() else {
            return Ok(Err(format!("its order {} was never placed", pending.stream)));
        };
        let document = invoicing::document(&issued, &OrderFacts::of_order(state), &documents, None);
        let xml = match documents::invoice_fa3(&document) {
            Ok(xml) => xml,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let path = self.dir.join(invoicing::file_name(&issued.number, "xml"));
        std::fs::write(&path, xml)?;
        Ok(Ok(path))
    }

    /// The order as it stood when the document was issued, the document, and the order's
    /// documents up to it (oldest first), from its stream.
    async fn as_issued(&self, pending: &Pending) -> io::Result<(Order, IssuedDocument, Vec<IssuedDocument>)> {
        let stream = StreamName::parse(pending.stream.as_str()).map_err(io::Error::other)?;
        let mut order = Order::default();
        let mut documents = Vec::new();
        let mut from = ReadFrom::Start;
        loop {
            let page =
                self.store.read_stream(&stream, from, Direction::Forwards, PAGE).await.map_err(io::Error::other)?;
            for recorded in &page {
                let event: OrderEvent = recorded.decode().map_err(io::Error::other)?;
                order = order.evolve(&event);
                if let Some(document) = IssuedDocument::of_event(&event) {
                    documents.push(document);
                }
                if recorded.version == pending.version {
                    let issued = documents.last().filter(|d| d.number == pending.number).cloned().ok_or_else(|| {
                        io::Error::other(format!("{} is not the document of its event", pending.number))
                    })?;
                    return Ok((order, issued, documents));
                }
            }
            match page.last() {
                Some(last) if page.len() == PAGE => from = ReadFrom::Version(last.version + 1),
                _ => return Err(io::Error::other(format!("{} ended before {}", pending.stream, pending.number))),
            }
        }
    }
}
