use chrono::{DateTime, Months, Utc};

use super::*;
use crate::order::testing::*;
use crate::order::{Order, OrderEvent};

fn state(events: impl IntoIterator<Item = OrderEvent>) -> OrderState {
    match given(events).state() {
        Order::Placed(state) => *state,
        other => panic!("not placed: {other:?}"),
    }
}

fn invoice_issued(at: DateTime<Utc>) -> OrderEvent {
    OrderEvent::InvoiceIssued {
        order_id: ORDER,
        number: "FV/1/1970".into(),
        issued_at: at,
        total: 7800,
        vat_rate: 8,
        sale_date: None,
        seller: None,
        buyer: Some(invoice_request()),
        net: None,
        vat: None,
        ksef: false,
    }
}

fn date(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

#[test]
fn an_order_awaiting_payment_keeps_its_customer_until_it_expires() {
    let order = state([placed(false, 0)]);
    let kept = Erasable::Kept { until: at(15), why: KeptFor::AwaitingPayment };
    assert_eq!(on_request(&order, at(1)), ErasurePlan { customer: kept, buyer: kept }, "an invoice was asked for");
    let expired = state([placed(false, 0), OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(15) }]);
    assert_eq!(on_request(&expired, at(16)).customer, Erasable::Now, "nothing to travel on");
}

#[test]
fn a_valid_ticket_keeps_its_customer_until_the_journey_ends() {
    let (events, _) = paid_one_way();
    let order = state(events);
    let kept = Erasable::Kept { until: at(720), why: KeptFor::JourneyAhead };
    assert_eq!(on_request(&order, at(30)).customer, kept);
    assert_eq!(on_request(&order, at(720)).customer, Erasable::Now);
}

#[test]
fn an_issued_invoice_keeps_its_buyer_to_the_end_of_the_fifth_year_after_its_year() {
    let (mut events, _) = paid_one_way();
    events.push(invoice_issued(date("1970-03-01T10:00:00Z")));
    let order = state(events);
    let plan = on_request(&order, at(800));
    assert_eq!(plan.customer, Erasable::Now);
    assert_eq!(plan.buyer, Erasable::Kept { until: date("1976-01-01T00:00:00Z"), why: KeptFor::Invoice });
    assert_eq!(on_request(&order, date("1976-01-01T00:00:00Z")).buyer, Erasable::Now);
}

#[test]
fn an_invoice_asked_for_and_not_issued_keeps_its_buyer_as_long_as_the_customer() {
    let (events, _) = paid_one_way();
    let plan = on_request(&state(events), at(30));
    assert_eq!(plan.buyer, plan.customer);
    assert_eq!(plan.buyer, Erasable::Kept { until: at(720), why: KeptFor::JourneyAhead });
}

#[test]
fn an_order_that_asked_for_no_invoice_has_no_buyer_to_keep() {
    let (mut events, _) = paid_one_way();
    if let OrderEvent::OrderPlaced { invoice, .. } = &mut events[0] {
        *invoice = None;
    }
    let plan = on_request(&state(events), at(30));
    assert_eq!(
        (plan.customer, plan.buyer),
        (Erasable::Kept { until: at(720), why: KeptFor::JourneyAhead }, Erasable::Now)
    );
}

#[test]
fn the_schedule_erases_the_customer_when_the_kept_months_after_the_journey_have_passed() {
    let (mut events, _) = paid_one_way();
    events.push(invoice_issued(date("1970-01-01T00:10:00Z")));
    let order = state(events);
    assert_eq!(journey_end(&order), at(720));
    let thirteen = Months::new(13);
    assert_eq!(due_by_retention(&order, date("1971-02-01T11:59:59Z"), thirteen), (false, false));
    assert_eq!(due_by_retention(&order, date("1971-02-01T12:00:00Z"), thirteen), (true, false), "the invoice stays");
    assert_eq!(due_by_retention(&order, date("1976-01-01T00:00:00Z"), thirteen), (true, true));
}

#[test]
fn the_schedule_counts_from_the_course_a_ticket_moved_to() {
    let (mut events, tickets) = paid_one_way();
    let mut later = leg(crate::order::LegKind::Outbound);
    later.course_id = uuid::Uuid::from_u128(300);
    later.arrival_at = at(5000);
    events.push(course_changed(&tickets[0], later, 0, 100));
    assert_eq!(journey_end(&state(events)), at(5000));
}
