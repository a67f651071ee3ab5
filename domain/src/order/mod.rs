//! # Order: tickets for one or two courses, from placing to paying, returning and changing
//!
//! One aggregate per order, in the stream `order-{order id}` ([`stream_name`]). An order
//! holds one or more ticket lines (a quantity of passengers with an optional discount)
//! on an outbound course and, for a return trip, a back course. Payment turns every
//! passenger seat of every leg into a [`Ticket`] with a number and a secret code.
//!
//! The commands, one file each, `decide_*(command, &Order) -> Result<Vec<OrderEvent>, _>`:
//! - [`PlaceOrder`] ([`decide_place`]): record an order whose seats are held, coupon
//!   spent and payment registered, after checking its figures add up.
//! - [`AbandonOrder`] ([`decide_abandon`]): the placement did not finish; burn the id.
//! - [`PayOrder`] ([`decide_pay`]): the payment arrived; issue the tickets, each with its
//!   share of the coupon. An expired order answers [`PayOrderError::Expired`] unless the
//!   caller held its seats again.
//! - [`RefundLatePayment`] ([`decide_refund_late`]): pay back a payment the order
//!   cannot take.
//! - [`RegisterPayment`] ([`decide_register_payment`]): pay again through a new gateway
//!   transaction while the reservation holds.
//! - [`ExpireOrder`] ([`decide_expire`]): an unpaid order's time is over.
//! - [`CancelOrder`] ([`decide_cancel`]): an admin cancels; valid tickets are paid back
//!   in full.
//! - [`ReturnTicket`] ([`decide_return`]): a ticket is returned before the cutoff, less a
//!   fee; the coupon part goes back to the coupon first.
//! - [`ChangeTicketCourse`] ([`decide_change_course`]): a ticket moves once to another
//!   course of the same route and stops.
//! - [`PayTicketChange`] / [`ExpireTicketChange`] ([`decide_pay_change`],
//!   [`decide_expire_change`]): a change to a dearer course waits for its difference to be
//!   paid, then moves the ticket, or is dropped when the payment time is over.
//! - [`CheckInTicket`] ([`decide_check_in`]): a driver lets the ticket's passenger board
//!   its course; a ticket is used once.
//! - [`IssueInvoice`] / [`CorrectInvoice`] ([`decide_issue_invoice`],
//!   [`decide_correct_invoice`]): the invoice asked for, and its corrections (of the
//!   value, or of the buyer's data).
//! - [`RequestInvoice`] ([`decide_request_invoice`]): a customer asks for an invoice
//!   after payment, until 3 months after the end of the month of the sale
//!   ([`invoice_deadline`]); it is issued at once.
//! - [`EditOrder`] ([`decide_edit`]): an admin corrects the customer's details and the
//!   invoice data in one decision: before the invoice is issued its data change, after
//!   it new buyer data are a correction invoice under a number reserved beforehand.
//! - [`TellDisruption`] / [`ChooseDisruption`] ([`decide_tell_disruption`],
//!   [`decide_choose_disruption`]): a course was cancelled or delayed by the carrier; the
//!   order is told once, and chooses once a free move or a full refund.
//! - [`PayOutRefund`] ([`decide_pay_out`]): a refund owed at the office's desk is handed
//!   over there (cash, or the card terminal), once.
//! - [`AssignOrderToUser`] ([`decide_assign_user`]): an order placed without an account
//!   goes to the customer's account.
//! - [`AttachGuestOrder`] ([`decide_attach_guest`]): the customer attaches the orders they
//!   paid for without an account, under their account's confirmed e-mail address.
//!
//! Before an order is placed, [`price_lines`] prices its ticket lines (shared with the
//! form's live prices) and [`check_return_trip`] checks that a return leaves after the
//! outbound trip arrives.
//!
//! - KSeF ([`decide_ksef`], module `ksef`): which documents go to KSeF
//!   ([`due_for_ksef`], decided when issued) and what the sender records of each
//!   (started, sent, accepted, rejected, offline, UPO); a rejected invoice's new buyer
//!   data amend it rather than correct it ([`amends_rejected`]).
//!
//! [`money_back`] tells what an event owes back in money through the payment gateway;
//! [`IssuedDocument`] reads an invoice event as the document it issued.
//!
//! The state ([`Order`], folded by [`evolve`]) carries the status ([`OrderStatus`]),
//! the tickets and their state ([`TicketState`]: valid, returned or used, course changed or
//! not, current course and price) and the invoice.
//!
//! What the order does not do: anything on another stream. Holding and releasing seats,
//! spending and refilling the coupon, stamps and refunds are the process managers' work,
//! driven by these events; the order records the outcome and is the arbiter of races
//! (e.g. a payment and an expiry: whichever the order stream records first wins).
//!
//! Event ids: [`OrderEvent::event_id`], derived from what makes each event unique in its
//! stream; ticket ids: [`ticket_id`], derived from the order, leg, line and seat.

mod abandon;
mod access;
mod assign_user;
mod attach_guest;
mod cancel;
mod cancel_reservation;
mod change_course;
mod change_payment;
mod check_in;
mod compensation;
mod disruption;
pub mod disruption_view;
mod edit;
pub mod erasure;
mod events;
mod expire;
mod invoice;
mod invoice_on_request;
mod issued_document;
mod ksef;
mod money_back;
mod move_leg;
mod pay;
mod pay_out;
#[cfg(test)]
mod personal_fields_tests;
mod place;
mod pricing;
mod refund_late;
mod register_payment;
mod return_ticket;
mod state;
#[cfg(test)]
mod testing;

pub use abandon::{decide_abandon, AbandonOrder, AbandonOrderError};
pub use access::AccessDenied;
pub use assign_user::{decide_assign_user, AssignOrderToUser};
pub use attach_guest::{decide_attach_guest, AttachGuestError, AttachGuestOrder, ATTACHED_BY_CUSTOMER};
pub use cancel::{decide_cancel, CancelOrder, CancelOrderError};
pub use cancel_reservation::{decide_cancel_reservation, CancelReservation, CUSTOMER_CANCELLED};
pub use change_course::{
    change_session, decide_change_course, next_change_session, ChangeTicketCourse, ChangeTicketCourseError,
};
pub use change_payment::{
    decide_expire_change, decide_pay_change, ExpireChangeError, ExpireTicketChange, PayChangeError, PayTicketChange,
};
pub use check_in::{decide_check_in, CheckInError, CheckInTicket, BOARDING_CLOSES_HOURS, BOARDING_OPENS_HOURS};
pub use compensation::{decide_pay_compensation, PayCompensation, COMPENSATION_PERCENT};
pub use disruption::{
    decide_choose_disruption, decide_tell_disruption, disrupted_trip, full_refund, purpose_lost, tickets_on,
    ChooseDisruption, ChosenBy, CourseDisruption, DisruptionChoice, DisruptionError, TellDisruption,
    CHOICE_WINDOW_DAYS,
};
pub use edit::{decide_edit, EditError, EditOrder, ReservedCorrection};
pub use events::{
    stream_name, AppliedDiscount, CouponUse, Customer, InvoiceRequest, Language, Leg, LegHold, LegKind, OrderEvent,
    PaymentRef, Seller, Ticket, TicketLine, STREAM_PREFIX,
};
pub use expire::{decide_expire, ExpireOrder, ExpireOrderError};
pub use invoice::{decide_correct_invoice, decide_issue_invoice, CorrectInvoice, InvoiceError, IssueInvoice};
pub use invoice_on_request::{
    decide_request_invoice, invoice_deadline, invoice_request_open, RequestInvoice, RequestInvoiceError,
    ReservedInvoice,
};
pub use issued_document::{DocumentKind, IssuedDocument};
pub use ksef::{
    add_working_days, alert_cutoff, amends_rejected, deadline_is_near, decide_ksef, document_to_send, due_by,
    due_for_ksef, is_working_day, legal_deadline, next_working_day, offline_deadline, rejected_amendments, retry_at,
    KsefStage, KsefStep, KsefStepError, KsefTrack, Outage, OutageError, OutageKind, RetryPolicy,
    EMERGENCY_WORKING_DAYS,
};
pub use money_back::{money_back, MoneyBack, MoneyBackFor};
pub use move_leg::{decide_move_leg, leg_tickets, MoveLeg};
pub use pay::{decide_pay, ticket_id, PayOrder, PayOrderError, TicketNumber};
pub use pay_out::{decide_pay_out, PayOutError, PayOutRefund};
pub use place::{decide_place, PlaceOrder, PlaceOrderError, MAX_SEATS};
pub use pricing::{check_return_trip, price_lines, PricingError, ReturnTooEarly, TicketRequest};
pub use refund_late::{decide_refund_late, RefundLatePayment, RefundLatePaymentError};
pub use register_payment::{
    decide_register_payment, is_change_session, next_payment_session, order_of_session, RegisterPayment,
    RegisterPaymentError,
};
pub use return_ticket::{decide_return, ReturnTicket, ReturnTicketError};
pub use state::{
    evolve, ChangePayment, Compensation, DisruptionChosenRecord, DisruptionRecord, Invoice, InvoiceCorrection, Order,
    OrderState, OrderStatus, Payment, PendingChange, TicketState, TicketStatus, TicketUse,
};

/// An order's readable number from its place in the sequence of orders: `NB-2026-000123`.
pub fn order_number(year: i32, sequence: i64) -> String {
    format!("NB-{year}-{sequence:06}")
}

/// The namespace of the UUID v5 ids (events, tickets) of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x5e0c_2f9a_7d41_4b8e_9a63_1c0f_d2b7_a914);

/// An order, in `order-{id}`.
impl crate::Aggregate for Order {
    type Event = OrderEvent;
    type Id = uuid::Uuid;

    fn evolve(self, event: &OrderEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &OrderEvent) -> &'static str {
        event.event_type()
    }

    fn stream(order_id: &uuid::Uuid) -> String {
        stream_name(*order_id)
    }
}
