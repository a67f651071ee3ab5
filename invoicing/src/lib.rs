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
use domain::money::{format_pln, vat_split};
/// The documents as their events recorded them (the domain's reading of the invoice
/// events, which the `invoices` projection copies into `rm_invoices` too).
pub use domain::order::{DocumentKind, IssuedDocument};
use domain::order::{InvoiceRequest, Leg, OrderState, Seller, TicketLine};

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
    /// The coupon that paid part of the order: its code and the amount it paid.
    pub coupon: Option<(&'a str, i64)>,
    /// What the customer paid beyond the coupon (grosz).
    pub to_pay: i64,
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
            coupon: order.coupon.as_ref().map(|c| (c.code.as_str(), c.amount)),
            to_pay: order.to_pay,
        }
    }
}

/// The document `doc` stands for. `documents` are the order's documents, oldest first
/// (for a correction: what came before it, up to it; an invoice needs none).
/// `corrects_ksef_number`: a correction's corrected invoice's KSeF number, once it has one.
pub fn document(
    doc: &IssuedDocument,
    order: &OrderFacts<'_>,
    documents: &[IssuedDocument],
    corrects_ksef_number: Option<&str>,
) -> InvoiceDocument {
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
        ksef: None,
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
            name: match (&doc.line, reason.is_empty()) {
                (Some(line), _) => line.clone(),
                (None, true) => "Korekta wartości przejazdu".into(),
                (None, false) => reason.clone(),
            },
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
        corrects_ksef_number: corrects_ksef_number.map(str::to_owned),
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

/// How the order was paid, part by part: the money by what took it (the gateway by its
/// name, the built-in sandbox as a test payment), and a coupon's part by its code, e.g.
/// `płatność online (Przelewy24) 8,11 zł; kupon LATO25 50,00 zł`.
///
/// The FA(3) XML carries only the form of the money part (`FormaPlatnosci`), and the text
/// only when a coupon paid it all (`OpisPlatnosci` "kupon"): so the XML of an invoice
/// issued before the parts were named is the same bytes, as its KSeF hash requires.
fn payment(order: &OrderFacts<'_>) -> Payment {
    let (method, form) = match order.payment_provider {
        "cash" => ("gotówka (kasa przewoźnika)", PaymentForm::Cash),
        "card_terminal" => ("karta płatnicza (terminal w kasie)", PaymentForm::Card),
        "none" => ("kupon", PaymentForm::Other),
        "przelewy24" => ("płatność online (Przelewy24)", PaymentForm::Transfer),
        "sandbox" => ("płatność testowa (bramka testowa)", PaymentForm::Transfer),
        _ => ("płatność online", PaymentForm::Transfer),
    };
    let method = match order.coupon.filter(|(_, amount)| *amount > 0) {
        Some((code, amount)) if form != PaymentForm::Other => {
            format!("{method} {}; kupon {code} {}", format_pln(order.to_pay), format_pln(amount))
        }
        _ => method.to_owned(),
    };
    Payment { method, form, paid_on: order.paid_at.map(warsaw_day) }
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
