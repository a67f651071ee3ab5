//! `IssueInvoice` and `CorrectInvoice`: the invoice asked for at ordering, issued once
//! the order is paid, and its corrections (FA type KOR) after returns.
//!
//! Numbers are consecutive per year in a series, so the caller allocates them (IO); the
//! order only decides whether an invoice or a correction is due. An issued invoice never
//! changes: later changes of the order are corrections that refer to it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus};

/// Issue the order's invoice with the number `number`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueInvoice {
    pub order_id: Uuid,
    pub number: String,
    pub now: DateTime<Utc>,
    /// VAT rate in percent (*setting*, 8 for passenger transport).
    pub vat_rate: u32,
}

/// Issue a correction of the order's invoice changing its total by `amount`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorrectInvoice {
    pub order_id: Uuid,
    pub number: String,
    /// Negative for a return.
    pub amount: i64,
    pub now: DateTime<Utc>,
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
    #[error("a correction changes the total")]
    NothingToCorrect,
    #[error("the corrections would take the invoice below zero")]
    BelowZero,
}

/// Issue: one [`OrderEvent::InvoiceIssued`] for the order's total (the coupon is a
/// means of payment, not a reduction); nothing when it is issued already.
pub fn decide_issue_invoice(cmd: &IssueInvoice, state: &Order) -> Result<Vec<OrderEvent>, InvoiceError> {
    let order = state.placed().ok_or(InvoiceError::NotFound)?;
    if order.invoice_request.is_none() {
        return Err(InvoiceError::NoInvoiceRequested);
    }
    if order.invoice.is_some() {
        return Ok(vec![]);
    }
    if order.status != OrderStatus::Paid {
        return Err(InvoiceError::NotPaid);
    }
    Ok(vec![OrderEvent::InvoiceIssued {
        order_id: order.order_id,
        number: cmd.number.clone(),
        issued_at: cmd.now,
        total: order.total,
        vat_rate: cmd.vat_rate,
    }])
}

/// Correct: one [`OrderEvent::InvoiceCorrected`]; nothing when a correction with this
/// number was issued already.
pub fn decide_correct_invoice(cmd: &CorrectInvoice, state: &Order) -> Result<Vec<OrderEvent>, InvoiceError> {
    let order = state.placed().ok_or(InvoiceError::NotFound)?;
    let invoice = order.invoice.as_ref().ok_or(InvoiceError::NotIssued)?;
    if invoice.corrections.iter().any(|c| c.number == cmd.number) {
        return Ok(vec![]);
    }
    if cmd.amount == 0 {
        return Err(InvoiceError::NothingToCorrect);
    }
    let corrected: i64 = invoice.corrections.iter().map(|c| c.amount).sum();
    if invoice.total.saturating_add(corrected).saturating_add(cmd.amount) < 0 {
        return Err(InvoiceError::BelowZero);
    }
    Ok(vec![OrderEvent::InvoiceCorrected {
        order_id: order.order_id,
        number: cmd.number.clone(),
        corrects: invoice.number.clone(),
        amount: cmd.amount,
        issued_at: cmd.now,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn issue(number: &str) -> IssueInvoice {
        IssueInvoice { order_id: ORDER, number: number.into(), now: at(6), vat_rate: 8 }
    }

    fn issued() -> OrderEvent {
        OrderEvent::InvoiceIssued {
            order_id: ORDER,
            number: "FV/2026/1".into(),
            issued_at: at(6),
            total: 9789,
            vat_rate: 8,
        }
    }

    fn correct(number: &str, amount: i64) -> CorrectInvoice {
        CorrectInvoice { order_id: ORDER, number: number.into(), amount, now: at(100) }
    }

    fn corrected(number: &str, amount: i64) -> OrderEvent {
        OrderEvent::InvoiceCorrected {
            order_id: ORDER,
            number: number.into(),
            corrects: "FV/2026/1".into(),
            amount,
            issued_at: at(100),
        }
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
        history()
            .when(|s| decide_correct_invoice(&correct("KOR/2026/2", -6279), s))
            .then([corrected("KOR/2026/2", -6279)]);
    }

    #[test]
    fn no_correction_without_an_invoice() {
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_correct_invoice(&correct("KOR/2026/1", -3510), s))
            .then_err(InvoiceError::NotIssued);
        given([]).when(|s| decide_correct_invoice(&correct("KOR/2026/1", -1), s)).then_err(InvoiceError::NotFound);
    }
}
