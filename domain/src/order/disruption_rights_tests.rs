//! The rules of passengers' rights (issue 39; EU Regulation 181/2011, art. 19): the return
//! leg refunded with a cancelled outbound, a cancellation from a stop, the compensation of a
//! choice offered late, a cleared delay, no fee on the return page for a disrupted trip, and
//! a ticket moved onto a disrupted course told of that course. The helpers are the parent's.

use super::*;
use crate::order::{decide_pay_compensation, PayCompensation};

#[test]
fn the_return_leg_is_refunded_with_a_cancelled_outbound() {
    let paid = paid(true, 0);
    let tickets = tickets_of(&paid);
    let history = vec![placed(true, 0), paid];
    let refund = given(history.clone())
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 200), s))
        .outcome()
        .expect("refunded");
    let returned: Vec<Uuid> = refund
        .iter()
        .filter_map(|e| match e {
            OrderEvent::TicketReturned { ticket_id, fee: 0, .. } => Some(*ticket_id),
            _ => None,
        })
        .collect();
    // Every ticket of both legs, with no fee; the refund's amount is their whole price.
    assert_eq!(returned, tickets.iter().map(|t| t.ticket_id).collect::<Vec<_>>());
    let total: i64 = tickets.iter().map(|t| t.price).sum();
    assert!(matches!(refund[0], OrderEvent::DisruptionChosen { refund_amount, .. } if refund_amount == total));
    assert_eq!(full_refund(&state_after(&history), COURSE), total);
    // A cancelled return leg refunds only itself: the outward journey was made.
    let back = CourseDisruption { course_id: leg(LegKind::Back).course_id, ..cancellation() };
    let back_only = given(history)
        .when(|s| {
            decide_choose_disruption(
                &ChooseDisruption { disruption: back, ..choose(None, ChosenBy::Passenger, 200) },
                s,
            )
        })
        .outcome()
        .expect("refunded");
    let back_tickets = tickets.iter().filter(|t| t.leg == LegKind::Back).count();
    assert_eq!(back_only.len(), 1 + back_tickets);
}

#[test]
fn a_cancellation_from_a_stop_touches_only_the_tickets_beyond_it() {
    // The tickets ride from stop 10 to stop 20.
    let beyond = CourseDisruption { unserved_stops: Some(vec![20, 30]), ..cancellation() };
    let before = CourseDisruption { notice_id: Uuid::from_u128(902), unserved_stops: Some(vec![30]), ..cancellation() };
    given(paid_with_coupon()).when(|s| decide_tell_disruption(&tell(beyond.clone()), s)).then([told(&beyond)]);
    given(paid_with_coupon())
        .when(|s| decide_tell_disruption(&tell(before.clone()), s))
        .then_err(DisruptionError::NotOnCourse);
    let untouched = ChooseDisruption { disruption: before, ..choose(None, ChosenBy::Passenger, 200) };
    given(paid_with_coupon()).when(|s| decide_choose_disruption(&untouched, s)).then_err(DisruptionError::NotOnCourse);
    // An unpaid order on the stretch that still runs is not cancelled.
    let unpaid_before = given([placed(false, 0)]).when(|s| {
        decide_tell_disruption(&tell(CourseDisruption { unserved_stops: Some(vec![30]), ..cancellation() }), s)
    });
    unpaid_before.then_err(DisruptionError::NotOnCourse);
}

#[test]
fn a_choice_offered_after_the_departure_owes_half_the_price_once() {
    let paid = paid(false, 0);
    let total: i64 = tickets_of(&paid).iter().map(|t| t.price).sum();
    let history = vec![placed(false, 0), paid];
    // Announced at minute 700, after the departure at 600: the passengers waited at the stop.
    let late = CourseDisruption { announced_at: at(700), ..cancellation() };
    let owed =
        OrderEvent::CompensationOwed { order_id: ORDER, course_id: COURSE, amount: (total + 1) / 2, owed_at: at(100) };
    given(history.clone()).when(|s| decide_tell_disruption(&tell(late.clone()), s)).then([told(&late), owed.clone()]);
    // In time, or a delay that offers no choice: nothing owed.
    given(history.clone()).when(|s| decide_tell_disruption(&tell(cancellation()), s)).then([told(&cancellation())]);
    let short = CourseDisruption { delay_minutes: Some(60), ..late.clone() };
    given(history.clone()).when(|s| decide_tell_disruption(&tell(short.clone()), s)).then([told(&short)]);
    // Owed once per course, paid once.
    let mut after = history.clone();
    after.extend([told(&late), owed]);
    let again = CourseDisruption { notice_id: Uuid::from_u128(903), ..late };
    given(after.clone()).when(|s| decide_tell_disruption(&tell(again.clone()), s)).then([told(&again)]);
    let pay = PayCompensation { order_id: ORDER, course_id: COURSE, by_user_id: Some(ADMIN), now: at(800) };
    let paid_out = OrderEvent::CompensationPaid {
        order_id: ORDER,
        course_id: COURSE,
        amount: (total + 1) / 2,
        by_user_id: Some(ADMIN),
        paid_at: at(800),
    };
    given(after.clone()).when(|s| decide_pay_compensation(&pay, s)).then([paid_out.clone()]);
    after.push(paid_out.clone());
    given(after.clone()).when(|s| decide_pay_compensation(&pay, s)).then_err(DisruptionError::CompensationPaid);
    given(history).when(|s| decide_pay_compensation(&pay, s)).then_err(DisruptionError::NoCompensation);
    // Its money goes back like a refund's.
    let backs = crate::order::money_back(&paid_out, &state_after(&after));
    assert_eq!(backs.iter().map(|b| b.amount).sum::<i64>(), (total + 1) / 2);
}

#[test]
fn a_cleared_delay_is_told_and_offers_no_choice() {
    let cleared = CourseDisruption { notice_id: Uuid::from_u128(904), ..delay(0) };
    given(paid_with_coupon()).when(|s| decide_tell_disruption(&tell(cleared.clone()), s)).then([told(&cleared)]);
    let choose_cleared = ChooseDisruption { disruption: cleared, ..choose(None, ChosenBy::Passenger, 200) };
    given(paid_with_coupon())
        .when(|s| decide_choose_disruption(&choose_cleared, s))
        .then_err(DisruptionError::NoChoice);
}

#[test]
fn a_disrupted_trip_is_returned_with_no_fee_its_return_leg_too() {
    use crate::order::{decide_return, ReturnTicket};
    let paid_event = paid(true, 0);
    let tickets = tickets_of(&paid_event);
    let mut history = vec![placed(true, 0), paid_event];
    let ret = |number: &str| ReturnTicket {
        order_id: ORDER,
        number: number.to_owned(),
        code: None,
        by_user_id: None,
        by_staff: true,
        now: at(200),
        cutoff_minutes: 30,
        fee_percent: 10,
    };
    let back = tickets.iter().find(|t| t.leg == LegKind::Back).expect("a return-leg ticket");
    let fee_of = |history: &[OrderEvent], number: &str| match given(history.to_vec())
        .when(|s| decide_return(&ret(number), s))
        .outcome()
        .expect("returned")
        .first()
    {
        Some(OrderEvent::TicketReturned { fee, .. }) => *fee,
        other => panic!("not a return: {other:?}"),
    };
    assert!(fee_of(&history, &back.number) > 0, "a trip running as planned pays the fee");
    history.push(told(&cancellation()));
    assert_eq!(fee_of(&history, &back.number), 0, "the return leg of a cancelled outward journey");
    assert_eq!(fee_of(&history, &tickets[0].number), 0, "a ticket of the cancelled course");
    // A short delay offers no choice: the fee stands.
    let short = vec![placed(true, 0), paid(true, 0), told(&delay(60))];
    assert!(fee_of(&short, &back.number) > 0);
}

#[test]
fn a_ticket_moved_onto_a_disrupted_course_is_told_of_that_course() {
    use crate::order::disruption_view::offer_leg;
    let paid = paid(false, 0);
    let tickets = tickets_of(&paid);
    let later = Leg {
        course_id: Uuid::from_u128(300),
        route_name: "Inna trasa".into(),
        departure_at: at(900),
        ..leg(LegKind::Outbound)
    };
    let moved: Vec<OrderEvent> = tickets
        .iter()
        .map(|t| OrderEvent::TicketCourseChanged {
            order_id: ORDER,
            ticket_id: t.ticket_id,
            number: t.number.clone(),
            from_course_id: COURSE,
            to_course: later.clone(),
            price_difference: 0,
            changed_at: at(50),
        })
        .collect();
    let mut history = vec![placed(false, 0), paid];
    history.extend(moved);
    let order = state_after(&history);
    // The course it is on now: its own route and time.
    let on = offer_leg(&order, later.course_id).expect("on the later course");
    assert_eq!((on.route_name.as_str(), on.departure_at), ("Inna trasa", at(900)));
    // The course it left: as it was sold.
    assert_eq!(offer_leg(&order, COURSE).map(|l| l.departure_at), Some(at(600)));
}
