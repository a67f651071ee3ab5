//! Writing a register out as it is replayed: [`Sink`] takes the rows one by one and the
//! summary at the end, so nothing but a small buffer is held whatever the number of rows.
//!
//! - [`CsvSink`]: the Polish VAT sales register (`Numer;Rodzaj;Data wystawienia;…`) as a
//!   Polish Excel or LibreOffice opens it by double click: UTF-8 with a byte order mark,
//!   semicolon separated, quoted where a value needs it (by the `csv` crate), CRLF line
//!   ends (RFC 4180), amounts in złoty with a decimal comma (`123,45`, `-39,00`), dates
//!   `YYYY-MM-DD`, an empty sale date when the event did not record it, and a buyer's name
//!   starting with `=`, `+`, `-` or `@` prefixed with `'` so it is never run as a formula.
//! - [`JsonSink`]: `{"data": {"as_of", "from", "to", "rows": [...], "totals": {...}}}`
//!   with amounts in grosz, as every answer of the API gives them ([`RegisterDocument`]
//!   is its schema; a test keeps the two equal).
//!
//! Both write to any [`Write`]; over a `Vec<u8>` they can hand over what they have
//! written so far ([`Drain`]), which is how the HTTP answer streams.

use std::io::{self, Write};

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use crate::register::{RegisterQuery, RegisterRow, Summary, Totals};
pub use crate::spreadsheet::{decimal, BOM};
use crate::spreadsheet::{decimal_comma, plain_text};

/// The CSV's header row.
pub const CSV_HEADER: [&str; 12] = [
    "Numer",
    "Rodzaj",
    "Data wystawienia",
    "Data sprzedaży",
    "Nabywca",
    "NIP",
    "Stawka VAT",
    "Netto",
    "VAT",
    "Brutto",
    "Faktura korygowana",
    "Numer KSeF",
];

/// Where the rows of a replay go.
#[async_trait]
pub trait Sink: Send {
    /// The next row, in the order the events were recorded.
    fn row(&mut self, row: &RegisterRow<'_>) -> io::Result<()>;
    /// The next row with the event it was made of (its stream and version in it), for a
    /// sink that needs more of the document than its row ([`crate::fa3`]); the replay
    /// calls this. By default the row alone.
    fn document(&mut self, row: &RegisterRow<'_>, _stream: &str, _version: u64) -> io::Result<()> {
        self.row(row)
    }
    /// The end of the register, with its sums.
    fn end(&mut self, summary: &Summary) -> io::Result<()>;
    /// Called now and then during a replay (and after [`Sink::end`]): a sink that hands
    /// its bytes on elsewhere does it here, waiting when its reader is slow.
    async fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A sink writing to memory that can hand over what it has written so far.
pub trait Drain {
    /// The bytes written since the last drain.
    fn drain(&mut self) -> io::Result<Vec<u8>>;
}

/// The register as CSV.
pub struct CsvSink<W: Write> {
    csv: csv::Writer<W>,
    amounts: [String; 3],
}

fn csv_writer<W: Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .delimiter(b';')
        .quote_style(csv::QuoteStyle::Necessary)
        .terminator(csv::Terminator::CRLF)
        .from_writer(out)
}

impl<W: Write> CsvSink<W> {
    /// A CSV register starting with the BOM and its header row.
    pub fn new(mut out: W) -> io::Result<Self> {
        out.write_all(BOM)?;
        let mut csv = csv_writer(out);
        csv.write_record(CSV_HEADER)?;
        Ok(CsvSink { csv, amounts: Default::default() })
    }

    /// The writer, with everything written flushed to it.
    pub fn into_inner(self) -> io::Result<W> {
        self.csv.into_inner().map_err(|e| e.into_error())
    }
}

#[async_trait]
impl<W: Write + Send> Sink for CsvSink<W> {
    fn row(&mut self, row: &RegisterRow<'_>) -> io::Result<()> {
        let [net, vat, gross] = &mut self.amounts;
        decimal_comma(net, row.net);
        decimal_comma(vat, row.vat);
        decimal_comma(gross, row.gross);
        let (issue, sale) = (date(row.issue_date), row.sale_date.map(date));
        let w = &mut self.csv;
        w.write_field(row.number.as_bytes())?;
        w.write_field(row.kind.as_str())?;
        w.write_field(issue)?;
        w.write_field(sale.as_ref().map_or(&[][..], |s| &s[..]))?;
        w.write_field(plain_text(&row.buyer_name).as_bytes())?;
        w.write_field(row.buyer_tax_id.as_bytes())?;
        w.write_field(row.vat_rate.to_string().as_bytes())?;
        w.write_field(net.as_bytes())?;
        w.write_field(vat.as_bytes())?;
        w.write_field(gross.as_bytes())?;
        w.write_field(row.corrects_number.as_deref().unwrap_or("").as_bytes())?;
        w.write_field(row.ksef_number.as_deref().unwrap_or("").as_bytes())?;
        w.write_record(None::<&[u8]>)?;
        Ok(())
    }

    fn end(&mut self, _summary: &Summary) -> io::Result<()> {
        self.csv.flush()
    }
}

impl Drain for CsvSink<Vec<u8>> {
    fn drain(&mut self) -> io::Result<Vec<u8>> {
        // The csv writer lends its output only by value: take it and go on in a new one
        // (the header is written once, by `new`).
        let full = std::mem::replace(&mut self.csv, csv_writer(Vec::new()));
        full.into_inner().map_err(|e| e.into_error())
    }
}

/// `YYYY-MM-DD` without going through chrono's format parser (once per row).
fn date(day: NaiveDate) -> [u8; 10] {
    let (y, m, d) = (day.year().clamp(0, 9999) as u32, day.month(), day.day());
    let digit = |n: u32| b'0' + (n % 10) as u8;
    [
        digit(y / 1000),
        digit(y / 100),
        digit(y / 10),
        digit(y),
        b'-',
        digit(m / 10),
        digit(m),
        b'-',
        digit(d / 10),
        digit(d),
    ]
}

/// The register as the API's JSON answer.
pub struct JsonSink<W: Write> {
    out: W,
    rows: u64,
}

/// The register as the API answers it (what `JsonSink` writes as it goes).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RegisterDocument<'a> {
    /// The day whose end (Warsaw) the register was rebuilt at.
    pub as_of: NaiveDate,
    /// The first issue date shown.
    pub from: NaiveDate,
    /// The last issue date shown.
    pub to: NaiveDate,
    /// One row per document, in the order the events were recorded.
    pub rows: Vec<RegisterRow<'a>>,
    /// The sums of the rows.
    pub totals: Totals,
}

impl<W: Write> JsonSink<W> {
    /// A JSON register; its opening is written at once.
    pub fn new(mut out: W, query: &RegisterQuery) -> io::Result<Self> {
        out.write_all(b"{\"data\":{\"as_of\":")?;
        serde_json::to_writer(&mut out, &query.as_of)?;
        out.write_all(b",\"from\":")?;
        serde_json::to_writer(&mut out, &query.from)?;
        out.write_all(b",\"to\":")?;
        serde_json::to_writer(&mut out, &query.to)?;
        out.write_all(b",\"rows\":[")?;
        Ok(JsonSink { out, rows: 0 })
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}

#[async_trait]
impl<W: Write + Send> Sink for JsonSink<W> {
    fn row(&mut self, row: &RegisterRow<'_>) -> io::Result<()> {
        if self.rows > 0 {
            self.out.write_all(b",")?;
        }
        self.rows += 1;
        serde_json::to_writer(&mut self.out, row)?;
        Ok(())
    }

    fn end(&mut self, summary: &Summary) -> io::Result<()> {
        self.out.write_all(b"],\"totals\":")?;
        serde_json::to_writer(&mut self.out, &summary.totals)?;
        self.out.write_all(b"}}")?;
        self.out.flush()
    }
}

impl Drain for JsonSink<Vec<u8>> {
    fn drain(&mut self) -> io::Result<Vec<u8>> {
        Ok(std::mem::take(&mut self.out))
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::register::DocumentKind;

    fn rows() -> Vec<RegisterRow<'static>> {
        vec![
            RegisterRow {
                number: Cow::Borrowed("FV/2026/1"),
                kind: DocumentKind::Vat,
                issue_date: "2026-11-20".parse().unwrap(),
                sale_date: Some("2026-11-20".parse().unwrap()),
                buyer_name: Cow::Borrowed("Firma \"Żubr\"; Sp. z o.o."),
                buyer_tax_id: Cow::Borrowed("526-025-02-74"),
                vat_rate: 8,
                net: 7222,
                vat: 578,
                gross: 7800,
                corrects_number: None,
                ksef_number: Some(Cow::Borrowed("5260250274-20261120-0100000000AB-7C")),
            },
            RegisterRow {
                number: Cow::Borrowed("FV-KOR/2026/1"),
                kind: DocumentKind::Kor,
                issue_date: "2026-11-21".parse().unwrap(),
                sale_date: None,
                buyer_name: Cow::Borrowed(""),
                buyer_tax_id: Cow::Borrowed(""),
                vat_rate: 8,
                net: -5,
                vat: 0,
                gross: -5,
                corrects_number: Some(Cow::Borrowed("FV/2026/1")),
                ksef_number: None,
            },
        ]
    }

    fn summary(rows: &[RegisterRow<'_>]) -> Summary {
        let totals = Totals {
            net: rows.iter().map(|r| r.net).sum(),
            vat: rows.iter().map(|r| r.vat).sum(),
            gross: rows.iter().map(|r| r.gross).sum(),
        };
        Summary { rows: rows.len() as u64, totals }
    }

    #[test]
    fn the_csv_is_a_polish_vat_register_quoted_where_needed() {
        let rows = rows();
        let mut sink = CsvSink::new(Vec::new()).unwrap();
        for row in &rows {
            sink.row(row).unwrap();
        }
        sink.end(&summary(&rows)).unwrap();
        let bytes = sink.into_inner().unwrap();
        // A BOM first, so Excel reads UTF-8.
        assert_eq!(&bytes[..3], BOM);
        let text = String::from_utf8(bytes[3..].to_vec()).unwrap();

        assert_eq!(
            text,
            "Numer;Rodzaj;Data wystawienia;Data sprzedaży;Nabywca;NIP;Stawka VAT;Netto;VAT;Brutto;Faktura korygowana;Numer KSeF\r\n\
             FV/2026/1;VAT;2026-11-20;2026-11-20;\"Firma \"\"Żubr\"\"; Sp. z o.o.\";526-025-02-74;8;72,22;5,78;78,00;;\
             5260250274-20261120-0100000000AB-7C\r\n\
             FV-KOR/2026/1;KOR;2026-11-21;;;;8;-0,05;0,00;-0,05;FV/2026/1;\r\n"
        );
        // And it reads back as twelve fields a row.
        let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(text.as_bytes());
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records[0].get(4), Some("Firma \"Żubr\"; Sp. z o.o."));
        assert!(records.iter().all(|r| r.len() == 12));
    }

    #[test]
    fn dates_are_written_with_four_digit_years() {
        assert_eq!(&date("0999-01-09".parse().unwrap()), b"0999-01-09");
    }

    #[test]
    fn the_streamed_json_is_the_documented_shape() {
        let rows = rows();
        let query = RegisterQuery::new(
            "2026-11-30".parse().unwrap(),
            "2026-11-01".parse().unwrap(),
            "2026-11-30".parse().unwrap(),
        )
        .unwrap();
        let mut sink = JsonSink::new(Vec::new(), &query).unwrap();
        for row in &rows {
            sink.row(row).unwrap();
        }
        let summary = summary(&rows);
        sink.end(&summary).unwrap();
        let streamed: serde_json::Value = serde_json::from_slice(&sink.into_inner()).unwrap();

        let document = RegisterDocument {
            as_of: query.as_of,
            from: query.from,
            to: query.to,
            rows: rows.clone(),
            totals: summary.totals,
        };
        assert_eq!(streamed, serde_json::json!({ "data": document }));
        assert_eq!(streamed["data"]["rows"][1]["corrects_number"], "FV/2026/1");
        assert_eq!(streamed["data"]["rows"][1]["vat_rate"], 8, "each row says its rate");
        assert_eq!(streamed["data"]["rows"][0]["corrects_number"], serde_json::Value::Null);
        assert_eq!(streamed["data"]["rows"][1]["kind"], "KOR");
        assert_eq!(streamed["data"]["totals"]["gross"], 7795);
    }

    #[test]
    fn an_empty_register_is_valid_json_and_a_lone_header() {
        let query = RegisterQuery::new(
            "2026-11-30".parse().unwrap(),
            "2026-11-01".parse().unwrap(),
            "2026-11-30".parse().unwrap(),
        )
        .unwrap();
        let mut json = JsonSink::new(Vec::new(), &query).unwrap();
        json.end(&Summary::default()).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&json.into_inner()).unwrap();
        assert_eq!(value["data"]["rows"], serde_json::json!([]));
        assert_eq!(value["data"]["totals"], serde_json::json!({ "net": 0, "vat": 0, "gross": 0 }));

        let mut csv = CsvSink::new(Vec::new()).unwrap();
        csv.end(&Summary::default()).unwrap();
        assert_eq!(csv.into_inner().unwrap().iter().filter(|b| **b == b'\n').count(), 1);
    }

    #[test]
    fn a_buyer_named_like_a_formula_is_written_as_text() {
        let mut rows = rows();
        rows.truncate(1);
        let mut sink = CsvSink::new(Vec::new()).unwrap();
        for (name, written) in [
            ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
            ("+48 Sp. z o.o.", "'+48 Sp. z o.o."),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("Firma = ok", "Firma = ok"),
        ] {
            rows[0].buyer_name = Cow::Borrowed(name);
            sink.row(&rows[0]).unwrap();
            let text = String::from_utf8(sink.drain().unwrap()).unwrap();
            assert!(text.contains(&format!(";{written};")), "{name}: {text}");
        }
    }

    #[test]
    fn draining_hands_over_each_byte_once() {
        let rows = rows();
        let mut sink = CsvSink::new(Vec::new()).unwrap();
        let mut all = Vec::new();
        for row in &rows {
            sink.row(row).unwrap();
            all.extend(sink.drain().unwrap());
        }
        sink.end(&summary(&rows)).unwrap();
        all.extend(sink.drain().unwrap());

        let mut whole = CsvSink::new(Vec::new()).unwrap();
        for row in &rows {
            whole.row(row).unwrap();
        }
        assert_eq!(all, whole.into_inner().unwrap());
    }
}
