//! The rows of the booking read models as the endpoints read them (`rm_orders o`,
//! `rm_tickets t`), and how an order row becomes what the customer or an admin sees.

use chrono::{DateTime, Utc};
use domain::money::format_pln;
use domain::order::{InvoiceRequest, Leg, TicketLine};
use sqlx::types::Json;
use ticket_token::TicketSigner;
use uuid::Uuid;

use super::invoices::InvoiceSummary;
use super::model::{
    leg_view, line_view, ticket_view, AdminOrderView, CouponUseView, CustomerView, GatewayRefund, InvoiceView,
    OrderView,
};

/// The columns of [`OrderRecord`] (from `rm_orders o`).
pub const ORDER_COLUMNS: &str =
    "o.order_id, o.hash_id, o.number, o.status, o.user_id, o.first_name, o.last_name, o.email, \
    o.phone, o.notify_by_sms, o.invoice, o.invoice_number, o.invoice_issued_at, o.outbound, o.back, o.lines, \
    o.passengers, o.total, o.coupon_code, o.coupon_amount, o.to_pay, o.payment_provider, o.payment_token, \
    o.placed_at, o.expires_at, o.paid_at, o.paid_amount, o.transaction_id, o.expired_at, o.cancelled_at, \
    o.cancelled_by, o.cancel_reason, o.money_refunded, o.coupon_refunded, o.late_refunded, o.version, o.updated_at";

/// A row of `rm_orders`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRecord {
    pub order_id: Uuid,
    pub hash_id: String,
    /// The readable number; empty for orders placed before numbers.
    pub number: String,
    pub status: String,
    pub user_id: Option<Uuid>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub notify_by_sms: bool,
    pub invoice: Option<Json<InvoiceRequest>>,
    pub invoice_number: Option<String>,
    pub invoice_issued_at: Option<DateTime<Utc>>,
    pub outbound: Json<Leg>,
    pub back: Option<Json<Leg>>,
    pub lines: Json<Vec<TicketLine>>,
    pub passengers: i32,
    pub total: i64,
    pub coupon_code: Option<String>,
    pub coupon_amount: i64,
    pub to_pay: i64,
    pub payment_provider: String,
    pub payment_token: String,
    pub placed_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub paid_amount: Option<i64>,
    pub transaction_id: Option<String>,
    pub expired_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancelled_by: Option<Uuid>,
    pub cancel_reason: Option<String>,
    pub money_refunded: i64,
    pub coupon_refunded: i64,
    pub late_refunded: i64,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

/// The columns of [`TicketRecord`] (from `rm_tickets t`).
pub const TICKET_COLUMNS: &str = "t.ticket_id, t.order_id, t.number, t.code, t.leg, t.line, t.price, t.coupon_part, \
    t.status, t.course_id, t.route_name, t.from_name, t.to_name, t.from_waypoint_id, t.to_waypoint_id, \
    t.discount_name, t.departure_at, t.arrival_at, t.course_changed, t.previous_course_id, t.price_difference, \
    t.changed_at, t.user_id, t.issued_at, t.returned_at, t.fee, t.coupon_refund, t.money_refund, t.used_at, \
    t.passenger_name";

/// A row of `rm_tickets`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TicketRecord {
    pub ticket_id: Uuid,
    pub order_id: Uuid,
    pub number: String,
    pub code: String,
    pub leg: String,
    pub line: i32,
    pub price: i64,
    pub coupon_part: i64,
    pub status: String,
    pub course_id: Uuid,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub from_waypoint_id: i64,
    pub to_waypoint_id: i64,
    pub discount_name: Option<String>,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
    pub course_changed: bool,
    pub previous_course_id: Option<Uuid>,
    pub price_difference: i64,
    pub changed_at: Option<DateTime<Utc>>,
    pub user_id: Option<Uuid>,
    pub issued_at: DateTime<Utc>,
    pub returned_at: Option<DateTime<Utc>>,
    pub fee: Option<i64>,
    pub coupon_refund: Option<i64>,
    pub money_refund: Option<i64>,
    pub used_at: Option<DateTime<Utc>>,
    /// The passenger's name given on the order form (none: the buyer).
    pub passenger_name: Option<String>,
}

impl TicketRecord {
    /// What the ticket's signed code carries.
    pub fn facts(&self) -> ticket_token::TicketFacts<'_> {
        ticket_token::TicketFacts {
            number: &self.number,
            course_id: self.course_id,
            from_waypoint_id: self.from_waypoint_id,
            to_waypoint_id: self.to_waypoint_id,
            discount: self.discount_name.as_deref(),
            departure_at: self.departure_at,
            arrival_at: self.arrival_at,
        }
    }
}

/// Where the customer pays: the sandbox gateway's page on this site, Przelewy24's
/// `trnRequest` page, or nothing for another provider (or without a token).
pub fn payment_url(public_url: &str, provider: &str, token: &str) -> Option<String> {
    if token.is_empty() {
        return None;
    }
    match provider {
        "sandbox" => Some(format!("{}/payment/sandbox/{token}", public_url.trim_end_matches('/'))),
        "przelewy24" => Some(format!("https://secure.przelewy24.pl/trnRequest/{token}")),
        _ => None,
    }
}

/// How an order was paid, by its payment's provider.
pub fn payment_method(provider: &str) -> &'static str {
    match provider {
        "cash" => "cash",
        "card_terminal" => "card_terminal",
        "none" => "coupon",
        _ => "online",
    }
}

impl OrderRecord {
    /// The customer's view of the order with these tickets.
    pub fn view(
        &self,
        tickets: &[TicketRecord],
        invoices: Vec<InvoiceSummary>,
        public_url: &str,
        signer: &TicketSigner,
    ) -> OrderView {
        let pending = self.status == "pending_payment";
        OrderView {
            id: self.order_id,
            hash_id: self.hash_id.clone(),
            number: (!self.number.is_empty()).then(|| self.number.clone()),
            status: self.status.clone(),
            placed_at: self.placed_at,
            expires_at: self.expires_at,
            paid_at: self.paid_at,
            customer: CustomerView {
                first_name: self.first_name.clone(),
                last_name: self.last_name.clone(),
                email: self.email.clone(),
                phone: self.phone.clone(),
                notify_by_sms: self.notify_by_sms,
            },
            invoice: self.invoice.as_ref().map(|Json(i)| InvoiceView {
                country: i.country.clone(),
                vat_number: i.vat_number.clone(),
                company_name: i.company_name.clone(),
                address: i.address.clone(),
                postal_code: i.postal_code.clone(),
                city: i.city.clone(),
                number: self.invoice_number.clone(),
                issued_at: self.invoice_issued_at,
            }),
            outbound: leg_view(&self.outbound),
            back: self.back.as_ref().map(|Json(b)| leg_view(b)),
            lines: self.lines.iter().map(line_view).collect(),
            coupon: self.coupon_code.as_ref().map(|code| CouponUseView {
                code: code.clone(),
                amount: self.coupon_amount,
                amount_formatted: format_pln(self.coupon_amount),
            }),
            total: self.total,
            total_formatted: format_pln(self.total),
            coupon_amount: self.coupon_amount,
            coupon_amount_formatted: format_pln(self.coupon_amount),
            to_pay: self.to_pay,
            to_pay_formatted: format_pln(self.to_pay),
            payment_url: if pending {
                payment_url(public_url, &self.payment_provider, &self.payment_token)
            } else {
                None
            },
            tickets: tickets.iter().map(|t| ticket_view(t, signer)).collect(),
            invoices,
            refunded: self.money_refunded,
            refunded_to_coupon: self.coupon_refunded,
        }
    }

    /// The admin's view.
    pub fn admin_view(
        &self,
        tickets: &[TicketRecord],
        invoices: Vec<InvoiceSummary>,
        gateway_refunds: Vec<GatewayRefund>,
        public_url: &str,
        signer: &TicketSigner,
    ) -> AdminOrderView {
        AdminOrderView {
            order: self.view(tickets, invoices, public_url, signer),
            payment_method: payment_method(&self.payment_provider).into(),
            user_id: self.user_id,
            payment_provider: self.payment_provider.clone(),
            paid_amount: self.paid_amount,
            transaction_id: self.transaction_id.clone(),
            expired_at: self.expired_at,
            cancelled_at: self.cancelled_at,
            cancelled_by: self.cancelled_by,
            cancel_reason: self.cancel_reason.clone(),
            money_refunded: self.money_refunded,
            coupon_refunded: self.coupon_refunded,
            late_refunded: self.late_refunded,
            version: self.version,
            updated_at: self.updated_at,
            gateway_refunds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_payment_page_depends_on_the_provider() {
        assert_eq!(
            payment_url("http://127.0.0.1:8080/", "sandbox", "t1").as_deref(),
            Some("http://127.0.0.1:8080/payment/sandbox/t1")
        );
        assert_eq!(
            payment_url("http://x", "przelewy24", "t2").as_deref(),
            Some("https://secure.przelewy24.pl/trnRequest/t2")
        );
        assert_eq!(payment_url("http://x", "sandbox", ""), None);
        assert_eq!(payment_url("http://x", "other", "t3"), None);
    }
}
