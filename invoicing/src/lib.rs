//! # invoicing
//!
//! An order's invoices and corrections as documents: the one mapping from what the
//! invoice events recorded (with the order's legs, ticket lines and payment) to the
//! `documents` crate's [`InvoiceDocument`], which renders it as a PDF or a KSeF FA(3) file.
//!
//! Two readers use it, from two sources of the same facts:
//! - the query API's downloads (`GET /order/order-invoice/pdf|fa3`), from `rm_invoices`
//!   (a copy of the events) and `rm_orders`;
//! - the command side's invoice e-mails, from the events themselves
//!   ([`IssuedDocument::of_event`]) and the order's state ([`OrderFacts::of_order`]),
//!   as soon as a document is issued, before any read model has it.
//!
//! One mapping, so the PDF a customer is mailed is the PDF they download. It sits between
//! `domain` (the facts) and `documents` (pure rendering that knows no domain type), and
//! does no IO, so either API may depend on it without depending on the other.

use chrono::{DateTime, NaiveDate, Utc};
use documents::{Amounts, Correction, InvoiceDocument, InvoiceLine, Party, Payment, PaymentForm};
use domain::money::vat_split;
use domain::order::{InvoiceRequest, Leg, OrderEvent, OrderState, Seller, TicketLine};

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
    /// A correction: the corrected invoice's gross before it.
    pub total_before: Option<i64>,
    /// A correction: when the corrected invoice was issued.
    pub corrects_issued_at: Option<DateTime<Utc>>,
}

impl IssuedDocument {
    /// The document an order event issued; `None` for the order's other events. Events
    /// recorded before they carried the split get the VAT split of their gross (a
    /// correction's of its change, from the total before it when known) and a
    /// correction without a rate the 8 % of passenger transport, as the `invoices`
    /// projection reads them.
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
                    total_before: *total_before,
                    corrects_issued_at: *corrects_issued_at,
                })
            }
            _ => None,
        }
    }
}

/// The order facts a document prints: its number, what was travelled and how it was paid.
#[derive(Debug, Clone, Copy)]
pub struct OrderFacts<'a> {
    /// The readable number (empty for orders placed before numbers).
    pub number: &'a str,
    pub outbound: &'a Leg,
    pub back: Option<&'a Leg>,
    pub lines: &'a [TicketLine],
    /// `cash`, `card_terminal`, `none` (a coupon paid it all) or a gateway's name.
    pub payment_provider: &'a str,
    pub paid_at: Option<DateTime<Utc>>,
}

impl<'a> OrderFacts<'a> {
    /// The facts of an order's state (the command side's source).
    pub fn of_order(order: &'a OrderState) -> Self {
        OrderFacts {
            number: &order.number,
            outbound: &order.outbound,
            back: order.back.as_ref(),
            lines: &order.lines,
            payment_provider: &order.payment.provider,
            paid_at: order.paid.as_ref().map(|p| p.paid_at),
        }
    }
}

/// The document `doc` stands for. `documents` are the order's documents, oldest first
/// (for a correction: what came before it, up to it; an invoice needs none).
pub fn document(doc: &IssuedDocument, order: &OrderFacts<'_>, documents: &[IssuedDocument]) -> InvoiceDocument {
    let rate = doc.vat_rate;
    let totals = Amounts { net: doc.net, vat: doc.vat, gross: doc.gross };
    let issue_date = warsaw_day(doc.issued_at);
    let seller = seller_party(doc.seller.as_ref());
    let buyer = buyer_party(doc.buyer.as_ref());
    let mut document = InvoiceDocument {
        number: doc.number.clone(),
        issue_date,
        sale_date: doc.sale_date.unwrap_or(issue_date),
        place_of_issue: seller.city.clone(),
        generated_at: doc.issued_at,
        seller,
        buyer,
        lines: Vec::new(),
        vat_rate: rate,
        totals,
        payment: payment(order),
        correction: None,
        issued_by: String::new(),
    };
    if doc.kind == DocumentKind::Invoice {
        document.lines = invoice_lines(order, totals, rate);
        return document;
    }
    let before_this: Vec<&IssuedDocument> = documents.iter().take_while(|d| d.number != doc.number).collect();
    let gross_before = doc.total_before.unwrap_or_else(|| before_this.iter().map(|d| d.gross).sum());
    let corrected = before_this.iter().find(|d| d.kind == DocumentKind::Invoice);
    let previous_buyer = before_this.last().and_then(|d| d.buyer.as_ref());
    let buyer_before = match (previous_buyer, doc.buyer.as_ref()) {
        (Some(before), Some(now)) if before != now => Some(buyer_party(Some(before))),
        _ => None,
    };
    let before = amounts(vat_split(gross_before, rate));
    let after = amounts(vat_split(gross_before + doc.gross, rate));
    let reason = doc.reason.clone().unwrap_or_default();
    if doc.gross != 0 {
        let (quantity, unit_gross) = if doc.gross < 0 { (-1, -doc.gross) } else { (1, doc.gross) };
        document.lines = vec![InvoiceLine {
            name: if reason.is_empty() { "Korekta wartości przejazdu".into() } else { reason.clone() },
            quantity,
            unit_gross,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
        }];
    }
    document.correction = Some(Correction {
        corrects_number: doc.corrects_number.clone().unwrap_or_default(),
        corrects_issue_date: doc.corrects_issued_at.or(corrected.map(|d| d.issued_at)).map_or(issue_date, warsaw_day),
        reason,
        before,
        after,
        buyer_before,
    });
    document
}

/// A file name for the document's number (`NB/2026/17` → `NB_2026_17.pdf`): letters,
/// digits and dashes kept, anything else an underscore, so no header or file system
/// reads it as more than a name.
pub fn file_name(number: &str, extension: &str) -> String {
    let stem: String = number.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    format!("{stem}.{extension}")
}

fn warsaw_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&chrono_tz::Europe::Warsaw).date_naive()
}

fn amounts(split: domain::money::VatSplit) -> Amounts {
    Amounts { net: split.net, vat: split.vat, gross: split.gross }
}

fn seller_party(seller: Option<&Seller>) -> Party {
    seller.map_or_else(Party::default, |s| Party {
        name: s.name.clone(),
        tax_id: s.tax_id.clone(),
        address: s.address.clone(),
        postal_code: s.postal_code.clone(),
        city: s.city.clone(),
        country: s.country.clone(),
    })
}

fn buyer_party(buyer: Option<&InvoiceRequest>) -> Party {
    buyer.map_or_else(Party::default, |b| Party {
        name: b.company_name.clone(),
        tax_id: b.vat_number.clone(),
        address: b.address.clone(),
        postal_code: b.postal_code.clone(),
        city: b.city.clone(),
        country: b.country.clone(),
    })
}

fn payment(order: &OrderFacts<'_>) -> Payment {
    let (method, form) = match order.payment_provider {
        "cash" => ("gotówka (kasa przewoźnika)", PaymentForm::Cash),
        "card_terminal" => ("karta płatnicza (terminal w kasie)", PaymentForm::Card),
        "none" => ("kupon", PaymentForm::Other),
        _ => ("płatność online (Przelewy24)", PaymentForm::Transfer),
    };
    Payment { method: method.into(), form, paid_on: order.paid_at.map(warsaw_day) }
}

/// The lines of an invoice: one per ticket line and course, at the price paid for it;
/// the net and VAT of the last one take the rounding, so the lines add up to the
/// invoice's split (computed once, from its gross). One line for the whole order when
/// the order's lines do not add up to the invoice (an invoice of older data).
fn invoice_lines(order: &OrderFacts<'_>, totals: Amounts, rate: u32) -> Vec<InvoiceLine> {
    let mut lines = Vec::new();
    for line in order.lines {
        let kind = line.discount.as_ref().map_or_else(|| "bilet normalny".to_string(), |d| format!("ulga: {}", d.name));
        let legs = std::iter::once((order.outbound, Some(line.outbound_price)))
            .chain(order.back.map(|b| (b, line.back_price)));
        for (leg, price) in legs {
            let Some(price) = price else { continue };
            let quantity = i32::try_from(line.quantity).unwrap_or(i32::MAX);
            let gross = price * i64::from(line.quantity);
            let split = vat_split(gross, rate);
            lines.push(InvoiceLine {
                name: format!(
                    "Przejazd {} → {}, {}, {kind}",
                    leg.from_name,
                    leg.to_name,
                    leg.departure_at.with_timezone(&chrono_tz::Europe::Warsaw).format("%Y-%m-%d %H:%M")
                ),
                quantity,
                unit_gross: price,
                net: split.net,
                vat: split.vat,
                gross,
            });
        }
    }
    if lines.iter().map(|l| l.gross).sum::<i64>() != totals.gross {
        return vec![InvoiceLine {
            name: format!("Przejazdy autobusowe wg zamówienia {}", order.number).trim().to_string(),
            quantity: 1,
            unit_gross: totals.gross,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
        }];
    }
    let net: i64 = lines.iter().map(|l| l.net).sum();
    if let Some(last) = lines.last_mut() {
        let shift = totals.net - net;
        last.net += shift;
        last.vat -= shift;
    }
    lines
}

#[cfg(test)]
mod tests;
