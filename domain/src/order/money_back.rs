//! What an order's event owes back in money, through the payment gateway: the money
//! part of a returned ticket, the refund of an order cancelled after payment, a payment
//! that came too late, and the difference of a move to a cheaper course. Coupon value
//! goes back to the coupon instead (the coupon's own process), so it is never part of it.
//!
//! The refunds process records what [`money_back`] answers and sends it to the gateway.

use uuid::Uuid;

use super::{OrderEvent, OrderState, TicketState, TicketStatus};

/// Why money goes back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoneyBackFor {
    TicketReturned {
        number: String,
    },
    OrderCancelled,
    CourseChanged {
        number: String,
    },
    LatePayment,
    /// The compensation of a disruption whose choice came late (art. 19(2)).
    Compensation,
}

/// Money owed back to the payer of one transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneyBack {
    /// Grosz, above zero.
    pub amount: i64,
    /// The gateway's id of the payment to refund.
    pub transaction_id: String,
    /// The gateway session that payment came through.
    pub session_id: String,
    /// The gateway that payment came through.
    pub provider: String,
    pub reason: MoneyBackFor,
    /// Paid back to the payment of a change's difference, not to the payment the event
    /// is about: one event may owe money to both.
    pub to_change_payment: bool,
}

/// What `event`, recorded on `order` (the state after it), owes back in money, one entry
/// per transaction: nothing for events that owe nothing, or owe nothing in money, or owe
/// it on an order that was never paid through a gateway.
///
/// A ticket moved to a dearer course was paid by two transactions: the order's and the
/// difference's. Its money goes back to the difference's transaction first (up to what
/// it took) and the rest to the order's, so neither is asked for more than it holds.
pub fn money_back(event: &OrderEvent, order: &OrderState) -> Vec<MoneyBack> {
    // Events recorded before sessions were kept name none: the order's only session then.
    let session = |recorded: &str| {
        if recorded.is_empty() {
            order.payment_sessions.first().cloned().unwrap_or_else(|| order.payment.session_id.clone())
        } else {
            recorded.to_owned()
        }
    };
    let paid = || order.paid.as_ref().map(|p| (p.transaction_id.clone(), session(&p.session_id)));
    let ticket = |id: &Uuid| order.tickets.iter().find(|t| t.ticket.ticket_id == *id);
    let (amount, reason, transaction, changes): (_, _, _, Vec<&TicketState>) = match event {
        OrderEvent::TicketReturned { ticket_id, number, money_refund, .. } => (
            *money_refund,
            MoneyBackFor::TicketReturned { number: number.clone() },
            paid(),
            ticket(ticket_id).into_iter().collect(),
        ),
        OrderEvent::OrderCancelled { refund, .. } => (
            *refund,
            MoneyBackFor::OrderCancelled,
            paid(),
            order.tickets.iter().filter(|t| t.status == TicketStatus::Valid).collect(),
        ),
        OrderEvent::TicketCourseChanged { number, price_difference, .. } => {
            (-price_difference, MoneyBackFor::CourseChanged { number: number.clone() }, paid(), Vec::new())
        }
        OrderEvent::CompensationPaid { amount, .. } => (*amount, MoneyBackFor::Compensation, paid(), Vec::new()),
        OrderEvent::LatePaymentRefunded { amount, transaction_id, session_id, .. } => {
            (*amount, MoneyBackFor::LatePayment, Some((transaction_id.clone(), session(session_id))), Vec::new())
        }
        _ => return Vec::new(),
    };
    let Some((transaction_id, session_id)) = transaction else { return Vec::new() };
    let mut left = amount.max(0);
    let mut backs = Vec::new();
    for ticket in changes {
        let Some(change) = &ticket.change_paid else { continue };
        let share = change.amount.min(left).min(money_part(ticket)).max(0);
        if share > 0 {
            left -= share;
            backs.push(MoneyBack {
                amount: share,
                transaction_id: change.transaction_id.clone(),
                session_id: change.session_id.clone(),
                provider: change.provider.clone(),
                reason: reason.clone(),
                to_change_payment: true,
            });
        }
    }
    if left > 0 {
        let provider = order.payment.provider.clone();
        backs.insert(
            0,
            MoneyBack { amount: left, transaction_id, session_id, provider, reason, to_change_payment: false },
        );
    }
    backs
}

/// What of a ticket's price was paid in money, not by coupon (a change of course may
/// have lowered the price below the coupon part).
fn money_part(ticket: &TicketState) -> i64 {
    ticket.price - ticket.ticket.coupon_part.min(ticket.price).max(0)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::{
        decide_cancel, decide_expire, decide_refund_late, decide_return, CancelOrder, ExpireOrder, Leg, Order,
        PaymentRef, RefundLatePayment, ReturnTicket, Ticket,
    };
    use crate::Aggregate;

    /// The one event `decide` records on the order `history` folds to, and the state after it.
    fn recorded<E: std::fmt::Debug>(
        history: Vec<OrderEvent>,
        decide: impl FnOnce(&Order) -> Result<Vec<OrderEvent>, E>,
    ) -> (OrderEvent, OrderState) {
        let before = given(history.clone()).state();
        let mut events = decide(&before).expect("the command is accepted");
        assert_eq!(events.len(), 1, "{events:?}");
        let event = events.remove(0);
        let after = before.evolve(&event);
        (event, after.placed().expect("a placed order").clone())
    }

    fn paid_order(coupon: i64) -> (Vec<OrderEvent>, Vec<Ticket>) {
        let paid = paid(false, coupon);
        let tickets = tickets_of(&paid);
        (vec![placed(false, coupon), paid], tickets)
    }

    /// 10 % of `price`, rounded half up: the fee of [`guest_return`].
    fn percent(price: i64) -> i64 {
        (price * 10 + 50) / 100
    }

    fn guest_return(ticket: &Ticket) -> ReturnTicket {
        ReturnTicket {
            order_id: ORDER,
            number: ticket.number.clone(),
            code: Some(ticket.code.clone()),
            by_user_id: None,
            by_staff: false,
            now: at(100),
            cutoff_minutes: 10,
            fee_percent: 10,
        }
    }

    fn changed(ticket: &Ticket, price_difference: i64) -> OrderEvent {
        course_changed(ticket, leg(ticket.leg), price_difference, 100)
    }

    #[test]
    fn a_returned_ticket_pays_its_money_part_back_to_the_payment() {
        let (history, tickets) = paid_order(0);
        let (event, order) = recorded(history, |s| decide_return(&guest_return(&tickets[0]), s));
        let OrderEvent::TicketReturned { money_refund, .. } = &event else { panic!("{event:?}") };
        assert!(*money_refund > 0);
        let expected = MoneyBack {
            amount: *money_refund,
            transaction_id: "T-1".into(),
            session_id: "s-1".into(),
            provider: "sandbox".into(),
            reason: MoneyBackFor::TicketReturned { number: tickets[0].number.clone() },
            to_change_payment: false,
        };
        assert_eq!(money_back(&event, &order), vec![expected]);
    }

    #[test]
    fn a_ticket_the_coupon_paid_for_pays_no_money_back() {
        // The coupon covers the whole order: the return's refund all goes to the coupon.
        let (history, tickets) = paid_order(place(false, 0).total);
        let (event, order) = recorded(history, |s| decide_return(&guest_return(&tickets[0]), s));
        assert!(matches!(event, OrderEvent::TicketReturned { money_refund: 0, .. }), "{event:?}");
        assert_eq!(money_back(&event, &order), vec![]);
    }

    #[test]
    fn an_order_cancelled_after_payment_pays_its_refund_back_and_before_payment_nothing() {
        let cancel = CancelOrder { order_id: ORDER, by_user_id: ADMIN, reason: "kurs odwołany".into(), now: at(100) };
        let (history, _) = paid_order(0);
        let (event, order) = recorded(history, |s| decide_cancel(&cancel, s));
        let OrderEvent::OrderCancelled { refund, .. } = &event else { panic!("{event:?}") };
        assert_eq!(
            money_back(&event, &order),
            vec![MoneyBack {
                amount: *refund,
                transaction_id: "T-1".into(),
                session_id: "s-1".into(),
                provider: "sandbox".into(),
                reason: MoneyBackFor::OrderCancelled,
                to_change_payment: false,
            }]
        );

        let (event, order) =
            recorded(vec![placed(false, 0)], |s| decide_cancel(&CancelOrder { now: at(5), ..cancel }, s));
        assert_eq!(money_back(&event, &order), vec![]);
    }

    #[test]
    fn a_cheaper_course_pays_the_difference_back_and_a_dearer_one_nothing() {
        let (history, tickets) = paid_order(0);
        let order = given(history.clone()).state().placed().expect("placed").clone();
        let cheaper = changed(&tickets[0], -400);
        assert_eq!(
            money_back(&cheaper, &order),
            vec![MoneyBack {
                amount: 400,
                transaction_id: "T-1".into(),
                session_id: "s-1".into(),
                provider: "sandbox".into(),
                reason: MoneyBackFor::CourseChanged { number: tickets[0].number.clone() },
                to_change_payment: false,
            }]
        );
        assert_eq!(money_back(&changed(&tickets[0], 300), &order), vec![]);
        assert_eq!(money_back(&changed(&tickets[0], 0), &order), vec![]);
    }

    #[test]
    fn a_late_payment_goes_back_to_its_own_transaction() {
        let expire = ExpireOrder { order_id: ORDER, now: at(16) };
        let (expired, _) = recorded(vec![placed(false, 0)], |s| decide_expire(&expire, s));
        let late = RefundLatePayment {
            order_id: ORDER,
            amount: 7_800,
            transaction_id: "T-9".into(),
            session_id: "s-9".into(),
            now: at(20),
        };
        let (event, order) = recorded(vec![placed(false, 0), expired], |s| decide_refund_late(&late, s));
        assert_eq!(
            money_back(&event, &order),
            vec![MoneyBack {
                amount: 7_800,
                transaction_id: "T-9".into(),
                session_id: "s-9".into(),
                provider: "sandbox".into(),
                reason: MoneyBackFor::LatePayment,
                to_change_payment: false,
            }]
        );
    }

    #[test]
    fn a_payment_through_an_earlier_session_is_refunded_through_it() {
        let (mut history, tickets) = paid_order(0);
        // Paid through session s-1 after a second one (s-2) was registered.
        let again = OrderEvent::PaymentRegistered {
            order_id: ORDER,
            payment: crate::order::PaymentRef {
                provider: "sandbox".into(),
                session_id: "s-2".into(),
                token: "t2".into(),
            },
            registered_at: at(3),
        };
        history.insert(1, again);
        let (event, order) = recorded(history, |s| decide_return(&guest_return(&tickets[0]), s));
        let [back] = &money_back(&event, &order)[..] else { panic!("one refund") };
        assert_eq!((back.transaction_id.as_str(), back.session_id.as_str()), ("T-1", "s-1"));
    }

    /// [`paid_order`] whose first ticket was moved to a course 6 zł dearer, the difference
    /// paid through transaction `T-c1` of session `s-c1`.
    fn paid_order_with_a_dearer_change() -> (Vec<OrderEvent>, Vec<Ticket>) {
        let (mut history, tickets) = paid_order(0);
        let ticket = &tickets[0];
        let to_course = Leg { course_id: Uuid::from_u128(300), unit_price: ticket.price + 600, ..leg(ticket.leg) };
        history.extend([
            OrderEvent::TicketChangeRequested {
                order_id: ORDER,
                ticket_id: ticket.ticket_id,
                number: ticket.number.clone(),
                from_course_id: Uuid::from_u128(100),
                to_course: to_course.clone(),
                price_difference: 600,
                payment: PaymentRef { provider: "sandbox".into(), session_id: "s-c1".into(), token: "tc".into() },
                requested_at: at(50),
                expires_at: at(65),
            },
            OrderEvent::TicketChangePaid {
                order_id: ORDER,
                ticket_id: ticket.ticket_id,
                number: ticket.number.clone(),
                amount: 600,
                transaction_id: "T-c1".into(),
                session_id: "s-c1".into(),
                paid_at: at(55),
            },
            course_changed(ticket, to_course, 600, 55),
        ]);
        (history, tickets)
    }

    #[test]
    fn a_ticket_moved_to_a_dearer_course_is_paid_back_through_both_payments() {
        let (history, tickets) = paid_order_with_a_dearer_change();
        let (event, order) = recorded(history, |s| decide_return(&guest_return(&tickets[0]), s));
        let OrderEvent::TicketReturned { money_refund, .. } = &event else { panic!("{event:?}") };
        // The new price less the fee: more than the first transaction took for this ticket.
        assert_eq!(*money_refund, tickets[0].price + 600 - percent(tickets[0].price + 600));
        let reason = MoneyBackFor::TicketReturned { number: tickets[0].number.clone() };
        assert_eq!(
            money_back(&event, &order),
            vec![
                MoneyBack {
                    amount: money_refund - 600,
                    transaction_id: "T-1".into(),
                    session_id: "s-1".into(),
                    provider: "sandbox".into(),
                    reason: reason.clone(),
                    to_change_payment: false,
                },
                MoneyBack {
                    amount: 600,
                    transaction_id: "T-c1".into(),
                    session_id: "s-c1".into(),
                    provider: "sandbox".into(),
                    reason,
                    to_change_payment: true,
                },
            ]
        );
    }

    #[test]
    fn a_cancelled_order_pays_each_change_back_through_its_own_payment() {
        let (history, tickets) = paid_order_with_a_dearer_change();
        let cancel = CancelOrder { order_id: ORDER, by_user_id: ADMIN, reason: "kurs odwołany".into(), now: at(100) };
        let (event, order) = recorded(history, |s| decide_cancel(&cancel, s));
        let OrderEvent::OrderCancelled { refund, .. } = &event else { panic!("{event:?}") };
        let paid: i64 = tickets.iter().map(|t| t.price).sum();
        assert_eq!(*refund, paid + 600);
        let backs = money_back(&event, &order);
        let through = |tx: &str| backs.iter().filter(|b| b.transaction_id == tx).map(|b| b.amount).sum::<i64>();
        assert_eq!((through("T-1"), through("T-c1"), backs.len()), (paid, 600, 2), "{backs:?}");
    }

    #[test]
    fn a_change_paid_back_with_its_return_is_not_paid_back_again_on_cancellation() {
        let (mut history, tickets) = paid_order_with_a_dearer_change();
        let (returned, _) = recorded(history.clone(), |s| decide_return(&guest_return(&tickets[0]), s));
        history.push(returned);
        let cancel = CancelOrder { order_id: ORDER, by_user_id: ADMIN, reason: "kurs odwołany".into(), now: at(100) };
        let (event, order) = recorded(history, |s| decide_cancel(&cancel, s));
        let backs = money_back(&event, &order);
        assert!(!backs.is_empty());
        assert!(backs.iter().all(|b| b.transaction_id == "T-1" && !b.to_change_payment), "{backs:?}");
    }

    #[test]
    fn other_events_owe_nothing() {
        let (history, _) = paid_order(0);
        let order = given(history.clone()).state().placed().expect("placed").clone();
        for event in &history {
            assert_eq!(money_back(event, &order), vec![], "{event:?}");
        }
    }
}
