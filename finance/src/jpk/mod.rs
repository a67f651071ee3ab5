//! The month's JPK_V7M(3) (docs/finance.md, 'The declaration is the rows' sums'): the sales records and the declaration
//! VAT-7(23) of a month, replayed from the events, as finance replays the register.
//!
//! Two reads of the store up to its head as the file is started:
//! 1. the facts ([`facts`]): every order's own small facts, the sales no invoice
//!    documents summed by day, channel and rate, the KSeF numbers and offline documents,
//!    and the month's invoices and corrections summed per rate: the declaration is
//!    written before the rows, so its sums come first;
//! 2. the rows: each invoice and correction issued in the month (Warsaw dates), with its
//!    KSeF number, `OFF` (due for KSeF and not in it) or `BFK` (issued outside KSeF),
//!    `FP` when it invoices a sale already in a day's document; then one row per day and
//!    channel for the sales no invoice documents: `WEW` (an internal document) for those
//!    online, `RO` (the fiscal printer's daily report, named by its Z number when the
//!    till's day was closed) for the desk's, both `DI`.
//!
//! The file holds no purchases: they are the accountant's (the control sums say 0). The
//! declaration rounds each sum to whole złoty; `P_51` (the tax to pay) is the tax due,
//! no input tax being known here. The control sum of the rows written is checked against
//! the sums the declaration was made of: a file whose two halves disagree is refused.

mod facts;
pub mod http;
pub mod month;
mod read;
pub mod xml;

use std::collections::{BTreeMap, HashMap};
use std::io::Write;

use chrono::{DateTime, FixedOffset, NaiveDate};
use event_store::{EventStore, Position, StoreError};

pub use facts::{Channel, Facts, KsefMark, Month, Sums, FACT_TYPES};
pub use xml::{Declaration, Header, JpkWriter, Marker, SalesRow};

use crate::register::{row, warsaw_date, DocumentKind, InvoiceEvent, EVENT_TYPES};

/// Why a file could not be made.
#[derive(Debug, thiserror::Error)]
pub enum JpkError {
    #[error("the event store failed: {0}")]
    Store(#[from] StoreError),
    #[error("the event {stream} version {version} could not be read: {reason}")]
    Decode { stream: String, version: u64, reason: String },
    #[error("the event store's subscription ended before its head")]
    Ended,
    #[error("the VAT rate {0} % has no field in JPK_V7M(3)")]
    UnsupportedRate(u32),
    #[error("the file could not be written: {0}")]
    Write(String),
    #[error("the rows' tax ({rows} gr) differs from the declaration's sums ({declared} gr)")]
    Inconsistent { rows: i64, declared: i64 },
}

impl From<std::io::Error> for JpkError {
    fn from(e: std::io::Error) -> Self {
        JpkError::Write(e.to_string())
    }
}

impl From<quick_xml::Error> for JpkError {
    fn from(e: quick_xml::Error) -> Self {
        JpkError::Write(e.to_string())
    }
}

/// The company as the file names it.
#[derive(Debug, Clone)]
pub struct Company {
    pub nip: String,
    pub name: String,
    pub email: String,
    /// The rate of the sales no invoice documents (the company's setting).
    pub vat_rate: u32,
}

/// What a finished file holds.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
pub struct JpkSummary {
    pub rows: u64,
    pub invoices: u64,
    pub corrections: u64,
    /// Invoices and corrections marked `FP` (left out of the tax due).
    pub fp: u64,
    /// Rows of sales no invoice documents (`WEW`, `RO`).
    pub day_documents: u64,
    /// The rows' tax due, grosz (`PodatekNalezny`).
    pub tax_due: i64,
    /// Per VAT rate: net, VAT and gross of what counts (not `FP`), grosz.
    pub by_rate: Vec<RateSums>,
    /// The declaration's positions, whole złoty.
    pub p37: i64,
    pub p38: i64,
    pub p51: i64,
    /// Documents due for KSeF that have no KSeF number yet (marked `OFF`).
    pub not_in_ksef: Vec<String>,
}

/// The sums of one VAT rate.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
pub struct RateSums {
    pub rate: u32,
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

/// Where the month's rows go: the JPK file ([`JpkWriter`]) or the sales register
/// ([`crate::sales_register`]). Each is told the declaration before the rows, then each
/// row, and answers at the end how many rows it wrote and their tax due (`FP` rows left
/// out), which the month checks against the declaration's sums.
pub trait SalesSink {
    fn begin(&mut self, declaration: &Declaration) -> Result<(), JpkError>;
    fn row(&mut self, row: &SalesRow<'_>) -> Result<(), JpkError>;
    fn finish(&mut self) -> Result<(u64, i64), JpkError>;
}

/// The month's file for `company`, asked for by `request`, over `out`.
pub fn jpk_writer<W: Write>(out: W, request: &JpkRequest, company: &Company) -> JpkWriter<W> {
    JpkWriter::new(
        out,
        Header {
            nip: company.nip.clone(),
            name: company.name.clone(),
            email: company.email.clone(),
            tax_office: request.tax_office.clone(),
            year: request.month.year,
            month: request.month.month,
            created_at: request.created_at,
            purpose: request.purpose,
            system: "coach",
        },
    )
}

/// What the file is asked for.
#[derive(Debug, Clone)]
pub struct JpkRequest {
    pub month: Month,
    pub tax_office: String,
    pub purpose: u8,
    pub created_at: DateTime<FixedOffset>,
}

fn decode_error(e: &event_store::RecordedEvent, err: impl ToString) -> JpkError {
    JpkError::Decode { stream: e.stream.clone(), version: e.version, reason: err.to_string() }
}

/// The month's rows from `store` into `sink` (the JPK file or the sales register); the
/// sales no invoice documents are at `vat_rate`; `z_reports` names the fiscal printer's
/// daily report of each closed day of the till. Two reads of the store: the facts and the
/// sums per rate first (the declaration goes before the rows), then the invoices' rows;
/// the day documents last.
pub async fn generate(
    store: &dyn EventStore,
    month: Month,
    vat_rate: u32,
    z_reports: &HashMap<NaiveDate, String>,
    writer: &mut (dyn SalesSink + Send),
) -> Result<JpkSummary, JpkError> {
    let head = store.head().await?.map(|h| h.position);
    let (facts, mut by_rate) = match head {
        Some(head) => facts_and_sums(store, head, month, vat_rate).await?,
        None => (Facts::default(), BTreeMap::new()),
    };
    let day_rows: Vec<((NaiveDate, Channel, u32), Sums)> =
        facts.days.iter().map(|(k, gross)| (*k, Sums::of_gross(*gross, k.2))).collect();
    for ((_, _, rate), sums) in &day_rows {
        by_rate.entry(*rate).or_default().add(*sums);
    }
    let declaration = declaration(&by_rate)?;
    writer.begin(&declaration)?;
    let mut summary = JpkSummary::default();
    if let Some(head) = head {
        invoice_rows(store, head, month, &facts, writer, &mut summary).await?;
    }
    day_documents(&day_rows, z_reports, writer, &mut summary)?;
    let (rows, tax_due) = writer.finish()?;
    let declared: i64 = by_rate.values().map(|s| s.vat).sum();
    if tax_due != declared {
        return Err(JpkError::Inconsistent { rows: tax_due, declared });
    }
    summary.rows = rows;
    summary.tax_due = tax_due;
    summary.by_rate =
        by_rate.iter().map(|(rate, s)| RateSums { rate: *rate, net: s.net, vat: s.vat, gross: s.gross }).collect();
    (summary.p37, summary.p38, summary.p51) = (declaration.p37, declaration.p38, declaration.p51);
    Ok(summary)
}

/// The first read: the month's facts (payments, KSeF numbers, the days' sales) and the
/// sums per rate of its invoices and corrections (`FP` ones left out).
async fn facts_and_sums(
    store: &dyn EventStore,
    head: Position,
    month: Month,
    vat_rate: u32,
) -> Result<(Facts, BTreeMap<u32, Sums>), JpkError> {
    let mut facts = Facts::default();
    let mut by_rate: BTreeMap<u32, Sums> = BTreeMap::new();
    read::each(store, &FACT_TYPES, head, |e| {
        facts.take(&e.event_type, &e.data, month, vat_rate).map_err(|err| decode_error(e, err))?;
        if let Some((invoice, order_id, _)) = invoice_of(e)? {
            if month.contains(warsaw_date(invoice.issued_at())) && !facts.is_fp(order_id) {
                let r = row(&invoice);
                by_rate.entry(r.vat_rate).or_default().add(Sums { net: r.net, vat: r.vat, gross: r.gross });
            }
        }
        Ok(())
    })
    .await?;
    Ok((facts, by_rate))
}

/// The second read: a row for each invoice and correction issued in the month, with its
/// KSeF number or marker, counted in `summary`.
async fn invoice_rows(
    store: &dyn EventStore,
    head: Position,
    month: Month,
    facts: &Facts,
    writer: &mut (dyn SalesSink + Send),
    summary: &mut JpkSummary,
) -> Result<(), JpkError> {
    read::each(store, &EVENT_TYPES, head, |e| {
        let Some((invoice, order_id, due)) = invoice_of(e)? else { return Ok(()) };
        if !month.contains(warsaw_date(invoice.issued_at())) {
            return Ok(());
        }
        let r = row(&invoice);
        let fp = facts.is_fp(order_id);
        let mark = facts.ksef_mark(&r.number, due);
        if mark == KsefMark::Off {
            summary.not_in_ksef.push(r.number.to_string());
        }
        match r.kind {
            DocumentKind::Vat => summary.invoices += 1,
            DocumentKind::Kor => summary.corrections += 1,
        }
        summary.fp += u64::from(fp);
        writer.row(&SalesRow {
            buyer_nip: &r.buyer_tax_id,
            buyer_name: &r.buyer_name,
            document: &r.number,
            issue_date: r.issue_date,
            sale_date: r.sale_date,
            marker: Marker::Ksef(mark),
            kind: fp.then_some("FP"),
            document_kind: r.kind.as_str(),
            rate: r.vat_rate,
            sums: Sums { net: r.net, vat: r.vat, gross: r.gross },
        })
    })
    .await
}

/// One `DI` row per day, channel and rate of the sales no invoice documents: `WEW` online,
/// `RO` at the desk, named by the day's Z report when the till was closed with one.
fn day_documents(
    day_rows: &[((NaiveDate, Channel, u32), Sums)],
    z_reports: &HashMap<NaiveDate, String>,
    writer: &mut (dyn SalesSink + Send),
    summary: &mut JpkSummary,
) -> Result<(), JpkError> {
    for ((day, channel, rate), sums) in day_rows {
        let (document, kind) = match channel {
            Channel::Online => (format!("WEW/{day}"), "WEW"),
            Channel::Desk => match z_reports.get(day) {
                Some(z) => (format!("RO {z}"), "RO"),
                None => (format!("RO/{day}"), "RO"),
            },
        };
        summary.day_documents += 1;
        writer.row(&SalesRow {
            buyer_nip: "",
            buyer_name: "",
            document: &document,
            issue_date: *day,
            sale_date: None,
            marker: Marker::Di,
            kind: Some(kind),
            document_kind: kind,
            rate: *rate,
            sums: *sums,
        })?;
    }
    Ok(())
}

/// The invoice event of a stored event, its order and whether it is due for KSeF.
fn invoice_of(e: &event_store::RecordedEvent) -> Result<Option<(InvoiceEvent<'_>, uuid::Uuid, bool)>, JpkError> {
    let Some(invoice) = InvoiceEvent::decode(&e.event_type, &e.data).map_err(|err| decode_error(e, err))? else {
        return Ok(None);
    };
    let doc: facts::DocumentFacts = serde_json::from_str(&e.data).map_err(|err| decode_error(e, err))?;
    Ok(Some((invoice, doc.order_id, doc.ksef)))
}

/// The declaration's positions from the sums per rate (whole złoty each).
pub fn declaration(by_rate: &BTreeMap<u32, Sums>) -> Result<Declaration, JpkError> {
    let mut d = Declaration::default();
    let pair = |s: &Sums| (xml::whole(s.net), xml::whole(s.vat));
    for (rate, sums) in by_rate {
        match rate {
            0 => d.p13 = Some(xml::whole(sums.net)),
            5 => d.p15_16 = Some(pair(sums)),
            7 | 8 => d.p17_18 = Some(pair(sums)),
            22 | 23 => d.p19_20 = Some(pair(sums)),
            other => return Err(JpkError::UnsupportedRate(*other)),
        }
    }
    let pairs = [d.p15_16, d.p17_18, d.p19_20];
    d.p37 = d.p13.unwrap_or(0) + pairs.iter().flatten().map(|p| p.0).sum::<i64>();
    d.p38 = pairs.iter().flatten().map(|p| p.1).sum::<i64>();
    d.p51 = d.p38.max(0);
    Ok(d)
}
