//! What an order's event owes back in money, through the payment gateway: the money
//! part of a returned ticket, the refund of an order cancelled after payment, a payment
//! that came too late, and the difference of a move to a cheaper course. Coupon value
//! goes back to the coupon instead (the coupon's own process), so it is never part of it.
//!
//! The refunds process records what [`money_back`] answers and sends it to the gateway.

use super::{OrderEvent, OrderState};

/// Why money goes back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoneyBackFor {
    TicketReturned { number: String },
    OrderCancelled,
    CourseChanged { number: String },
    LatePayment,
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
    pub reason: MoneyBackFor,
}

/// What `event`, recorded on `order` (the state after it), owes back in money: nothing
/// for events that owe nothing, or owe nothing in money, or owe it on an order that was
/// never paid through a gateway.
pub fn money_back(event: &OrderEvent, order: &OrderState) -> Option<MoneyBack> {
    // Events recorded before sessions were kept name none: the order's only session then.
    let session = |recorded: &str| {
        if recorded.is_empty() {
            order.payment_sessions.first().cloned().unwrap_or_else(|| order.payment.session_id.clone())
        } else {
            recorded.to_owned()
        }
    };
    let paid = || order.paid.as_ref().map(|p| (p.transaction_id.clone(), session(&p.session_id)));
    let (amount, reason, transaction_id) = match event {
        OrderEvent::TicketReturned { number, money_refund, .. } => {
            (*money_refund, MoneyBackFor::TicketReturned { number: number.clone() }, paid())
        }
        OrderEvent::OrderCancelled { refund, .. } => (*refund, MoneyBackFor::OrderCancelled, paid()),
        OrderEvent::TicketCourseChanged { number, price_difference, .. } => {
            (-price_difference, MoneyBackFor::CourseChanged { number: number.clone() }, paid())
        }
        OrderEvent::LatePaymentRefunded { amount, transaction_id, session_id, .. } => {
            (*amount, MoneyBackFor::LatePayment, Some((transaction_id.clone(), session(session_id))))
        }
        _ => return None,
    };
    let (transaction_id, session_id) = transaction_id?;
    (amount > 0).then_some(MoneyBack { amount, transaction_id, session_id, reason })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::{
        decide_cancel, decide_expire, decide_refund_late, decide_return, CancelOrder, ExpireOrder, Order,
        RefundLatePayment, ReturnTicket, Ticket,
    };
    use crate::Aggregate;
    use uuid::Uuid;

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
        OrderEvent::TicketCourseChanged {
            order_id: ORDER,
            ticket_id: ticket.ticket_id,
            number: ticket.number.clone(),
            from_course_id: Uuid::from_u128(100),
            to_course: leg(ticket.leg),
            price_difference,
            changed_at: at(100),
        }
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
            reason: MoneyBackFor::TicketReturned { number: tickets[0].number.clone() },
        };
        assert_eq!(money_back(&event, &order), Some(expected));
    }

    #[test]
    fn a_ticket_the_coupon_paid_for_pays_no_money_back() {
        // The coupon covers the whole order: the return's refund all goes to the coupon.
        let (history, tickets) = paid_order(place(false, 0).total);
        let (event, order) = recorded(history, |s| decide_return(&guest_return(&tickets[0]), s));
        assert!(matches!(event, OrderEvent::TicketReturned { money_refund: 0, .. }), "{event:?}");
        assert_eq!(money_back(&event, &order), None);
    }

    #[test]
    fn an_order_cancelled_after_payment_pays_its_refund_back_and_before_payment_nothing() {
        let cancel = CancelOrder { order_id: ORDER, by_user_id: ADMIN, reason: "kurs odwołany".into(), now: at(100) };
        let (history, _) = paid_order(0);
        let (event, order) = recorded(history, |s| decide_cancel(&cancel, s));
        let OrderEvent::OrderCancelled { refund, .. } = &event else { panic!("{event:?}") };
        assert_eq!(
            money_back(&event, &order),
            Some(MoneyBack {
                amount: *refund,
                transaction_id: "T-1".into(),
                session_id: "s-1".into(),
                reason: MoneyBackFor::OrderCancelled
            })
        );

        let (event, order) =
            recorded(vec![placed(false, 0)], |s| decide_cancel(&CancelOrder { now: at(5), ..cancel }, s));
        assert_eq!(money_back(&event, &order), None);
    }

    #[test]
    fn a_cheaper_course_pays_the_difference_back_and_a_dearer_one_nothing() {
        let (history, tickets) = paid_order(0);
        let order = given(history.clone()).state().placed().expect("placed").clone();
        let cheaper = changed(&tickets[0], -400);
        assert_eq!(
            money_back(&cheaper, &order),
            Some(MoneyBack {
                amount: 400,
                transaction_id: "T-1".into(),
                session_id: "s-1".into(),
                reason: MoneyBackFor::CourseChanged { number: tickets[0].number.clone() },
            })
        );
        assert_eq!(money_back(&changed(&tickets[0], 300), &order), None);
        assert_eq!(money_back(&changed(&tickets[0], 0), &order), None);
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
            Some(MoneyBack {
                amount: 7_800,
                transaction_id: "T-9".into(),
                session_id: "s-9".into(),
                reason: MoneyBackFor::LatePayment
            })
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
        let back = money_back(&event, &order).expect("money back");
        assert_eq!((back.transaction_id.as_str(), back.session_id.as_str()), ("T-1", "s-1"));
    }

    #[test]
    fn other_events_owe_nothing() {
        let (history, _) = paid_order(0);
        let order = given(history.clone()).state().placed().expect("placed").clone();
        for event in &history {
            assert_eq!(money_back(event, &order), None, "{event:?}");
        }
    }
}
