//! An invoice asked for after payment (docs/invoices.md, 'An invoice asked for after payment';
//! Polish VAT act art. 106b(3)): a
//! buyer who did not ask for one when ordering may ask until 3 months after the end of
//! the month of the sale, and it is issued at once, in the same decision that records
//! the buyer's data.
//!
//! Two ways in, one rule:
//! - the office: an admin's [`super::EditOrder`] that gives invoice data to a paid order
//!   without an invoice ([`super::decide_edit`] calls [`issue_on_request`]);
//! - the customer: [`RequestInvoice`] ([`decide_request_invoice`]), by the owner of the
//!   order or a guest who shows a ticket's number and code.
//!
//! The invoice's number is IO (consecutive in its series), so the caller reserves it
//! beforehand, once it knows the request is in time ([`invoice_request_open`]: checked
//! before reserving, so a late request takes no number and leaves no gap). The dates are
//! days in Warsaw, which the caller knows; the domain knows no time zones.

use chrono::{Datelike, Months, NaiveDate};
use uuid::Uuid;

use super::access::authorize;
use super::invoice::decide_issue_invoice;
use super::{
    evolve, AccessDenied, EditError, EditOrder, InvoiceRequest, IssueInvoice, Order, OrderEvent, OrderState,
    OrderStatus, Seller,
};

/// The last day on which an invoice may be asked for a sale on `sale_date`: the last day
/// of the third month after the month of the sale (a sale on 15 January: 30 April).
pub fn invoice_deadline(sale_date: NaiveDate) -> NaiveDate {
    let first_of_month = sale_date.with_day(1).unwrap_or(sale_date);
    first_of_month.checked_add_months(Months::new(4)).and_then(|d| d.pred_opt()).unwrap_or(NaiveDate::MAX)
}

/// Whether an invoice for a sale on `sale_date` may still be asked for on `today` (both
/// days in Warsaw); the deadline when it may not.
pub fn invoice_request_open(sale_date: NaiveDate, today: NaiveDate) -> Result<(), NaiveDate> {
    let deadline = invoice_deadline(sale_date);
    if today > deadline {
        Err(deadline)
    } else {
        Ok(())
    }
}

/// What issuing an invoice on request takes from outside the order: its number reserved
/// in the invoice series, the settings, and the days (in Warsaw) the deadline counts by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservedInvoice {
    pub number: String,
    /// VAT rate in percent (*setting*).
    pub vat_rate: u32,
    /// The payment's day in Warsaw: the day of the sale.
    pub sale_date: NaiveDate,
    /// The request's day in Warsaw.
    pub today: NaiveDate,
    /// The carrier's company data now (*setting*).
    pub seller: Seller,
    /// Whether invoices to consumers go to KSeF too (*setting*).
    pub send_consumers: bool,
}

/// Whether giving `request` to `order` asks for an invoice after payment: the order is
/// paid, no invoice was issued, and the data are new.
pub(super) fn asks_after_payment(order: &OrderState, request: Option<&InvoiceRequest>) -> bool {
    request.is_some()
        && order.status == OrderStatus::Paid
        && order.invoice.is_none()
        && order.invoice_request.as_ref() != request
}

/// The invoice issued with the buyer's data `data_changed` records, when `reserved` gives
/// its number; refused after the deadline. Without a number it is left to the booking
/// process (which issues whatever is due after payment).
pub(super) fn issue_on_request(
    state: &Order,
    data_changed: &OrderEvent,
    reserved: Option<&ReservedInvoice>,
) -> Result<Option<OrderEvent>, EditError> {
    let Some(reserved) = reserved else { return Ok(None) };
    invoice_request_open(reserved.sale_date, reserved.today)
        .map_err(|deadline| EditError::InvoiceTooLate { deadline })?;
    let after = evolve(state.clone(), data_changed);
    let issue = IssueInvoice {
        order_id: data_changed.order_id(),
        number: reserved.number.clone(),
        now: match data_changed {
            OrderEvent::InvoiceDataChanged { changed_at, .. } => *changed_at,
            _ => return Ok(None),
        },
        vat_rate: reserved.vat_rate,
        sale_date: reserved.sale_date,
        seller: reserved.seller.clone(),
        send_consumers: reserved.send_consumers,
    };
    // The checks above leave nothing for the issue to refuse; a refusal would mean the
    // order is not what was checked, and then the process issues it later.
    Ok(decide_issue_invoice(&issue, &after).ok().and_then(|mut events| events.pop()))
}

/// A customer asks for an invoice of their paid order: the owner (logged in), or a guest
/// with one of its tickets' number and code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestInvoice {
    pub order_id: Uuid,
    /// The command's id (the events' ids derive from it).
    pub change_id: Uuid,
    /// The number of a ticket of the order.
    pub ticket_number: String,
    /// Its code (a guest's proof); `None` for a logged-in owner.
    pub code: Option<String>,
    pub by_user_id: Option<Uuid>,
    pub invoice: InvoiceRequest,
    /// Its number and dates, reserved once [`invoice_request_open`] said yes.
    pub reserved: Option<ReservedInvoice>,
    pub now: chrono::DateTime<chrono::Utc>,
}

/// Why a customer's request for an invoice is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestInvoiceError {
    #[error("there is no such order")]
    NotFound,
    #[error("there is no such ticket")]
    TicketNotFound,
    #[error(transparent)]
    Denied(AccessDenied),
    #[error("the order is not paid")]
    NotPaid,
    #[error("the invoice was issued already")]
    AlreadyIssued,
    #[error("an invoice can be asked for until 3 months after the end of the month of the sale (until {deadline})")]
    TooLate { deadline: NaiveDate },
}

/// The buyer's data and the invoice, at once (one decision).
pub fn decide_request_invoice(cmd: &RequestInvoice, state: &Order) -> Result<Vec<OrderEvent>, RequestInvoiceError> {
    let order = state.placed().ok_or(RequestInvoiceError::NotFound)?;
    let ticket = order.ticket_by_number(&cmd.ticket_number).ok_or(RequestInvoiceError::TicketNotFound)?;
    authorize(order, ticket, cmd.code.as_deref(), cmd.by_user_id, false).map_err(RequestInvoiceError::Denied)?;
    if order.invoice.is_some() {
        return Err(RequestInvoiceError::AlreadyIssued);
    }
    if order.status != OrderStatus::Paid {
        return Err(RequestInvoiceError::NotPaid);
    }
    let edit = EditOrder {
        order_id: cmd.order_id,
        change_id: cmd.change_id,
        customer: None,
        invoice: Some(Some(cmd.invoice.clone())),
        reason: "Klient poprosił o fakturę".into(),
        correction: None,
        invoice_issue: cmd.reserved.clone(),
        by_user_id: cmd.by_user_id,
        now: cmd.now,
    };
    super::decide_edit(&edit, state).map_err(|e| match e {
        EditError::InvoiceTooLate { deadline } => RequestInvoiceError::TooLate { deadline },
        EditError::InvoiceIssued | EditError::NothingLeft => RequestInvoiceError::AlreadyIssued,
        EditError::Ended => RequestInvoiceError::NotPaid,
        EditError::NotFound | EditError::Unchanged | EditError::HasAccount => RequestInvoiceError::NotFound,
    })
}

#[cfg(test)]
#[path = "invoice_on_request_tests.rs"]
mod tests;
