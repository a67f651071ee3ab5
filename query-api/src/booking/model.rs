//! What the booking endpoints answer: orders with their legs, lines and tickets, as the
//! read models keep them (`rm_orders`, `rm_tickets`; their rows are in [`super::record`]).
//! Amounts are grosz with a `*_formatted` twin in Polish (`39,00 zł`); travel times carry
//! Warsaw's offset (as the search answers them), other instants are UTC.

use chrono::{DateTime, FixedOffset, Utc};
use domain::money::{format_pln, Reduction};
use domain::order::{Leg, LegKind, TicketLine};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::record::TicketRecord;

pub use api_core::time::warsaw;

/// The person who ordered.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerView {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub notify_by_sms: bool,
}

/// The invoice asked for at ordering.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceView {
    pub country: String,
    pub vat_number: String,
    pub company_name: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
    /// The issued invoice's number, once the order is paid.
    pub number: Option<String>,
    pub issued_at: Option<DateTime<Utc>>,
}

/// One course of the order, from the boarding stop to the last stop.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LegView {
    /// `outbound` or `back`.
    pub kind: String,
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    /// Warsaw time, e.g. `2026-07-10T08:00:00+02:00`.
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    /// The fare for one passenger before any discount.
    pub unit_price: i64,
    pub unit_price_formatted: String,
}

/// A reduction as the discount had it when the order was placed.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReductionView {
    /// `percent` or `amount`.
    pub kind: String,
    /// Percent (`51`) or grosz.
    pub value: i64,
}

/// A discount applied to a line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DiscountView {
    pub discount_id: i64,
    pub name: String,
    pub reduction: ReductionView,
}

/// `quantity` passengers with the same discount; prices per passenger after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LineView {
    pub line: u32,
    pub quantity: u32,
    pub discount: Option<DiscountView>,
    pub outbound_price: i64,
    pub back_price: Option<i64>,
    pub total: i64,
    pub total_formatted: String,
}

/// The coupon spent on the order.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CouponUseView {
    pub code: String,
    pub amount: i64,
    pub amount_formatted: String,
}

/// A ticket of an order.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketView {
    pub id: Uuid,
    pub number: String,
    /// The secret that, with the number, identifies the ticket (shown as a QR code).
    pub code: String,
    /// `outbound` or `back`.
    pub leg: String,
    pub line: i32,
    /// What the seat costs now (after a course change, the new price).
    pub price: i64,
    pub price_formatted: String,
    /// `valid`, `returned`, `used`, or `cancelled` (its order was cancelled).
    pub status: String,
    pub course_changed: bool,
    pub course_id: Uuid,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    /// The ticket's signed code (`NB1.…`, see `docs/tickets.md`): what its QR code
    /// carries, for anyone with the carrier's verification key to check offline.
    pub qr: String,
    /// An SVG image of the QR code of [`TicketView::qr`].
    pub qr_svg: String,
    /// The statutory discount of the ticket's price (its line's), e.g. `Student`: the
    /// passenger shows the document that entitles them to it. `null` for a full fare.
    pub discount_name: Option<String>,
    /// The passenger's name given on the order form; `null`: the buyer travels on it.
    pub passenger_name: Option<String>,
    /// The carrier cancelled or delayed its course: what happened, the expected departure,
    /// the choice and its link (`success-data` fills it; `null` when it runs normally).
    pub disruption: Option<super::disruption::TicketDisruption>,
    #[serde(skip)]
    pub to_waypoint_id: i64,
}

/// An order as its customer sees it (`success-data`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderView {
    pub id: Uuid,
    pub hash_id: String,
    /// The readable, consecutive number people see (`NB-2026-000123`); `null` for an
    /// order placed before orders were numbered.
    pub number: Option<String>,
    /// `pending_payment`, `paid`, `expired`, `cancelled` or `returned`.
    pub status: String,
    pub placed_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub customer: CustomerView,
    pub invoice: Option<InvoiceView>,
    pub outbound: LegView,
    pub back: Option<LegView>,
    pub lines: Vec<LineView>,
    pub coupon: Option<CouponUseView>,
    pub total: i64,
    pub total_formatted: String,
    pub coupon_amount: i64,
    pub coupon_amount_formatted: String,
    pub to_pay: i64,
    pub to_pay_formatted: String,
    /// Where to pay, while the order waits for its payment; `null` otherwise.
    pub payment_url: Option<String>,
    pub tickets: Vec<TicketView>,
    /// The order's invoice and corrections, oldest first, each with its PDF's link.
    pub invoices: Vec<super::invoices::InvoiceSummary>,
    /// Money paid back so far (returns, a cancellation, a disruption's refund,
    /// compensation), grosz; with the part paid back to the coupon.
    pub refunded: i64,
    pub refunded_to_coupon: i64,
}

/// An order as an admin sees it (`one`): the customer's view and what happened since.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminOrderView {
    #[serde(flatten)]
    pub order: OrderView,
    pub user_id: Option<Uuid>,
    pub payment_provider: String,
    pub paid_amount: Option<i64>,
    pub transaction_id: Option<String>,
    pub expired_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancelled_by: Option<Uuid>,
    pub cancel_reason: Option<String>,
    /// Money paid back to the customer (cancellation, returns).
    pub money_refunded: i64,
    /// Paid back to the coupon.
    pub coupon_refunded: i64,
    /// Payments that arrived after expiry and were paid back.
    pub late_refunded: i64,
    /// The stream version of the last event (as in `history`).
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    /// Money sent back through the payment gateway, oldest first.
    pub gateway_refunds: Vec<GatewayRefund>,
    /// `online` (the gateway), `coupon` (paid by a coupon alone), `cash` or `card_terminal`
    /// (a sale at the office).
    pub payment_method: String,
}

/// One refund of money (the `refunds` outbox of the refunds process): through the payment
/// gateway, or at the office for an order paid there.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct GatewayRefund {
    pub refund_id: Uuid,
    /// Why, as the transfer's title says it.
    pub reason: String,
    pub amount: i64,
    #[sqlx(skip)]
    pub amount_formatted: String,
    /// `pending` (being tried), `sent` (the gateway accepted it), `refused` (for an admin to
    /// settle: `last_error` says why), `at_office` (paid in cash at the office, so paid back
    /// there in cash) or `at_terminal` (paid by card on the office's terminal, so refunded
    /// there to the card): neither is sent to the gateway.
    #[schema(pattern = "^(pending|sent|refused|at_office|at_terminal)$")]
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    /// For a refund owed at the desk (`at_office`, `at_terminal`): when it was paid out
    /// there (`POST /api/till/refund/pay-out`); `null` while it waits.
    pub paid_out_at: Option<DateTime<Utc>>,
}

pub fn leg_view(leg: &Leg) -> LegView {
    LegView {
        kind: leg_kind(leg.kind).to_string(),
        course_id: leg.course_id,
        route_id: leg.route_id,
        route_name: leg.route_name.clone(),
        from_waypoint_id: leg.from_waypoint_id,
        from_name: leg.from_name.clone(),
        to_waypoint_id: leg.to_waypoint_id,
        to_name: leg.to_name.clone(),
        departure_at: warsaw(leg.departure_at),
        arrival_at: warsaw(leg.arrival_at),
        unit_price: leg.unit_price,
        unit_price_formatted: format_pln(leg.unit_price),
    }
}

pub fn leg_kind(kind: LegKind) -> &'static str {
    match kind {
        LegKind::Outbound => "outbound",
        LegKind::Back => "back",
    }
}

pub fn line_view(line: &TicketLine) -> LineView {
    LineView {
        line: line.line,
        quantity: line.quantity,
        discount: line.discount.as_ref().map(|d| DiscountView {
            discount_id: d.discount_id,
            name: d.name.clone(),
            reduction: match d.reduction {
                Reduction::Percent(p) => ReductionView { kind: "percent".into(), value: i64::from(p) },
                Reduction::Amount(a) => ReductionView { kind: "amount".into(), value: a },
            },
        }),
        outbound_price: line.outbound_price,
        back_price: line.back_price,
        total: line.total,
        total_formatted: format_pln(line.total),
    }
}

pub fn ticket_view(t: &TicketRecord, signer: &ticket_token::TicketSigner) -> TicketView {
    let qr = signer.token(&t.facts());
    TicketView {
        id: t.ticket_id,
        number: t.number.clone(),
        code: t.code.clone(),
        leg: t.leg.clone(),
        line: t.line,
        price: t.price,
        price_formatted: format_pln(t.price),
        status: t.status.clone(),
        course_changed: t.course_changed,
        course_id: t.course_id,
        route_name: t.route_name.clone(),
        from_name: t.from_name.clone(),
        to_name: t.to_name.clone(),
        departure_at: warsaw(t.departure_at),
        arrival_at: warsaw(t.arrival_at),
        qr_svg: documents::qr_svg(&qr),
        qr,
        discount_name: t.discount_name.clone(),
        passenger_name: t.passenger_name.clone(),
        disruption: None,
        to_waypoint_id: t.to_waypoint_id,
    }
}
