//! The `orders` projection: the `order-*` streams as `rm_orders` (one row per placed
//! order), `rm_tickets` (one row per ticket, from payment on) and `rm_order_events`
//! (every event, for the admin's history).
//!
//! The batch is folded in memory ([`crate::rows`]): the orders it touches and their
//! tickets are loaded, each event whose version the order row does not reflect yet is
//! applied, and the changed rows are written back guarded by `version`. The order row's
//! version is the guard of its whole stream (its tickets are written in the same
//! transaction), so a replayed event changes nothing. The rules follow the order's
//! `evolve` in the domain: the projector copies what the events say (names, times,
//! prices after discount) and does not recompute prices.
//!
//! An order whose placement was abandoned before `OrderPlaced` has no row, only its
//! history. An event it cannot decode stops the projection with an error.

mod rows;

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::order::{LegKind, OrderEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde_json::value::RawValue;
use sqlx::PgConnection;
use uuid::Uuid;

use self::rows::{placed, Correction, EventRow, OrderRow, TicketRow};
use crate::rows::{begun_earlier, insert_new, load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct OrdersProjection;

/// Order statuses as the API spells them.
pub mod status {
    pub const PENDING_PAYMENT: &str = "pending_payment";
    pub const PAID: &str = "paid";
    pub const EXPIRED: &str = "expired";
    pub const CANCELLED: &str = "cancelled";
    pub const RETURNED: &str = "returned";
}

/// Ticket states as the API spells them.
pub mod ticket_status {
    pub const VALID: &str = "valid";
    pub const RETURNED: &str = "returned";
    pub const USED: &str = "used";
}

/// The rows of the orders a batch touches, and which of them changed.
#[derive(Default)]
struct Fold {
    orders: HashMap<Uuid, OrderRow>,
    tickets: HashMap<Uuid, TicketRow>,
    changed_orders: BTreeSet<Uuid>,
    changed_tickets: BTreeSet<Uuid>,
}

impl Fold {
    /// Apply one event at `version`, unless the order row reflects it already.
    fn apply(&mut self, event: OrderEvent, version: i64, recorded_at: DateTime<Utc>) {
        let order_id = event.order_id();
        if let OrderEvent::OrderPlaced { .. } = event {
            if let Entry::Vacant(slot) = self.orders.entry(order_id) {
                if let Some(row) = placed(event, version, recorded_at) {
                    slot.insert(row);
                    self.changed_orders.insert(order_id);
                }
            }
            return;
        }
        let Some(order) = self.orders.get_mut(&order_id) else {
            // Abandoned before it was placed (or never placed): nothing to show.
            return;
        };
        if order.version >= version {
            return;
        }
        order.version = version;
        order.updated_at = recorded_at;
        self.changed_orders.insert(order_id);
        let mut touched = Vec::new();
        match event {
            OrderEvent::OrderPlaced { .. } | OrderEvent::OrderAbandoned { .. } => {}
            OrderEvent::OrderPaid { paid_at, amount, transaction_id, tickets, reheld, .. } => {
                for hold in reheld {
                    match hold.leg {
                        LegKind::Outbound => order.outbound.hold_id = hold.hold_id,
                        LegKind::Back => {
                            if let Some(back) = order.back.as_mut() {
                                back.hold_id = hold.hold_id;
                            }
                        }
                    }
                }
                order.status = status::PAID.into();
                order.paid_at = Some(paid_at);
                order.paid_amount = Some(amount);
                order.transaction_id = Some(transaction_id);
                for t in tickets {
                    let leg = order.leg(t.leg).unwrap_or(&order.outbound);
                    let discount = order.lines.iter().find(|l| l.line == t.line).and_then(|l| l.discount.as_ref());
                    touched.push(t.ticket_id);
                    self.tickets.insert(
                        t.ticket_id,
                        TicketRow {
                            ticket_id: t.ticket_id,
                            order_id,
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
                        },
                    );
                }
            }
            OrderEvent::PaymentRegistered { payment, .. } => {
                order.payment_provider = payment.provider;
                order.payment_session_id = payment.session_id;
                order.payment_token = payment.token;
            }
            OrderEvent::OrderExpired { expired_at, .. } => {
                order.status = status::EXPIRED.into();
                order.expired_at = Some(expired_at);
            }
            OrderEvent::OrderCancelled { cancelled_at, by_user_id, reason, refund, coupon_refund, .. } => {
                order.status = status::CANCELLED.into();
                order.cancelled_at = Some(cancelled_at);
                order.cancelled_by = Some(by_user_id);
                order.cancel_reason = Some(reason);
                order.money_refunded += refund;
                order.coupon_refunded += coupon_refund;
            }
            OrderEvent::LatePaymentRefunded { amount, .. } => order.late_refunded += amount,
            OrderEvent::TicketReturned {
                ticket_id, returned_at, by_user_id, fee, coupon_refund, money_refund, ..
            } => {
                order.money_refunded += money_refund;
                order.coupon_refunded += coupon_refund;
                if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
                    ticket.status = ticket_status::RETURNED.into();
                    ticket.returned_at = Some(returned_at);
                    ticket.returned_by = by_user_id;
                    ticket.fee = Some(fee);
                    ticket.coupon_refund = Some(coupon_refund);
                    ticket.money_refund = Some(money_refund);
                    ticket.version = version;
                    touched.push(ticket_id);
                }
                let mut of_order = self.tickets.values().filter(|t| t.order_id == order_id).peekable();
                let all_returned = of_order.peek().is_some() && of_order.all(|t| t.status == ticket_status::RETURNED);
                if order.status == status::PAID && all_returned {
                    order.status = status::RETURNED.into();
                }
            }
            OrderEvent::TicketCourseChanged {
                ticket_id,
                from_course_id,
                to_course,
                price_difference,
                changed_at,
                ..
            } => {
                if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
                    ticket.previous_course_id = Some(from_course_id);
                    ticket.course_id = to_course.course_id;
                    ticket.route_name = to_course.route_name;
                    ticket.from_name = to_course.from_name;
                    ticket.to_name = to_course.to_name;
                    ticket.departure_at = to_course.departure_at;
                    ticket.arrival_at = to_course.arrival_at;
                    ticket.course_changed = true;
                    ticket.price = ticket.price.saturating_add(price_difference);
                    ticket.price_difference = price_difference;
                    ticket.changed_at = Some(changed_at);
                    ticket.clear_change();
                    ticket.version = version;
                    touched.push(ticket_id);
                }
            }
            OrderEvent::TicketChangeRequested {
                ticket_id, to_course, price_difference, payment, expires_at, ..
            } => {
                if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
                    ticket.change_course_id = Some(to_course.course_id);
                    ticket.change_difference = Some(price_difference);
                    ticket.change_expires_at = Some(expires_at);
                    ticket.change_provider = Some(payment.provider);
                    ticket.change_token = Some(payment.token);
                    ticket.version = version;
                    touched.push(ticket_id);
                }
            }
            // The change it paid for follows (TicketCourseChanged).
            OrderEvent::TicketChangePaid { .. } => {}
            OrderEvent::TicketChangeExpired { ticket_id, .. } => {
                if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
                    ticket.clear_change();
                    ticket.version = version;
                    touched.push(ticket_id);
                }
            }
            OrderEvent::TicketUsed { ticket_id, used_at, by_user_id, .. } => {
                if let Some(ticket) = self.tickets.get_mut(&ticket_id) {
                    ticket.status = ticket_status::USED.into();
                    ticket.used_at = Some(used_at);
                    ticket.used_by = Some(by_user_id);
                    ticket.version = version;
                    touched.push(ticket_id);
                }
            }
            OrderEvent::InvoiceIssued { number, issued_at, .. } => {
                if order.invoice_number.is_none() {
                    order.invoice_number = Some(number);
                    order.invoice_issued_at = Some(issued_at);
                }
            }
            OrderEvent::InvoiceCorrected { number, corrects, amount, issued_at, buyer, .. } => {
                if order.invoice_number.is_some() {
                    if let Some(buyer) = buyer {
                        order.invoice = Some(buyer);
                    }
                    order.invoice_corrections.push(Correction { number, corrects, amount, issued_at });
                }
            }
            OrderEvent::CustomerDetailsChanged { customer, .. } => {
                order.first_name = customer.first_name;
                order.last_name = customer.last_name;
                order.email = customer.email;
                order.phone = customer.phone;
                order.notify_by_sms = customer.notify_by_sms;
            }
            OrderEvent::InvoiceDataChanged { invoice, .. } => order.invoice = invoice,
            OrderEvent::OrderAssignedToUser { user_id, .. } => {
                order.user_id = Some(user_id);
                for ticket in self.tickets.values_mut().filter(|t| t.order_id == order_id) {
                    ticket.user_id = Some(user_id);
                    ticket.version = version;
                    touched.push(ticket.ticket_id);
                }
            }
        }
        self.changed_tickets.extend(touched);
    }
}

#[async_trait]
impl Projection for OrdersProjection {
    fn name(&self) -> &'static str {
        "orders"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut decoded = Vec::with_capacity(events.len());
        let mut history = Vec::with_capacity(events.len());
        for e in events {
            let event = e.decode::<OrderEvent>()?;
            let data: &RawValue = serde_json::from_str(&e.data).map_err(|err| ProjectionError::Handler {
                projection: self.name(),
                reason: format!("{} v{}: {err}", e.stream, e.version),
            })?;
            history.push(EventRow {
                order_id: event.order_id(),
                version: e.version as i64,
                event_type: &e.event_type,
                occurred_at: e.metadata.occurred_at,
                recorded_at: e.recorded_at,
                user_id: e.metadata.user_id.as_deref(),
                data,
            });
            decoded.push((event, e.version as i64, e.recorded_at));
        }
        // Only the orders placed in an earlier batch are read (`OrderPlaced` is always an
        // order's first event).
        let ids = begun_earlier(
            decoded.iter().map(|(e, _, _)| e.order_id()),
            decoded
                .iter()
                .filter(|(e, _, _)| matches!(e, OrderEvent::OrderPlaced { .. }))
                .map(|(e, _, _)| e.order_id()),
        );

        let mut fold = Fold::default();
        for row in load::<OrderRow, _>(conn, "rm_orders", "order_id", ids.clone()).await? {
            fold.orders.insert(row.order_id, row);
        }
        for row in load::<TicketRow, _>(conn, "rm_tickets", "order_id", ids).await? {
            fold.tickets.insert(row.ticket_id, row);
        }
        for (event, version, recorded_at) in decoded {
            fold.apply(event, version, recorded_at);
        }

        let orders: Vec<&OrderRow> = fold.changed_orders.iter().filter_map(|id| fold.orders.get(id)).collect();
        upsert(conn, self.name(), "rm_orders", "order_id", &orders).await?;
        let tickets: Vec<&TicketRow> = fold.changed_tickets.iter().filter_map(|id| fold.tickets.get(id)).collect();
        upsert(conn, self.name(), "rm_tickets", "ticket_id", &tickets).await?;
        insert_new(conn, "rm_order_events", &history).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_orders, rm_tickets, rm_order_events").execute(&mut *conn).await?;
        Ok(())
    }
}
