//! The fold of an order's events: [`evolve`], one total match that hands each event to
//! what it changes (the order's placement and payment, one of its tickets, its invoice),
//! and the changes themselves below it.

use super::{
    ChangePayment, Compensation, DisruptionChosenRecord, Invoice, InvoiceCorrection, Order, OrderState, OrderStatus,
    Payment, PendingChange, TicketState, TicketStatus, TicketUse,
};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::order::{InvoiceRequest, Leg, LegHold, LegKind, OrderEvent, PaymentRef, Ticket};

/// The state after `event`. A total match on the event: a new event type does not
/// compile until it is handled here. Events that cannot follow the state (decide never
/// produces them) leave it as it is.
pub fn evolve(state: Order, event: &OrderEvent) -> Order {
    match event {
        OrderEvent::OrderPlaced { .. } => match (state, opened(event)) {
            (Order::Unplaced, Some(order)) => Order::Placed(Box::new(order)),
            (other, _) => other,
        },
        OrderEvent::OrderAbandoned { .. } => match state {
            Order::Unplaced => Order::Abandoned,
            other => other,
        },
        OrderEvent::OrderPaid { paid_at, amount, transaction_id, session_id, tickets, reheld, .. } => {
            let payment = Payment::of(*paid_at, *amount, transaction_id, session_id);
            placed(state, |order| order.paid(payment, tickets, reheld))
        }
        OrderEvent::PaymentRegistered { payment, .. } => placed(state, |order| order.payment_registered(payment)),
        OrderEvent::OrderExpired { .. } => placed(state, |order| order.status = OrderStatus::Expired),
        OrderEvent::OrderCancelled { .. } => placed(state, |order| order.status = OrderStatus::Cancelled),
        OrderEvent::LatePaymentRefunded { transaction_id, .. } => {
            placed(state, |order| order.refunded_transactions.push(transaction_id.clone()))
        }
        OrderEvent::TicketReturned { .. }
        | OrderEvent::TicketCourseChanged { .. }
        | OrderEvent::TicketChangeRequested { .. }
        | OrderEvent::TicketChangePaid { .. }
        | OrderEvent::TicketChangeExpired { .. }
        | OrderEvent::TicketUsed { .. } => placed(state, |order| ticket_event(order, event)),
        // Who moved the leg and why: its tickets moved with the events next to it.
        OrderEvent::LegMoved { .. } => state,
        OrderEvent::InvoiceIssued { .. } | OrderEvent::InvoiceCorrected { .. } => {
            placed(state, |order| invoice_event(order, event))
        }
        OrderEvent::DisruptionTold { .. }
        | OrderEvent::DisruptionChosen { .. }
        | OrderEvent::CompensationOwed { .. }
        | OrderEvent::CompensationPaid { .. } => placed(state, |order| disruption_event(order, event)),
        OrderEvent::RefundPaidOut { refund_id, .. } => placed(state, |order| order.paid_out.push(*refund_id)),
        OrderEvent::CustomerDetailsChanged { customer, .. } => placed(state, |order| order.customer = customer.clone()),
        OrderEvent::OrderAssignedToUser { user_id, .. } => placed(state, |order| order.user_id = Some(*user_id)),
        OrderEvent::InvoiceDataChanged { invoice, .. } => {
            placed(state, |order| order.invoice_request = invoice.clone())
        }
        OrderEvent::KsefSendStarted { .. }
        | OrderEvent::KsefSent { .. }
        | OrderEvent::KsefAccepted { .. }
        | OrderEvent::KsefRejected { .. }
        | OrderEvent::KsefSendFailed { .. }
        | OrderEvent::KsefWentOffline { .. }
        | OrderEvent::KsefUpoReceived { .. }
        | OrderEvent::RejectedInvoiceAmended { .. } => placed(state, |order| order.ksef_step(event)),
    }
}

/// A ticket's event on a placed order (the other events are [`evolve`]'s).
fn ticket_event(order: &mut OrderState, event: &OrderEvent) {
    match event {
        OrderEvent::TicketReturned { ticket_id, .. } => order.ticket_returned(*ticket_id),
        OrderEvent::TicketCourseChanged { ticket_id, to_course, price_difference, changed_at, .. } => {
            order.with_ticket(*ticket_id, |t| t.moved(to_course, *price_difference, *changed_at));
        }
        OrderEvent::TicketChangeRequested { ticket_id, to_course, price_difference, payment, expires_at, .. } => {
            let change = PendingChange {
                to_course: to_course.clone(),
                price_difference: *price_difference,
                payment: payment.clone(),
                expires_at: *expires_at,
            };
            order.change_sessions.push(payment.session_id.clone());
            order.with_ticket(*ticket_id, |t| t.pending_change = Some(change));
        }
        // The change it paid for follows it (TicketCourseChanged).
        OrderEvent::TicketChangePaid { ticket_id, amount, transaction_id, session_id, .. } => {
            order.change_paid(*ticket_id, *amount, transaction_id, session_id);
        }
        OrderEvent::TicketChangeExpired { ticket_id, .. } => {
            order.with_ticket(*ticket_id, |t| t.pending_change = None);
        }
        OrderEvent::TicketUsed { ticket_id, course_id, check_in_id, used_at, by_user_id, .. } => {
            let used = TicketUse {
                used_at: *used_at,
                course_id: *course_id,
                by_user_id: *by_user_id,
                check_in_id: *check_in_id,
            };
            order.with_ticket(*ticket_id, |t| t.used(used));
        }
        _ => {}
    }
}

/// An invoice or its correction issued, with its KSeF track when it goes there.
fn invoice_event(order: &mut OrderState, event: &OrderEvent) {
    match event {
        OrderEvent::InvoiceIssued { number, issued_at, total, vat_rate, sale_date, seller, buyer, ksef, .. } => {
            let issued = Invoice {
                number: number.clone(),
                issued_at: *issued_at,
                total: *total,
                vat_rate: *vat_rate,
                sale_date: *sale_date,
                seller: seller.clone(),
                buyer: buyer.clone(),
                corrections: Vec::new(),
            };
            if *ksef && order.invoice.is_none() {
                order.ksef_due(number, None, *issued_at);
            }
            order.invoice_issued(issued);
        }
        OrderEvent::InvoiceCorrected { number, corrects, amount, issued_at, reason, buyer, ksef, .. } => {
            let correction = InvoiceCorrection {
                number: number.clone(),
                amount: *amount,
                issued_at: *issued_at,
                reason: reason.clone(),
            };
            if *ksef && order.invoice.is_some() {
                order.ksef_due(number, Some(corrects.as_str()), *issued_at);
            }
            order.invoice_corrected(correction, buyer.clone());
        }
        _ => {}
    }
}

/// A disruption told to the passenger, or their choice.
fn disruption_event(order: &mut OrderState, event: &OrderEvent) {
    match event {
        OrderEvent::DisruptionTold { course_id, notice_id, told_at, unserved_stops, delay_minutes, .. } => {
            let record = order.disruption_mut(*course_id);
            record.choice_offered = delay_minutes.is_none_or(|m| m >= crate::seat_inventory::CHOICE_DELAY_MINUTES);
            record.ever_offered |= record.choice_offered;
            record.notices.push(*notice_id);
            record.told_at = Some(*told_at);
            record.unserved_stops = unserved_stops.clone();
        }
        OrderEvent::CompensationOwed { course_id, amount, owed_at, .. } => {
            let owed = Compensation { amount: *amount, owed_at: *owed_at, paid_at: None };
            order.disruption_mut(*course_id).compensation = Some(owed);
        }
        OrderEvent::CompensationPaid { course_id, paid_at, .. } => {
            if let Some(owed) = order.disruption_mut(*course_id).compensation.as_mut() {
                owed.paid_at = Some(*paid_at);
            }
        }
        OrderEvent::DisruptionChosen { course_id, choice, by, chosen_at, to_course_id, refund_amount, .. } => {
            // Applied before the moves and returns it decided (they follow it), so the
            // tickets on the course now are the ones it was for.
            let on_course = crate::order::tickets_on(order, *course_id);
            let seats = on_course.len();
            let leg = on_course.first().map(|t| t.course.clone());
            let chosen = DisruptionChosenRecord {
                choice: *choice,
                by: *by,
                at: *chosen_at,
                to_course_id: *to_course_id,
                refund_amount: *refund_amount,
                seats: u32::try_from(seats).unwrap_or(u32::MAX),
                leg,
            };
            order.disruption_mut(*course_id).chosen = Some(chosen);
        }
        _ => {}
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

/// The order an [`OrderEvent::OrderPlaced`] opens, waiting for payment (`None` for any
/// other event).
fn opened(event: &OrderEvent) -> Option<OrderState> {
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
    Some(OrderState {
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
        ksef: Vec::new(),
        disruptions: Vec::new(),
        paid_out: Vec::new(),
    })
}

impl Payment {
    fn of(paid_at: DateTime<Utc>, amount: i64, transaction_id: &str, session_id: &str) -> Self {
        Payment { paid_at, amount, transaction_id: transaction_id.to_owned(), session_id: session_id.to_owned() }
    }
}

impl OrderState {
    /// Paid: every ticket issued, valid, on its leg's course; a late payment's new holds.
    fn paid(&mut self, payment: Payment, tickets: &[Ticket], reheld: &[LegHold]) {
        for hold in reheld {
            match hold.leg {
                LegKind::Outbound => self.outbound.hold_id = hold.hold_id,
                LegKind::Back => {
                    if let Some(back) = self.back.as_mut() {
                        back.hold_id = hold.hold_id;
                    }
                }
            }
        }
        self.status = OrderStatus::Paid;
        self.paid = Some(payment);
        self.tickets =
            tickets.iter().map(|t| TicketState::issued(t, self.leg(t.leg).unwrap_or(&self.outbound))).collect();
    }

    /// From now on paid through `payment`; every session registered is remembered once.
    fn payment_registered(&mut self, payment: &PaymentRef) {
        if !self.payment_sessions.contains(&payment.session_id) {
            self.payment_sessions.push(payment.session_id.clone());
        }
        self.payment = payment.clone();
    }

    /// A ticket returned; the order is returned when a paid one has none left.
    fn ticket_returned(&mut self, ticket_id: Uuid) {
        self.with_ticket(ticket_id, |t| t.status = TicketStatus::Returned);
        if self.status == OrderStatus::Paid && self.tickets.iter().all(|t| t.status == TicketStatus::Returned) {
            self.status = OrderStatus::Returned;
        }
    }

    /// A change's difference paid, through the gateway its payment was registered with.
    fn change_paid(&mut self, ticket_id: Uuid, amount: i64, transaction_id: &str, session_id: &str) {
        self.change_payments.push(transaction_id.to_owned());
        let fallback = self.payment.provider.clone();
        self.with_ticket(ticket_id, |ticket| {
            let provider = ticket.pending_change.as_ref().map_or(fallback, |c| c.payment.provider.clone());
            ticket.change_paid = Some(ChangePayment {
                amount,
                provider,
                transaction_id: transaction_id.to_owned(),
                session_id: session_id.to_owned(),
            });
        });
    }

    /// The invoice issued (once), naming the buyer asked for when the event does not
    /// (an older event).
    fn invoice_issued(&mut self, mut issued: Invoice) {
        if self.invoice.is_none() {
            issued.buyer = issued.buyer.or_else(|| self.invoice_request.clone());
            self.invoice = Some(issued);
        }
    }

    /// A correction of the issued invoice, with the buyer's new data if it gives them.
    fn invoice_corrected(&mut self, correction: InvoiceCorrection, buyer: Option<InvoiceRequest>) {
        if let Some(invoice) = self.invoice.as_mut() {
            if buyer.is_some() {
                invoice.buyer = buyer;
            }
            invoice.corrections.push(correction);
        }
    }

    /// Change the ticket `ticket_id`, if the order has it.
    fn with_ticket(&mut self, ticket_id: Uuid, change: impl FnOnce(&mut TicketState)) {
        if let Some(ticket) = self.tickets.iter_mut().find(|t| t.ticket.ticket_id == ticket_id) {
            change(ticket);
        }
    }
}

impl TicketState {
    /// A ticket as payment issues it, on `course`.
    fn issued(ticket: &Ticket, course: &Leg) -> Self {
        TicketState {
            ticket: ticket.clone(),
            status: TicketStatus::Valid,
            course: course.clone(),
            course_changed: false,
            moved_at: None,
            price: ticket.price,
            used: None,
            pending_change: None,
            change_paid: None,
        }
    }

    /// Moved to `to_course` (once), for `price_difference` more; no change waits any more.
    fn moved(&mut self, to_course: &Leg, price_difference: i64, at: DateTime<Utc>) {
        self.course = to_course.clone();
        self.course_changed = true;
        self.moved_at = Some(at);
        self.price = self.price.saturating_add(price_difference);
        self.pending_change = None;
    }

    /// A passenger boarded with it.
    fn used(&mut self, used: TicketUse) {
        self.status = TicketStatus::Used;
        self.used = Some(used);
    }
}
