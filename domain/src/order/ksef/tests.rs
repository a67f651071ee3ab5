//! The KSeF rule and the sender's steps, given/when/then.

use chrono::NaiveDate;
use uuid::Uuid;

use super::*;
use crate::order::testing::*;
use crate::order::{
    decide_correct_invoice, decide_edit, decide_issue_invoice, CorrectInvoice, EditOrder, IssueInvoice,
};
use crate::order::{OrderEvent, ReservedCorrection, Seller};

const INVOICE: &str = "FV/1970/1";
const KOR: &str = "FV-KOR/1970/1";

fn issue(send_consumers: bool) -> IssueInvoice {
    IssueInvoice {
        order_id: ORDER,
        number: INVOICE.into(),
        now: at(6),
        vat_rate: 8,
        sale_date: NaiveDate::from_ymd_opt(1970, 1, 1).expect("a date"),
        seller: Seller::default(),
        send_consumers,
    }
}

fn consumer() -> InvoiceRequest {
    InvoiceRequest { vat_number: String::new(), company_name: "Jan Kowalski".into(), ..invoice_request() }
}

/// The events of a paid order invoiced for `buyer`.
fn invoiced_for(buyer: InvoiceRequest, send_consumers: bool) -> Vec<OrderEvent> {
    let mut placed = placed(false, 0);
    if let OrderEvent::OrderPlaced { invoice, .. } = &mut placed {
        *invoice = Some(buyer);
    }
    let mut events = vec![placed, paid(false, 0)];
    let state = given(events.clone()).state();
    events.extend(decide_issue_invoice(&issue(send_consumers), &state).expect("issued"));
    events
}

fn start(document: &str, session: &str, replaces: Option<&str>) -> KsefStep {
    KsefStep::Start {
        document: document.into(),
        xml_sha256: "c2hh".into(),
        session_ref: session.into(),
        replaces: replaces.map(str::to_owned),
        at: at(10),
        batch: false,
    }
}

fn started(document: &str, session: &str, offline: bool) -> OrderEvent {
    OrderEvent::KsefSendStarted {
        order_id: ORDER,
        document: document.into(),
        xml_sha256: "c2hh".into(),
        session_ref: session.into(),
        offline,
        at: at(10),
        batch: false,
    }
}

fn accepted(document: &str, session: &str) -> OrderEvent {
    OrderEvent::KsefAccepted {
        order_id: ORDER,
        document: document.into(),
        session_ref: session.into(),
        ksef_number: format!("{document}-ksef"),
        acquired_at: at(11),
        duplicate_sent_in: None,
    }
}

fn rejected(document: &str) -> OrderEvent {
    OrderEvent::KsefRejected {
        order_id: ORDER,
        document: document.into(),
        code: 450,
        reason: "zły NIP".into(),
        at: at(11),
    }
}

#[test]
fn the_rule_sends_a_buyer_with_a_nip_and_consumers_only_when_the_company_says_so() {
    assert!(due_for_ksef(Some(&invoice_request()), false, false));
    assert!(!due_for_ksef(Some(&consumer()), false, false));
    assert!(due_for_ksef(Some(&consumer()), true, false));
    assert!(due_for_ksef(Some(&consumer()), false, true), "a correction of a document in KSeF");
    let is_due = |events: &[OrderEvent]| matches!(events.last(), Some(OrderEvent::InvoiceIssued { ksef: true, .. }));
    assert!(is_due(&invoiced_for(invoice_request(), false)));
    assert!(!is_due(&invoiced_for(consumer(), false)));
    assert!(is_due(&invoiced_for(consumer(), true)));
}

#[test]
fn a_due_invoice_waits_in_the_state_and_a_consumers_does_not() {
    let state = given(invoiced_for(invoice_request(), false)).state();
    let track = &state.placed().expect("placed").ksef;
    assert_eq!(track.len(), 1);
    assert_eq!((track[0].document.as_str(), &track[0].stage), (INVOICE, &KsefStage::Waiting));
    let consumers = given(invoiced_for(consumer(), false)).state();
    assert!(consumers.placed().expect("placed").ksef.is_empty());
}

#[test]
fn one_start_only_then_sent_and_accepted_each_once() {
    let events = invoiced_for(invoice_request(), false);
    given(events.clone()).when(|s| decide_ksef(&start(INVOICE, "S1", None), s)).then([started(INVOICE, "S1", false)]);
    let after_start: Vec<_> = events.iter().cloned().chain([started(INVOICE, "S1", false)]).collect();
    // A second process (another session) cannot start it again.
    given(after_start.clone())
        .when(|s| decide_ksef(&start(INVOICE, "S2", None), s))
        .then_err(KsefStepError::AlreadyStarted);
    let step = KsefStep::Accepted {
        document: INVOICE.into(),
        session_ref: "S1".into(),
        ksef_number: format!("{INVOICE}-ksef"),
        acquired_at: at(11),
    };
    given(after_start.clone()).when(|s| decide_ksef(&step, s)).then([accepted(INVOICE, "S1")]);
    let done: Vec<_> = after_start.into_iter().chain([accepted(INVOICE, "S1")]).collect();
    given(done.clone()).when(|s| decide_ksef(&step, s)).then([]);
    given(done).when(|s| decide_ksef(&start(INVOICE, "S3", None), s)).then_err(KsefStepError::Final);
}

#[test]
fn a_crashed_send_is_taken_over_only_by_naming_its_session() {
    let events: Vec<_> =
        invoiced_for(invoice_request(), false).into_iter().chain([started(INVOICE, "S1", false)]).collect();
    given(events.clone())
        .when(|s| decide_ksef(&start(INVOICE, "S2", Some("S1")), s))
        .then([started(INVOICE, "S2", false)]);
    let taken: Vec<_> = events.into_iter().chain([started(INVOICE, "S2", false)]).collect();
    // Another process that looked at S1 too comes too late.
    given(taken).when(|s| decide_ksef(&start(INVOICE, "S3", Some("S1")), s)).then_err(KsefStepError::AlreadyStarted);
}

#[test]
fn an_offline_document_is_sent_with_the_offline_mode() {
    let deadline = offline_deadline(NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date"));
    let offline = OrderEvent::KsefWentOffline { order_id: ORDER, document: INVOICE.into(), at: at(7), deadline };
    let events: Vec<_> = invoiced_for(invoice_request(), false).into_iter().chain([offline.clone()]).collect();
    let step = KsefStep::WentOffline { document: INVOICE.into(), at: at(8), deadline };
    given(events.clone()).when(|s| decide_ksef(&step, s)).then([]);
    given(events).when(|s| decide_ksef(&start(INVOICE, "S1", None), s)).then([started(INVOICE, "S1", true)]);
}

#[test]
fn a_correction_waits_for_its_invoices_ksef_number() {
    let events = invoiced_for(invoice_request(), false);
    let correct = CorrectInvoice {
        order_id: ORDER,
        number: KOR.into(),
        amount: -1000,
        now: at(20),
        reason: "Zwrot".into(),
        line: None,
        buyer: None,
        seller: Seller::default(),
        send_consumers: false,
    };
    let correction = decide_correct_invoice(&correct, &given(events.clone()).state()).expect("corrected");
    assert!(matches!(correction.as_slice(), [OrderEvent::InvoiceCorrected { ksef: true, .. }]));
    let with_kor: Vec<_> = events.into_iter().chain(correction).collect();
    given(with_kor.clone()).when(|s| decide_ksef(&start(KOR, "S1", None), s)).then_err(KsefStepError::WaitsForInvoice);
    let numbered: Vec<_> =
        with_kor.into_iter().chain([started(INVOICE, "S1", false), accepted(INVOICE, "S1")]).collect();
    given(numbered).when(|s| decide_ksef(&start(KOR, "S2", None), s)).then([started(KOR, "S2", false)]);
}

#[test]
fn new_buyer_data_of_a_rejected_invoice_amend_it_under_its_number_and_it_waits_again() {
    let events: Vec<_> = invoiced_for(invoice_request(), false)
        .into_iter()
        .chain([started(INVOICE, "S1", false), rejected(INVOICE)])
        .collect();
    let buyer = InvoiceRequest { vat_number: "1234563218".into(), ..invoice_request() };
    let edit = EditOrder {
        order_id: ORDER,
        change_id: Uuid::from_u128(9),
        customer: None,
        invoice: Some(Some(buyer.clone())),
        reason: "Poprawny NIP".into(),
        correction: None::<ReservedCorrection>,
        invoice_issue: None,
        by_user_id: Some(ADMIN),
        now: at(30),
    };
    let state = given(events.clone()).state();
    assert!(!edit.correction_due(&state), "no correction number: the invoice is amended");
    let amended = OrderEvent::RejectedInvoiceAmended {
        order_id: ORDER,
        document: INVOICE.into(),
        change_id: Uuid::from_u128(9),
        buyer: buyer.clone(),
        amended_at: at(30),
        by_user_id: Some(ADMIN),
        reason: "Poprawny NIP".into(),
    };
    given(events.clone()).when(|s| decide_edit(&edit, s)).then([amended.clone()]);
    let after: Vec<_> = events.into_iter().chain([amended]).collect();
    let doc = document_to_send(&after, INVOICE).expect("the invoice");
    assert_eq!(doc.buyer, Some(buyer));
    given(after).when(|s| decide_ksef(&start(INVOICE, "S2", None), s)).then([started(INVOICE, "S2", false)]);
}

fn start_hashed(session: &str, xml_sha256: &str) -> KsefStep {
    KsefStep::Start {
        document: INVOICE.into(),
        xml_sha256: xml_sha256.into(),
        session_ref: session.into(),
        replaces: None,
        at: at(10),
        batch: false,
    }
}

#[test]
fn a_rejected_offline_invoice_goes_again_only_as_a_technical_correction_of_other_bytes() {
    let deadline = offline_deadline(NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date"));
    let offline = OrderEvent::KsefWentOffline { order_id: ORDER, document: INVOICE.into(), at: at(7), deadline };
    let events: Vec<_> = invoiced_for(invoice_request(), false)
        .into_iter()
        .chain([offline, started(INVOICE, "S1", true), rejected(INVOICE)])
        .collect();
    let state = given(events.clone()).state();
    let track = &state.placed().expect("placed").ksef[0];
    assert_eq!(track.technical_correction_of.as_deref(), Some("c2hh"), "the original's hash");
    // The same bytes again: no.
    given(events.clone()).when(|s| decide_ksef(&start_hashed("S2", "c2hh"), s)).then_err(KsefStepError::Final);
    // Other bytes (the program was fixed): a technical correction, in offline mode.
    let corrected = OrderEvent::KsefSendStarted {
        order_id: ORDER,
        document: INVOICE.into(),
        xml_sha256: "bmV3".into(),
        session_ref: "S2".into(),
        offline: true,
        at: at(10),
        batch: false,
    };
    given(events.clone()).when(|s| decide_ksef(&start_hashed("S2", "bmV3"), s)).then([corrected.clone()]);
    // That correction rejected too: the original stays the one named; its bytes are not sent again.
    let twice: Vec<_> = events.iter().cloned().chain([corrected, rejected(INVOICE)]).collect();
    let state = given(twice.clone()).state();
    assert_eq!(state.placed().expect("placed").ksef[0].technical_correction_of.as_deref(), Some("c2hh"));
    given(twice).when(|s| decide_ksef(&start_hashed("S3", "bmV3"), s)).then_err(KsefStepError::Final);
}

#[test]
fn a_rejected_online_invoice_is_not_corrected_technically() {
    let events: Vec<_> = invoiced_for(invoice_request(), false)
        .into_iter()
        .chain([started(INVOICE, "S1", false), rejected(INVOICE)])
        .collect();
    let state = given(events.clone()).state();
    assert_eq!(state.placed().expect("placed").ksef[0].technical_correction_of, None);
    given(events).when(|s| decide_ksef(&start_hashed("S2", "bmV3"), s)).then_err(KsefStepError::Final);
}

#[test]
fn new_buyer_data_make_a_rejected_offline_invoice_a_plain_send_again() {
    let deadline = offline_deadline(NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date"));
    let offline = OrderEvent::KsefWentOffline { order_id: ORDER, document: INVOICE.into(), at: at(7), deadline };
    let amended = OrderEvent::RejectedInvoiceAmended {
        order_id: ORDER,
        document: INVOICE.into(),
        change_id: Uuid::from_u128(9),
        buyer: InvoiceRequest { vat_number: "1234563218".into(), ..invoice_request() },
        amended_at: at(30),
        by_user_id: Some(ADMIN),
        reason: "Poprawny NIP".into(),
    };
    let events: Vec<_> = invoiced_for(invoice_request(), false)
        .into_iter()
        .chain([offline, started(INVOICE, "S1", true), rejected(INVOICE), amended])
        .collect();
    let state = given(events.clone()).state();
    let track = &state.placed().expect("placed").ksef[0];
    assert_eq!((track.technical_correction_of.as_ref(), &track.stage), (None, &KsefStage::Waiting));
    given(events).when(|s| decide_ksef(&start(INVOICE, "S2", None), s)).then([started(INVOICE, "S2", true)]);
}
