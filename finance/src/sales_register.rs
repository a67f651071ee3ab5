//! The month's sales register: every sale, with an invoice or without one, as the JPK
//! file lists it (the same rows from the same replay, [`crate::jpk::generate`]), with
//! its sums per VAT rate. `FP` rows (an invoice to a sale already in a day's document)
//! are listed and marked, and left out of the sums, as the file leaves them out of the
//! tax due. As CSV (the office's exports' form) or JSON (the panel's table and its XLSX).

use std::io::Write;

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use crate::jpk::{Declaration, JpkError, KsefMark, Marker, SalesRow, SalesSink};
use crate::spreadsheet::{decimal_comma, plain_text, BOM};

/// One row of the register.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SalesRecord {
    pub lp: u64,
    pub document: String,
    /// `VAT`, `KOR`, `WEW` (online sales without an invoice, a day) or `RO` (the desk's, a day).
    pub kind: String,
    /// An invoice to a sale already in a day's document: listed, not summed.
    pub fp: bool,
    pub issue_date: NaiveDate,
    pub sale_date: Option<NaiveDate>,
    pub buyer_tax_id: String,
    pub buyer_name: String,
    /// The KSeF number, or `OFF`, `BFK`, `DI`.
    pub ksef: String,
    pub rate: u32,
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

/// The sums of one rate (grosz), `FP` left out.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
pub struct RateTotal {
    pub rate: u32,
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

fn record(lp: u64, r: &SalesRow<'_>) -> SalesRecord {
    SalesRecord {
        lp,
        document: r.document.to_owned(),
        kind: r.document_kind.to_owned(),
        fp: r.kind == Some("FP"),
        issue_date: r.issue_date,
        sale_date: r.sale_date,
        buyer_tax_id: r.buyer_nip.to_owned(),
        buyer_name: r.buyer_name.to_owned(),
        ksef: match &r.marker {
            Marker::Ksef(KsefMark::Number(n)) => n.clone(),
            Marker::Ksef(KsefMark::Off) => "OFF".into(),
            Marker::Ksef(KsefMark::Outside) => "BFK".into(),
            Marker::Di => "DI".into(),
        },
        rate: r.rate,
        net: r.sums.net,
        vat: r.sums.vat,
        gross: r.sums.gross,
    }
}

/// Sums per rate as rows come.
#[derive(Debug, Default)]
struct Totals {
    by_rate: Vec<RateTotal>,
    rows: u64,
}

impl Totals {
    fn add(&mut self, r: &SalesRow<'_>) -> u64 {
        self.rows += 1;
        if r.kind != Some("FP") {
            let at = match self.by_rate.iter().position(|t| t.rate == r.rate) {
                Some(at) => at,
                None => {
                    self.by_rate.push(RateTotal { rate: r.rate, ..RateTotal::default() });
                    self.by_rate.sort_by_key(|t| t.rate);
                    self.by_rate.iter().position(|t| t.rate == r.rate).unwrap_or(0)
                }
            };
            let t = &mut self.by_rate[at];
            t.net += r.sums.net;
            t.vat += r.sums.vat;
            t.gross += r.sums.gross;
        }
        self.rows
    }

    fn tax_due(&self) -> i64 {
        self.by_rate.iter().map(|t| t.vat).sum()
    }
}

/// The register held whole, for the JSON answer.
#[derive(Debug, Default)]
pub struct CollectSink {
    pub records: Vec<SalesRecord>,
    totals: Totals,
}

impl CollectSink {
    pub fn totals(&self) -> Vec<RateTotal> {
        self.totals.by_rate.clone()
    }
}

impl SalesSink for CollectSink {
    fn begin(&mut self, _: &Declaration) -> Result<(), JpkError> {
        Ok(())
    }

    fn row(&mut self, row: &SalesRow<'_>) -> Result<(), JpkError> {
        let lp = self.totals.add(row);
        self.records.push(record(lp, row));
        Ok(())
    }

    fn finish(&mut self) -> Result<(u64, i64), JpkError> {
        Ok((self.totals.rows, self.totals.tax_due()))
    }
}

/// The register as CSV, written as the rows come, its sums per rate at the end.
pub struct CsvSalesSink<W: Write> {
    out: csv::Writer<W>,
    totals: Totals,
    amount: String,
}

/// The CSV's header, Polish.
pub const CSV_HEADER: [&str; 13] = [
    "Lp.",
    "Dokument",
    "Rodzaj",
    "FP",
    "Data wystawienia",
    "Data sprzedaży",
    "NIP nabywcy",
    "Nabywca",
    "KSeF",
    "Stawka VAT",
    "Netto",
    "VAT",
    "Brutto",
];

impl<W: Write> CsvSalesSink<W> {
    pub fn new(mut out: W) -> Result<Self, JpkError> {
        out.write_all(BOM)?;
        let out = csv::WriterBuilder::new().delimiter(b';').flexible(true).from_writer(out);
        Ok(CsvSalesSink { out, totals: Totals::default(), amount: String::new() })
    }

    fn money(&mut self, grosz: i64) -> String {
        decimal_comma(&mut self.amount, grosz);
        self.amount.clone()
    }

    fn write(&mut self, record: &[String]) -> Result<(), JpkError> {
        self.out.write_record(record).map_err(|e| JpkError::Write(e.to_string()))
    }
}

impl<W: Write> SalesSink for CsvSalesSink<W> {
    fn begin(&mut self, _: &Declaration) -> Result<(), JpkError> {
        self.out.write_record(CSV_HEADER).map_err(|e| JpkError::Write(e.to_string()))
    }

    fn row(&mut self, row: &SalesRow<'_>) -> Result<(), JpkError> {
        let lp = self.totals.add(row);
        let r = record(lp, row);
        let (net, vat, gross) = (self.money(r.net), self.money(r.vat), self.money(r.gross));
        self.write(&[
            r.lp.to_string(),
            plain_text(&r.document).into_owned(),
            r.kind,
            if r.fp { "FP".into() } else { String::new() },
            r.issue_date.to_string(),
            r.sale_date.map(|d| d.to_string()).unwrap_or_default(),
            plain_text(&r.buyer_tax_id).into_owned(),
            plain_text(&r.buyer_name).into_owned(),
            r.ksef,
            format!("{} %", r.rate),
            net,
            vat,
            gross,
        ])
    }

    fn finish(&mut self) -> Result<(u64, i64), JpkError> {
        let totals = self.totals.by_rate.clone();
        let mut all = (0, 0, 0);
        for t in &totals {
            let (net, vat, gross) = (self.money(t.net), self.money(t.vat), self.money(t.gross));
            let mut line = vec![String::new(); 9];
            line[1] = format!("Razem {} %", t.rate);
            line.extend([format!("{} %", t.rate), net, vat, gross]);
            self.write(&line)?;
            all = (all.0 + t.net, all.1 + t.vat, all.2 + t.gross);
        }
        let (net, vat, gross) = (self.money(all.0), self.money(all.1), self.money(all.2));
        let mut line = vec![String::new(); 10];
        line[1] = "Razem".into();
        line.extend([net, vat, gross]);
        self.write(&line)?;
        self.out.flush()?;
        Ok((self.totals.rows, self.totals.tax_due()))
    }
}
