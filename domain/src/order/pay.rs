//! `PayOrder`: the gateway confirmed a payment; every passenger seat of every leg
//! becomes a ticket.
//!
//! Ticket numbers and codes are made by the caller (a database sequence and a random
//! secret are IO); the domain decides how many there are and what each one is: one per
//! passenger per leg (all outbound tickets first, line by line, then the back ones),
//! priced as its line says, with its share of the coupon ([`crate::money::allocate`] over
//! the ticket prices, so a returned ticket gives back exactly its share).
//!
//! An order that expired cannot simply be paid: its seats were released. The caller
//! gets [`PayOrderError::Expired`] and holds the seats again ([`PayOrder::reheld`]) or,
//! when they are gone, pays the money back ([`super::RefundLatePayment`]). An order
//! that is pending past its `expires_at` but not yet expired can still be paid: its
//! seats are only released after `OrderExpired`, so they are still held.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{LegHold, LegKind, Order, OrderEvent, OrderStatus, Ticket, EVENT_ID_NAMESPACE};
use crate::money::allocate;

/// A ticket number and code made by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketNumber {
    pub number: String,
    pub code: String,
}

/// Record the payment of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayOrder {
    pub order_id: Uuid,
    pub now: DateTime<Utc>,
    pub amount: i64,
    pub transaction_id: String,
    /// The gateway session the payment came through.
    pub session_id: String,
    /// One per ticket ([`super::OrderState::ticket_count`]), in ticket order.
    pub tickets: Vec<TicketNumber>,
    /// Only for an expired order: the new hold of every leg.
    pub reheld: Vec<LegHold>,
}

/// Why a payment cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayOrderError {
    #[error("there is no such order")]
    NotFound,
    #[error("the order is paid already")]
    AlreadyPaid,
    #[error("this payment was refunded")]
    AlreadyRefunded,
    #[error("the order was cancelled")]
    Cancelled,
    #[error("the order expired")]
    Expired,
    #[error("the order costs {expected}, not {got}")]
    AmountMismatch { expected: i64, got: i64 },
    #[error("the order has {expected} tickets, {got} numbers were given")]
    TicketCountMismatch { expected: usize, got: usize },
    #[error("new holds are given for an expired order, one for each of its legs")]
    ReheldMismatch,
}

/// Record the payment: one [`OrderEvent::OrderPaid`] with the tickets; nothing when this
/// transaction paid the order already.
pub fn decide_pay(cmd: &PayOrder, state: &Order) -> Result<Vec<OrderEvent>, PayOrderError> {
    let order = state.placed().ok_or(PayOrderError::NotFound)?;
    if order.paid.as_ref().is_some_and(|p| p.transaction_id == cmd.transaction_id) {
        return Ok(vec![]);
    }
    if order.refunded_transactions.contains(&cmd.transaction_id) {
        return Err(PayOrderError::AlreadyRefunded);
    }
    match order.status {
        OrderStatus::PendingPayment | OrderStatus::Expired => {}
        OrderStatus::Paid | OrderStatus::Returned => return Err(PayOrderError::AlreadyPaid),
        OrderStatus::Cancelled | OrderStatus::Abandoned => return Err(PayOrderError::Cancelled),
    }
    if cmd.amount != order.to_pay {
        return Err(PayOrderError::AmountMismatch { expected: order.to_pay, got: cmd.amount });
    }
    match (order.status, cmd.reheld.is_empty()) {
        (OrderStatus::Expired, true) => return Err(PayOrderError::Expired),
        (OrderStatus::Expired, false) => {
            let mut legs: Vec<LegKind> = cmd.reheld.iter().map(|h| h.leg).collect();
            legs.sort();
            if legs != order.legs().map(|l| l.kind).collect::<Vec<_>>() {
                return Err(PayOrderError::ReheldMismatch);
            }
        }
        (_, true) => {}
        (_, false) => return Err(PayOrderError::ReheldMismatch),
    }
    if cmd.tickets.len() != order.ticket_count() {
        return Err(PayOrderError::TicketCountMismatch { expected: order.ticket_count(), got: cmd.tickets.len() });
    }
    let mut seats = Vec::with_capacity(cmd.tickets.len());
    for leg in order.legs() {
        for line in &order.lines {
            let price = match leg.kind {
                LegKind::Outbound => line.outbound_price,
                LegKind::Back => line.back_price.unwrap_or(0),
            };
            for seat in 0..line.quantity {
                seats.push((leg.kind, line.line, seat, price, line.passenger(seat).map(str::to_owned)));
            }
        }
    }
    let prices: Vec<i64> = seats.iter().map(|s| s.3).collect();
    let coupon_parts = allocate(order.coupon_amount(), &prices);
    let tickets = seats
        .into_iter()
        .zip(&cmd.tickets)
        .zip(coupon_parts)
        .map(|(((leg, line, seat, price, passenger), number), coupon_part)| Ticket {
            ticket_id: ticket_id(order.order_id, leg, line, seat),
            number: number.number.clone(),
            code: number.code.clone(),
            leg,
            line,
            price,
            coupon_part,
            passenger,
        })
        .collect();
    Ok(vec![OrderEvent::OrderPaid {
        order_id: order.order_id,
        paid_at: cmd.now,
        amount: cmd.amount,
        transaction_id: cmd.transaction_id.clone(),
        session_id: cmd.session_id.clone(),
        tickets,
        reheld: cmd.reheld.clone(),
    }])
}

/// The id of the ticket for seat `seat` (from 0) of line `line` on a leg of an order:
/// derived, so a retried payment issues the same tickets.
pub fn ticket_id(order_id: Uuid, leg: LegKind, line: u32, seat: u32) -> Uuid {
    let leg = match leg {
        LegKind::Outbound => "outbound",
        LegKind::Back => "back",
    };
    let name = format!("{}/ticket/{leg}/{line}/{seat}", super::stream_name(order_id));
    Uuid::new_v5(&EVENT_ID_NAMESPACE, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn expired() -> OrderEvent {
        OrderEvent::OrderExpired { order_id: ORDER, expired_at: at(16) }
    }

    #[test]
    fn every_passenger_seat_on_every_leg_becomes_a_ticket() {
        let tickets = tickets_of(&paid(true, 0));
        let summary: Vec<(LegKind, u32, i64, &str)> =
            tickets.iter().map(|t| (t.leg, t.line, t.price, t.number.as_str())).collect();
        assert_eq!(
            summary,
            vec![
                (LegKind::Outbound, 1, 3900, "NK-1"),
                (LegKind::Outbound, 1, 3900, "NK-2"),
                (LegKind::Outbound, 2, 1989, "NK-3"),
                (LegKind::Back, 1, 3900, "NK-4"),
                (LegKind::Back, 1, 3900, "NK-5"),
                (LegKind::Back, 2, 1989, "NK-6"),
            ]
        );
        assert!(tickets.iter().all(|t| t.coupon_part == 0));
        assert_eq!(tickets[5].code, "CODE-6");
        assert_eq!(tickets[0].ticket_id, ticket_id(ORDER, LegKind::Outbound, 1, 0));
        assert_eq!(tickets[3].ticket_id, ticket_id(ORDER, LegKind::Back, 1, 0));
    }

    #[test]
    fn a_named_passenger_travels_on_both_legs_under_that_name() {
        let mut named = placed(true, 0);
        if let OrderEvent::OrderPlaced { lines, .. } = &mut named {
            lines[0].passengers = vec![String::new(), "Anna Nowak".into()];
        }
        let paid = given([named]).when(|s| decide_pay(&pay(true, 0), s)).outcome().expect("paid");
        let names: Vec<Option<String>> = tickets_of(&paid[0]).into_iter().map(|t| t.passenger).collect();
        // Seat 1 of line 1 on the way out and back; seat 0 (left empty) and line 2: the buyer.
        let anna = Some("Anna Nowak".to_owned());
        assert_eq!(names, vec![None, anna.clone(), None, None, anna, None]);
    }

    #[test]
    fn the_payment_records_its_transaction() {
        let event = paid(false, 0);
        let OrderEvent::OrderPaid { order_id, paid_at, amount, transaction_id, tickets, reheld, .. } = event else {
            panic!("a payment");
        };
        assert_eq!((order_id, paid_at, amount, transaction_id.as_str()), (ORDER, at(5), 2 * 3900 + 1989, "T-1"));
        assert_eq!(tickets.len(), 3);
        assert!(reheld.is_empty());
    }

    #[test]
    fn the_coupon_is_shared_over_the_tickets_by_price() {
        // 1000 over 3900, 3900, 1989: 398.41, 398.41, 203.19; the grosz left goes to
        // the first of the largest remainders.
        let parts: Vec<i64> = tickets_of(&paid(false, 1000)).iter().map(|t| t.coupon_part).collect();
        assert_eq!(parts, vec![399, 398, 203]);
        let parts: Vec<i64> = tickets_of(&paid(true, 1000)).iter().map(|t| t.coupon_part).collect();
        assert_eq!(parts.iter().sum::<i64>(), 1000);
    }

    #[test]
    fn ticket_ids_do_not_depend_on_the_numbers() {
        let mut other = pay(false, 0);
        other.tickets = numbers(3).into_iter().rev().collect();
        let first = tickets_of(&paid(false, 0));
        let again = match given([placed(false, 0)]).when(|s| decide_pay(&other, s)).outcome() {
            Ok(events) => tickets_of(&events[0]),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(
            first.iter().map(|t| t.ticket_id).collect::<Vec<_>>(),
            again.iter().map(|t| t.ticket_id).collect::<Vec<_>>()
        );
        assert_eq!(again[0].number, "NK-3");
    }

    #[test]
    fn the_same_transaction_pays_once() {
        given([placed(false, 0), paid(false, 0)]).when(|s| decide_pay(&pay(false, 0), s)).then([]);
    }

    #[test]
    fn another_transaction_cannot_pay_again() {
        let mut cmd = pay(false, 0);
        cmd.transaction_id = "T-2".into();
        given([placed(false, 0), paid(false, 0)]).when(|s| decide_pay(&cmd, s)).then_err(PayOrderError::AlreadyPaid);
    }

    #[test]
    fn the_amount_must_be_what_is_to_pay() {
        let mut cmd = pay(false, 1000);
        cmd.amount += 1;
        given([placed(false, 1000)])
            .when(|s| decide_pay(&cmd, s))
            .then_err(PayOrderError::AmountMismatch { expected: 2 * 3900 + 1989 - 1000, got: 2 * 3900 + 1989 - 999 });
    }

    #[test]
    fn one_number_per_ticket_is_needed() {
        let mut cmd = pay(true, 0);
        cmd.tickets.pop();
        given([placed(true, 0)])
            .when(|s| decide_pay(&cmd, s))
            .then_err(PayOrderError::TicketCountMismatch { expected: 6, got: 5 });
    }

    #[test]
    fn an_expired_order_is_refused_distinctly() {
        given([placed(false, 0), expired()]).when(|s| decide_pay(&pay(false, 0), s)).then_err(PayOrderError::Expired);
    }

    #[test]
    fn a_pending_order_past_its_expiry_can_still_be_paid() {
        let mut cmd = pay(false, 0);
        cmd.now = at(60);
        let outcome = given([placed(false, 0)]).when(|s| decide_pay(&cmd, s)).outcome();
        assert!(matches!(outcome.as_deref(), Ok([OrderEvent::OrderPaid { .. }])), "{outcome:?}");
    }

    #[test]
    fn an_expired_order_with_its_seats_held_again_is_paid() {
        let reheld = vec![
            LegHold { leg: LegKind::Back, hold_id: Uuid::from_u128(9002) },
            LegHold { leg: LegKind::Outbound, hold_id: Uuid::from_u128(9001) },
        ];
        let cmd = PayOrder { reheld: reheld.clone(), ..pay(true, 0) };
        let outcome = given([placed(true, 0), expired()]).when(|s| decide_pay(&cmd, s)).outcome();
        let Ok([event @ OrderEvent::OrderPaid { reheld: recorded, .. }]) = outcome.as_deref() else {
            panic!("{outcome:?}")
        };
        assert_eq!(recorded, &reheld);
        // The order now points at the new holds.
        let order = given([placed(true, 0), expired(), event.clone()]).state();
        let order = order.placed().expect("placed");
        assert_eq!(order.status, OrderStatus::Paid);
        assert_eq!(order.outbound.hold_id, Uuid::from_u128(9001));
        assert_eq!(order.back.as_ref().map(|b| b.hold_id), Some(Uuid::from_u128(9002)));
        assert_eq!(order.tickets[3].course.hold_id, Uuid::from_u128(9002));
    }

    #[test]
    fn new_holds_cover_exactly_the_legs_of_an_expired_order() {
        let one = vec![LegHold { leg: LegKind::Outbound, hold_id: Uuid::from_u128(9001) }];
        let cmd = PayOrder { reheld: one.clone(), ..pay(true, 0) };
        given([placed(true, 0), expired()]).when(|s| decide_pay(&cmd, s)).then_err(PayOrderError::ReheldMismatch);
        let cmd = PayOrder { reheld: one, ..pay(false, 0) };
        given([placed(false, 0)]).when(|s| decide_pay(&cmd, s)).then_err(PayOrderError::ReheldMismatch);
    }

    #[test]
    fn a_refunded_transaction_cannot_pay() {
        let refunded = OrderEvent::LatePaymentRefunded {
            order_id: ORDER,
            amount: 9789,
            transaction_id: "T-1".into(),
            session_id: "s-1".into(),
            at: at(20),
        };
        given([placed(false, 0), expired(), refunded])
            .when(|s| decide_pay(&pay(false, 0), s))
            .then_err(PayOrderError::AlreadyRefunded);
    }

    #[test]
    fn a_cancelled_or_missing_order_cannot_be_paid() {
        let cancelled = OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(3),
            by_user_id: ADMIN,
            reason: "duplicate".into(),
            refund: 0,
            coupon_refund: 0,
        };
        given([placed(false, 0), cancelled]).when(|s| decide_pay(&pay(false, 0), s)).then_err(PayOrderError::Cancelled);
        given([]).when(|s| decide_pay(&pay(false, 0), s)).then_err(PayOrderError::NotFound);
        let abandoned = OrderEvent::OrderAbandoned { order_id: ORDER, reason: "no seats".into() };
        given([abandoned]).when(|s| decide_pay(&pay(false, 0), s)).then_err(PayOrderError::NotFound);
    }
}
