//! `EditOrder`: an admin corrects what the customer gave when ordering (their details,
//! the invoice data), with who, when and why; never an edit of a read table. One edit is
//! one decision: [`decide_edit`] returns every event of the change, appended at once, or
//! refuses the whole of it.
//!
//! - The customer's details change at any time ([`OrderEvent::CustomerDetailsChanged`]).
//! - The invoice data change until the invoice is issued
//!   ([`OrderEvent::InvoiceDataChanged`]), unless the order ended unpaid (an expired or
//!   cancelled-before-payment order gets no invoice). Asking for an invoice of a paid
//!   order makes it due (the process issues it).
//! - Once the invoice is issued it is a document that never changes: new buyer data are a
//!   correction invoice of them ([`OrderEvent::InvoiceCorrected`], amount 0), under a
//!   number of the correction series the caller reserves beforehand (numbering is IO)
//!   when [`EditOrder::correction_due`] says so. It cannot be withdrawn, nor corrected
//!   once it was corrected to zero (after a full return).
//!
//! A part that is what the order says already changes nothing; an edit that changes
//! nothing decides no event.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::invoice::correction;
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
        (Some(request), None) => invoice_data(cmd, order, request.as_ref())?,
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
        buyer: Some(buyer.clone()),
        seller: reserved.seller.clone(),
        send_consumers: reserved.send_consumers,
    };
    let in_ksef = order.ksef.iter().any(|t| t.document == invoice.number);
    Ok(vec![correction(order.order_id, invoice, &correct, Some(buyer), in_ksef)])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    const CHANGE: Uuid = Uuid::from_u128(77);

    fn new_customer() -> Customer {
        Customer { last_name: "Nowak".into(), ..customer() }
    }

    fn other_company() -> InvoiceRequest {
        InvoiceRequest { company_name: "Inna Firma S.A.".into(), ..invoice_request() }
    }

    fn seller() -> Seller {
        Seller { name: "Nisko Bus sp. z o.o.".into(), tax_id: "8650001234".into(), ..Seller::default() }
    }

    /// An edit of what is given; nothing reserved.
    fn edit(customer: Option<Customer>, invoice: Option<Option<InvoiceRequest>>) -> EditOrder {
        EditOrder {
            order_id: ORDER,
            change_id: CHANGE,
            customer,
            invoice,
            reason: "Klient poprosił".into(),
            correction: None,
            by_user_id: Some(ADMIN),
            now: at(50),
        }
    }

    fn reserved(cmd: EditOrder) -> EditOrder {
        EditOrder {
            correction: Some(ReservedCorrection {
                number: "NB-KOR/1970/1".into(),
                seller: seller(),
                send_consumers: false,
            }),
            ..cmd
        }
    }

    fn customer_changed() -> OrderEvent {
        OrderEvent::CustomerDetailsChanged {
            order_id: ORDER,
            change_id: CHANGE,
            customer: new_customer(),
            changed_at: at(50),
            by_user_id: Some(ADMIN),
            reason: "Klient poprosił".into(),
        }
    }

    fn invoice_data_changed(invoice: Option<InvoiceRequest>) -> OrderEvent {
        OrderEvent::InvoiceDataChanged {
            order_id: ORDER,
            change_id: CHANGE,
            invoice,
            changed_at: at(50),
            by_user_id: Some(ADMIN),
            reason: "Klient poprosił".into(),
        }
    }

    /// The invoice of the paid one-way order (9789 gross), naming no seller.
    fn issued() -> OrderEvent {
        OrderEvent::InvoiceIssued {
            order_id: ORDER,
            number: "FV/1970/1".into(),
            issued_at: at(6),
            total: 9789,
            vat_rate: 8,
            sale_date: None,
            seller: None,
            buyer: Some(invoice_request()),
            net: None,
            vat: None,
            ksef: true,
        }
    }

    fn invoiced() -> Vec<OrderEvent> {
        vec![placed(false, 0), paid(false, 0), issued()]
    }

    fn returned_in_full() -> OrderEvent {
        OrderEvent::InvoiceCorrected {
            order_id: ORDER,
            number: "NB-KOR/1970/0".into(),
            corrects: "FV/1970/1".into(),
            amount: -9789,
            issued_at: at(40),
            reason: "Anulowanie".into(),
            total_before: Some(9789),
            vat_rate: Some(8),
            corrects_issued_at: Some(at(6)),
            sale_date: None,
            seller: Some(seller()),
            buyer: Some(invoice_request()),
            net: Some(-9064),
            vat: Some(-725),
            ksef: true,
        }
    }

    fn ended_unpaid() -> Vec<OrderEvent> {
        vec![placed(false, 0), OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(16) }]
    }

    #[test]
    fn the_customer_details_change_with_who_when_and_why() {
        let cmd = edit(Some(new_customer()), None);
        given([placed(false, 0), paid(false, 0)]).when(|s| decide_edit(&cmd, s)).then([customer_changed()]);
        let after = given([placed(false, 0), customer_changed()]).state();
        assert_eq!(after.placed().map(|o| o.customer.clone()), Some(new_customer()));
    }

    #[test]
    fn an_edit_keeps_the_language_the_order_was_placed_in() {
        let mut english = placed(false, 0);
        if let OrderEvent::OrderPlaced { customer, .. } = &mut english {
            customer.language = super::super::Language::En;
        }
        // The form's details come without a language (read as Polish): nothing changes...
        given([english.clone()]).when(|s| decide_edit(&edit(Some(customer()), None), s)).then([]);
        // ...and a real change keeps English.
        let events =
            given([english]).when(|s| decide_edit(&edit(Some(new_customer()), None), s)).outcome().expect("edited");
        let [OrderEvent::CustomerDetailsChanged { customer, .. }] = events.as_slice() else { panic!("{events:?}") };
        assert_eq!(customer.language, super::super::Language::En);
    }

    #[test]
    fn what_the_order_says_already_changes_nothing_and_unknown_orders_are_refused() {
        let same = edit(Some(customer()), Some(Some(invoice_request())));
        given([placed(false, 0)]).when(|s| decide_edit(&same, s)).then([]);
        given(invoiced()).when(|s| decide_edit(&same, s)).then([]);
        assert!(!same.correction_due(&given(invoiced()).state()));
        given([]).when(|s| decide_edit(&same, s)).then_err(EditError::NotFound);
    }

    #[test]
    fn the_customer_and_the_invoice_data_change_in_one_decision_until_the_invoice_is_issued() {
        let cmd = edit(Some(new_customer()), Some(Some(other_company())));
        let both = [customer_changed(), invoice_data_changed(Some(other_company()))];
        given([placed(false, 0)]).when(|s| decide_edit(&cmd, s)).then(both.clone());
        let after = given([placed(false, 0)].into_iter().chain(both)).state();
        assert_eq!(after.placed().and_then(|o| o.invoice_request.clone()), Some(other_company()));
        let no_invoice = edit(None, Some(None));
        given([placed(false, 0)]).when(|s| decide_edit(&no_invoice, s)).then([invoice_data_changed(None)]);
    }

    #[test]
    fn an_order_that_ended_unpaid_takes_no_invoice_and_then_nothing_of_the_edit_changes() {
        let cmd = edit(Some(new_customer()), Some(Some(other_company())));
        given(ended_unpaid()).when(|s| decide_edit(&cmd, s)).then_err(EditError::Ended);
        // The invoice data it has already are no change: the customer's details are.
        let same_invoice = edit(Some(new_customer()), Some(Some(invoice_request())));
        given(ended_unpaid()).when(|s| decide_edit(&same_invoice, s)).then([customer_changed()]);
    }

    #[test]
    fn an_issued_invoice_is_never_withdrawn_and_then_nothing_of_the_edit_changes() {
        let cmd = edit(Some(new_customer()), Some(None));
        given(invoiced()).when(|s| decide_edit(&cmd, s)).then_err(EditError::InvoiceIssued);
    }

    #[test]
    fn new_buyer_data_of_an_issued_invoice_are_a_correction_under_the_reserved_number() {
        let cmd = edit(Some(new_customer()), Some(Some(other_company())));
        assert!(cmd.correction_due(&given(invoiced()).state()));
        given(invoiced()).when(|s| decide_edit(&cmd, s)).then_err(EditError::InvoiceIssued);
        let corrected = OrderEvent::InvoiceCorrected {
            order_id: ORDER,
            number: "NB-KOR/1970/1".into(),
            corrects: "FV/1970/1".into(),
            amount: 0,
            issued_at: at(50),
            reason: "Zmiana danych nabywcy: Klient poprosił".into(),
            total_before: Some(9789),
            vat_rate: Some(8),
            corrects_issued_at: Some(at(6)),
            sale_date: None,
            seller: Some(seller()),
            buyer: Some(other_company()),
            net: Some(0),
            vat: Some(0),
            ksef: true,
        };
        let cmd = reserved(cmd);
        given(invoiced()).when(|s| decide_edit(&cmd, s)).then([customer_changed(), corrected.clone()]);
        // Decided again after it was recorded (a retry): nothing more.
        let history = || given(invoiced().into_iter().chain([customer_changed(), corrected.clone()]));
        assert_eq!(
            history().state().placed().and_then(|o| o.invoice.as_ref()).and_then(|i| i.buyer.clone()),
            Some(other_company())
        );
        assert!(!cmd.correction_due(&history().state()));
        history().when(|s| decide_edit(&cmd, s)).then([]);
    }

    #[test]
    fn an_invoice_corrected_to_zero_takes_no_new_buyer_and_then_nothing_of_the_edit_changes() {
        let zero = || given(invoiced().into_iter().chain([returned_in_full()]));
        let cmd = reserved(edit(Some(new_customer()), Some(Some(other_company()))));
        assert!(!cmd.correction_due(&zero().state()));
        zero().when(|s| decide_edit(&cmd, s)).then_err(EditError::NothingLeft);
        let same_buyer = edit(Some(new_customer()), Some(Some(invoice_request())));
        zero().when(|s| decide_edit(&same_buyer, s)).then([customer_changed()]);
    }
}
