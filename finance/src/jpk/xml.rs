//! The JPK_V7M(3) file's XML, written as it goes (quick-xml's writer): the header, the
//! taxpayer, the declaration VAT-7(23) from the month's sums, the sales rows one by one,
//! and the control sums (schema: docs/finance.md names it; a test validates every file
//! written with xmllint against it).

use std::io::Write;

use chrono::{DateTime, FixedOffset, NaiveDate};
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

use super::facts::{KsefMark, Sums};
use super::{JpkError, SalesSink};

/// The namespace of JPK_V7M(3).
pub const NAMESPACE: &str = "http://crd.gov.pl/wzor/2025/12/19/14090/";

/// The taxpayer and the file's header.
#[derive(Debug, Clone)]
pub struct Header {
    pub nip: String,
    pub name: String,
    pub email: String,
    /// The tax office's four-digit code (`KodUrzedu`).
    pub tax_office: String,
    pub year: i32,
    pub month: u32,
    pub created_at: DateTime<FixedOffset>,
    /// 1: filed for the first time; 2: a correction of a file filed before.
    pub purpose: u8,
    pub system: &'static str,
}

/// The declaration's positions, whole złoty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Declaration {
    /// (base, tax) at 5 %, 8 %, 23 %; 0 % (base only).
    pub p15_16: Option<(i64, i64)>,
    pub p17_18: Option<(i64, i64)>,
    pub p19_20: Option<(i64, i64)>,
    pub p13: Option<i64>,
    pub p37: i64,
    pub p38: i64,
    pub p51: i64,
}

/// A row's marker of the KSeF (or its absence).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Marker {
    Ksef(KsefMark),
    /// A document that is no invoice (`DI`).
    Di,
}

/// One sales row.
#[derive(Debug, Clone)]
pub struct SalesRow<'a> {
    pub buyer_nip: &'a str,
    pub buyer_name: &'a str,
    pub document: &'a str,
    pub issue_date: NaiveDate,
    pub sale_date: Option<NaiveDate>,
    pub marker: Marker,
    /// `RO`, `WEW` or `FP` (the file's `TypDokumentu`).
    pub kind: Option<&'static str>,
    /// What the document is: `VAT` (an invoice), `KOR` (a correction), `WEW`, `RO`.
    pub document_kind: &'static str,
    pub rate: u32,
    pub sums: Sums,
}

/// The grosz of `sums` rounded to whole złoty, half away from zero (the declaration's).
pub fn whole(grosz: i64) -> i64 {
    let sign = grosz.signum();
    (grosz.abs() + 50) / 100 * sign
}

/// The K fields of a rate: (base, tax); `None` for a rate the file has no field for.
pub fn k_fields(rate: u32) -> Option<(&'static str, Option<&'static str>)> {
    match rate {
        0 => Some(("K_13", None)),
        5 => Some(("K_15", Some("K_16"))),
        7 | 8 => Some(("K_17", Some("K_18"))),
        22 | 23 => Some(("K_19", Some("K_20"))),
        _ => None,
    }
}

/// The XML writer over `out`.
pub struct JpkWriter<W: Write> {
    w: Writer<W>,
    header: Header,
    amount: String,
    rows: u64,
    tax_due: i64,
}

impl<W: Write> JpkWriter<W> {
    pub fn new(out: W, header: Header) -> Self {
        JpkWriter { w: Writer::new_with_indent(out, b' ', 1), header, amount: String::new(), rows: 0, tax_due: 0 }
    }

    fn text(&mut self, name: &str, text: &str) -> Result<(), JpkError> {
        self.w.create_element(name).write_text_content(BytesText::new(text))?;
        Ok(())
    }

    fn money(&mut self, name: &str, grosz: i64) -> Result<(), JpkError> {
        crate::spreadsheet::decimal(&mut self.amount, grosz);
        let text = self.amount.clone();
        self.text(name, &text)
    }

    fn start(&mut self, name: &str) -> Result<(), JpkError> {
        self.w.write_event(Event::Start(BytesStart::new(name)))?;
        Ok(())
    }

    fn end(&mut self, name: &str) -> Result<(), JpkError> {
        self.w.write_event(Event::End(BytesEnd::new(name)))?;
        Ok(())
    }

    /// Everything before the rows: the header, the taxpayer, the declaration, and the
    /// opening of the records.
    fn begin(&mut self, d: &Declaration) -> Result<(), JpkError> {
        let h = self.header.clone();
        self.w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        self.w.write_event(Event::Start(BytesStart::new("JPK").with_attributes([("xmlns", NAMESPACE)])))?;
        self.start("Naglowek")?;
        self.w
            .create_element("KodFormularza")
            .with_attributes([("kodSystemowy", "JPK_V7M (3)"), ("wersjaSchemy", "1-0E")])
            .write_text_content(BytesText::new("JPK_VAT"))?;
        self.text("WariantFormularza", "3")?;
        self.text("DataWytworzeniaJPK", &h.created_at.format("%Y-%m-%dT%H:%M:%S%:z").to_string())?;
        self.text("NazwaSystemu", h.system)?;
        self.w
            .create_element("CelZlozenia")
            .with_attribute(("poz", "P_7"))
            .write_text_content(BytesText::new(&h.purpose.to_string()))?;
        self.text("KodUrzedu", &h.tax_office)?;
        self.text("Rok", &h.year.to_string())?;
        self.text("Miesiac", &h.month.to_string())?;
        self.end("Naglowek")?;
        self.w.write_event(Event::Start(BytesStart::new("Podmiot1").with_attributes([("rola", "Podatnik")])))?;
        self.start("OsobaNiefizyczna")?;
        self.text("NIP", &h.nip)?;
        self.text("PelnaNazwa", &h.name)?;
        self.text("Email", &h.email)?;
        self.end("OsobaNiefizyczna")?;
        self.end("Podmiot1")?;
        self.declaration(d)?;
        self.start("Ewidencja")?;
        Ok(())
    }

    fn declaration(&mut self, d: &Declaration) -> Result<(), JpkError> {
        self.start("Deklaracja")?;
        self.start("Naglowek")?;
        self.w
            .create_element("KodFormularzaDekl")
            .with_attributes([
                ("kodSystemowy", "VAT-7 (23)"),
                ("kodPodatku", "VAT"),
                ("rodzajZobowiazania", "Z"),
                ("wersjaSchemy", "1-0E"),
            ])
            .write_text_content(BytesText::new("VAT-7"))?;
        self.text("WariantFormularzaDekl", "23")?;
        self.end("Naglowek")?;
        self.start("PozycjeSzczegolowe")?;
        if let Some(base) = d.p13 {
            self.text("P_13", &base.to_string())?;
        }
        for (pair, (base_name, tax_name)) in
            [(d.p15_16, ("P_15", "P_16")), (d.p17_18, ("P_17", "P_18")), (d.p19_20, ("P_19", "P_20"))]
        {
            if let Some((base, tax)) = pair {
                self.text(base_name, &base.to_string())?;
                self.text(tax_name, &tax.to_string())?;
            }
        }
        self.text("P_37", &d.p37.to_string())?;
        self.text("P_38", &d.p38.to_string())?;
        self.text("P_51", &d.p51.to_string())?;
        self.end("PozycjeSzczegolowe")?;
        self.text("Pouczenia", "1")?;
        self.end("Deklaracja")
    }

    /// One sales row (numbered in order); its tax counts in the control sum unless `FP`.
    fn row(&mut self, r: &SalesRow<'_>) -> Result<(), JpkError> {
        let (base, tax) = k_fields(r.rate).ok_or(JpkError::UnsupportedRate(r.rate))?;
        self.rows += 1;
        self.start("SprzedazWiersz")?;
        self.text("LpSprzedazy", &self.rows.to_string())?;
        self.text("NrKontrahenta", if r.buyer_nip.is_empty() { "BRAK" } else { r.buyer_nip })?;
        self.text("NazwaKontrahenta", if r.buyer_name.is_empty() { "BRAK" } else { r.buyer_name })?;
        self.text("DowodSprzedazy", r.document)?;
        self.text("DataWystawienia", &r.issue_date.to_string())?;
        if let Some(sale) = r.sale_date.filter(|d| *d != r.issue_date) {
            self.text("DataSprzedazy", &sale.to_string())?;
        }
        match &r.marker {
            Marker::Ksef(KsefMark::Number(n)) => self.text("NrKSeF", n)?,
            Marker::Ksef(KsefMark::Off) => self.text("OFF", "1")?,
            Marker::Ksef(KsefMark::Outside) => self.text("BFK", "1")?,
            Marker::Di => self.text("DI", "1")?,
        }
        if let Some(kind) = r.kind {
            self.text("TypDokumentu", kind)?;
        }
        self.money(base, r.sums.net)?;
        if let Some(tax) = tax {
            self.money(tax, r.sums.vat)?;
            if r.kind != Some("FP") {
                self.tax_due += r.sums.vat;
            }
        }
        self.end("SprzedazWiersz")
    }

    /// The control sums and the end of the file; the rows written and the tax due.
    fn finish(&mut self) -> Result<(u64, i64), JpkError> {
        self.start("SprzedazCtrl")?;
        self.text("LiczbaWierszySprzedazy", &self.rows.to_string())?;
        self.money("PodatekNalezny", self.tax_due)?;
        self.end("SprzedazCtrl")?;
        self.start("ZakupCtrl")?;
        self.text("LiczbaWierszyZakupow", "0")?;
        self.money("PodatekNaliczony", 0)?;
        self.end("ZakupCtrl")?;
        self.end("Ewidencja")?;
        self.end("JPK")?;
        self.w.get_mut().flush()?;
        Ok((self.rows, self.tax_due))
    }
}

impl<W: Write> SalesSink for JpkWriter<W> {
    fn begin(&mut self, declaration: &Declaration) -> Result<(), JpkError> {
        JpkWriter::begin(self, declaration)
    }

    fn row(&mut self, row: &SalesRow<'_>) -> Result<(), JpkError> {
        JpkWriter::row(self, row)
    }

    fn finish(&mut self) -> Result<(u64, i64), JpkError> {
        JpkWriter::finish(self)
    }
}
