//! An issued invoice or correction as its event recorded it: the one reading of the
//! invoice events' document facts, with the fallbacks for events recorded before they
//! carried them. The `invoices` projection copies it into `rm_invoices`; the `invoicing`
//! crate prints it (the downloads from those rows, the e-mails from the events), so the
//! two cannot read an old event differently.

use chrono::{DateTime, NaiveDate, Utc};

use super::{InvoiceRequest, OrderEvent, Seller};
use crate::money::vat_split;

/// An invoice (`VAT`) or a correction invoice (`KOR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    Invoice,
    Correction,
}

impl DocumentKind {
    /// The FA(3) kind, as `rm_invoices.kind` stores it.
    pub fn code(self) -> &'static str {
        match self {
            DocumentKind::Invoice => "VAT",
            DocumentKind::Correction => "KOR",
        }
    }

    /// The kind of a stored code (anything but `KOR` is an invoice).
    pub fn of_code(code: &str) -> Self {
        if code == "KOR" {
            DocumentKind::Correction
        } else {
            DocumentKind::Invoice
        }
    }
}

/// One issued document, as its event recorded it (and `rm_invoices` copies it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedDocument {
    pub number: String,
    pub kind: DocumentKind,
    pub issued_at: DateTime<Utc>,
    pub sale_date: Option<NaiveDate>,
    pub seller: Option<Seller>,
    pub buyer: Option<InvoiceRequest>,
    /// Percent.
    pub vat_rate: u32,
    /// The document's sums, grosz; for a correction the change.
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
    /// A correction: the number of the invoice it corrects.
    pub corrects_number: Option<String>,
    pub reason: Option<String>,
    /// A correction: its line as printed, when it says more than the reason.
    pub line: Option<String>,
    /// A correction: the corrected invoice's gross before it.
    pub total_before: Option<i64>,
    /// A correction: when the corrected invoice was issued.
    pub corrects_issued_at: Option<DateTime<Utc>>,
}

impl IssuedDocument {
    /// The document an order event issued; `None` for the order's other events. Events
    /// recorded before they carried the split get the VAT split of their gross (a
    /// correction's of its change, from the total before it when known), and a
    /// correction without a rate the 8 % of passenger transport.
    pub fn of_event(event: &OrderEvent) -> Option<IssuedDocument> {
        match event {
            OrderEvent::InvoiceIssued {
                number,
                issued_at,
                total,
                vat_rate,
                sale_date,
                seller,
                buyer,
                net,
                vat,
                ..
            } => {
                let split = vat_split(*total, *vat_rate);
                Some(IssuedDocument {
                    number: number.clone(),
                    kind: DocumentKind::Invoice,
                    issued_at: *issued_at,
                    sale_date: *sale_date,
                    seller: seller.clone(),
                    buyer: buyer.clone(),
                    vat_rate: *vat_rate,
                    net: net.unwrap_or(split.net),
                    vat: vat.unwrap_or(split.vat),
                    gross: *total,
                    corrects_number: None,
                    reason: None,
                    line: None,
                    total_before: None,
                    corrects_issued_at: None,
                })
            }
            OrderEvent::InvoiceCorrected {
                number,
                corrects,
                amount,
                issued_at,
                reason,
                total_before,
                vat_rate,
                corrects_issued_at,
                sale_date,
                seller,
                buyer,
                net,
                vat,
                line,
                ..
            } => {
                let rate = vat_rate.unwrap_or(8);
                let split = match total_before {
                    Some(before) => vat_split(before + amount, rate).minus(vat_split(*before, rate)),
                    None => vat_split(*amount, rate),
                };
                Some(IssuedDocument {
                    number: number.clone(),
                    kind: DocumentKind::Correction,
                    issued_at: *issued_at,
                    sale_date: *sale_date,
                    seller: seller.clone(),
                    buyer: buyer.clone(),
                    vat_rate: rate,
                    net: net.unwrap_or(split.net),
                    vat: vat.unwrap_or(split.vat),
                    gross: *amount,
                    corrects_number: Some(corrects.clone()),
                    reason: Some(reason.clone()),
                    line: line.clone(),
                    total_before: *total_before,
                    corrects_issued_at: *corrects_issued_at,
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    #[test]
    fn an_older_invoice_without_its_split_gets_the_split_of_its_gross() {
        let event = OrderEvent::InvoiceIssued {
            order_id: Uuid::nil(),
            number: "FV/2026/1".into(),
            issued_at: DateTime::UNIX_EPOCH,
            total: 3900,
            vat_rate: 8,
            sale_date: None,
            seller: None,
            buyer: None,
            net: None,
            vat: None,
            ksef: false,
        };
        let doc = IssuedDocument::of_event(&event).expect("a document");
        assert_eq!((doc.kind, doc.net, doc.vat, doc.gross), (DocumentKind::Invoice, 3611, 289, 3900));
        assert_eq!((doc.corrects_number, doc.reason), (None, None));
    }

    #[test]
    fn kinds_read_as_stored() {
        assert_eq!(DocumentKind::of_code("KOR"), DocumentKind::Correction);
        assert_eq!(DocumentKind::of_code("VAT"), DocumentKind::Invoice);
        assert_eq!(DocumentKind::Correction.code(), "KOR");
    }
}
