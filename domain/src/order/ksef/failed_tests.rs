//! A send without an outcome (it goes again, unchanged) and a duplicate (accepted under
//! the original's number), given/when/then.

use chrono::Duration;

use super::*;
use crate::order::testing::*;
use crate::order::{decide_issue_invoice, IssueInvoice, OrderEvent, Seller};

const INVOICE: &str = "FV/1970/1";

fn invoiced_and_sent(session: &str) -> Vec<OrderEvent> {
    let mut placed = placed(false, 0);
    if let OrderEvent::OrderPlaced { invoice, .. } = &mut placed {
        *invoice = Some(invoice_request());
    }
    let mut events = vec![placed, paid(false, 0)];
    let issue = IssueInvoice {
        order_id: ORDER,
        number: INVOICE.into(),
        now: at(6),
        vat_rate: 8,
        sale_date: chrono::NaiveDate::from_ymd_opt(1970, 1, 1).expect("a date"),
        seller: Seller::default(),
        send_consumers: false,
    };
    let state = given(events.clone()).state();
    events.extend(decide_issue_invoice(&issue, &state).expect("issued"));
    events.push(OrderEvent::KsefSendStarted {
        order_id: ORDER,
        document: INVOICE.into(),
        xml_sha256: "c2hh".into(),
        session_ref: session.into(),
        offline: false,
        at: at(10),
        batch: false,
    });
    events
}

fn failed(session: &str, blocked: bool) -> KsefStep {
    KsefStep::Failed {
        document: INVOICE.into(),
        session_ref: session.into(),
        code: 550,
        reason: "Operacja została anulowana przez system".into(),
        blocked,
        policy: RetryPolicy::default(),
        at: at(10),
    }
}

fn track(events: Vec<OrderEvent>) -> KsefTrack {
    given(events).state().placed().expect("placed").ksef[0].clone()
}

#[test]
fn a_failed_send_puts_the_document_back_in_the_queue_until_its_retry() {
    let events = invoiced_and_sent("S1");
    let recorded = decide_ksef(&failed("S1", false), &given(events.clone()).state()).expect("recorded");
    assert!(matches!(&recorded[..], [OrderEvent::KsefSendFailed { code: 550, blocked: false, .. }]));
    let after = track(events.iter().cloned().chain(recorded).collect());
    assert_eq!(after.stage, KsefStage::Waiting);
    assert_eq!(after.failed_sends, 1);
    assert!(after.trouble.as_deref().is_some_and(|t| t.starts_with("550: ")));
    assert!(!after.may_send_at(at(10)), "not before its retry");
    assert!(after.may_send_at(at(10) + Duration::seconds(30)));
}

#[test]
fn a_failed_send_then_starts_again_and_counts() {
    let mut events = invoiced_and_sent("S1");
    events.extend(decide_ksef(&failed("S1", false), &given(events.clone()).state()).expect("failed"));
    let again = KsefStep::Start {
        document: INVOICE.into(),
        xml_sha256: "c2hh".into(),
        session_ref: "S2".into(),
        replaces: None,
        at: at(11),
        batch: false,
    };
    events.extend(decide_ksef(&again, &given(events.clone()).state()).expect("started again"));
    events.extend(decide_ksef(&failed("S2", true), &given(events.clone()).state()).expect("failed again"));
    let after = track(events);
    assert_eq!(after.failed_sends, 2);
    assert_eq!(after.retry_at, Some(at(10) + Duration::minutes(10)), "blocked, the second time: 5 min doubled");
    assert_eq!(after.stage, KsefStage::Waiting);
}

#[test]
fn a_failure_of_another_session_or_of_a_final_document_is_refused() {
    let events = invoiced_and_sent("S1");
    given(events.clone()).when(|s| decide_ksef(&failed("S9", false), s)).then_err(KsefStepError::NotInSession);
    let accepted: Vec<_> = events
        .into_iter()
        .chain([OrderEvent::KsefAccepted {
            order_id: ORDER,
            document: INVOICE.into(),
            session_ref: "S1".into(),
            ksef_number: "K".into(),
            acquired_at: at(11),
            duplicate_sent_in: None,
        }])
        .collect();
    given(accepted).when(|s| decide_ksef(&failed("S1", false), s)).then_err(KsefStepError::Final);
}

#[test]
fn a_duplicate_is_accepted_under_the_originals_number_and_session() {
    let events = invoiced_and_sent("S2");
    let step = KsefStep::Duplicate {
        document: INVOICE.into(),
        session_ref: "S2".into(),
        ksef_number: "5265877635-20250826-0100001AF629-AF".into(),
        original_session: Some("S1".into()),
        at: at(12),
    };
    let expected = OrderEvent::KsefAccepted {
        order_id: ORDER,
        document: INVOICE.into(),
        session_ref: "S1".into(),
        ksef_number: "5265877635-20250826-0100001AF629-AF".into(),
        acquired_at: at(12),
        duplicate_sent_in: Some("S2".into()),
    };
    given(events.clone()).when(|s| decide_ksef(&step, s)).then([expected.clone()]);
    let done: Vec<_> = events.into_iter().chain([expected]).collect();
    given(done.clone()).when(|s| decide_ksef(&step, s)).then([]);
    assert_eq!(track(done).ksef_number(), Some("5265877635-20250826-0100001AF629-AF"));
}
