//! The rules of a disrupted course, given/when/then: told once, an unpaid order
//! cancelled, a choice made once, no fee, the 14-day window and the automatic refund when
//! it closes, the 120-minute rule, a cancellation from a stop onward, the return leg
//! refunded with the outbound, re-routing on other routes, the compensation of a choice
//! offered late.

use super::*;
use crate::order::testing::*;
use crate::order::LegKind;

const COURSE: Uuid = Uuid::from_u128(100);
const NOTICE: Uuid = Uuid::from_u128(900);

fn cancellation() -> CourseDisruption {
    CourseDisruption {
        course_id: COURSE,
        notice_id: NOTICE,
        delay_minutes: None,
        unserved_stops: None,
        reason: "Awaria".into(),
        departure_at: at(600),
        announced_at: at(90),
    }
}

/// 14 days after the announcement at minute 90: the choice closes.
const WINDOW_CLOSES: i64 = 90 + 14 * 24 * 60;

fn delay(minutes: u32) -> CourseDisruption {
    CourseDisruption { delay_minutes: Some(minutes), ..cancellation() }
}

fn tell(disruption: CourseDisruption) -> TellDisruption {
    TellDisruption { order_id: ORDER, disruption, now: at(100) }
}

fn told(disruption: &CourseDisruption) -> OrderEvent {
    OrderEvent::DisruptionTold {
        order_id: ORDER,
        course_id: COURSE,
        notice_id: disruption.notice_id,
        delay_minutes: disruption.delay_minutes,
        reason: "Awaria".into(),
        told_at: at(100),
        unserved_stops: disruption.unserved_stops.clone(),
    }
}

fn choose(move_to: Option<Leg>, by: ChosenBy, minute: i64) -> ChooseDisruption {
    ChooseDisruption { order_id: ORDER, disruption: cancellation(), move_to, by, by_user_id: None, now: at(minute) }
}

/// Another course of the same route and stops, dearer (4900 a seat).
fn other_course() -> Leg {
    Leg { course_id: Uuid::from_u128(300), hold_id: Uuid::from_u128(301), unit_price: 4900, ..leg(LegKind::Outbound) }
}

fn paid_with_coupon() -> Vec<OrderEvent> {
    vec![placed(false, 1000), paid(false, 1000)]
}

#[test]
fn a_paid_order_is_told_once_per_announcement() {
    let history = paid_with_coupon();
    given(history.clone()).when(|s| decide_tell_disruption(&tell(cancellation()), s)).then([told(&cancellation())]);
    let mut again = history.clone();
    again.push(told(&cancellation()));
    given(again.clone()).when(|s| decide_tell_disruption(&tell(cancellation()), s)).then([]);
    // A new announcement (a longer delay) is told again.
    let later = CourseDisruption { notice_id: Uuid::from_u128(901), ..delay(150) };
    given(again).when(|s| decide_tell_disruption(&tell(later.clone()), s)).then([told(&later)]);
}

#[test]
fn an_unpaid_order_on_a_cancelled_course_is_cancelled_and_its_coupon_given_back() {
    let cancelled = OrderEvent::OrderCancelled {
        order_id: ORDER,
        cancelled_at: at(100),
        by_user_id: Uuid::nil(),
        reason: "Kurs odwołany: Awaria".into(),
        refund: 0,
        coupon_refund: 1000,
    };
    given([placed(false, 1000)])
        .when(|s| decide_tell_disruption(&tell(cancellation()), s))
        .then([told(&cancellation()), cancelled]);
    // A delay only tells it.
    given([placed(false, 1000)]).when(|s| decide_tell_disruption(&tell(delay(200)), s)).then([told(&delay(200))]);
}

#[test]
fn an_order_without_a_ticket_on_the_course_is_not_told() {
    let other = CourseDisruption { course_id: Uuid::from_u128(555), ..cancellation() };
    given(paid_with_coupon()).when(|s| decide_tell_disruption(&tell(other), s)).then_err(DisruptionError::NotOnCourse);
    given([]).when(|s| decide_tell_disruption(&tell(cancellation()), s)).then_err(DisruptionError::NotFound);
}

#[test]
fn a_refund_is_full_with_no_fee_the_coupon_part_to_the_coupon() {
    let paid = paid(false, 1000);
    let tickets = tickets_of(&paid);
    let events = given([placed(false, 1000), paid])
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 200), s))
        .outcome()
        .expect("refunded");
    let total: i64 = tickets.iter().map(|t| t.price).sum();
    assert_eq!(
        events[0],
        OrderEvent::DisruptionChosen {
            order_id: ORDER,
            course_id: COURSE,
            choice: DisruptionChoice::Refund,
            by: ChosenBy::Passenger,
            by_user_id: None,
            chosen_at: at(200),
            to_course_id: None,
            refund_amount: total,
        }
    );
    let mut coupon_back = 0;
    for (event, ticket) in events[1..].iter().zip(&tickets) {
        let OrderEvent::TicketReturned { fee, price, coupon_refund, money_refund, ticket_id, .. } = event else {
            panic!("not a return: {event:?}")
        };
        assert_eq!((*ticket_id, *fee, *price), (ticket.ticket_id, 0, ticket.price));
        assert_eq!((*coupon_refund, *money_refund), (ticket.coupon_part, ticket.price - ticket.coupon_part));
        coupon_back += coupon_refund;
    }
    assert_eq!((events.len(), coupon_back), (4, 1000));
}

#[test]
fn a_move_is_free_even_to_a_dearer_course() {
    let paid = paid(false, 0);
    let tickets = tickets_of(&paid);
    let events = given([placed(false, 0), paid])
        .when(|s| decide_choose_disruption(&choose(Some(other_course()), ChosenBy::Office, 200), s))
        .outcome()
        .expect("moved");
    assert!(matches!(
        events[0],
        OrderEvent::DisruptionChosen { choice: DisruptionChoice::Move, by: ChosenBy::Office, refund_amount: 0, .. }
    ));
    let expected: Vec<OrderEvent> = tickets
        .iter()
        .map(|t| OrderEvent::TicketCourseChanged {
            order_id: ORDER,
            ticket_id: t.ticket_id,
            number: t.number.clone(),
            from_course_id: COURSE,
            to_course: other_course(),
            price_difference: 0,
            changed_at: at(200),
        })
        .collect();
    assert_eq!(events[1..], expected[..]);
}

#[test]
fn a_choice_is_made_once() {
    let mut history = paid_with_coupon();
    let first = given(history.clone())
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 200), s))
        .outcome()
        .expect("chosen");
    history.extend(first);
    given(history.clone())
        .when(|s| decide_choose_disruption(&choose(Some(other_course()), ChosenBy::Passenger, 201), s))
        .then_err(DisruptionError::AlreadyChosen);
    given(history)
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Automatic, 600), s))
        .then_err(DisruptionError::AlreadyChosen);
}

#[test]
fn the_choice_stays_open_14_days_and_the_automatic_refund_comes_when_it_closes() {
    let given_paid = || given(paid_with_coupon());
    // Long after the departure (minute 600), still within the 14 days.
    let late = given_paid().when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 5000), s));
    assert!(late.outcome().is_ok_and(|e| e.len() == 4));
    given_paid()
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, WINDOW_CLOSES), s))
        .then_err(DisruptionError::ChoiceClosed);
    given_paid()
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Automatic, WINDOW_CLOSES - 1), s))
        .then_err(DisruptionError::NotYetDue);
    let automatic = given_paid()
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Automatic, WINDOW_CLOSES), s))
        .outcome()
        .expect("refunded");
    assert!(matches!(automatic[0], OrderEvent::DisruptionChosen { by: ChosenBy::Automatic, .. }));
    assert!(automatic[1..].iter().all(|e| matches!(e, OrderEvent::TicketReturned { fee: 0, .. })));
    // A passenger's choice after the automatic refund: the time was over.
    let mut history = paid_with_coupon();
    history.extend(automatic);
    given(history)
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 300), s))
        .then_err(DisruptionError::ChoiceClosed);
}

#[test]
fn a_delay_under_120_minutes_offers_no_choice() {
    let with = |minutes| ChooseDisruption { disruption: delay(minutes), ..choose(None, ChosenBy::Passenger, 200) };
    given(paid_with_coupon()).when(|s| decide_choose_disruption(&with(119), s)).then_err(DisruptionError::NoChoice);
    let events = given(paid_with_coupon()).when(|s| decide_choose_disruption(&with(120), s)).outcome();
    assert!(events.is_ok_and(|e| e.len() == 4));
    // A delayed course's choice stays open after it leaves, 14 days; no automatic refund.
    let after_it_left = given(paid_with_coupon())
        .when(|s| decide_choose_disruption(&ChooseDisruption { now: at(720), ..with(120) }, s))
        .outcome();
    assert!(after_it_left.is_ok());
    given(paid_with_coupon())
        .when(|s| decide_choose_disruption(&ChooseDisruption { now: at(WINDOW_CLOSES), ..with(120) }, s))
        .then_err(DisruptionError::ChoiceClosed);
    let automatic = ChooseDisruption { by: ChosenBy::Automatic, now: at(WINDOW_CLOSES + 1), ..with(120) };
    given(paid_with_coupon()).when(|s| decide_choose_disruption(&automatic, s)).then_err(DisruptionError::NotYetDue);
}

#[test]
fn a_move_goes_to_any_course_serving_the_same_two_stops() {
    let given_paid = || given(paid_with_coupon());
    let to = |leg: Leg| choose(Some(leg), ChosenBy::Passenger, 200);
    given_paid()
        .when(|s| decide_choose_disruption(&to(leg(LegKind::Outbound)), s))
        .then_err(DisruptionError::SameCourse);
    given_paid()
        .when(|s| decide_choose_disruption(&to(Leg { to_waypoint_id: 99, ..other_course() }), s))
        .then_err(DisruptionError::DifferentStops);
    // Another route, the next day, between the same two stops.
    let other_route = Leg { route_id: 9, route_name: "Inna".into(), departure_at: at(600 + 1440), ..other_course() };
    let moved = given_paid().when(|s| decide_choose_disruption(&to(other_route.clone()), s)).outcome();
    let moved = moved.expect("moved");
    assert!(moved[1..].iter().all(|e| matches!(e,
        OrderEvent::TicketCourseChanged { to_course, price_difference: 0, .. } if to_course.route_id == 9)));
}

#[test]
fn an_unpaid_order_cannot_choose() {
    given([placed(false, 0)])
        .when(|s| decide_choose_disruption(&choose(None, ChosenBy::Passenger, 200), s))
        .then_err(DisruptionError::NotOnCourse);
}

#[test]
fn a_ticket_moved_before_may_move_again() {
    let paid = paid(false, 0);
    let tickets = tickets_of(&paid);
    let here = Leg { course_id: COURSE, ..other_course() };
    // The first ticket came onto the disrupted course by a change from course 300.
    let moved_here = OrderEvent::TicketCourseChanged {
        order_id: ORDER,
        ticket_id: tickets[0].ticket_id,
        number: tickets[0].number.clone(),
        from_course_id: Uuid::from_u128(300),
        to_course: Leg { kind: LegKind::Outbound, ..here },
        price_difference: 0,
        changed_at: at(50),
    };
    let history = [placed(false, 0), paid, moved_here];
    let elsewhere = Leg { course_id: Uuid::from_u128(400), ..other_course() };
    let moved = given(history)
        .when(|s| decide_choose_disruption(&choose(Some(elsewhere), ChosenBy::Passenger, 200), s))
        .outcome();
    assert!(moved.is_ok_and(|e| e.len() == 4));
}

/// The order's state after `events`.
fn state_after(events: &[OrderEvent]) -> OrderState {
    use crate::Aggregate;
    let order = events.iter().fold(Order::default(), |state, e| state.evolve(e));
    order.placed().cloned().expect("a placed order")
}

#[test]
fn the_view_says_where_each_order_stands_on_the_disrupted_course() {
    use crate::order::disruption_view::{choice_open, offer_leg, passenger, PassengerState};
    // Unpaid: its seats are held, nobody told it yet.
    let unpaid = state_after(&[placed(false, 0)]);
    let view = passenger(&unpaid, COURSE).expect("on the course");
    assert_eq!((view.state, view.seats, view.chosen), (PassengerState::ToTell, unpaid.passengers(), None));
    assert!(!choice_open(&unpaid, &cancellation(), at(200)), "an unpaid order has no choice");

    // Paid and told: the choice is open 14 days after the announcement.
    let mut history = paid_with_coupon();
    history.push(told(&cancellation()));
    let told_order = state_after(&history);
    let view = passenger(&told_order, COURSE).expect("on the course");
    assert_eq!((view.state, view.seats, view.told_at), (PassengerState::Told, 3, Some(at(100))));
    assert!(choice_open(&told_order, &cancellation(), at(WINDOW_CLOSES - 1)));
    assert!(!choice_open(&told_order, &cancellation(), at(WINDOW_CLOSES)), "closed after 14 days");
    assert!(choice_open(&told_order, &delay(120), at(700)), "a delayed course's choice outlives its departure");
    assert!(!choice_open(&told_order, &delay(119), at(200)), "a short delay offers no choice");
    assert_eq!(passenger(&told_order, Uuid::from_u128(555)), None, "nothing on another course");

    // Moved: the move names the new course and its departure; the offer still shows the leg sold.
    let moved = decide_choose_disruption(
        &choose(Some(other_course()), ChosenBy::Office, 200),
        &Order::Placed(Box::new(told_order.clone())),
    )
    .expect("moved");
    let mut after_move = history.clone();
    after_move.extend(moved);
    let moved_order = state_after(&after_move);
    let view = passenger(&moved_order, COURSE).expect("was on the course");
    assert_eq!(view.state, PassengerState::Moved);
    assert_eq!((view.seats, view.moved_to), (3, Some((other_course().course_id, Some(other_course().departure_at)))));
    assert_eq!(view.refund_amount, None);
    assert_eq!(offer_leg(&moved_order, COURSE).map(|l| l.course_id), Some(COURSE));
    assert!(!choice_open(&moved_order, &cancellation(), at(300)), "chosen once");

    // Refunded: what it gave back.
    let refunded =
        decide_choose_disruption(&choose(None, ChosenBy::Passenger, 200), &Order::Placed(Box::new(told_order)))
            .expect("refunded");
    let mut after_refund = history;
    after_refund.extend(refunded);
    let refunded_order = state_after(&after_refund);
    let view = passenger(&refunded_order, COURSE).expect("was on the course");
    let total: i64 = tickets_of(&paid(false, 1000)).iter().map(|t| t.price).sum();
    assert_eq!((view.state, view.seats, view.refund_amount), (PassengerState::Refunded, 3, Some(total)));
}

/// The rules issue 39 added: the return leg, a cancellation from a stop, compensation, a
/// cleared delay, the return page's fee, a ticket moved onto a disrupted course.
#[path = "disruption_rights_tests.rs"]
mod rights;

#[test]
fn a_ticket_returned_before_the_disruption_is_not_counted_after_a_move() {
    use crate::order::disruption_view::passenger;
    let paid = paid(false, 0);
    let tickets = tickets_of(&paid);
    let returned = OrderEvent::TicketReturned {
        order_id: ORDER,
        ticket_id: tickets[0].ticket_id,
        number: tickets[0].number.clone(),
        returned_at: at(40),
        by_user_id: None,
        price: tickets[0].price,
        fee: 0,
        coupon_refund: 0,
        money_refund: tickets[0].price,
    };
    let mut history = vec![placed(false, 0), paid, returned, told(&cancellation())];
    let before = state_after(&history);
    assert_eq!(passenger(&before, COURSE).map(|v| v.seats), Some(2), "two tickets still on the course");
    let moved = decide_choose_disruption(
        &choose(Some(other_course()), ChosenBy::Office, 200),
        &Order::Placed(Box::new(before)),
    )
    .expect("moved");
    history.extend(moved);
    let after = state_after(&history);
    assert_eq!(passenger(&after, COURSE).map(|v| v.seats), Some(2), "the move took two, not the one returned");
}

#[test]
fn a_ticket_moved_onto_the_course_and_moved_away_by_the_choice_still_has_its_offer() {
    use crate::order::disruption_view::{offer_leg, passenger, PassengerState};
    // The order was sold on COURSE; every ticket then moved to course 500, which is cancelled.
    let disrupted = Uuid::from_u128(500);
    let paid = paid(false, 0);
    let there = Leg { course_id: disrupted, ..other_course() };
    let moved_there: Vec<OrderEvent> = tickets_of(&paid)
        .iter()
        .map(|t| OrderEvent::TicketCourseChanged {
            order_id: ORDER,
            ticket_id: t.ticket_id,
            number: t.number.clone(),
            from_course_id: COURSE,
            to_course: Leg { kind: LegKind::Outbound, ..there.clone() },
            price_difference: 0,
            changed_at: at(50),
        })
        .collect();
    let cancelled = CourseDisruption { course_id: disrupted, ..cancellation() };
    let mut history = vec![placed(false, 0), paid];
    history.extend(moved_there);
    let mut told_there = told(&cancelled);
    if let OrderEvent::DisruptionTold { course_id, .. } = &mut told_there {
        *course_id = disrupted;
    }
    history.push(told_there);
    let elsewhere = Leg { course_id: Uuid::from_u128(400), ..other_course() };
    let before = state_after(&history);
    let cmd = ChooseDisruption { disruption: cancelled, ..choose(Some(elsewhere), ChosenBy::Passenger, 200) };
    let moved = decide_choose_disruption(&cmd, &Order::Placed(Box::new(before))).expect("moved");
    history.extend(moved);
    let after = state_after(&history);
    let view = passenger(&after, disrupted).expect("the order still stands on the course");
    assert_eq!((view.state, view.seats), (PassengerState::Moved, 3));
    assert_eq!(
        offer_leg(&after, disrupted).map(|l| l.course_id),
        Some(disrupted),
        "its offer names the course it was on"
    );
}
