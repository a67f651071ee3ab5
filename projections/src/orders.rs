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

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::order::{InvoiceRequest, Leg, LegKind, OrderEvent, TicketLine, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{insert_new, load, upsert};
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
}

/// A row of `rm_orders` (see the migration for the columns' meaning).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct OrderRow {
    order_id: Uuid,
    hash_id: String,
    status: String,
    user_id: Option<Uuid>,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    notify_by_sms: bool,
    invoice: Option<InvoiceRequest>,
    invoice_number: Option<String>,
    invoice_issued_at: Option<DateTime<Utc>>,
    invoice_corrections: Vec<Correction>,
    outbound: Leg,
    back: Option<Leg>,
    outbound_course_id: Uuid,
    back_course_id: Option<Uuid>,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    return_departure_at: Option<DateTime<Utc>>,
    lines: Vec<TicketLine>,
    passengers: i64,
    total: i64,
    coupon_code: Option<String>,
    coupon_amount: i64,
    to_pay: i64,
    payment_provider: String,
    payment_session_id: String,
    payment_token: String,
    placed_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    paid_at: Option<DateTime<Utc>>,
    paid_amount: Option<i64>,
    transaction_id: Option<String>,
    expired_at: Option<DateTime<Utc>>,
    cancelled_at: Option<DateTime<Utc>>,
    cancelled_by: Option<Uuid>,
    cancel_reason: Option<String>,
    money_refunded: i64,
    coupon_refunded: i64,
    late_refunded: i64,
    version: i64,
    updated_at: DateTime<Utc>,
}

/// A correction invoice, in `rm_orders.invoice_corrections`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Correction {
    number: String,
    corrects: String,
    amount: i64,
    issued_at: DateTime<Utc>,
}

/// A row of `rm_tickets`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TicketRow {
    ticket_id: Uuid,
    order_id: Uuid,
    number: String,
    code: String,
    leg: LegKind,
    line: i64,
    price: i64,
    coupon_part: i64,
    status: String,
    course_id: Uuid,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    arrival_at: DateTime<Utc>,
    course_changed: bool,
    previous_course_id: Option<Uuid>,
    price_difference: i64,
    changed_at: Option<DateTime<Utc>>,
    user_id: Option<Uuid>,
    issued_at: DateTime<Utc>,
    returned_at: Option<DateTime<Utc>>,
    returned_by: Option<Uuid>,
    fee: Option<i64>,
    coupon_refund: Option<i64>,
    money_refund: Option<i64>,
    version: i64,
}

/// A row of `rm_order_events`.
#[derive(Serialize)]
struct EventRow<'a> {
    order_id: Uuid,
    version: i64,
    event_type: &'a str,
    occurred_at: DateTime<Utc>,
    recorded_at: DateTime<Utc>,
    user_id: Option<&'a str>,
    data: &'a RawValue,
}

impl OrderRow {
    fn leg(&self, kind: LegKind) -> Option<&Leg> {
        match kind {
            LegKind::Outbound => Some(&self.outbound),
            LegKind::Back => self.back.as_ref(),
        }
    }
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
                            version,
                        },
                    );
                }
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
            OrderEvent::InvoiceCorrected { number, corrects, amount, issued_at, .. } => {
                if order.invoice_number.is_some() {
                    order.invoice_corrections.push(Correction { number, corrects, amount, issued_at });
                }
            }
        }
        self.changed_tickets.extend(touched);
    }
}

/// The row of a just placed order.
fn placed(event: OrderEvent, version: i64, recorded_at: DateTime<Utc>) -> Option<OrderRow> {
    let OrderEvent::OrderPlaced {
        order_id,
        hash_id,
        placed_at,
        expires_at,
        user_id,
        customer,
        invoice,
        outbound,
        back,
        lines,
        coupon,
        total,
        to_pay,
        payment,
    } = event
    else {
        return None;
    };
    Some(OrderRow {
        order_id,
        hash_id,
        status: status::PENDING_PAYMENT.into(),
        user_id,
        first_name: customer.first_name,
        last_name: customer.last_name,
        email: customer.email,
        phone: customer.phone,
        notify_by_sms: customer.notify_by_sms,
        invoice,
        invoice_number: None,
        invoice_issued_at: None,
        invoice_corrections: Vec::new(),
        outbound_course_id: outbound.course_id,
        back_course_id: back.as_ref().map(|b| b.course_id),
        route_name: outbound.route_name.clone(),
        from_name: outbound.from_name.clone(),
        to_name: outbound.to_name.clone(),
        departure_at: outbound.departure_at,
        return_departure_at: back.as_ref().map(|b| b.departure_at),
        outbound,
        back,
        passengers: lines.iter().map(|l| i64::from(l.quantity)).sum(),
        lines,
        total,
        coupon_amount: coupon.as_ref().map_or(0, |c| c.amount),
        coupon_code: coupon.map(|c| c.code),
        to_pay,
        payment_provider: payment.provider,
        payment_session_id: payment.session_id,
        payment_token: payment.token,
        placed_at,
        expires_at,
        paid_at: None,
        paid_amount: None,
        transaction_id: None,
        expired_at: None,
        cancelled_at: None,
        cancelled_by: None,
        cancel_reason: None,
        money_refunded: 0,
        coupon_refunded: 0,
        late_refunded: 0,
        version,
        updated_at: recorded_at,
    })
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
        let ids: Vec<Uuid> =
            decoded.iter().map(|(e, _, _)| e.order_id()).collect::<BTreeSet<_>>().into_iter().collect();

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
