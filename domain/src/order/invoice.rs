//! `IssueInvoice` and `CorrectInvoice`: the invoice asked for at ordering, issued once
//! the order is paid, and its corrections (FA type KOR) after every change of the
//! order's value and after a change of the buyer's data.
//!
//! Numbers are consecutive per year in a series, so the caller allocates them (IO); the
//! order only decides whether an invoice or a correction is due. An issued invoice never
//! changes: later changes of the order are corrections that refer to it. Both events
//! carry what their documents print (seller, buyer, sale day, net and VAT), so the VAT
//! register can be rebuilt from the invoice events alone.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{Invoice, InvoiceRequest, Order, OrderEvent, OrderStatus, Seller};
use crate::money::vat_split;

/// Issue the order's invoice with the number `number`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueInvoice {
    pub order_id: Uuid,
    pub number: String,
    pub now: DateTime<Utc>,
    /// VAT rate in percent (*setting*, 8 for passenger transport).
    pub vat_rate: u32,
    /// The payment's day in Warsaw (the caller knows the time zone).
    pub sale_date: NaiveDate,
    /// The carrier's company data now (*setting*).
    pub seller: Seller,
    /// Whether invoices to consumers go to KSeF too (*setting*, [`super::due_for_ksef`]).
    pub send_consumers: bool,
}

/// Issue a correction of the order's invoice changing its total by `amount` and, when
/// `buyer` is given, the buyer's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorrectInvoice {
    pub order_id: Uuid,
    pub number: String,
    /// Negative for a return; 0 for a change of the buyer's data only.
    pub amount: i64,
    pub now: DateTime<Utc>,
    /// Why, as the document prints it.
    pub reason: String,
    /// The line as the document prints it, when it says more than the reason
    /// ([`OrderEvent::InvoiceCorrected`]'s `line`).
    pub line: Option<String>,
    /// The buyer's new data, for a correction of them.
    pub buyer: Option<InvoiceRequest>,
    /// The seller when the corrected invoice does not name one (an older event).
    pub seller: Seller,
    /// Whether documents to consumers go to KSeF too (*setting*, [`super::due_for_ksef`]).
    pub send_consumers: bool,
}

/// Why an invoice or a correction cannot be issued.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvoiceError {
    #[error("there is no such order")]
    NotFound,
    #[error("no invoice was asked for")]
    NoInvoiceRequested,
    #[error("the order is not paid")]
    NotPaid,
    #[error("the invoice was not issued")]
    NotIssued,
    #[error("a correction changes the total or the buyer's data")]
    NothingToCorrect,
    #[error("the corrections would take the invoice below zero")]
    BelowZero,
    #[error("the invoice was corrected to zero: there is nothing left to correct")]
    NothingLeft,
}

/// Issue: one [`OrderEvent::InvoiceIssued`] for the order's total (the coupon is a
/// means of payment, not a reduction); nothing when it is issued already.
pub fn decide_issue_invoice(cmd: &IssueInvoice, state: &Order) -> Result<Vec<OrderEvent>, InvoiceError> {
    let order = state.placed().ok_or(InvoiceError::NotFound)?;
    let Some(buyer) = &order.invoice_request else {
        return Err(InvoiceError::NoInvoiceRequested);
    };
    if order.invoice.is_some() {
        return Ok(vec![]);
    }
    if order.status != OrderStatus::Paid {
        return Err(InvoiceError::NotPaid);
    }
    let split = vat_split(order.total, cmd.vat_rate);
    Ok(vec![OrderEvent::InvoiceIssued {
        order_id: order.order_id,
        number: cmd.number.clone(),
        issued_at: cmd.now,
        total: order.total,
        vat_rate: cmd.vat_rate,
        sale_date: Some(cmd.sale_date),
        seller: Some(cmd.seller.clone()),
        buyer: Some(buyer.clone()),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: super::due_for_ksef(Some(buyer), cmd.send_consumers, false),
    }])
}

/// Correct: one [`OrderEvent::InvoiceCorrected`]; nothing when a correction with this
/// number was issued already. A change of the buyer's data to what they are is nothing
/// to correct; an invoice corrected to zero takes no more corrections.
pub fn decide_correct_invoice(cmd: &CorrectInvoice, state: &Order) -> Result<Vec<OrderEvent>, InvoiceError> {
    let order = state.placed().ok_or(InvoiceError::NotFound)?;
    let invoice = order.invoice.as_ref().ok_or(InvoiceError::NotIssued)?;
    if invoice.corrections.iter().any(|c| c.number == cmd.number) {
        return Ok(vec![]);
    }
    let new_buyer = cmd.buyer.as_ref().filter(|b| invoice.buyer.as_ref() != Some(*b));
    if cmd.amount == 0 && new_buyer.is_none() {
        return Err(InvoiceError::NothingToCorrect);
    }
    let before = invoice.current_total();
    if before == 0 {
        return Err(InvoiceError::NothingLeft);
    }
    if before.saturating_add(cmd.amount) < 0 {
        return Err(InvoiceError::BelowZero);
    }
    let in_ksef = order.ksef.iter().any(|t| t.document == invoice.number);
    Ok(vec![correction(order.order_id, invoice, cmd, new_buyer, in_ksef)])
}

/// The [`OrderEvent::InvoiceCorrected`] of `invoice` that `cmd` asks for, once its rules
/// were checked (here, and by [`super::decide_edit`] for new buyer data): what its
/// document prints, the VAT of the change at the invoice's rate.
pub(super) fn correction(
    order_id: Uuid,
    invoice: &Invoice,
    cmd: &CorrectInvoice,
    new_buyer: Option<&InvoiceRequest>,
    in_ksef: bool,
) -> OrderEvent {
    let before = invoice.current_total();
    let split =
        vat_split(before.saturating_add(cmd.amount), invoice.vat_rate).minus(vat_split(before, invoice.vat_rate));
    let buyer = new_buyer.cloned().or_else(|| invoice.buyer.clone());
    let ksef = super::due_for_ksef(buyer.as_ref(), cmd.send_consumers, in_ksef);
    OrderEvent::InvoiceCorrected {
        order_id,
        number: cmd.number.clone(),
        corrects: invoice.number.clone(),
        amount: cmd.amount,
        issued_at: cmd.now,
        reason: cmd.reason.clone(),
        total_before: Some(before),
        vat_rate: Some(invoice.vat_rate),
        corrects_issued_at: Some(invoice.issued_at),
        sale_date: invoice.sale_date,
        seller: Some(invoice.seller.clone().unwrap_or_else(|| cmd.seller.clone())),
        buyer,
        net: Some(split.net),
        vat: Some(split.vat),
        ksef,
        line: cmd.line.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn seller() -> Seller {
        Seller {
            name: "Nisko Bus sp. z o.o.".into(),
            tax_id: "8650001234".into(),
            address: "ul. Kolejowa 1".into(),
            postal_code: "37-400".into(),
            city: "Nisko".into(),
            country: "PL".into(),
        }
    }

    fn sale_date() -> NaiveDate {
        at(5).date_naive()
    }

    fn issue(number: &str) -> IssueInvoice {
        IssueInvoice {
            order_id: ORDER,
            number: number.into(),
            now: at(6),
            vat_rate: 8,
            sale_date: sale_date(),
            seller: seller(),
            send_consumers: false,
        }
    }

    fn issued() -> OrderEvent {
        OrderEvent::InvoiceIssued {
            order_id: ORDER,
            number: "FV/2026/1".into(),
            issued_at: at(6),
            total: 9789,
            vat_rate: 8,
            sale_date: Some(sale_date()),
            seller: Some(seller()),
            buyer: Some(invoice_request()),
            net: Some(9064),
            vat: Some(725),
            ksef: true,
        }
    }

    fn correct(number: &str, amount: i64) -> CorrectInvoice {
        CorrectInvoice {
            order_id: ORDER,
            number: number.into(),
            amount,
            now: at(100),
            reason: "Zwrot biletu".into(),
            line: None,
            buyer: None,
            seller: seller(),
            send_consumers: false,
        }
    }

    /// The correction by `amount` of an invoice at `before` (gross).
    fn corrected_from(number: &str, before: i64, amount: i64) -> OrderEvent {
        let split = vat_split(before + amount, 8).minus(vat_split(before, 8));
        OrderEvent::InvoiceCorrected {
            order_id: ORDER,
            number: number.into(),
            corrects: "FV/2026/1".into(),
            amount,
            issued_at: at(100),
            reason: "Zwrot biletu".into(),
            line: None,
            total_before: Some(before),
            vat_rate: Some(8),
            corrects_issued_at: Some(at(6)),
            sale_date: Some(sale_date()),
            seller: Some(seller()),
            buyer: Some(invoice_request()),
            net: Some(split.net),
            vat: Some(split.vat),
            ksef: true,
        }
    }

    fn corrected(number: &str, amount: i64) -> OrderEvent {
        corrected_from(number, 9789, amount)
    }

    #[test]
    fn a_paid_order_gets_the_invoice_it_asked_for_at_its_total() {
        given([placed(false, 1000), paid(false, 1000)])
            .when(|s| decide_issue_invoice(&issue("FV/2026/1"), s))
            .then([issued()]);
    }

    #[test]
    fn an_invoice_is_issued_once() {
        given([placed(false, 0), paid(false, 0), issued()])
            .when(|s| decide_issue_invoice(&issue("FV/2026/2"), s))
            .then([]);
    }

    #[test]
    fn no_invoice_without_a_request_or_a_payment() {
        let mut no_request = placed(false, 0);
        if let OrderEvent::OrderPlaced { invoice, .. } = &mut no_request {
            *invoice = None;
        }
        given([no_request, paid(false, 0)])
            .when(|s| decide_issue_invoice(&issue("FV/2026/1"), s))
            .then_err(InvoiceError::NoInvoiceRequested);
        given([placed(false, 0)])
            .when(|s| decide_issue_invoice(&issue("FV/2026/1"), s))
            .then_err(InvoiceError::NotPaid);
        given([]).when(|s| decide_issue_invoice(&issue("FV/2026/1"), s)).then_err(InvoiceError::NotFound);
    }

    #[test]
    fn a_correction_refers_to_the_invoice() {
        given([placed(false, 0), paid(false, 0), issued()])
            .when(|s| decide_correct_invoice(&correct("KOR/2026/1", -3510), s))
            .then([corrected("KOR/2026/1", -3510)]);
    }

    #[test]
    fn a_correction_number_is_used_once() {
        given([placed(false, 0), paid(false, 0), issued(), corrected("KOR/2026/1", -3510)])
            .when(|s| decide_correct_invoice(&correct("KOR/2026/1", -3510), s))
            .then([]);
    }

    #[test]
    fn corrections_change_something_and_never_go_below_zero() {
        let history = || given([placed(false, 0), paid(false, 0), issued(), corrected("KOR/2026/1", -3510)]);
        history()
            .when(|s| decide_correct_invoice(&correct("KOR/2026/2", 0), s))
            .then_err(InvoiceError::NothingToCorrect);
        history().when(|s| decide_correct_invoice(&correct("KOR/2026/2", -6280), s)).then_err(InvoiceError::BelowZero);
        history().when(|s| decide_correct_invoice(&correct("KOR/2026/2", -6279), s)).then([corrected_from(
            "KOR/2026/2",
            6279,
            -6279,
        )]);
    }

    #[test]
    fn the_issued_invoice_prints_seller_buyer_sale_day_and_the_vat_split() {
        let events = given([placed(false, 0), paid(false, 0)]).when(|s| decide_issue_invoice(&issue("FV/2026/1"), s));
        events.then([issued()]);
        let split = vat_split(9789, 8);
        assert_eq!((split.net, split.vat), (9064, 725));
    }

    #[test]
    fn a_correction_of_the_buyer_data_alone_changes_nothing_else() {
        let mut new_buyer = invoice_request();
        new_buyer.company_name = "Firma Nowa S.A.".into();
        let mut cmd = correct("KOR/2026/1", 0);
        cmd.buyer = Some(new_buyer.clone());
        cmd.reason = "Błędna nazwa nabywcy".into();
        let mut expected = corrected("KOR/2026/1", 0);
        if let OrderEvent::InvoiceCorrected { buyer, reason, .. } = &mut expected {
            *buyer = Some(new_buyer.clone());
            *reason = "Błędna nazwa nabywcy".into();
        }
        given([placed(false, 0), paid(false, 0), issued()])
            .when(|s| decide_correct_invoice(&cmd, s))
            .then([expected.clone()]);
        // The same data again is nothing to correct; the new data are the invoice's now.
        let mut again = cmd.clone();
        again.number = "KOR/2026/2".into();
        let history = || given([placed(false, 0), paid(false, 0), issued(), expected.clone()]);
        assert_eq!(
            history().state().placed().and_then(|o| o.invoice.as_ref()).and_then(|i| i.buyer.clone()),
            Some(new_buyer)
        );
        history().when(|s| decide_correct_invoice(&again, s)).then_err(InvoiceError::NothingToCorrect);
    }

    #[test]
    fn nothing_is_left_to_correct_after_a_correction_to_zero() {
        let mut cmd = correct("KOR/2026/2", 0);
        let mut buyer = invoice_request();
        buyer.city = "Nisko".into();
        cmd.buyer = Some(buyer);
        given([placed(false, 0), paid(false, 0), issued(), corrected("KOR/2026/1", -9789)])
            .when(|s| decide_correct_invoice(&cmd, s))
            .then_err(InvoiceError::NothingLeft);
    }

    #[test]
    fn no_correction_without_an_invoice() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_correct_invoice(&correct("KOR/2026/1", -3510), s))
            .then_err(InvoiceError::NotIssued);
        given([]).when(|s| decide_correct_invoice(&correct("KOR/2026/1", -1), s)).then_err(InvoiceError::NotFound);
    }
}
