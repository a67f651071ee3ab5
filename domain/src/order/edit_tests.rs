//! The rules of [`super::decide_edit`].

use super::super::testing::*;
use super::*;

const CHANGE: Uuid = Uuid::from_u128(77);

fn new_customer() -> Customer {
    Customer { last_name: line("Nowak"), ..customer() }
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
        invoice_issue: None,
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
        line: None,
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
        line: None,
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
