//! `CheckInTicket`: a driver lets a passenger board: the ticket is used, once.
//!
//! A ticket boards the course it is for now (after a change, the new one), on the day
//! of that course: from [`BOARDING_OPENS_HOURS`] before it leaves the passenger's stop
//! until [`BOARDING_CLOSES_HOURS`] after it reaches their last stop. A returned ticket,
//! one of an order that is not paid (cancelled, expired), one used already, one for
//! another course or outside that window is refused, each with its reason.
//!
//! A driver's phone may send one check-in twice (a queue sent again after the network
//! came back): a check-in carries its own id, and the same id on a ticket it used
//! already is answered with nothing new rather than refused. Two drivers checking the
//! same ticket at once are two ids: the order's stream takes one, the other is
//! refused as used.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::{Order, OrderEvent, OrderStatus, TicketStatus};

/// Boarding opens this many hours before the course leaves the passenger's stop.
pub const BOARDING_OPENS_HOURS: i64 = 3;
/// Boarding closes this many hours after the course reaches the passenger's last stop.
pub const BOARDING_CLOSES_HOURS: i64 = 2;

/// Let the holder of ticket `number` board `course_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckInTicket {
    pub order_id: Uuid,
    pub number: String,
    /// The course the driver runs (from the scanned code, or chosen on the driver's page).
    pub course_id: Uuid,
    /// This check-in's own id: sent again, it changes nothing.
    pub check_in_id: Uuid,
    /// The driver (or admin) who checked.
    pub by_user_id: Uuid,
    pub now: DateTime<Utc>,
}

/// Why a ticket cannot board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckInError {
    #[error("there is no such order")]
    NotFound,
    #[error("there is no such ticket")]
    TicketNotFound,
    #[error("the ticket was returned")]
    Returned,
    #[error("the ticket was used already")]
    AlreadyUsed { at: DateTime<Utc> },
    #[error("the order is not paid")]
    NotPaid,
    #[error("the ticket is for another course")]
    OtherCourse,
    #[error("the ticket is for a later course: boarding opens {BOARDING_OPENS_HOURS} hours before departure")]
    TooEarly,
    #[error("the ticket's course has ended")]
    Expired,
}

/// Check in: one [`OrderEvent::TicketUsed`]; nothing when this check-in used it already.
pub fn decide_check_in(cmd: &CheckInTicket, state: &Order) -> Result<Vec<OrderEvent>, CheckInError> {
    use CheckInError as E;
    let order = state.placed().ok_or(E::NotFound)?;
    let ticket = order.ticket_by_number(&cmd.number).ok_or(E::TicketNotFound)?;
    match ticket.status {
        TicketStatus::Returned => return Err(E::Returned),
        TicketStatus::Used => {
            return match &ticket.used {
                Some(used) if used.check_in_id == cmd.check_in_id => Ok(Vec::new()),
                Some(used) => Err(E::AlreadyUsed { at: used.used_at }),
                None => Err(E::AlreadyUsed { at: cmd.now }),
            };
        }
        TicketStatus::Valid => {}
    }
    if order.status != OrderStatus::Paid {
        return Err(E::NotPaid);
    }
    if ticket.course.course_id != cmd.course_id {
        return Err(E::OtherCourse);
    }
    if cmd.now < ticket.course.departure_at - Duration::hours(BOARDING_OPENS_HOURS) {
        return Err(E::TooEarly);
    }
    if cmd.now > ticket.course.arrival_at + Duration::hours(BOARDING_CLOSES_HOURS) {
        return Err(E::Expired);
    }
    Ok(vec![OrderEvent::TicketUsed {
        order_id: order.order_id,
        ticket_id: ticket.ticket.ticket_id,
        number: ticket.ticket.number.clone(),
        course_id: cmd.course_id,
        check_in_id: cmd.check_in_id,
        used_at: cmd.now,
        by_user_id: cmd.by_user_id,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::order::Ticket;

    const DRIVER: Uuid = Uuid::from_u128(0xd1);

    /// The outbound course (100) leaves at minute 600 and arrives at minute 720.
    fn check(n: u32, minute: i64) -> CheckInTicket {
        CheckInTicket {
            order_id: ORDER,
            number: format!("NK-{n}"),
            course_id: Uuid::from_u128(100),
            check_in_id: Uuid::from_u128(0xc0 + u128::from(n)),
            by_user_id: DRIVER,
            now: at(minute),
        }
    }

    fn used(ticket: &Ticket, cmd: &CheckInTicket) -> OrderEvent {
        OrderEvent::TicketUsed {
            order_id: ORDER,
            ticket_id: ticket.ticket_id,
            number: ticket.number.clone(),
            course_id: cmd.course_id,
            check_in_id: cmd.check_in_id,
            used_at: cmd.now,
            by_user_id: DRIVER,
        }
    }

    #[test]
    fn a_paid_ticket_boards_its_course_on_its_day() {
        let (events, tickets) = paid_one_way();
        let cmd = check(1, 590);
        given(events).when(|s| decide_check_in(&cmd, s)).then([used(&tickets[0], &cmd)]);
    }

    #[test]
    fn a_ticket_boards_once() {
        let (mut events, tickets) = paid_one_way();
        let first = check(1, 590);
        events.push(used(&tickets[0], &first));
        let second = CheckInTicket { check_in_id: Uuid::from_u128(0xff), ..check(1, 595) };
        given(events.clone()).when(|s| decide_check_in(&second, s)).then_err(CheckInError::AlreadyUsed { at: at(590) });
        // The same check-in sent again (a queue replayed) changes nothing and is no refusal.
        given(events).when(|s| decide_check_in(&first, s)).then([]);
    }

    #[test]
    fn the_used_ticket_shows_when_and_by_whom() {
        let (mut events, tickets) = paid_one_way();
        let cmd = check(2, 600);
        events.push(used(&tickets[1], &cmd));
        let order = given(events).state();
        let ticket = order.placed().and_then(|o| o.ticket_by_number("NK-2")).expect("the ticket");
        assert_eq!(ticket.status, TicketStatus::Used);
        let used = ticket.used.as_ref().expect("used");
        assert_eq!((used.used_at, used.by_user_id, used.check_in_id), (at(600), DRIVER, cmd.check_in_id));
    }

    #[test]
    fn a_used_ticket_is_neither_returned_nor_moved() {
        use crate::order::{decide_change_course, decide_return, ChangeTicketCourse, ChangeTicketCourseError};
        use crate::order::{ReturnTicket, ReturnTicketError};
        let (mut events, tickets) = paid_one_way();
        // Boarded early (boarding opens three hours before), still before the return cutoff.
        let cmd = check(1, 430);
        events.push(used(&tickets[0], &cmd));
        let by_staff = |now| ReturnTicket {
            order_id: ORDER,
            number: "NK-1".into(),
            code: None,
            by_user_id: Some(ADMIN),
            by_staff: true,
            now,
            cutoff_minutes: 10,
            fee_percent: 10,
        };
        given(events.clone()).when(|s| decide_return(&by_staff(at(440)), s)).then_err(ReturnTicketError::Used);
        let later = crate::order::Leg { course_id: Uuid::from_u128(300), ..leg(crate::order::LegKind::Outbound) };
        let change = ChangeTicketCourse {
            order_id: ORDER,
            number: "NK-1".into(),
            code: None,
            by_user_id: Some(ADMIN),
            by_staff: true,
            to_course: later,
            now: at(440),
            cutoff_minutes: 10,
            payment: None,
            pay_within_minutes: 15,
        };
        given(events).when(|s| decide_change_course(&change, s)).then_err(ChangeTicketCourseError::Used);
    }

    #[test]
    fn a_returned_ticket_or_an_unpaid_order_does_not_board() {
        let (mut events, tickets) = paid_one_way();
        events.push(OrderEvent::TicketReturned {
            order_id: ORDER,
            ticket_id: tickets[0].ticket_id,
            number: "NK-1".into(),
            returned_at: at(50),
            by_user_id: None,
            price: 3900,
            fee: 390,
            coupon_refund: 0,
            money_refund: 3510,
        });
        given(events.clone()).when(|s| decide_check_in(&check(1, 590), s)).then_err(CheckInError::Returned);
        events.push(OrderEvent::OrderCancelled {
            order_id: ORDER,
            cancelled_at: at(60),
            by_user_id: ADMIN,
            reason: "course withdrawn".into(),
            refund: 5889,
            coupon_refund: 0,
        });
        given(events).when(|s| decide_check_in(&check(2, 590), s)).then_err(CheckInError::NotPaid);
        given([placed(false, 0)]).when(|s| decide_check_in(&check(1, 590), s)).then_err(CheckInError::TicketNotFound);
        given([]).when(|s| decide_check_in(&check(1, 590), s)).then_err(CheckInError::NotFound);
    }

    #[test]
    fn a_ticket_boards_only_its_own_course() {
        let (events, _) = paid_one_way();
        let other = CheckInTicket { course_id: Uuid::from_u128(300), ..check(1, 590) };
        given(events).when(|s| decide_check_in(&other, s)).then_err(CheckInError::OtherCourse);
    }

    #[test]
    fn after_a_change_the_ticket_boards_the_new_course_only() {
        let (mut events, tickets) = paid_one_way();
        let base = leg(crate::order::LegKind::Outbound);
        let later = crate::order::Leg {
            course_id: Uuid::from_u128(300),
            hold_id: Uuid::from_u128(301),
            departure_at: at(900),
            arrival_at: at(1020),
            ..base
        };
        events.push(course_changed(&tickets[0], later, 0, 100));
        given(events.clone()).when(|s| decide_check_in(&check(1, 590), s)).then_err(CheckInError::OtherCourse);
        let on_the_new = CheckInTicket { course_id: Uuid::from_u128(300), ..check(1, 890) };
        given(events).when(|s| decide_check_in(&on_the_new, s)).then([used(&tickets[0], &on_the_new)]);
    }

    #[test]
    fn boarding_is_open_from_three_hours_before_departure_to_two_after_arrival() {
        let (events, tickets) = paid_one_way();
        // Departure at minute 600, arrival at 720.
        given(events.clone()).when(|s| decide_check_in(&check(1, 419), s)).then_err(CheckInError::TooEarly);
        let opens = check(1, 420);
        given(events.clone()).when(|s| decide_check_in(&opens, s)).then([used(&tickets[0], &opens)]);
        let closes = check(1, 840);
        given(events.clone()).when(|s| decide_check_in(&closes, s)).then([used(&tickets[0], &closes)]);
        given(events).when(|s| decide_check_in(&check(1, 841), s)).then_err(CheckInError::Expired);
    }
}
