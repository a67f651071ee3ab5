//! `ChangeCustomerDetails` and `ChangeInvoiceData`: an admin corrects what the customer
//! gave when ordering. Each change is an event with who, when and why, never an edit of
//! a read table.
//!
//! The customer's details may change at any time. The invoice data change only until
//! the invoice is issued: after that the invoice is a document that never changes, and
//! new data are a correction invoice ([`super::CorrectInvoice`] with a buyer), which
//! [`decide_change_invoice_data`] refuses with [`EditError::InvoiceIssued`] so the caller
//! takes that way.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Customer, InvoiceRequest, Order, OrderEvent, OrderStatus};

/// Correct the customer's details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeCustomerDetails {
    pub order_id: Uuid,
    /// The command's id (the event's id derives from it).
    pub change_id: Uuid,
    pub customer: Customer,
    pub by_user_id: Option<Uuid>,
    pub reason: String,
    pub now: DateTime<Utc>,
}

/// Set, change or drop the invoice data before the invoice is issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeInvoiceData {
    pub order_id: Uuid,
    pub change_id: Uuid,
    pub invoice: Option<InvoiceRequest>,
    pub by_user_id: Option<Uuid>,
    pub reason: String,
    pub now: DateTime<Utc>,
}

/// Give an order placed without an account to a customer's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignOrderToUser {
    pub order_id: Uuid,
    pub user_id: Uuid,
    pub by_user_id: Option<Uuid>,
    pub reason: String,
    pub now: DateTime<Utc>,
}

/// Why a change cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("there is no such order")]
    NotFound,
    #[error("the invoice was issued: its data change through a correction invoice")]
    InvoiceIssued,
    #[error("an order that ended unpaid cannot be changed")]
    Ended,
    #[error("nothing would change")]
    Unchanged,
    #[error("the order belongs to an account already")]
    HasAccount,
}

/// The account: one [`OrderEvent::OrderAssignedToUser`] for an order without one; the
/// same account again is nothing, another one a refusal (an order's tickets and stamps
/// are not moved between customers).
pub fn decide_assign_user(cmd: &AssignOrderToUser, state: &Order) -> Result<Vec<OrderEvent>, EditError> {
    let order = state.placed().ok_or(EditError::NotFound)?;
    match order.user_id {
        Some(user) if user == cmd.user_id => Err(EditError::Unchanged),
        Some(_) => Err(EditError::HasAccount),
        None => Ok(vec![OrderEvent::OrderAssignedToUser {
            order_id: order.order_id,
            user_id: cmd.user_id,
            assigned_at: cmd.now,
            by_user_id: cmd.by_user_id,
            reason: cmd.reason.clone(),
        }]),
    }
}

/// The customer's details: one [`OrderEvent::CustomerDetailsChanged`], unless they are
/// what they were.
pub fn decide_change_customer(cmd: &ChangeCustomerDetails, state: &Order) -> Result<Vec<OrderEvent>, EditError> {
    let order = state.placed().ok_or(EditError::NotFound)?;
    if order.customer == cmd.customer {
        return Err(EditError::Unchanged);
    }
    Ok(vec![OrderEvent::CustomerDetailsChanged {
        order_id: order.order_id,
        change_id: cmd.change_id,
        customer: cmd.customer.clone(),
        changed_at: cmd.now,
        by_user_id: cmd.by_user_id,
        reason: cmd.reason.clone(),
    }])
}

/// The invoice data: one [`OrderEvent::InvoiceDataChanged`] while no invoice is issued
/// and the order did not end unpaid (an expired or cancelled-before-payment order gets
/// no invoice). Asking for an invoice of a paid order makes the invoice due (the
/// process issues it).
pub fn decide_change_invoice_data(cmd: &ChangeInvoiceData, state: &Order) -> Result<Vec<OrderEvent>, EditError> {
    let order = state.placed().ok_or(EditError::NotFound)?;
    if order.invoice.is_some() {
        return Err(EditError::InvoiceIssued);
    }
    if matches!(order.status, OrderStatus::Expired | OrderStatus::Cancelled) && order.paid.is_none() {
        return Err(EditError::Ended);
    }
    if order.invoice_request == cmd.invoice {
        return Err(EditError::Unchanged);
    }
    Ok(vec![OrderEvent::InvoiceDataChanged {
        order_id: order.order_id,
        change_id: cmd.change_id,
        invoice: cmd.invoice.clone(),
        changed_at: cmd.now,
        by_user_id: cmd.by_user_id,
        reason: cmd.reason.clone(),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    const CHANGE: Uuid = Uuid::from_u128(77);

    fn new_customer() -> Customer {
        Customer { email: "jan.kowalski@example.pl".into(), ..customer() }
    }

    fn change_customer() -> ChangeCustomerDetails {
        ChangeCustomerDetails {
            order_id: ORDER,
            change_id: CHANGE,
            customer: new_customer(),
            by_user_id: Some(ADMIN),
            reason: "Literówka w adresie".into(),
            now: at(50),
        }
    }

    fn change_invoice(invoice: Option<InvoiceRequest>) -> ChangeInvoiceData {
        ChangeInvoiceData {
            order_id: ORDER,
            change_id: CHANGE,
            invoice,
            by_user_id: Some(ADMIN),
            reason: "Klient poprosił".into(),
            now: at(50),
        }
    }

    fn other_company() -> InvoiceRequest {
        InvoiceRequest { company_name: "Inna Firma S.A.".into(), ..invoice_request() }
    }

    #[test]
    fn the_customer_details_change_with_who_when_and_why() {
        let expected = OrderEvent::CustomerDetailsChanged {
            order_id: ORDER,
            change_id: CHANGE,
            customer: new_customer(),
            changed_at: at(50),
            by_user_id: Some(ADMIN),
            reason: "Literówka w adresie".into(),
        };
        given([placed(false, 0), paid(false, 0)])
            .when(|s| decide_change_customer(&change_customer(), s))
            .then([expected.clone()]);
        let after = given([placed(false, 0), expected]).state();
        assert_eq!(after.placed().map(|o| o.customer.clone()), Some(new_customer()));
    }

    #[test]
    fn unchanged_details_and_unknown_orders_are_refused() {
        let mut same = change_customer();
        same.customer = customer();
        given([placed(false, 0)]).when(|s| decide_change_customer(&same, s)).then_err(EditError::Unchanged);
        given([]).when(|s| decide_change_customer(&change_customer(), s)).then_err(EditError::NotFound);
        given([]).when(|s| decide_change_invoice_data(&change_invoice(None), s)).then_err(EditError::NotFound);
    }

    #[test]
    fn invoice_data_change_until_the_invoice_is_issued() {
        let expected = OrderEvent::InvoiceDataChanged {
            order_id: ORDER,
            change_id: CHANGE,
            invoice: Some(other_company()),
            changed_at: at(50),
            by_user_id: Some(ADMIN),
            reason: "Klient poprosił".into(),
        };
        given([placed(false, 0)])
            .when(|s| decide_change_invoice_data(&change_invoice(Some(other_company())), s))
            .then([expected.clone()]);
        let after = given([placed(false, 0), expected]).state();
        assert_eq!(after.placed().and_then(|o| o.invoice_request.clone()), Some(other_company()));
        given([placed(false, 0)])
            .when(|s| decide_change_invoice_data(&change_invoice(Some(invoice_request())), s))
            .then_err(EditError::Unchanged);
    }

    #[test]
    fn an_issued_invoice_changes_only_by_correction() {
        let issued = OrderEvent::InvoiceIssued {
            order_id: ORDER,
            number: "FV/2026/1".into(),
            issued_at: at(6),
            total: 9789,
            vat_rate: 8,
            sale_date: None,
            seller: None,
            buyer: None,
            net: None,
            vat: None,
        };
        given([placed(false, 0), paid(false, 0), issued])
            .when(|s| decide_change_invoice_data(&change_invoice(Some(other_company())), s))
            .then_err(EditError::InvoiceIssued);
    }

    #[test]
    fn a_guest_order_goes_to_one_account_once() {
        let mut guest = placed(false, 0);
        if let OrderEvent::OrderPlaced { user_id, .. } = &mut guest {
            *user_id = None;
        }
        let cmd = AssignOrderToUser {
            order_id: ORDER,
            user_id: USER,
            by_user_id: Some(ADMIN),
            reason: "Klient założył konto".into(),
            now: at(60),
        };
        let assigned = OrderEvent::OrderAssignedToUser {
            order_id: ORDER,
            user_id: USER,
            assigned_at: at(60),
            by_user_id: Some(ADMIN),
            reason: "Klient założył konto".into(),
        };
        given([guest.clone()]).when(|s| decide_assign_user(&cmd, s)).then([assigned.clone()]);
        assert_eq!(given([guest.clone(), assigned.clone()]).state().placed().and_then(|o| o.user_id), Some(USER));
        given([guest.clone(), assigned]).when(|s| decide_assign_user(&cmd, s)).then_err(EditError::Unchanged);
        let other = AssignOrderToUser { user_id: Uuid::from_u128(99), ..cmd };
        given([placed(false, 0)]).when(|s| decide_assign_user(&other, s)).then_err(EditError::HasAccount);
    }

    #[test]
    fn an_order_that_ended_unpaid_takes_no_invoice() {
        let expired = OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(16) };
        given([placed(false, 0), expired])
            .when(|s| decide_change_invoice_data(&change_invoice(Some(other_company())), s))
            .then_err(EditError::Ended);
    }
}
