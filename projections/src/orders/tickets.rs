//! The changes of ticket rows (`rm_tickets`): issued at payment, returned, moved to
//! another course, waiting for a change's difference, used. A changed row takes the
//! event's version and is marked for writing.

use chrono::{DateTime, Utc};
use domain::order::{Leg, LegKind, PaymentRef, Ticket};
use uuid::Uuid;

use super::fold::Change;
use super::rows::{OrderRow, TicketRow};
use super::{status, ticket_status};

impl Change<'_> {
    /// Change the ticket's row, if the batch has it.
    pub(super) fn ticket(&mut self, ticket_id: Uuid, change: impl FnOnce(&mut TicketRow)) {
        if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
            change(ticket);
            ticket.version = self.version;
            self.touched.push(ticket_id);
        }
    }

    /// The order's journey of `kind` shows the course its tickets ride once every ticket
    /// still riding it is on one course (an admin moved the leg, or each passenger chose the
    /// same course): the order's page and list then name the new course, not the one it was
    /// booked on (issue 29). Tickets on different courses leave it as booked; each ticket
    /// names its own course.
    pub(super) fn leg_follows_its_tickets(&mut self, kind: LegKind) {
        let order_id = self.order.order_id;
        let mut riding = self
            .tickets
            .values()
            .filter(|t| t.order_id == order_id && t.leg == kind && t.status != ticket_status::RETURNED);
        let Some(first) = riding.next() else { return };
        let (course_id, departure_at, arrival_at) = (first.course_id, first.departure_at, first.arrival_at);
        if !riding.all(|t| t.course_id == course_id) {
            return;
        }
        let leg = match kind {
            LegKind::Outbound => {
                self.order.outbound_course_id = course_id;
                self.order.departure_at = departure_at;
                Some(&mut self.order.outbound)
            }
            LegKind::Back => {
                self.order.back_course_id = Some(course_id);
                self.order.return_departure_at = Some(departure_at);
                self.order.back.as_mut()
            }
        };
        if let Some(leg) = leg {
            leg.course_id = course_id;
            leg.departure_at = departure_at;
            leg.arrival_at = arrival_at;
        }
    }

    /// The order was cancelled: its tickets still valid carry no one any more (a returned
    /// or used one stays what it was).
    pub(super) fn tickets_cancelled(&mut self) {
        let order_id = self.order.order_id;
        let valid: Vec<Uuid> = self
            .tickets
            .values()
            .filter(|t| t.order_id == order_id && t.status == ticket_status::VALID)
            .map(|t| t.ticket_id)
            .collect();
        for ticket_id in valid {
            self.ticket(ticket_id, |t| t.status = ticket_status::CANCELLED.into());
        }
    }

    /// A ticket returned; the order is returned when a paid one has none left.
    pub(super) fn ticket_returned(
        &mut self,
        ticket_id: Uuid,
        returned_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        fee: i64,
        coupon_refund: i64,
        money_refund: i64,
    ) {
        self.ticket(ticket_id, |ticket| {
            ticket.status = ticket_status::RETURNED.into();
            ticket.returned_at = Some(returned_at);
            ticket.returned_by = by_user_id;
            ticket.fee = Some(fee);
            ticket.coupon_refund = Some(coupon_refund);
            ticket.money_refund = Some(money_refund);
        });
        let order_id = self.order.order_id;
        let mut of_order = self.tickets.values().filter(|t| t.order_id == order_id).peekable();
        let all_returned = of_order.peek().is_some() && of_order.all(|t| t.status == ticket_status::RETURNED);
        if self.order.status == status::PAID && all_returned {
            self.order.status = status::RETURNED.into();
        }
    }
}

impl TicketRow {
    /// The row of a ticket as payment issues it, on its leg's course.
    pub(super) fn issued(t: Ticket, order: &OrderRow, paid_at: DateTime<Utc>, version: i64) -> TicketRow {
        let leg = order.leg(t.leg).unwrap_or(&order.outbound);
        let discount = order.lines.iter().find(|l| l.line == t.line).and_then(|l| l.discount.as_ref());
        TicketRow {
            ticket_id: t.ticket_id,
            order_id: order.order_id,
            number: t.number,
            code: t.code,
            leg: t.leg,
            line: i64::from(t.line),
            price: t.price,
            coupon_part: t.coupon_part,
            status: ticket_status::VALID.into(),
            course_id: leg.course_id,
            route_name: leg.route_name.clone(),
            from_name: leg.from_name.clone(),
            to_name: leg.to_name.clone(),
            from_waypoint_id: leg.from_waypoint_id,
            to_waypoint_id: leg.to_waypoint_id,
            discount_name: discount.map(|d| d.name.clone()),
            passenger_name: t.passenger,
            departure_at: leg.departure_at,
            arrival_at: leg.arrival_at,
            course_changed: false,
            previous_course_id: None,
            price_difference: 0,
            changed_at: None,
            user_id: order.user_id,
            issued_at: paid_at,
            returned_at: None,
            returned_by: None,
            fee: None,
            coupon_refund: None,
            money_refund: None,
            used_at: None,
            used_by: None,
            change_course_id: None,
            change_difference: None,
            change_expires_at: None,
            change_provider: None,
            change_token: None,
            version,
        }
    }

    /// Moved from `from_course_id` to `to_course` (once), for `price_difference` more.
    pub(super) fn moved(
        &mut self,
        from_course_id: Uuid,
        to_course: Leg,
        price_difference: i64,
        changed_at: DateTime<Utc>,
    ) {
        self.previous_course_id = Some(from_course_id);
        self.course_id = to_course.course_id;
        self.route_name = to_course.route_name;
        self.from_name = to_course.from_name;
        self.to_name = to_course.to_name;
        self.departure_at = to_course.departure_at;
        self.arrival_at = to_course.arrival_at;
        self.course_changed = true;
        self.price = self.price.saturating_add(price_difference);
        self.price_difference = price_difference;
        self.changed_at = Some(changed_at);
        self.clear_change();
    }

    /// A change to a dearer course waits for `price_difference` to be paid.
    pub(super) fn change_requested(
        &mut self,
        to_course_id: Uuid,
        price_difference: i64,
        payment: PaymentRef,
        expires_at: DateTime<Utc>,
    ) {
        self.change_course_id = Some(to_course_id);
        self.change_difference = Some(price_difference);
        self.change_expires_at = Some(expires_at);
        self.change_provider = Some(payment.provider);
        self.change_token = Some(payment.token);
    }

    /// A passenger boarded with it, checked in by `by_user_id`.
    pub(super) fn used(&mut self, used_at: DateTime<Utc>, by_user_id: Uuid) {
        self.status = ticket_status::USED.into();
        self.used_at = Some(used_at);
        self.used_by = Some(by_user_id);
    }
}
