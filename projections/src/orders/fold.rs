//! The batch folded in memory: the rows of the orders it touches, each event applied once
//! (guarded by the order row's version), and the changes of the order row. The changes
//! of ticket rows are in [`super::tickets`].

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use domain::order::{Customer, InvoiceRequest, LegHold, LegKind, OrderEvent, PaymentRef, Ticket};
use uuid::Uuid;

use super::rows::{placed, Correction, OrderRow, TicketRow};
use super::status;

/// The rows of the orders a batch touches, and which of them changed.
#[derive(Default)]
pub(super) struct Fold {
    pub(super) orders: HashMap<Uuid, OrderRow>,
    pub(super) tickets: HashMap<Uuid, TicketRow>,
    pub(super) changed_orders: BTreeSet<Uuid>,
    pub(super) changed_tickets: BTreeSet<Uuid>,
}

impl Fold {
    /// Apply one event at `version`, unless the order row reflects it already.
    pub(super) fn apply(&mut self, event: OrderEvent, version: i64, recorded_at: DateTime<Utc>) {
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
        let mut change = Change { order, tickets: &mut self.tickets, version, touched: Vec::new() };
        change.apply(event);
        self.changed_tickets.extend(change.touched);
    }
}

/// One event's change of an order's row and of its tickets' rows.
pub(super) struct Change<'a> {
    pub(super) order: &'a mut OrderRow,
    /// The batch's ticket rows (of this order and others).
    pub(super) tickets: &'a mut HashMap<Uuid, TicketRow>,
    /// The event's version, which the changed ticket rows take.
    pub(super) version: i64,
    /// The tickets whose rows changed.
    pub(super) touched: Vec<Uuid>,
}

impl Change<'_> {
    /// A total match (a new event does not compile until it is handled here), each event
    /// handed to its change; the rules follow the order's `evolve` in the domain.
    fn apply(&mut self, event: OrderEvent) {
        match event {
            // The disruption's own read table follows these (`crate::disruptions`); the
            // tickets' moves and returns that come with a choice are events of their own.
            OrderEvent::OrderPlaced { .. }
            | OrderEvent::OrderAbandoned { .. }
            | OrderEvent::DisruptionTold { .. }
            | OrderEvent::DisruptionChosen { .. }
            // Owed is shown from the order's events (its disruption and history).
            | OrderEvent::CompensationOwed { .. }
            // Money owed at the desk handed over: the refunds list (and the till) show it.
            | OrderEvent::RefundPaidOut { .. } => {}
            // Paid back to the payer like a refund.
            OrderEvent::CompensationPaid { amount, .. } => self.order.money_refunded += amount,
            OrderEvent::OrderPaid { paid_at, amount, transaction_id, tickets, reheld, .. } => {
                self.paid(paid_at, amount, transaction_id, &reheld);
                self.tickets_issued(tickets, paid_at);
            }
            OrderEvent::PaymentRegistered { payment, .. } => self.payment_registered(payment),
            OrderEvent::OrderExpired { expired_at, .. } => {
                self.order.status = status::EXPIRED.into();
                self.order.expired_at = Some(expired_at);
            }
            OrderEvent::OrderCancelled { cancelled_at, by_user_id, reason, refund, coupon_refund, .. } => {
                self.order.status = status::CANCELLED.into();
                self.order.cancelled_at = Some(cancelled_at);
                self.order.cancelled_by = Some(by_user_id);
                self.order.cancel_reason = Some(reason);
                self.refunded(refund, coupon_refund);
                self.tickets_cancelled();
            }
            OrderEvent::LatePaymentRefunded { amount, .. } => self.order.late_refunded += amount,
            OrderEvent::TicketReturned {
                ticket_id, returned_at, by_user_id, fee, coupon_refund, money_refund, ..
            } => {
                self.refunded(money_refund, coupon_refund);
                self.ticket_returned(ticket_id, returned_at, by_user_id, fee, coupon_refund, money_refund);
            }
            OrderEvent::TicketCourseChanged {
                ticket_id,
                from_course_id,
                to_course,
                price_difference,
                changed_at,
                ..
            } => {
                let leg = to_course.kind;
                self.ticket(ticket_id, |t| t.moved(from_course_id, to_course, price_difference, changed_at));
                self.leg_follows_its_tickets(leg);
            }
            OrderEvent::TicketChangeRequested {
                ticket_id, to_course, price_difference, payment, expires_at, ..
            } => self
                .ticket(ticket_id, |t| t.change_requested(to_course.course_id, price_difference, payment, expires_at)),
            // The change it paid for follows (TicketCourseChanged).
            OrderEvent::TicketChangePaid { .. } => {}
            OrderEvent::TicketChangeExpired { ticket_id, .. } => self.ticket(ticket_id, TicketRow::clear_change),
            // Its tickets moved with the TicketCourseChanged next to it; the history says who and why.
            OrderEvent::LegMoved { .. } => {}
            OrderEvent::TicketUsed { ticket_id, used_at, by_user_id, .. } => {
                self.ticket(ticket_id, |t| t.used(used_at, by_user_id));
            }
            OrderEvent::InvoiceIssued { number, issued_at, .. } => self.invoice_issued(number, issued_at),
            OrderEvent::InvoiceCorrected { number, corrects, amount, issued_at, buyer, .. } => {
                self.invoice_corrected(Correction { number, corrects, amount, issued_at }, buyer);
            }
            OrderEvent::CustomerDetailsChanged { customer, .. } => self.customer_changed(customer),
            OrderEvent::InvoiceDataChanged { invoice, .. } => self.order.invoice = invoice,
            OrderEvent::OrderAssignedToUser { user_id, .. } => self.assigned(user_id),
            // KSeF has its own read model (`ksef`); an amended buyer is the invoice's now.
            OrderEvent::RejectedInvoiceAmended { buyer, .. } => self.order.invoice = Some(buyer),
            OrderEvent::KsefSendStarted { .. }
            | OrderEvent::KsefSent { .. }
            | OrderEvent::KsefAccepted { .. }
            | OrderEvent::KsefRejected { .. }
            | OrderEvent::KsefSendFailed { .. }
            | OrderEvent::KsefWentOffline { .. }
            | OrderEvent::KsefUpoReceived { .. } => {}
        }
    }

    // The payment and what goes back.

    /// Paid (with the legs' new holds of a payment after expiry).
    fn paid(&mut self, paid_at: DateTime<Utc>, amount: i64, transaction_id: String, reheld: &[LegHold]) {
        for hold in reheld {
            match hold.leg {
                LegKind::Outbound => self.order.outbound.hold_id = hold.hold_id,
                LegKind::Back => {
                    if let Some(back) = self.order.back.as_mut() {
                        back.hold_id = hold.hold_id;
                    }
                }
            }
        }
        self.order.status = status::PAID.into();
        self.order.paid_at = Some(paid_at);
        self.order.paid_amount = Some(amount);
        self.order.transaction_id = Some(transaction_id);
    }

    fn payment_registered(&mut self, payment: PaymentRef) {
        self.order.payment_provider = payment.provider;
        self.order.payment_session_id = payment.session_id;
        self.order.payment_token = payment.token;
    }

    fn refunded(&mut self, money: i64, coupon: i64) {
        self.order.money_refunded += money;
        self.order.coupon_refunded += coupon;
    }

    // The invoice and the customer.

    fn invoice_issued(&mut self, number: String, issued_at: DateTime<Utc>) {
        if self.order.invoice_number.is_none() {
            self.order.invoice_number = Some(number);
            self.order.invoice_issued_at = Some(issued_at);
        }
    }

    fn invoice_corrected(&mut self, correction: Correction, buyer: Option<InvoiceRequest>) {
        if self.order.invoice_number.is_some() {
            if let Some(buyer) = buyer {
                self.order.invoice = Some(buyer);
            }
            self.order.invoice_corrections.push(correction);
        }
    }

    fn customer_changed(&mut self, customer: Customer) {
        self.order.first_name = customer.first_name.into();
        self.order.last_name = customer.last_name.into();
        self.order.email = customer.email.map(String::from).unwrap_or_default();
        self.order.phone = customer.phone.map(String::from).unwrap_or_default();
        self.order.notify_by_sms = customer.notify_by_sms;
    }

    /// The order and its tickets go to the account.
    fn assigned(&mut self, user_id: Uuid) {
        self.order.user_id = Some(user_id);
        let order_id = self.order.order_id;
        for ticket in self.tickets.values_mut().filter(|t| t.order_id == order_id) {
            ticket.user_id = Some(user_id);
            ticket.version = self.version;
            self.touched.push(ticket.ticket_id);
        }
    }

    /// The rows of the tickets payment issued.
    fn tickets_issued(&mut self, tickets: Vec<Ticket>, paid_at: DateTime<Utc>) {
        for ticket in tickets {
            let row = TicketRow::issued(ticket, self.order, paid_at, self.version);
            self.touched.push(row.ticket_id);
            self.tickets.insert(row.ticket_id, row);
        }
    }
}
