//! `EditOrder`: an admin corrects what the customer gave when ordering (their details,
//! the invoice data), with who, when and why; never an edit of a read table. One edit is
//! one decision: [`decide_edit`] returns every event of the change, appended at once, or
//! refuses the whole of it.
//!
//! - The customer's details change at any time ([`OrderEvent::CustomerDetailsChanged`]).
//! - The invoice data change until the invoice is issued
//!   ([`OrderEvent::InvoiceDataChanged`]), unless the order ended unpaid (an expired or
//!   cancelled-before-payment order gets no invoice). Asking for an invoice of a paid
//!   order issues it in the same decision, under a number the caller reserves when
//!   [`EditOrder::invoice_due`] says so, until the deadline of
//!   [`super::invoice_on_request`] (3 months after the end of the month of the sale).
//! - Once the invoice is issued it is a document that never changes: new buyer data are a
//!   correction invoice of them ([`OrderEvent::InvoiceCorrected`], amount 0), under a
//!   number of the correction series the caller reserves beforehand (numbering is IO)
//!   when [`EditOrder::correction_due`] says so. It cannot be withdrawn, nor corrected
//!   once it was corrected to zero (after a full return).
//!
//! A part that is what the order says already changes nothing; an edit that changes
//! nothing decides no event.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::invoice::correction;
use super::invoice_on_request::{asks_after_payment, issue_on_request, ReservedInvoice};
use super::{CorrectInvoice, Customer, Invoice, InvoiceRequest, Order, OrderEvent, OrderState, OrderStatus, Seller};

/// Correct an order's customer details and/or invoice data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditOrder {
    pub order_id: Uuid,
    /// The command's id: the events' `change_id` (their ids derive from it).
    pub change_id: Uuid,
    /// The customer's new details; `None`: unchanged.
    pub customer: Option<Customer>,
    /// The new invoice data; `None`: unchanged; `Some(None)`: no invoice (only before it
    /// is issued).
    pub invoice: Option<Option<InvoiceRequest>>,
    /// Why (kept with the events, and printed on a correction).
    pub reason: String,
    /// The correction's number and seller, when [`EditOrder::correction_due`] says one is
    /// due.
    pub correction: Option<ReservedCorrection>,
    /// The invoice's number and days, when [`EditOrder::invoice_due`] says the edit asks
    /// for an invoice after payment.
    pub invoice_issue: Option<ReservedInvoice>,
    pub by_user_id: Option<Uuid>,
    pub now: DateTime<Utc>,
}

/// What a correction invoice of the buyer's data takes from outside the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservedCorrection {
    /// A number of the correction series, reserved for this edit.
    pub number: String,
    /// The carrier's company data now (*setting*), printed when the corrected invoice
    /// names no seller (an older event).
    pub seller: Seller,
    /// Whether documents to consumers go to KSeF too (*setting*).
    pub send_consumers: bool,
}

/// Why a change cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("there is no such order")]
    NotFound,
    /// The invoice cannot be withdrawn; new buyer data need a correction (with its number).
    #[error("the invoice was issued: its data change through a correction invoice")]
    InvoiceIssued,
    #[error("an order that ended unpaid cannot be changed")]
    Ended,
    #[error("nothing would change")]
    Unchanged,
    #[error("the order belongs to an account already")]
    HasAccount,
    #[error("the invoice was corrected to zero: there is nothing left to correct")]
    NothingLeft,
    #[error("an invoice can be asked for until 3 months after the end of the month of the sale (until {deadline})")]
    InvoiceTooLate { deadline: NaiveDate },
}

impl EditOrder {
    /// Whether the edit issues a correction invoice on `state`, so its number must be
    /// reserved before deciding: new buyer data for an issued invoice that has something
    /// left to correct.
    /// An invoice KSeF rejected is amended instead ([`super::amends_rejected`]).
    pub fn correction_due(&self, state: &Order) -> bool {
        state.placed().is_some_and(|order| {
            let rejected = self.new_buyer(order).is_some_and(|(_, buyer)| self.amendments(order, buyer).is_some());
            !rejected && self.new_buyer(order).is_some_and(|(invoice, _)| invoice.current_total() != 0)
        })
    }

    /// The contact field (`"email"` or `"phone"`) the edit would leave blank although the
    /// order has it. A contact given stays given; one never given (a walk-in passenger's
    /// sale at the desk, issue 29) may stay blank while the rest is corrected.
    pub fn blanks_contact(&self, state: &Order) -> Option<&'static str> {
        let (order, new) = (state.placed()?, self.customer.as_ref()?);
        if new.email.is_none() && order.customer.email.is_some() {
            return Some("email");
        }
        (new.phone.is_none() && order.customer.phone.is_some()).then_some("phone")
    }

    /// Whether the edit asks for an invoice of a paid order that has none, so the caller
    /// checks the deadline and reserves its number before deciding.
    pub fn invoice_due(&self, state: &Order) -> bool {
        let request = self.invoice.as_ref().and_then(Option::as_ref);
        state.placed().is_some_and(|order| asks_after_payment(order, request))
    }

    /// The amendments of the documents KSeF rejected that `buyer` makes, if the invoice was.
    fn amendments(&self, order: &OrderState, buyer: &InvoiceRequest) -> Option<Vec<OrderEvent>> {
        super::amends_rejected(order, buyer, self.change_id, self.now, self.by_user_id, &self.reason)
    }

    /// The issued invoice and the buyer data the edit gives it, when they differ from
    /// what it names.
    fn new_buyer<'a>(&'a self, order: &'a OrderState) -> Option<(&'a Invoice, &'a InvoiceRequest)> {
        let invoice = order.invoice.as_ref()?;
        let buyer = self.invoice.as_ref()?.as_ref()?;
        (invoice.buyer.as_ref() != Some(buyer)).then_some((invoice, buyer))
    }
}

/// Every event of the edit: the customer's details, then the invoice data or their
/// correction; none when nothing changes.
pub fn decide_edit(cmd: &EditOrder, state: &Order) -> Result<Vec<OrderEvent>, EditError> {
    let order = state.placed().ok_or(EditError::NotFound)?;
    // The details an admin corrects never include the language the order was placed in.
    let corrected = cmd.customer.as_ref().map(|c| Customer { language: order.customer.language, ..c.clone() });
    let customer = corrected.filter(|c| *c != order.customer).map(|customer| OrderEvent::CustomerDetailsChanged {
        order_id: order.order_id,
        change_id: cmd.change_id,
        customer,
        changed_at: cmd.now,
        by_user_id: cmd.by_user_id,
        reason: cmd.reason.clone(),
    });
    let invoice = match (&cmd.invoice, &order.invoice) {
        (None, _) => None,
        (Some(request), None) => {
            let changed = invoice_data(cmd, order, request.as_ref())?;
            let issued = match &changed {
                Some(changed) if asks_after_payment(order, request.as_ref()) => {
                    issue_on_request(state, changed, cmd.invoice_issue.as_ref())?
                }
                _ => None,
            };
            return Ok(customer.into_iter().chain(changed).chain(issued).collect());
        }
        (Some(None), Some(_)) => return Err(EditError::InvoiceIssued),
        (Some(Some(_)), Some(_)) => return Ok(customer.into_iter().chain(buyer_correction(cmd, order)?).collect()),
    };
    Ok(customer.into_iter().chain(invoice).collect())
}

/// The invoice data before the invoice is issued.
fn invoice_data(
    cmd: &EditOrder,
    order: &OrderState,
    request: Option<&InvoiceRequest>,
) -> Result<Option<OrderEvent>, EditError> {
    if order.invoice_request.as_ref() == request {
        return Ok(None);
    }
    if matches!(order.status, OrderStatus::Expired | OrderStatus::Cancelled) && order.paid.is_none() {
        return Err(EditError::Ended);
    }
    Ok(Some(OrderEvent::InvoiceDataChanged {
        order_id: order.order_id,
        change_id: cmd.change_id,
        invoice: request.cloned(),
        changed_at: cmd.now,
        by_user_id: cmd.by_user_id,
        reason: cmd.reason.clone(),
    }))
}

/// New buyer data of the issued invoice: a correction of them, changing no amount (or,
/// for an invoice KSeF rejected, its amendment).
fn buyer_correction(cmd: &EditOrder, order: &OrderState) -> Result<Vec<OrderEvent>, EditError> {
    let Some((invoice, buyer)) = cmd.new_buyer(order) else {
        return Ok(vec![]);
    };
    if let Some(amendments) = cmd.amendments(order, buyer) {
        return Ok(amendments);
    }
    if invoice.current_total() == 0 {
        return Err(EditError::NothingLeft);
    }
    let Some(reserved) = &cmd.correction else {
        return Err(EditError::InvoiceIssued);
    };
    let correct = CorrectInvoice {
        order_id: order.order_id,
        number: reserved.number.clone(),
        amount: 0,
        now: cmd.now,
        reason: format!("Zmiana danych nabywcy: {}", cmd.reason),
        line: None,
        buyer: Some(buyer.clone()),
        seller: reserved.seller.clone(),
        send_consumers: reserved.send_consumers,
    };
    let in_ksef = order.ksef.iter().any(|t| t.document == invoice.number);
    Ok(vec![correction(order.order_id, invoice, &correct, Some(buyer), in_ksef)])
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
