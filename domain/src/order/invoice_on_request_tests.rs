//! The deadline of an invoice on request and the two ways of asking for one.

use super::super::testing::*;
use super::*;
use crate::order::decide_edit;

const CHANGE: Uuid = Uuid::from_u128(78);

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a date")
}

/// The order placed without an invoice, and paid.
fn paid_without_invoice() -> Vec<OrderEvent> {
    let mut placed = placed(false, 0);
    if let OrderEvent::OrderPlaced { invoice, .. } = &mut placed {
        *invoice = None;
    }
    vec![placed, paid(false, 0)]
}

fn reserved(today: NaiveDate) -> ReservedInvoice {
    ReservedInvoice {
        number: "FV/2026/7".into(),
        vat_rate: 8,
        sale_date: day(2026, 1, 15),
        today,
        seller: Seller { name: "Nisko Bus sp. z o.o.".into(), tax_id: "8652556348".into(), ..Seller::default() },
        send_consumers: false,
    }
}

fn admin_edit(issue: Option<ReservedInvoice>) -> EditOrder {
    EditOrder {
        order_id: ORDER,
        change_id: CHANGE,
        customer: None,
        invoice: Some(Some(invoice_request())),
        reason: "Klient chce fakturę".into(),
        correction: None,
        invoice_issue: issue,
        by_user_id: Some(ADMIN),
        now: at(50),
    }
}

fn customer_request(code: Option<&str>, user: Option<Uuid>, today: NaiveDate) -> RequestInvoice {
    RequestInvoice {
        order_id: ORDER,
        change_id: CHANGE,
        ticket_number: "NK-1".into(),
        code: code.map(String::from),
        by_user_id: user,
        invoice: invoice_request(),
        reserved: Some(reserved(today)),
        now: at(50),
    }
}

#[test]
fn the_deadline_is_the_last_day_of_the_third_month_after_the_month_of_the_sale() {
    assert_eq!(invoice_deadline(day(2026, 1, 15)), day(2026, 4, 30));
    assert_eq!(invoice_deadline(day(2026, 1, 1)), day(2026, 4, 30));
    assert_eq!(invoice_deadline(day(2026, 1, 31)), day(2026, 4, 30));
    // Across the year, and into a February (leap and common).
    assert_eq!(invoice_deadline(day(2026, 11, 27)), day(2027, 2, 28));
    assert_eq!(invoice_deadline(day(2027, 11, 30)), day(2028, 2, 29));
    assert_eq!(invoice_deadline(day(2026, 12, 31)), day(2027, 3, 31));
}

#[test]
fn a_request_is_open_through_the_deadline_and_closed_the_day_after() {
    assert_eq!(invoice_request_open(day(2026, 1, 15), day(2026, 1, 15)), Ok(()));
    assert_eq!(invoice_request_open(day(2026, 1, 15), day(2026, 4, 30)), Ok(()));
    assert_eq!(invoice_request_open(day(2026, 1, 15), day(2026, 5, 1)), Err(day(2026, 4, 30)));
}

#[test]
fn an_admin_asking_for_an_invoice_of_a_paid_order_issues_it_in_the_same_decision() {
    let cmd = admin_edit(Some(reserved(day(2026, 4, 30))));
    assert!(cmd.invoice_due(&given(paid_without_invoice()).state()));
    let events = given(paid_without_invoice()).when(|s| decide_edit(&cmd, s)).outcome().expect("issued");
    let [OrderEvent::InvoiceDataChanged { invoice: Some(data), .. }, OrderEvent::InvoiceIssued { number, buyer, total, sale_date, ksef, .. }] =
        events.as_slice()
    else {
        panic!("{events:?}")
    };
    assert_eq!(data, &invoice_request());
    assert_eq!(number, "FV/2026/7");
    assert_eq!(buyer.as_ref(), Some(&invoice_request()));
    assert_eq!(*total, 9789);
    assert_eq!(*sale_date, Some(day(2026, 1, 15)));
    assert!(*ksef, "a buyer with a NIP goes to KSeF");
    // Recorded, the order has its invoice and nothing more is due.
    let after = given(paid_without_invoice().into_iter().chain(events)).state();
    assert!(after.placed().is_some_and(|o| o.invoice.is_some()));
    assert!(!cmd.invoice_due(&after));
}

#[test]
fn an_admin_asking_after_the_deadline_is_refused_and_nothing_changes() {
    let cmd = admin_edit(Some(reserved(day(2026, 5, 1))));
    given(paid_without_invoice())
        .when(|s| decide_edit(&cmd, s))
        .then_err(EditError::InvoiceTooLate { deadline: day(2026, 4, 30) });
}

#[test]
fn invoice_data_of_an_unpaid_order_are_only_data() {
    let mut placed = placed(false, 0);
    if let OrderEvent::OrderPlaced { invoice, .. } = &mut placed {
        *invoice = None;
    }
    let cmd = admin_edit(Some(reserved(day(2026, 5, 1))));
    assert!(!cmd.invoice_due(&given([placed.clone()]).state()));
    let events = given([placed]).when(|s| decide_edit(&cmd, s)).outcome().expect("changed");
    assert!(matches!(events.as_slice(), [OrderEvent::InvoiceDataChanged { .. }]), "{events:?}");
}

#[test]
fn a_guest_with_the_ticket_code_asks_for_the_invoice_and_it_is_issued() {
    let events = given(paid_without_invoice())
        .when(|s| decide_request_invoice(&customer_request(Some("CODE-1"), None, day(2026, 2, 1)), s))
        .outcome()
        .expect("issued");
    assert!(
        matches!(events.as_slice(), [OrderEvent::InvoiceDataChanged { .. }, OrderEvent::InvoiceIssued { .. }]),
        "{events:?}"
    );
    // The logged-in owner needs no code; someone else's account is refused.
    let by_owner = given(paid_without_invoice())
        .when(|s| decide_request_invoice(&customer_request(None, Some(USER), day(2026, 2, 1)), s))
        .outcome();
    assert!(by_owner.is_ok_and(|e| e.len() == 2));
    given(paid_without_invoice())
        .when(|s| decide_request_invoice(&customer_request(None, Some(ADMIN), day(2026, 2, 1)), s))
        .then_err(RequestInvoiceError::Denied(AccessDenied::NotOwner));
}

#[test]
fn a_customer_request_is_refused_without_the_code_too_late_or_twice() {
    let history = || given(paid_without_invoice());
    history()
        .when(|s| decide_request_invoice(&customer_request(None, None, day(2026, 2, 1)), s))
        .then_err(RequestInvoiceError::Denied(AccessDenied::CodeRequired));
    history()
        .when(|s| decide_request_invoice(&customer_request(Some("WRONG"), None, day(2026, 2, 1)), s))
        .then_err(RequestInvoiceError::Denied(AccessDenied::WrongCode));
    history()
        .when(|s| decide_request_invoice(&customer_request(Some("CODE-1"), None, day(2026, 5, 1)), s))
        .then_err(RequestInvoiceError::TooLate { deadline: day(2026, 4, 30) });
    // The invoice asked for at ordering and issued: asking again is refused.
    let invoiced = given([placed(false, 0), paid(false, 0)])
        .when(|s| {
            let issue = IssueInvoice {
                order_id: ORDER,
                number: "FV/2026/1".into(),
                now: at(6),
                vat_rate: 8,
                sale_date: day(2026, 1, 15),
                seller: Seller::default(),
                send_consumers: false,
            };
            decide_issue_invoice(&issue, s)
        })
        .outcome()
        .expect("issued");
    given([placed(false, 0), paid(false, 0)].into_iter().chain(invoiced))
        .when(|s| decide_request_invoice(&customer_request(Some("CODE-1"), None, day(2026, 2, 1)), s))
        .then_err(RequestInvoiceError::AlreadyIssued);
}

#[test]
fn an_unpaid_order_takes_no_invoice_on_request() {
    given([placed(false, 0)])
        .when(|s| decide_request_invoice(&customer_request(Some("CODE-1"), None, day(2026, 2, 1)), s))
        .then_err(RequestInvoiceError::TicketNotFound);
}
