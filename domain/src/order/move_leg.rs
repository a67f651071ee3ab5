//! `MoveLeg`: an admin moves a leg of an order (every valid ticket of it) to another
//! course, all at once or not at all.
//!
//! Each ticket is checked as a customer's change is ([`super::decide_change_course`],
//! on the admin's behalf: no code needed), and moves to the one hold the leg took on the
//! new course. A ticket that cannot move refuses the whole leg, and so does a dearer
//! course (the customer pays a difference through their own change, never through the
//! admin's). The events: one `TicketCourseChanged` per ticket, then
//! [`OrderEvent::LegMoved`] with who moved it, why and when.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::TicketStatus;
use super::{decide_change_course, ChangeTicketCourse, ChangeTicketCourseError, Leg, LegKind, Order, OrderEvent};

/// Move the order's `kind` leg to `to_course` (its `hold_id`: the leg's seats there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLeg {
    pub order_id: Uuid,
    pub kind: LegKind,
    pub to_course: Leg,
    pub by_admin: Uuid,
    /// The admin's reason, as given (checked by the caller: 1 to 500 characters).
    pub reason: String,
    pub now: DateTime<Utc>,
    /// Changes close this many minutes before the current course leaves (*setting*).
    pub cutoff_minutes: u32,
}

/// The numbers of the leg's tickets that move (valid ones).
pub fn leg_tickets(order: &Order, kind: LegKind) -> Vec<String> {
    order.placed().map_or_else(Vec::new, |o| {
        o.tickets
            .iter()
            .filter(|t| t.ticket.leg == kind && t.status == TicketStatus::Valid)
            .map(|t| t.ticket.number.clone())
            .collect()
    })
}

/// Move: a `TicketCourseChanged` per valid ticket of the leg, then `LegMoved`; the first
/// ticket's refusal refuses all (a leg without a valid ticket: `TicketNotFound`).
pub fn decide_move_leg(cmd: &MoveLeg, state: &Order) -> Result<Vec<OrderEvent>, ChangeTicketCourseError> {
    let numbers = leg_tickets(state, cmd.kind);
    if numbers.is_empty() {
        return Err(state
            .placed()
            .map_or(ChangeTicketCourseError::NotFound, |_| ChangeTicketCourseError::TicketNotFound));
    }
    let mut events = Vec::with_capacity(numbers.len() + 1);
    for number in &numbers {
        let change = ChangeTicketCourse {
            order_id: cmd.order_id,
            number: number.clone(),
            code: None,
            by_user_id: Some(cmd.by_admin),
            by_staff: true,
            to_course: Leg { kind: cmd.kind, ..cmd.to_course.clone() },
            now: cmd.now,
            cutoff_minutes: cmd.cutoff_minutes,
            payment: None,
            pay_within_minutes: 0,
        };
        events.extend(decide_change_course(&change, state)?);
    }
    events.push(OrderEvent::LegMoved {
        order_id: cmd.order_id,
        kind: cmd.kind,
        to_course_id: cmd.to_course.course_id,
        hold_id: cmd.to_course.hold_id,
        numbers,
        by_admin: cmd.by_admin,
        reason: cmd.reason.clone(),
        moved_at: cmd.now,
    });
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::testing::*;

    const ADMIN: Uuid = Uuid::from_u128(7);

    /// A later outbound course (leaves at minute 900) at 36 zł, its hold 301.
    fn later() -> Leg {
        Leg {
            course_id: Uuid::from_u128(300),
            hold_id: Uuid::from_u128(301),
            departure_at: at(900),
            arrival_at: at(1020),
            unit_price: 3600,
            ..leg(LegKind::Outbound)
        }
    }

    fn move_leg(to_course: Leg) -> MoveLeg {
        MoveLeg {
            order_id: ORDER,
            kind: LegKind::Outbound,
            to_course,
            by_admin: ADMIN,
            reason: "Awaria autokaru".into(),
            now: at(100),
            cutoff_minutes: 10,
        }
    }

    #[test]
    fn every_valid_ticket_moves_at_once_and_the_admin_says_who_and_why() {
        let (events, tickets) = paid_one_way();
        let moved = decide_move_leg(&move_leg(later()), &given(events).state()).expect("moved");
        let changed: Vec<&OrderEvent> =
            moved.iter().filter(|e| matches!(e, OrderEvent::TicketCourseChanged { .. })).collect();
        assert_eq!(changed.len(), tickets.len());
        assert_eq!(moved.first(), Some(&course_changed(&tickets[0], later(), -300, 100)));
        let numbers: Vec<String> = tickets.iter().map(|t| t.number.clone()).collect();
        assert_eq!(
            moved.last(),
            Some(&OrderEvent::LegMoved {
                order_id: ORDER,
                kind: LegKind::Outbound,
                to_course_id: Uuid::from_u128(300),
                hold_id: Uuid::from_u128(301),
                numbers,
                by_admin: ADMIN,
                reason: "Awaria autokaru".into(),
                moved_at: at(100),
            })
        );
    }

    #[test]
    fn one_ticket_that_cannot_move_keeps_the_whole_leg() {
        let (mut events, tickets) = paid_one_way();
        events.push(course_changed(&tickets[1], later(), -300, 50));
        let other = Leg { course_id: Uuid::from_u128(400), hold_id: Uuid::from_u128(401), ..later() };
        given(events).when(|s| decide_move_leg(&move_leg(other), s)).then_err(ChangeTicketCourseError::AlreadyChanged);
        // A dearer course is the customer's to pay, never the admin's to move.
        let (events, _) = paid_one_way();
        let dearer = Leg { unit_price: 4500, ..later() };
        given(events).when(|s| decide_move_leg(&move_leg(dearer), s)).then_err(ChangeTicketCourseError::CostsMore(600));
    }

    #[test]
    fn a_leg_without_a_valid_ticket_has_nothing_to_move() {
        let (events, _) = paid_one_way();
        let back = MoveLeg { kind: LegKind::Back, ..move_leg(later()) };
        given(events).when(|s| decide_move_leg(&back, s)).then_err(ChangeTicketCourseError::TicketNotFound);
        given([]).when(|s| decide_move_leg(&move_leg(later()), s)).then_err(ChangeTicketCourseError::NotFound);
    }
}
