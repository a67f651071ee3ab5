//! Sample invoices for the PDF and FA(3) tests: an invoice to a company, its correction
//! after a returned ticket, a correction of the buyer's data alone, and buyers without
//! a NIP (a person, a foreign company). Names carry Polish letters and `&<>` on purpose.
#![allow(dead_code)] // each test binary uses some of them

use chrono::{NaiveDate, TimeZone, Utc};
use documents::{vat_split, Amounts, Correction, InvoiceDocument, InvoiceLine, Party, Payment, PaymentForm};

pub fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

pub fn seller() -> Party {
    Party {
        name: "Nisko Bus Sp. z o.o.".into(),
        tax_id: "8650001238".into(),
        address: "ul. Kolejowa 1".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
        country: "PL".into(),
    }
}

/// A company with a NIP, and a name with everything XML must escape.
pub fn company() -> Party {
    Party {
        name: "Zakład Usług \"Żółw\" & Syn <Spółka jawna>".into(),
        tax_id: "526-025-02-74".into(),
        address: "ul. Ćwiartki 3/5".into(),
        postal_code: "35-001".into(),
        city: "Rzeszów".into(),
        country: "PL".into(),
    }
}

pub fn line(name: &str, quantity: i32, unit_gross: i64) -> InvoiceLine {
    let gross = i64::from(quantity) * unit_gross;
    let split = vat_split(gross, 8);
    InvoiceLine { name: name.into(), quantity, unit_gross, net: split.net, vat: split.vat, gross }
}

pub const NORMAL: &str = "Przejazd Rzeszów → Nisko, 2026-11-30 08:15, bilet normalny";
pub const REDUCED: &str = "Przejazd Rzeszów → Nisko, 2026-11-30 08:15, bilet ulgowy 37% & <dziecko>";

/// Two normal tickets at 39,00 zł and one reduced at 24,57 zł, paid online.
pub fn vat_invoice() -> InvoiceDocument {
    let lines = vec![line(NORMAL, 2, 3900), line(REDUCED, 1, 2457)];
    let gross = lines.iter().map(|l| l.gross).sum();
    InvoiceDocument {
        number: "NB/2026/17".into(),
        issue_date: day(2026, 11, 30),
        sale_date: day(2026, 11, 29),
        place_of_issue: "Nisko".into(),
        generated_at: Utc.with_ymd_and_hms(2026, 11, 30, 9, 41, 7).unwrap(),
        seller: seller(),
        buyer: company(),
        lines,
        vat_rate: 8,
        totals: vat_split(gross, 8),
        payment: Payment {
            method: "przelew online (Przelewy24)".into(),
            form: PaymentForm::Transfer,
            paid_on: Some(day(2026, 11, 29)),
        },
        correction: None,
        issued_by: "Anna Kowalska".into(),
        ksef: None,
    }
}

/// A correction of [`vat_invoice`] giving back one normal ticket.
pub fn return_correction() -> InvoiceDocument {
    let original = vat_invoice();
    let before = original.totals;
    let after = vat_split(before.gross - 3900, 8);
    InvoiceDocument {
        number: "NB-KOR/2026/3".into(),
        issue_date: day(2026, 12, 2),
        generated_at: Utc.with_ymd_and_hms(2026, 12, 2, 14, 0, 0).unwrap(),
        lines: vec![line(NORMAL, -1, 3900)],
        totals: after.minus(before),
        payment: Payment { method: "zwrot przelewem".into(), form: PaymentForm::Transfer, paid_on: None },
        correction: Some(Correction {
            corrects_number: original.number.clone(),
            corrects_issue_date: original.issue_date,
            reason: "Zwrot biletu".into(),
            before,
            after,
            buyer_before: None,
            corrects_ksef_number: None,
        }),
        ..original
    }
}

/// A correction of the buyer's name and address alone: no lines, zero sums.
pub fn buyer_data_correction() -> InvoiceDocument {
    let original = vat_invoice();
    let before = original.totals;
    let buyer = Party {
        name: "Zakład Usług Żółw i Syn Spółka jawna".into(),
        address: "ul. Grunwaldzka 15".into(),
        ..company()
    };
    InvoiceDocument {
        number: "NB-KOR/2026/4".into(),
        issue_date: day(2026, 12, 3),
        generated_at: Utc.with_ymd_and_hms(2026, 12, 3, 8, 0, 0).unwrap(),
        buyer,
        lines: vec![],
        totals: Amounts::default(),
        payment: Payment { method: String::new(), form: PaymentForm::Other, paid_on: None },
        correction: Some(Correction {
            corrects_number: original.number.clone(),
            corrects_issue_date: original.issue_date,
            reason: "Zmiana danych nabywcy (nazwa i adres)".into(),
            before,
            after: before,
            buyer_before: Some(company()),
            corrects_ksef_number: None,
        }),
        ..original
    }
}

/// A person without a NIP, paying in cash on the issue day.
pub fn private_buyer() -> InvoiceDocument {
    InvoiceDocument {
        buyer: Party {
            name: "Jan Kowalski".into(),
            tax_id: String::new(),
            address: "ul. Długa 7 m. 2".into(),
            postal_code: "37-450".into(),
            city: "Stalowa Wola".into(),
            country: "PL".into(),
        },
        sale_date: day(2026, 11, 30),
        payment: Payment { method: "gotówka".into(), form: PaymentForm::Cash, paid_on: Some(day(2026, 11, 30)) },
        ..vat_invoice()
    }
}

/// A German company with its EU VAT number.
pub fn foreign_buyer() -> InvoiceDocument {
    InvoiceDocument {
        buyer: Party {
            name: "Müller & Söhne GmbH".into(),
            tax_id: "DE 123 456 789".into(),
            address: "Königstraße 1".into(),
            postal_code: "70173".into(),
            city: "Stuttgart".into(),
            country: "DE".into(),
        },
        payment: Payment { method: "BLIK".into(), form: PaymentForm::Mobile, paid_on: Some(day(2026, 11, 29)) },
        ..vat_invoice()
    }
}
