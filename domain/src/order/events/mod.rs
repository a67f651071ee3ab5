//! The events of an order: the contract with every reader (projections, process
//! managers, finance).
//!
//! Stored with the event type [`OrderEvent::event_type`] and, as data, the JSON of the
//! enum (internally tagged by `type`). Version 1 of each type. Events carry the facts a
//! reader needs (names, times, prices after discount), so a projector copies and never
//! recomputes.
//!
//! Here: the enum [`OrderEvent`] itself. In `values`: the values its variants carry
//! (customer, legs, lines, tickets, …); in `identity`: each event's stream, type, order
//! and derived id.

mod identity;
mod values;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub use identity::{stream_name, STREAM_PREFIX};
pub use values::{
    AppliedDiscount, CouponUse, Customer, InvoiceRequest, Language, Leg, LegHold, LegKind, PaymentRef, Seller, Ticket,
    TicketLine,
};

/// What happened to an order.
// `OrderPlaced` is much larger than the others; boxing it would make every reader's
// pattern awkward for no gain (events are decoded one at a time).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum OrderEvent {
    /// The order was placed: seats are held on every leg, the coupon (if any) is spent,
    /// the payment is registered; it waits for payment until `expires_at`.
    OrderPlaced {
        order_id: Uuid,
        /// The public id of the order in links (`success-data?hash_id=`).
        hash_id: String,
        /// The order's readable number (`NB-2026-000123`), consecutive, shown to people;
        /// empty for orders placed before orders were numbered.
        #[serde(default)]
        number: String,
        placed_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
        user_id: Option<Uuid>,
        customer: Customer,
        invoice: Option<InvoiceRequest>,
        outbound: Leg,
        back: Option<Leg>,
        lines: Vec<TicketLine>,
        coupon: Option<CouponUse>,
        /// The sum of the lines' totals.
        total: i64,
        /// `total` less the coupon: what the customer pays through the gateway.
        to_pay: i64,
        payment: PaymentRef,
    },
    /// The placement did not finish; the order id is burnt.
    OrderAbandoned { order_id: Uuid, reason: String },
    /// The payment arrived: every passenger seat of every leg became a ticket.
    OrderPaid {
        order_id: Uuid,
        paid_at: DateTime<Utc>,
        amount: i64,
        transaction_id: String,
        /// The gateway session the payment came through (a refund names it); empty in
        /// events recorded before orders could be paid again.
        #[serde(default)]
        session_id: String,
        tickets: Vec<Ticket>,
        /// For a payment accepted after the order expired: the new holds of its legs
        /// (the first ones were released). Empty otherwise.
        #[serde(default)]
        reheld: Vec<LegHold>,
    },
    /// A new gateway transaction was registered for the order while it waits for
    /// payment (the customer's earlier one failed or was left): from now on the order is
    /// paid through `payment`. The earlier transactions stay as the gateway left them.
    PaymentRegistered { order_id: Uuid, payment: PaymentRef, registered_at: DateTime<Utc> },
    /// The order was not paid in time.
    OrderExpired { order_id: Uuid, expired_at: DateTime<Utc> },
    /// An admin cancelled the order: `refund` goes back to the customer, `coupon_refund`
    /// to the coupon.
    OrderCancelled {
        order_id: Uuid,
        cancelled_at: DateTime<Utc>,
        by_user_id: Uuid,
        reason: String,
        refund: i64,
        coupon_refund: i64,
    },
    /// A payment arrived after the order expired and its seats were gone: it is paid back.
    LatePaymentRefunded {
        order_id: Uuid,
        amount: i64,
        transaction_id: String,
        /// The gateway session of that payment (empty in older events).
        #[serde(default)]
        session_id: String,
        at: DateTime<Utc>,
    },
    /// A ticket was returned: `price - fee = coupon_refund + money_refund`.
    TicketReturned {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        returned_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        price: i64,
        fee: i64,
        coupon_refund: i64,
        money_refund: i64,
    },
    /// A ticket moved to another course of the same route and stops (once per ticket).
    /// `price_difference` is to pay when positive, to refund when negative.
    TicketCourseChanged {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        from_course_id: Uuid,
        to_course: Leg,
        price_difference: i64,
        changed_at: DateTime<Utc>,
    },
    /// A ticket is to move to a dearer course once the difference is paid: the seat on
    /// the new course is held (`to_course.hold_id`) and a gateway transaction registered
    /// for the difference (`payment`). Until it is paid the ticket stays on its course;
    /// after `expires_at` the change may be dropped ([`OrderEvent::TicketChangeExpired`]).
    TicketChangeRequested {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        from_course_id: Uuid,
        to_course: Leg,
        /// What the new course costs more (grosz, positive).
        price_difference: i64,
        payment: PaymentRef,
        requested_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    },
    /// The difference of a requested change was paid (followed by the
    /// [`OrderEvent::TicketCourseChanged`] it paid for).
    TicketChangePaid {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        amount: i64,
        transaction_id: String,
        session_id: String,
        paid_at: DateTime<Utc>,
    },
    /// An admin moved a leg of the order to another course, every valid ticket of it at
    /// once (one `TicketCourseChanged` per ticket, appended with this event): who, why
    /// and when. `hold_id` is the seats' hold on the new course, one for the leg.
    LegMoved {
        order_id: Uuid,
        kind: LegKind,
        to_course_id: Uuid,
        hold_id: Uuid,
        numbers: Vec<String>,
        by_admin: Uuid,
        reason: String,
        moved_at: DateTime<Utc>,
    },
    /// A requested change was not paid in time: the seat held on the new course goes
    /// back; the ticket stays as it was (and may be changed again).
    TicketChangeExpired {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        to_course_id: Uuid,
        hold_id: Uuid,
        expired_at: DateTime<Utc>,
    },
    /// A passenger boarded with the ticket: a driver (or an admin) checked it in on its
    /// course. A ticket is used once; `check_in_id` is the driver's check-in, so the same
    /// check-in sent again is recognised.
    TicketUsed {
        order_id: Uuid,
        ticket_id: Uuid,
        number: String,
        course_id: Uuid,
        check_in_id: Uuid,
        used_at: DateTime<Utc>,
        by_user_id: Uuid,
    },
    /// The invoice asked for at ordering was issued (`vat_rate` in percent). It carries
    /// everything its document and the VAT register print, so a reader of the invoice
    /// events needs no other event. (Events recorded before the document facts were kept
    /// lack the fields marked `default`; a reader falls back to the order's placement.)
    InvoiceIssued {
        order_id: Uuid,
        number: String,
        issued_at: DateTime<Utc>,
        /// Gross, grosz.
        total: i64,
        vat_rate: u32,
        /// The day of the sale: the payment's day in Warsaw.
        #[serde(default)]
        sale_date: Option<NaiveDate>,
        #[serde(default)]
        seller: Option<Seller>,
        #[serde(default)]
        buyer: Option<InvoiceRequest>,
        /// `total` split at `vat_rate` ([`crate::money::vat_split`]).
        #[serde(default)]
        net: Option<i64>,
        #[serde(default)]
        vat: Option<i64>,
        /// Whether it goes to KSeF ([`crate::order::due_for_ksef`], decided when issued;
        /// `false` in events recorded before invoices were sent).
        #[serde(default)]
        ksef: bool,
    },
    /// A correction invoice (FA type KOR) of `corrects`; `amount` is the change of the
    /// gross total (negative for a return, 0 when only the buyer's data change).
    InvoiceCorrected {
        order_id: Uuid,
        number: String,
        corrects: String,
        amount: i64,
        issued_at: DateTime<Utc>,
        /// Why, as the document prints it (empty in older events).
        #[serde(default)]
        reason: String,
        /// The corrected invoice's gross total before this correction (after the
        /// corrections before it).
        #[serde(default)]
        total_before: Option<i64>,
        #[serde(default)]
        vat_rate: Option<u32>,
        /// The corrected invoice's issue instant and sale day.
        #[serde(default)]
        corrects_issued_at: Option<DateTime<Utc>>,
        #[serde(default)]
        sale_date: Option<NaiveDate>,
        #[serde(default)]
        seller: Option<Seller>,
        /// The buyer as the correction names it (new data when the correction is of them).
        #[serde(default)]
        buyer: Option<InvoiceRequest>,
        /// `amount` split at the rate.
        #[serde(default)]
        net: Option<i64>,
        #[serde(default)]
        vat: Option<i64>,
        /// Whether it goes to KSeF (as for [`OrderEvent::InvoiceIssued`]).
        #[serde(default)]
        ksef: bool,
        /// The correction's line as the document prints it, when it says more than the
        /// reason: a returned ticket's price, the fee kept and what is given back. `None`:
        /// the line is the reason (older events, cancellations, changes of course or buyer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<String>,
    },
    /// An admin corrected the customer's details (`change_id` is the command's id).
    CustomerDetailsChanged {
        order_id: Uuid,
        change_id: Uuid,
        customer: Customer,
        changed_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        reason: String,
    },
    /// An admin gave an order placed without an account to the customer's account (its
    /// tickets show there and earn stamps).
    OrderAssignedToUser {
        order_id: Uuid,
        user_id: Uuid,
        assigned_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        reason: String,
    },
    /// The invoice data were changed (or an invoice asked for, or no longer) before the
    /// invoice was issued; after it, a change is an [`OrderEvent::InvoiceCorrected`].
    InvoiceDataChanged {
        order_id: Uuid,
        change_id: Uuid,
        invoice: Option<InvoiceRequest>,
        changed_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        reason: String,
    },
    /// The KSeF sender began sending `document` (recorded BEFORE the request, with the
    /// stream's expected version, so one process only sends it): the SHA-256 of its XML
    /// (Base64, its identity in KSeF), the interactive session, and whether it goes in
    /// offline mode (`offlineMode`). A crash after it is resumed by looking the hash up in
    /// that session ([`ksef`] `Client::find_sent`), never by sending a second copy.
    KsefSendStarted {
        order_id: Uuid,
        document: String,
        xml_sha256: String,
        session_ref: String,
        offline: bool,
        at: DateTime<Utc>,
        /// A batch session (its package may wait a while at 100 after its close).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        batch: bool,
    },
    /// KSeF took the document in: its reference in the session.
    KsefSent { order_id: Uuid, document: String, session_ref: String, invoice_ref: String, at: DateTime<Utc> },
    /// KSeF accepted the document: its KSeF number and when KSeF received it.
    /// `session_ref` is the session KSeF holds it in (its UPO's). A send KSeF answered
    /// as a duplicate (440: it holds this very invoice already) is accepted under the
    /// original's number and session: `duplicate_sent_in` names the session of that send.
    KsefAccepted {
        order_id: Uuid,
        document: String,
        session_ref: String,
        ksef_number: String,
        acquired_at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duplicate_sent_in: Option<String>,
    },
    /// A send that did not reach an outcome: KSeF failed, not the document (status 405,
    /// 435, 500, 550; a session closed under it), or it is `blocked` by something an
    /// admin must fix (the token's permissions, a request KSeF refuses, an answer not in
    /// the guide). KSeF holds no copy: the document waits again, unchanged (same number,
    /// same bytes), and is sent again from `retry_at`. Never a rejection.
    KsefSendFailed {
        order_id: Uuid,
        document: String,
        session_ref: String,
        code: i64,
        reason: String,
        blocked: bool,
        retry_at: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// KSeF refused the document (its status code and the reason, for the admin): it was
    /// never validly issued there, and waits for its buyer's data to be corrected
    /// ([`OrderEvent::RejectedInvoiceAmended`]).
    KsefRejected { order_id: Uuid, document: String, code: i64, reason: String, at: DateTime<Utc> },
    /// KSeF could not be reached when the document was due: it is issued in offline mode
    /// (`tryby-offline.md`, offline24) and must reach KSeF by `deadline` (inclusive).
    KsefWentOffline { order_id: Uuid, document: String, at: DateTime<Utc>, deadline: NaiveDate },
    /// The UPO (KSeF's official receipt, XML) of an accepted document.
    KsefUpoReceived { order_id: Uuid, document: String, session_ref: String, upo: String, at: DateTime<Utc> },
    /// An admin corrected the buyer's data of a document KSeF rejected. A rejected
    /// document was never validly issued in KSeF, so it is not corrected by a KOR: the
    /// same document (same number) is sent again with the new data.
    RejectedInvoiceAmended {
        order_id: Uuid,
        document: String,
        change_id: Uuid,
        buyer: InvoiceRequest,
        amended_at: DateTime<Utc>,
        by_user_id: Option<Uuid>,
        reason: String,
    },
    /// The order was told that its course `course_id` was cancelled (`delay_minutes`
    /// `None`) or delayed, once per announcement (`notice_id`, the course event's id).
    DisruptionTold {
        order_id: Uuid,
        course_id: Uuid,
        notice_id: Uuid,
        delay_minutes: Option<u32>,
        reason: String,
        told_at: DateTime<Utc>,
        /// A cancellation from a stop onward: the stops the course no longer reaches (the
        /// order's tickets to them are touched). `None`: every ticket on the course.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unserved_stops: Option<Vec<i64>>,
    },
    /// The choice of a disruption came only after the course's scheduled departure: the
    /// passenger is owed `amount` (half the touched tickets' price, art. 19(2) of EU
    /// Regulation 181/2011), on top of what they choose. Once per course.
    CompensationOwed { order_id: Uuid, course_id: Uuid, amount: i64, owed_at: DateTime<Utc> },
    /// The office paid the compensation owed on `course_id`: `amount` goes back to the
    /// payer like a refund.
    CompensationPaid { order_id: Uuid, course_id: Uuid, amount: i64, by_user_id: Option<Uuid>, paid_at: DateTime<Utc> },
    /// A refund owed at the office's desk (the order was paid there) was handed over:
    /// in cash, or back to the card on the terminal (`method`), by `by_user_id`.
    RefundPaidOut {
        order_id: Uuid,
        /// The refund's id in the refunds process.
        refund_id: Uuid,
        amount: i64,
        /// `cash` or `card_terminal`.
        method: String,
        by_user_id: Uuid,
        paid_out_at: DateTime<Utc>,
    },
    /// The passenger chose, once, for all the order's tickets on the disrupted course:
    /// another course (`to_course_id`; the tickets' `TicketCourseChanged` follow) or the
    /// full refund (`refund_amount`, money and coupon; the tickets' `TicketReturned`
    /// follow, with no fee).
    DisruptionChosen {
        order_id: Uuid,
        course_id: Uuid,
        choice: crate::order::DisruptionChoice,
        by: crate::order::ChosenBy,
        by_user_id: Option<Uuid>,
        chosen_at: DateTime<Utc>,
        to_course_id: Option<Uuid>,
        refund_amount: i64,
    },
}
