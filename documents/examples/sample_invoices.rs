//! Writes the test suite's sample invoices as PDF and FA(3) XML, to look at them:
//! `cargo run -p documents --example sample_invoices -- /tmp/invoices`.

#[path = "../tests/common/mod.rs"]
mod common;

use documents::{invoice_fa3, invoice_pdf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "invoices".into()));
    std::fs::create_dir_all(&dir)?;
    let samples = [
        ("invoice", common::vat_invoice()),
        ("return-correction", common::return_correction()),
        ("return-correction-with-fee", return_with_fee()),
        ("buyer-correction", common::buyer_data_correction()),
        ("private-buyer", common::private_buyer()),
        ("foreign-buyer", common::foreign_buyer()),
    ];
    for (name, doc) in samples {
        std::fs::write(dir.join(format!("{name}.pdf")), invoice_pdf(&doc)?)?;
        std::fs::write(dir.join(format!("{name}.xml")), invoice_fa3(&doc)?)?;
        println!("{}", dir.join(name).display());
    }
    Ok(())
}

/// A return's correction whose line spells out the price, the fee kept and what is given
/// back, as the product writes it.
fn return_with_fee() -> documents::InvoiceDocument {
    let mut doc = common::return_correction();
    doc.lines[0].name =
        "Zwrot biletu NK-2026-000008: cena biletu 39,00\u{a0}zł, opłata za zwrot 3,90\u{a0}zł, do zwrotu 35,10\u{a0}zł"
            .into();
    doc
}
