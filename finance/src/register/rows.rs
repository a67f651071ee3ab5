//! The row each invoice event makes (see the register's guide).

use std::borrow::Cow;

use domain::money::{vat_split, VatSplit};

use super::{warsaw_date, Buyer, DocumentKind, InvoiceEvent, RegisterRow, LEGACY_VAT_RATE};

/// The row of a document, whatever the dates.
pub fn row<'e>(event: &'e InvoiceEvent<'_>) -> RegisterRow<'e> {
    let buyer_name = |b: &'e Option<Buyer<'_>>| Cow::Borrowed(b.as_ref().map_or("", |b| b.company_name.as_ref()));
    let buyer_tax_id = |b: &'e Option<Buyer<'_>>| Cow::Borrowed(b.as_ref().map_or("", |b| b.vat_number.as_ref()));
    match event {
        InvoiceEvent::Issued(e) => {
            let split = recorded_or(e.net, e.vat, || vat_split(e.total, e.vat_rate));
            RegisterRow {
                number: Cow::Borrowed(e.number.as_ref()),
                kind: DocumentKind::Vat,
                issue_date: warsaw_date(e.issued_at),
                sale_date: e.sale_date,
                buyer_name: buyer_name(&e.buyer),
                buyer_tax_id: buyer_tax_id(&e.buyer),
                vat_rate: e.vat_rate,
                net: split.net,
                vat: split.vat,
                gross: e.total,
                corrects_number: None,
                ksef_number: None,
            }
        }
        InvoiceEvent::Corrected(e) => {
            let rate = e.vat_rate.unwrap_or(LEGACY_VAT_RATE);
            // The change of the split sums, when the sum before is known: the difference
            // of the invoice's net before and after, as its document prints it.
            let split = recorded_or(e.net, e.vat, || match e.total_before {
                Some(before) => vat_split(before + e.amount, rate).minus(vat_split(before, rate)),
                None => vat_split(e.amount, rate),
            });
            RegisterRow {
                number: Cow::Borrowed(e.number.as_ref()),
                kind: DocumentKind::Kor,
                issue_date: warsaw_date(e.issued_at),
                sale_date: e.sale_date,
                buyer_name: buyer_name(&e.buyer),
                buyer_tax_id: buyer_tax_id(&e.buyer),
                vat_rate: rate,
                net: split.net,
                vat: split.vat,
                gross: e.amount,
                corrects_number: Some(Cow::Borrowed(e.corrects.as_ref())),
                ksef_number: None,
            }
        }
    }
}

/// The net and VAT the event recorded, each computed where missing (an older event), as
/// `domain::order::IssuedDocument::of_event` reads them.
fn recorded_or(net: Option<i64>, vat: Option<i64>, computed: impl FnOnce() -> VatSplit) -> VatSplit {
    match (net, vat) {
        (Some(net), Some(vat)) => VatSplit { net, vat, gross: net + vat },
        (net, vat) => {
            let split = computed();
            let (net, vat) = (net.unwrap_or(split.net), vat.unwrap_or(split.vat));
            VatSplit { net, vat, gross: net + vat }
        }
    }
}
