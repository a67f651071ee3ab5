//! The state of an order, folded from its events.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{
    CouponUse, Customer, InvoiceRequest, Leg, LegHold, LegKind, OrderEvent, PaymentRef, Seller, Ticket, TicketLine,
};

/// An order as its events leave it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Order {
    /// No event yet: the stream does not exist.
    #[default]
    Unplaced,
    /// The placement did not finish; the id is burnt.
    Abandoned,
    /// Boxed: an order is large and `Unplaced`/`Abandoned` are empty.
    Placed(Box<OrderState>),
}

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    PendingPayment,
    Paid,
    Expired,
    Cancelled,
    /// Every ticket was returned.
    Returned,
    Abandoned,
}

impl OrderStatus {
    /// The status as the API and read models spell it (`pending_payment`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::PendingPayment => "pending_payment",
            OrderStatus::Paid => "paid",
            OrderStatus::Expired => "expired",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Returned => "returned",
            OrderStatus::Abandoned => "abandoned",
        }
    }
}

/// Where a ticket stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    Valid,
    Returned,
    /// A passenger boarded with it ([`OrderEvent::TicketUsed`]).
    Used,
}

impl TicketStatus {
    /// The status as the API and read models spell it (`valid`, `returned`, `used`).
    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Valid => "valid",
            TicketStatus::Returned => "returned",
            TicketStatus::Used => "used",
        }
    }
}

/// When and by whom a ticket was used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketUse {
    pub used_at: DateTime<Utc>,
    pub course_id: Uuid,
    pub by_user_id: Uuid,
    pub check_in_id: Uuid,
}

/// A placed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderState {
    pub order_id: Uuid,
    pub hash_id: String,
    /// The readable number (`NB-2026-000123`); empty for orders placed before numbers.
    pub number: String,
    pub placed_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub user_id: Option<Uuid>,
    pub customer: Customer,
    pub invoice_request: Option<InvoiceRequest>,
    /// The legs, with their current holds (new ones after a late payment).
    pub outbound: Leg,
    pub back: Option<Leg>,
    pub lines: Vec<TicketLine>,
    pub coupon: Option<CouponUse>,
    pub total: i64,
    pub to_pay: i64,
    /// The gateway transaction the order is paid through now (the latest registered).
    pub payment: PaymentRef,
    /// The session ids of every transaction registered for the order, first to last.
    pub payment_sessions: Vec<String>,
    pub status: OrderStatus,
    /// The payment that paid the order.
    pub paid: Option<Payment>,
    /// Empty until the order is paid.
    pub tickets: Vec<TicketState>,
    pub invoice: Option<Invoice>,
    /// Transactions paid back because the order could not take them.
    pub refunded_transactions: Vec<String>,
    /// The gateway sessions registered for the differences of changes of course.
    pub change_sessions: Vec<String>,
    /// The transactions that paid a change's difference.
    pub change_payments: Vec<String>,
}

/// The payment of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub paid_at: DateTime<Utc>,
    pub amount: i64,
    pub transaction_id: String,
    /// The gateway session it came through (empty in events before sessions were kept).
    pub session_id: String,
}

/// A ticket and what happened to it since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketState {
    /// As issued at payment.
    pub ticket: Ticket,
    pub status: TicketStatus,
    /// The course the ticket is for now (another one once it was changed).
    pub course: Leg,
    /// The course was changed (allowed once).
    pub course_changed: bool,
    /// What the seat costs now: the price at payment plus the difference of a change.
    pub price: i64,
    /// The boarding, once it was used.
    pub used: Option<TicketUse>,
    /// A change to a dearer course waiting for its difference to be paid.
    pub pending_change: Option<PendingChange>,
    /// The payment of the difference of a change to a dearer course, once paid: money
    /// that goes back with the ticket is paid back through it first.
    pub change_paid: Option<ChangePayment>,
}

/// The payment of a change's difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangePayment {
    pub amount: i64,
    /// The gateway it was paid through (an office sale's change is paid online).
    pub provider: String,
    pub transaction_id: String,
    pub session_id: String,
}

/// A change of course waiting for the payment of its difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingChange {
    pub to_course: Leg,
    pub price_difference: i64,
    pub payment: PaymentRef,
    pub expires_at: DateTime<Utc>,
}

/// The invoice of an order and its corrections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub number: String,
    pub issued_at: DateTime<Utc>,
    /// Gross as issued.
    pub total: i64,
    pub vat_rate: u32,
    pub sale_date: Option<NaiveDate>,
    pub seller: Option<Seller>,
    /// The buyer as the invoice, or its latest correction, names it.
    pub buyer: Option<InvoiceRequest>,
    pub corrections: Vec<InvoiceCorrection>,
}

impl Invoice {
    /// The gross total after every correction.
    pub fn current_total(&self) -> i64 {
        self.corrections.iter().fold(self.total, |total, c| total.saturating_add(c.amount))
    }
}

/// A correction invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceCorrection {
    pub number: String,
    pub amount: i64,
    pub issued_at: DateTime<Utc>,
    pub reason: String,
}

impl Order {
    /// The placed order, if it was placed.
    pub fn placed(&self) -> Option<&OrderState> {
        match self {
            Order::Placed(order) => Some(order.as_ref()),
            Order::Unplaced | Order::Abandoned => None,
        }
    }

    /// The status; `None` before the order exists.
    pub fn status(&self) -> Option<OrderStatus> {
        match self {
            Order::Unplaced => None,
            Order::Abandoned => Some(OrderStatus::Abandoned),
            Order::Placed(order) => Some(order.status),
        }
    }
}

impl OrderState {
    /// The first 8 characters of the public `hash_id`: enough to name the order to people
    /// (an e-mail's subject, a file name, a transfer's title).
    pub fn short_hash(&self) -> &str {
        let end = self.hash_id.char_indices().nth(8).map_or(self.hash_id.len(), |(i, _)| i);
        &self.hash_id[..end]
    }

    /// The number people see: the readable one, or the short hash for an order placed
    /// before orders were numbered.
    pub fn display_number(&self) -> &str {
        if self.number.is_empty() {
            self.short_hash()
        } else {
            &self.number
        }
    }

    /// The leg going this way, if the order has one.
    pub fn leg(&self, kind: LegKind) -> Option<&Leg> {
        match kind {
            LegKind::Outbound => Some(&self.outbound),
            LegKind::Back => self.back.as_ref(),
        }
    }

    /// The legs in order: outbound, then back.
    pub fn legs(&self) -> impl Iterator<Item = &Leg> {
        std::iter::once(&self.outbound).chain(self.back.as_ref())
    }

    /// The passengers (seats per leg).
    pub fn passengers(&self) -> u32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }

    /// How many tickets payment issues: one per passenger per leg (the numbers and
    /// codes a [`super::PayOrder`] must bring).
    pub fn ticket_count(&self) -> usize {
        self.passengers() as usize * self.legs().count()
    }

    /// The ticket line with this number.
    pub fn line(&self, line: u32) -> Option<&TicketLine> {
        self.lines.iter().find(|l| l.line == line)
    }

    /// The ticket with this number.
    pub fn ticket_by_number(&self, number: &str) -> Option<&TicketState> {
        self.tickets.iter().find(|t| t.ticket.number == number)
    }

    /// The coupon amount spent on the order (0 without a coupon).
    pub fn coupon_amount(&self) -> i64 {
        self.coupon.as_ref().map_or(0, |c| c.amount)
    }

    /// The ticket whose pending change is paid through the gateway session `session_id`.
    pub fn ticket_of_change_session(&self, session_id: &str) -> Option<&TicketState> {
        self.tickets.iter().find(|t| t.pending_change.as_ref().is_some_and(|c| c.payment.session_id == session_id))
    }

    fn ticket_mut(&mut self, ticket_id: Uuid) -> Option<&mut TicketState> {
        self.tickets.iter_mut().find(|t| t.ticket.ticket_id == ticket_id)
    }

    fn reheld(&mut self, holds: &[LegHold]) {
        for hold in holds {
            match hold.leg {
                LegKind::Outbound => self.outbound.hold_id = hold.hold_id,
                LegKind::Back => {
                    if let Some(back) = self.back.as_mut() {
                        back.hold_id = hold.hold_id;
                    }
                }
            }
        }
    }
}

/// The state after `event`. A total match on the event: a new event type does not
/// compile until it is handled here. Events that cannot follow the state (decide never
/// produces them) leave it as it is.
pub fn evolve(state: Order, event: &OrderEvent) -> Order {
    match event {
        OrderEvent::OrderPlaced {
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
        } => match state {
            Order::Unplaced => Order::Placed(Box::new(OrderState {
                order_id: *order_id,
                hash_id: hash_id.clone(),
                number: number.clone(),
                placed_at: *placed_at,
                expires_at: *expires_at,
                user_id: *user_id,
                customer: customer.clone(),
                invoice_request: invoice.clone(),
                outbound: outbound.clone(),
                back: back.clone(),
                lines: lines.clone(),
                coupon: coupon.clone(),
                total: *total,
                to_pay: *to_pay,
                payment: payment.clone(),
                payment_sessions: vec![payment.session_id.clone()],
                status: OrderStatus::PendingPayment,
                paid: None,
                tickets: Vec::new(),
                invoice: None,
                refunded_transactions: Vec::new(),
                change_sessions: Vec::new(),
                change_payments: Vec::new(),
            })),
            other => other,
        },
        OrderEvent::OrderAbandoned { .. } => match state {
            Order::Unplaced => Order::Abandoned,
            other => other,
        },
        OrderEvent::OrderPaid { paid_at, amount, transaction_id, session_id, tickets, reheld, .. } => {
            placed(state, |order| {
                order.reheld(reheld);
                order.status = OrderStatus::Paid;
                order.paid = Some(Payment {
                    paid_at: *paid_at,
                    amount: *amount,
                    transaction_id: transaction_id.clone(),
                    session_id: session_id.clone(),
                });
                order.tickets = tickets
                    .iter()
                    .map(|t| TicketState {
                        ticket: t.clone(),
                        status: TicketStatus::Valid,
                        course: order.leg(t.leg).unwrap_or(&order.outbound).clone(),
                        course_changed: false,
                        price: t.price,
                        used: None,
                        pending_change: None,
                        change_paid: None,
                    })
                    .collect();
            })
        }
        OrderEvent::PaymentRegistered { payment, .. } => placed(state, |order| {
            if !order.payment_sessions.contains(&payment.session_id) {
                order.payment_sessions.push(payment.session_id.clone());
            }
            order.payment = payment.clone();
        }),
        OrderEvent::OrderExpired { .. } => placed(state, |order| order.status = OrderStatus::Expired),
        OrderEvent::OrderCancelled { .. } => placed(state, |order| order.status = OrderStatus::Cancelled),
        OrderEvent::LatePaymentRefunded { transaction_id, .. } => {
            placed(state, |order| order.refunded_transactions.push(transaction_id.clone()))
        }
        OrderEvent::TicketReturned { ticket_id, .. } => placed(state, |order| {
            if let Some(ticket) = order.ticket_mut(*ticket_id) {
                ticket.status = TicketStatus::Returned;
            }
            if order.status == OrderStatus::Paid && order.tickets.iter().all(|t| t.status == TicketStatus::Returned) {
                order.status = OrderStatus::Returned;
            }
        }),
        OrderEvent::TicketCourseChanged { ticket_id, to_course, price_difference, .. } => placed(state, |order| {
            if let Some(ticket) = order.ticket_mut(*ticket_id) {
                ticket.course = to_course.clone();
                ticket.course_changed = true;
                ticket.price = ticket.price.saturating_add(*price_difference);
                ticket.pending_change = None;
            }
        }),
        OrderEvent::TicketChangeRequested { ticket_id, to_course, price_difference, payment, expires_at, .. } => {
            placed(state, |order| {
                order.change_sessions.push(payment.session_id.clone());
                if let Some(ticket) = order.ticket_mut(*ticket_id) {
                    ticket.pending_change = Some(PendingChange {
                        to_course: to_course.clone(),
                        price_difference: *price_difference,
                        payment: payment.clone(),
                        expires_at: *expires_at,
                    });
                }
            })
        }
        // The change it paid for follows it (TicketCourseChanged).
        OrderEvent::TicketChangePaid { ticket_id, amount, transaction_id, session_id, .. } => placed(state, |order| {
            order.change_payments.push(transaction_id.clone());
            let fallback = order.payment.provider.clone();
            if let Some(ticket) = order.ticket_mut(*ticket_id) {
                let provider = ticket.pending_change.as_ref().map_or(fallback, |c| c.payment.provider.clone());
                ticket.change_paid = Some(ChangePayment {
                    amount: *amount,
                    provider,
                    transaction_id: transaction_id.clone(),
                    session_id: session_id.clone(),
                });
            }
        }),
        OrderEvent::TicketChangeExpired { ticket_id, .. } => placed(state, |order| {
            if let Some(ticket) = order.ticket_mut(*ticket_id) {
                ticket.pending_change = None;
            }
        }),
        OrderEvent::TicketUsed { ticket_id, course_id, check_in_id, used_at, by_user_id, .. } => {
            placed(state, |order| {
                if let Some(ticket) = order.ticket_mut(*ticket_id) {
                    ticket.status = TicketStatus::Used;
                    ticket.used = Some(TicketUse {
                        used_at: *used_at,
                        course_id: *course_id,
                        by_user_id: *by_user_id,
                        check_in_id: *check_in_id,
                    });
                }
            })
        }
        OrderEvent::InvoiceIssued { number, issued_at, total, vat_rate, sale_date, seller, buyer, .. } => {
            placed(state, |order| {
                let buyer = buyer.clone().or_else(|| order.invoice_request.clone());
                order.invoice.get_or_insert_with(|| Invoice {
                    number: number.clone(),
                    issued_at: *issued_at,
                    total: *total,
                    vat_rate: *vat_rate,
                    sale_date: *sale_date,
                    seller: seller.clone(),
                    buyer,
                    corrections: Vec::new(),
                });
            })
        }
        OrderEvent::InvoiceCorrected { number, amount, issued_at, reason, buyer, .. } => placed(state, |order| {
            if let Some(invoice) = order.invoice.as_mut() {
                if let Some(buyer) = buyer {
                    invoice.buyer = Some(buyer.clone());
                }
                invoice.corrections.push(InvoiceCorrection {
                    number: number.clone(),
                    amount: *amount,
                    issued_at: *issued_at,
                    reason: reason.clone(),
                });
            }
        }),
        OrderEvent::CustomerDetailsChanged { customer, .. } => placed(state, |order| order.customer = customer.clone()),
        OrderEvent::OrderAssignedToUser { user_id, .. } => placed(state, |order| order.user_id = Some(*user_id)),
        OrderEvent::InvoiceDataChanged { invoice, .. } => {
            placed(state, |order| order.invoice_request = invoice.clone())
        }
    }
}

/// Change a placed order; any other state stays as it is.
fn placed(state: Order, change: impl FnOnce(&mut OrderState)) -> Order {
    match state {
        Order::Placed(mut order) => {
            change(&mut order);
            Order::Placed(order)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{given, placed};

    #[test]
    fn the_short_hash_is_the_first_eight_characters_or_all_of_a_shorter_one() {
        let mut order = given([placed(false, 0)]).state().placed().expect("placed").clone();
        assert_eq!(order.short_hash(), "h4sh");
        order.hash_id = "0f3c9a7e2b8d4c1a9e6f5d4c3b2a1908".into();
        assert_eq!(order.short_hash(), "0f3c9a7e");
        order.hash_id = "żółwiąkółeczko".into();
        assert_eq!(order.short_hash(), "żółwiąkó");
    }
}
