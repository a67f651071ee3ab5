//! The rows the `orders` projection writes, as JSON objects whose keys are the columns
//! (see `schema/migrations/0041_booking_read_models.sql`), and the row of a just placed
//! order.

use chrono::{DateTime, Utc};
use domain::order::{InvoiceRequest, Leg, LegKind, OrderEvent, TicketLine};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use uuid::Uuid;

use super::status;

/// A row of `rm_orders` (see the migration for the columns' meaning).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct OrderRow {
    pub(super) order_id: Uuid,
    pub(super) hash_id: String,
    /// The readable number (empty for orders placed before numbers).
    pub(super) number: String,
    pub(super) status: String,
    pub(super) user_id: Option<Uuid>,
    pub(super) first_name: String,
    pub(super) last_name: String,
    pub(super) email: String,
    pub(super) phone: String,
    pub(super) notify_by_sms: bool,
    pub(super) invoice: Option<InvoiceRequest>,
    pub(super) invoice_number: Option<String>,
    pub(super) invoice_issued_at: Option<DateTime<Utc>>,
    pub(super) invoice_corrections: Vec<Correction>,
    pub(super) outbound: Leg,
    pub(super) back: Option<Leg>,
    pub(super) outbound_course_id: Uuid,
    pub(super) back_course_id: Option<Uuid>,
    /// The outbound leg's route (filters the admin's list).
    pub(super) route_id: i64,
    pub(super) route_name: String,
    pub(super) from_name: String,
    pub(super) to_name: String,
    pub(super) departure_at: DateTime<Utc>,
    pub(super) return_departure_at: Option<DateTime<Utc>>,
    pub(super) lines: Vec<TicketLine>,
    pub(super) passengers: i64,
    pub(super) total: i64,
    pub(super) coupon_code: Option<String>,
    pub(super) coupon_amount: i64,
    pub(super) to_pay: i64,
    pub(super) payment_provider: String,
    pub(super) payment_session_id: String,
    pub(super) payment_token: String,
    pub(super) placed_at: DateTime<Utc>,
    pub(super) expires_at: DateTime<Utc>,
    pub(super) paid_at: Option<DateTime<Utc>>,
    pub(super) paid_amount: Option<i64>,
    pub(super) transaction_id: Option<String>,
    pub(super) expired_at: Option<DateTime<Utc>>,
    pub(super) cancelled_at: Option<DateTime<Utc>>,
    pub(super) cancelled_by: Option<Uuid>,
    pub(super) cancel_reason: Option<String>,
    pub(super) money_refunded: i64,
    pub(super) coupon_refunded: i64,
    pub(super) late_refunded: i64,
    pub(super) version: i64,
    pub(super) updated_at: DateTime<Utc>,
}

/// A correction invoice, in `rm_orders.invoice_corrections`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Correction {
    pub(super) number: String,
    pub(super) corrects: String,
    pub(super) amount: i64,
    pub(super) issued_at: DateTime<Utc>,
}

/// A row of `rm_tickets`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct TicketRow {
    pub(super) ticket_id: Uuid,
    pub(super) order_id: Uuid,
    pub(super) number: String,
    pub(super) code: String,
    pub(super) leg: LegKind,
    pub(super) line: i64,
    pub(super) price: i64,
    pub(super) coupon_part: i64,
    pub(super) status: String,
    pub(super) course_id: Uuid,
    pub(super) route_name: String,
    pub(super) from_name: String,
    pub(super) to_name: String,
    /// The stretch as stop ids (the same after a change: the route and stops stay).
    pub(super) from_waypoint_id: i64,
    pub(super) to_waypoint_id: i64,
    /// The line's discount, when it has one.
    pub(super) discount_name: Option<String>,
    /// The passenger's name, when one was given (none: the buyer).
    #[serde(default)]
    pub(super) passenger_name: Option<String>,
    pub(super) departure_at: DateTime<Utc>,
    pub(super) arrival_at: DateTime<Utc>,
    pub(super) course_changed: bool,
    pub(super) previous_course_id: Option<Uuid>,
    pub(super) price_difference: i64,
    pub(super) changed_at: Option<DateTime<Utc>>,
    pub(super) user_id: Option<Uuid>,
    pub(super) issued_at: DateTime<Utc>,
    pub(super) returned_at: Option<DateTime<Utc>>,
    pub(super) returned_by: Option<Uuid>,
    pub(super) fee: Option<i64>,
    pub(super) coupon_refund: Option<i64>,
    pub(super) money_refund: Option<i64>,
    /// When a passenger boarded with it, and the driver who checked it.
    pub(super) used_at: Option<DateTime<Utc>>,
    pub(super) used_by: Option<Uuid>,
    /// A change to a dearer course waiting for its difference to be paid.
    pub(super) change_course_id: Option<Uuid>,
    pub(super) change_difference: Option<i64>,
    pub(super) change_expires_at: Option<DateTime<Utc>>,
    pub(super) change_provider: Option<String>,
    pub(super) change_token: Option<String>,
    pub(super) version: i64,
}

/// A row of `rm_order_events`.
#[derive(Serialize)]
pub(super) struct EventRow<'a> {
    pub(super) order_id: Uuid,
    pub(super) version: i64,
    pub(super) event_type: &'a str,
    pub(super) occurred_at: DateTime<Utc>,
    pub(super) recorded_at: DateTime<Utc>,
    pub(super) user_id: Option<&'a str>,
    pub(super) data: &'a RawValue,
}

impl TicketRow {
    /// No change waits for payment any more.
    pub(super) fn clear_change(&mut self) {
        self.change_course_id = None;
        self.change_difference = None;
        self.change_expires_at = None;
        self.change_provider = None;
        self.change_token = None;
    }
}

impl OrderRow {
    pub(super) fn leg(&self, kind: LegKind) -> Option<&Leg> {
        match kind {
            LegKind::Outbound => Some(&self.outbound),
            LegKind::Back => self.back.as_ref(),
        }
    }
}

/// The row of a just placed order.
pub(super) fn placed(event: OrderEvent, version: i64, recorded_at: DateTime<Utc>) -> Option<OrderRow> {
    let OrderEvent::OrderPlaced {
        order_id,
        hash_id,
        number,
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
        number,
        status: status::PENDING_PAYMENT.into(),
        user_id,
        first_name: customer.first_name.into(),
        last_name: customer.last_name.into(),
        email: customer.email.map(String::from).unwrap_or_default(),
        phone: customer.phone.map(String::from).unwrap_or_default(),
        notify_by_sms: customer.notify_by_sms,
        invoice,
        invoice_number: None,
        invoice_issued_at: None,
        invoice_corrections: Vec::new(),
        outbound_course_id: outbound.course_id,
        back_course_id: back.as_ref().map(|b| b.course_id),
        route_id: outbound.route_id,
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
