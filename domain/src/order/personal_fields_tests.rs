//! The privacy policy (crate `privacy`) against the events as the domain writes them: every
//! personal value of every event type that carries one is found and sealed, and the event
//! types said to carry none carry none of these values. Adding a variant to [`OrderEvent`]
//! breaks the match in [`carries_personal_data`] until someone decides.

use std::collections::HashMap;
use std::sync::Arc;

use privacy::seal::Key;
use privacy::transform::{Keys, Plan};

use super::testing::*;
use super::*;
use crate::complaint::testing as complaint;

/// Whether an event of this variant may carry personal data: the domain's answer, which the
/// policy must agree with.
fn carries_personal_data(event: &OrderEvent) -> bool {
    use OrderEvent::*;
    match event {
        OrderPlaced { .. }
        | OrderPaid { .. }
        | InvoiceIssued { .. }
        | InvoiceCorrected { .. }
        | CustomerDetailsChanged { .. }
        | InvoiceDataChanged { .. }
        | RejectedInvoiceAmended { .. } => true,
        OrderAbandoned { .. }
        | PaymentRegistered { .. }
        | OrderExpired { .. }
        | OrderCancelled { .. }
        | LatePaymentRefunded { .. }
        | TicketReturned { .. }
        | TicketCourseChanged { .. }
        | TicketChangeRequested { .. }
        | TicketChangePaid { .. }
        | LegMoved { .. }
        | TicketChangeExpired { .. }
        | TicketUsed { .. }
        | OrderAssignedToUser { .. }
        | KsefSendStarted { .. }
        | KsefSent { .. }
        | KsefAccepted { .. }
        | KsefSendFailed { .. }
        | KsefRejected { .. }
        | KsefWentOffline { .. }
        | KsefUpoReceived { .. }
        | DisruptionTold { .. }
        | DisruptionChosen { .. }
        | CompensationOwed { .. }
        | CompensationPaid { .. }
        | RefundPaidOut { .. } => false,
    }
}

/// The test order's personal values (its buyer's city, Kraków, is also its route's name: the
/// postal code stands for the address).
const PERSONAL: [&str; 9] =
    ["Jan", "Kowalski", "jan@example.pl", "600100200", "5260250274", "Firma sp.", "Długa", "30-001", "Ewa Nowak"];

fn sealed(event_type: &str, data: &str) -> String {
    let Some(plan) = Plan::new(event_type, data).expect("json") else { return data.to_string() };
    let keys: Keys = plan
        .subjects()
        .iter()
        .map(|s| (s.clone(), Some(Arc::new(Key::from_bytes(&Key::generate().expect("key")).expect("key")))))
        .collect::<HashMap<_, _>>();
    plan.seal(&keys).expect("sealed")
}

fn events_with_personal_data() -> Vec<OrderEvent> {
    let mut placed_event = placed(false, 0);
    if let OrderEvent::OrderPlaced { invoice, lines, .. } = &mut placed_event {
        *invoice = Some(invoice_request());
        lines[0].passengers = vec!["Ewa Nowak".into(), String::new()];
    }
    let buyer = Some(invoice_request());
    let mut paid_event = paid(false, 0);
    if let OrderEvent::OrderPaid { tickets, .. } = &mut paid_event {
        tickets[0].passenger = Some("Ewa Nowak".into());
    }
    vec![
        placed_event,
        paid_event,
        OrderEvent::CustomerDetailsChanged {
            order_id: ORDER,
            change_id: ORDER,
            customer: customer(),
            changed_at: at(1),
            by_user_id: None,
            reason: "korekta".into(),
        },
        OrderEvent::InvoiceDataChanged {
            order_id: ORDER,
            change_id: ORDER,
            invoice: buyer.clone(),
            changed_at: at(1),
            by_user_id: None,
            reason: "korekta".into(),
        },
        OrderEvent::InvoiceIssued {
            order_id: ORDER,
            number: "FV/1".into(),
            issued_at: at(5),
            total: 1,
            vat_rate: 8,
            sale_date: None,
            seller: None,
            buyer: buyer.clone(),
            net: None,
            vat: None,
            ksef: true,
        },
        OrderEvent::InvoiceCorrected {
            order_id: ORDER,
            number: "KOR/1".into(),
            corrects: "FV/1".into(),
            amount: 0,
            issued_at: at(6),
            reason: String::new(),
            line: None,
            total_before: None,
            vat_rate: None,
            corrects_issued_at: None,
            sale_date: None,
            seller: None,
            buyer: buyer.clone(),
            net: None,
            vat: None,
            ksef: true,
        },
        OrderEvent::RejectedInvoiceAmended {
            order_id: ORDER,
            document: "FV/1".into(),
            change_id: ORDER,
            buyer: invoice_request(),
            amended_at: at(7),
            by_user_id: None,
            reason: "NIP".into(),
        },
    ]
}

#[test]
fn every_personal_value_of_the_order_events_is_sealed() {
    for event in events_with_personal_data() {
        assert!(carries_personal_data(&event), "{}", event.event_type());
        let data = serde_json::to_string(&event).expect("json");
        let stored = sealed(event.event_type(), &data);
        for value in PERSONAL {
            assert!(!stored.contains(value), "{value} readable in {}: {stored}", event.event_type());
        }
    }
}

#[test]
fn the_policy_names_exactly_the_event_types_the_domain_says_carry_personal_data() {
    let (mut samples, tickets) = paid_one_way();
    samples.retain(|event| !matches!(event, OrderEvent::OrderPaid { .. }));
    samples.extend(events_with_personal_data());
    samples.push(course_changed(&tickets[0], leg(LegKind::Outbound), 0, 100));
    for event in samples {
        assert_eq!(
            carries_personal_data(&event),
            !privacy::policy::fields(event.event_type()).is_empty(),
            "{}",
            event.event_type()
        );
    }
    let mut declared: Vec<&str> = events_with_personal_data().iter().map(OrderEvent::event_type).collect();
    declared.extend(["ComplaintFiled", "ComplaintAnswered"]);
    declared.sort_unstable();
    let mut policy = privacy::policy::EVENT_TYPES.to_vec();
    policy.sort_unstable();
    assert_eq!(declared, policy, "the policy's types are the domain's");
}

#[test]
fn a_complaints_text_and_address_are_sealed() {
    for event in [complaint::filed(), complaint::answered("Przepraszamy, Panie Kowalski.")] {
        let data = serde_json::to_string(&event).expect("json");
        let stored = sealed(event.event_type(), &data);
        for value in ["jan@example.com", "spóźnił", "Kowalski"] {
            assert!(!stored.contains(value), "{value} readable in {stored}");
        }
    }
}
