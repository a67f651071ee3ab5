//! `ReturnTicket`: a customer (or a guest with the number and code) returns a valid
//! ticket before the cutoff.
//!
//! The refund is the ticket's price less a handling fee (`fee_percent`, rounded half
//! up); of what remains, the coupon-paid part goes back to the coupon first, the rest
//! in money (docs/returns.md, 'Refund per ticket'). The return process then releases
//! the seat, refills the coupon and refunds.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::access::{authorize, AccessDenied};
use super::{Order, OrderEvent, OrderStatus, TicketStatus};
use crate::money::percent_of;

/// Return the ticket `number`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnTicket {
    pub order_id: Uuid,
    pub number: String,
    /// The ticket's code; required unless the logged-in owner returns it.
    pub code: Option<String>,
    pub by_user_id: Option<Uuid>,
    /// An admin acting on the customer's behalf (the caller checked the role): no code
    /// or ownership needed.
    pub by_staff: bool,
    pub now: DateTime<Utc>,
    /// Returns close this many minutes before departure (*setting*).
    pub cutoff_minutes: u32,
    /// The handling fee in percent of the price (*setting*).
    pub fee_percent: u32,
}

/// Why a ticket cannot be returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReturnTicketError {
    #[error("there is no such order")]
    NotFound,
    #[error("there is no such ticket")]
    TicketNotFound,
    #[error(transparent)]
    Denied(#[from] AccessDenied),
    #[error("the ticket was returned already")]
    AlreadyReturned,
    #[error("the ticket was used")]
    Used,
    #[error("the order is not paid")]
    NotPaid,
    #[error("returns close {0} minutes before departure")]
    TooLate(u32),
}

/// Return: one [`OrderEvent::TicketReturned`] with the fee and the refunds.
pub fn decide_return(cmd: &ReturnTicket, state: &Order) -> Result<Vec<OrderEvent>, ReturnTicketError> {
    let order = state.placed().ok_or(ReturnTicketError::NotFound)?;
    let ticket = order.ticket_by_number(&cmd.number).ok_or(ReturnTicketError::TicketNotFound)?;
    authorize(order, ticket, cmd.code.as_deref(), cmd.by_user_id, cmd.by_staff)?;
    match ticket.status {
        TicketStatus::Returned => return Err(ReturnTicketError::AlreadyReturned),
        TicketStatus::Used => return Err(ReturnTicketError::Used),
        TicketStatus::Valid => {}
    }
    if order.status != OrderStatus::Paid {
        return Err(ReturnTicketError::NotPaid);
    }
    // A disrupted trip's ticket (and the return leg of a disrupted outward journey) is
    // returned with no fee: the choice of art. 19, whichever page it is asked on.
    let disrupted = super::disruption::disrupted_trip(order, ticket);
    if !disrupted && cmd.now >= ticket.course.departure_at - Duration::minutes(i64::from(cmd.cutoff_minutes)) {
        return Err(ReturnTicketError::TooLate(cmd.cutoff_minutes));
    }
    let price = ticket.price.max(0);
    let fee = if disrupted { 0 } else { percent_of(price, cmd.fee_percent).min(price) };
    let coupon_refund = ticket.ticket.coupon_part.clamp(0, price - fee);
    Ok(vec![OrderEvent::TicketReturned {
        order_id: order.order_id,
        ticket_id: ticket.ticket.ticket_id,
        number: ticket.ticket.number.clone(),
        returned_at: cmd.now,
        by_user_id: cmd.by_user_id,
        price,
        fee,
        coupon_refund,
        money_refund: price - fee - coupon_refund,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::Ticket;

    /// The guest return of `number` (code `CODE-n` for `NK-n`) at minute 100, 10
    /// minutes' cutoff, 10% fee.
    fn guest_return(n: u32) -> ReturnTicket {
        ReturnTicket {
            order_id: ORDER,
            number: format!("NK-{n}"),
            code: Some(format!("CODE-{n}")),
            by_user_id: None,
            by_staff: false,
            now: at(100),
            cutoff_minutes: 10,
            fee_percent: 10,
        }
    }

    fn owner_return(n: u32) -> ReturnTicket {
        ReturnTicket { code: None, by_user_id: Some(USER), ..guest_return(n) }
    }

    fn returned(ticket: &Ticket, by: Option<Uuid>, fee: i64, coupon_refund: i64, money_refund: i64) -> OrderEvent {
        returned_at(ticket, 100, by, fee, coupon_refund, money_refund)
    }

    fn returned_at(
        ticket: &Ticket,
        minute: i64,
        by: Option<Uuid>,
        fee: i64,
        coupon_refund: i64,
        money_refund: i64,
    ) -> OrderEvent {
        OrderEvent::TicketReturned {
            order_id: ORDER,
            ticket_id: ticket.ticket_id,
            number: ticket.number.clone(),
            returned_at: at(minute),
            by_user_id: by,
            price: ticket.price,
            fee,
            coupon_refund,
            money_refund,
        }
    }

    fn history(coupon: i64) -> (Vec<OrderEvent>, Vec<Ticket>) {
        let paid = paid(true, coupon);
        let tickets = tickets_of(&paid);
        (vec![placed(true, coupon), paid], tickets)
    }

    #[test]
    fn the_refund_is_the_price_less_a_ten_percent_fee() {
        let (events, tickets) = history(0);
        given(events).when(|s| decide_return(&guest_return(1), s)).then([returned(&tickets[0], None, 390, 0, 3510)]);
    }

    #[test]
    fn the_fee_rounds_half_up() {
        // 1989 * 10% = 198.9 -> 199.
        let (events, tickets) = history(0);
        given(events).when(|s| decide_return(&guest_return(3), s)).then([returned(&tickets[2], None, 199, 0, 1790)]);
    }

    #[test]
    fn the_coupon_part_goes_back_to_the_coupon_first() {
        // 1000 over 3900, 3900, 1989, 3900, 3900, 1989: 199.2 and 101.6 each; the two
        // grosz left go to the 1989 tickets, so the first ticket's part is 199.
        let (events, tickets) = history(1000);
        assert_eq!(tickets[0].coupon_part, 199);
        given(events).when(|s| decide_return(&guest_return(1), s)).then([returned(&tickets[0], None, 390, 199, 3311)]);
    }

    #[test]
    fn the_coupon_gets_no_more_than_the_price_less_the_fee() {
        // A coupon paying for everything: the whole price was coupon, less the fee.
        let (events, tickets) = history(2 * (2 * 3900 + 1989));
        assert_eq!(tickets[0].coupon_part, 3900);
        given(events).when(|s| decide_return(&guest_return(1), s)).then([returned(&tickets[0], None, 390, 3510, 0)]);
    }

    #[test]
    fn the_owner_returns_without_the_code() {
        let (events, tickets) = history(0);
        given(events).when(|s| decide_return(&owner_return(1), s)).then([returned(
            &tickets[0],
            Some(USER),
            390,
            0,
            3510,
        )]);
    }

    #[test]
    fn a_guest_needs_the_right_code_and_others_the_code() {
        let (events, _) = history(0);
        let wrong = ReturnTicket { code: Some("CODE-2".into()), ..guest_return(1) };
        given(events.clone()).when(|s| decide_return(&wrong, s)).then_err(AccessDenied::WrongCode.into());
        let no_code = ReturnTicket { code: None, ..guest_return(1) };
        given(events.clone()).when(|s| decide_return(&no_code, s)).then_err(AccessDenied::CodeRequired.into());
        let stranger = ReturnTicket { by_user_id: Some(Uuid::from_u128(77)), ..owner_return(1) };
        given(events).when(|s| decide_return(&stranger, s)).then_err(AccessDenied::NotOwner.into());
    }

    #[test]
    fn the_staff_return_on_the_customers_behalf_without_the_code() {
        let (events, _) = history(0);
        let staff = ReturnTicket { code: None, by_user_id: Some(ADMIN), by_staff: true, ..guest_return(1) };
        let outcome = given(events).when(|s| decide_return(&staff, s)).outcome();
        assert!(matches!(outcome.as_deref(), Ok([OrderEvent::TicketReturned { by_user_id: Some(ADMIN), .. }])));
    }

    #[test]
    fn a_stranger_with_the_code_may_return() {
        let (events, tickets) = history(0);
        let cmd = ReturnTicket { by_user_id: Some(Uuid::from_u128(77)), ..guest_return(1) };
        given(events).when(|s| decide_return(&cmd, s)).then([returned(
            &tickets[0],
            Some(Uuid::from_u128(77)),
            390,
            0,
            3510,
        )]);
    }

    #[test]
    fn a_ticket_is_returned_once() {
        let (mut events, tickets) = history(0);
        events.push(returned(&tickets[0], None, 390, 0, 3510));
        given(events).when(|s| decide_return(&guest_return(1), s)).then_err(ReturnTicketError::AlreadyReturned);
    }

    #[test]
    fn returns_close_before_the_departure_of_the_tickets_leg() {
        // Outbound leaves at minute 600, back at 1440.
        let (events, tickets) = history(0);
        let at_minute = |n: u32, minute: i64| ReturnTicket { now: at(minute), ..guest_return(n) };
        given(events.clone()).when(|s| decide_return(&at_minute(1, 590), s)).then_err(ReturnTicketError::TooLate(10));
        let back = returned_at(&tickets[3], 590, None, 390, 0, 3510);
        given(events.clone()).when(|s| decide_return(&at_minute(4, 590), s)).then([back]);
        let last_minute = returned_at(&tickets[0], 589, None, 390, 0, 3510);
        given(events).when(|s| decide_return(&at_minute(1, 589), s)).then([last_minute]);
    }

    #[test]
    fn returning_every_ticket_returns_the_order() {
        let (mut events, tickets) = history(0);
        for t in &tickets[..5] {
            events.push(returned(t, None, 0, 0, t.price));
        }
        assert_eq!(given(events.clone()).state().status(), Some(OrderStatus::Paid));
        events.push(returned(&tickets[5], None, 0, 0, tickets[5].price));
        assert_eq!(given(events).state().status(), Some(OrderStatus::Returned));
    }

    #[test]
    fn unknown_tickets_unpaid_or_cancelled_orders_are_refused() {
        let (events, _) = history(0);
        given(events.clone()).when(|s| decide_return(&guest_return(9), s)).then_err(ReturnTicketError::TicketNotFound);
        let cancelled = OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(50),
            by_user_id: ADMIN,
            reason: "course withdrawn".into(),
            refund: 0,
            coupon_refund: 0,
        };
        let history = events.into_iter().chain([cancelled]);
        given(history).when(|s| decide_return(&guest_return(1), s)).then_err(ReturnTicketError::NotPaid);
        given([placed(true, 0)])
            .when(|s| decide_return(&guest_return(1), s))
            .then_err(ReturnTicketError::TicketNotFound);
        given([]).when(|s| decide_return(&guest_return(1), s)).then_err(ReturnTicketError::NotFound);
    }
}
