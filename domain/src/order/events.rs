//! The events of an order: the contract with every reader (projections, process
//! managers, finance).
//!
//! Stored with the event type [`OrderEvent::event_type`] and, as data, the JSON of the
//! enum (internally tagged by `type`). Version 1 of each type. Events carry the facts a
//! reader needs (names, times, prices after discount), so a projector copies and never
//! recomputes.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Reduction;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "order-";

/// The stream of an order: `order-{id}`.
pub fn stream_name(order_id: Uuid) -> String {
    format!("{STREAM_PREFIX}{order_id}")
}

/// The person who ordered (and gets the tickets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub notify_by_sms: bool,
}

/// The company an invoice was asked for (issued once the order is paid).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceRequest {
    /// ISO country code, `PL` by default.
    pub country: String,
    pub vat_number: String,
    pub company_name: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
}

/// The seller as an invoice names it: the carrier's company data when it was issued
/// (*setting*), so an invoice read years later shows who issued it then.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Seller {
    pub name: String,
    /// NIP, ten digits.
    pub tax_id: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
    /// ISO country code.
    pub country: String,
}

/// Which way a leg goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegKind {
    Outbound,
    Back,
}

/// One course an order travels on, from the passengers' boarding stop to where they
/// leave, with the seats held for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    pub kind: LegKind,
    pub course_id: Uuid,
    /// The seat hold on the course's inventory (`SeatsHeld`), released when a ticket of
    /// this leg is returned or the order ends unpaid.
    pub hold_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    /// When the coach leaves the boarding stop (return and change cutoffs count from it).
    pub departure_at: DateTime<Utc>,
    /// When it reaches the passengers' last stop.
    pub arrival_at: DateTime<Utc>,
    /// The route price from `from` to `to` for one passenger, before any discount.
    pub unit_price: i64,
}

/// A discount applied to a ticket line, as it was when the order was placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedDiscount {
    pub discount_id: i64,
    pub name: String,
    pub reduction: Reduction,
}

/// `quantity` passengers with the same discount. Prices are per passenger, after the
/// discount; `total = quantity * (outbound_price + back_price)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketLine {
    /// The line's number in the order, from 1.
    pub line: u32,
    pub quantity: u32,
    pub discount: Option<AppliedDiscount>,
    pub outbound_price: i64,
    /// Present exactly when the order has a back leg.
    pub back_price: Option<i64>,
    pub total: i64,
}

/// A coupon spent on the order (`amount` came off the total).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponUse {
    /// The code, upper-cased.
    pub code: String,
    pub amount: i64,
}

/// The payment registered with the gateway for the order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentRef {
    pub provider: String,
    pub session_id: String,
    /// The gateway's token: the payment page is `…/{token}`.
    pub token: String,
}

/// One passenger's seat on one leg.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub ticket_id: Uuid,
    /// Readable and unique, e.g. `NK-2026-000123`.
    pub number: String,
    /// The secret shown as a QR code; with the number, it lets a guest return the ticket.
    pub code: String,
    pub leg: LegKind,
    /// The [`TicketLine::line`] the ticket belongs to.
    pub line: u32,
    /// What the seat cost, after the line's discount.
    pub price: i64,
    /// Its share of the coupon ([`crate::money::allocate`] over the ticket prices).
    pub coupon_part: i64,
}

/// The seats of a leg held again for a payment that arrived after the order expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegHold {
    pub leg: LegKind,
    pub hold_id: Uuid,
}

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
}

impl OrderEvent {
    /// The stored event type (the same text as the `type` tag of the data).
    pub fn event_type(&self) -> &'static str {
        match self {
            OrderEvent::OrderPlaced { .. } => "OrderPlaced",
            OrderEvent::OrderAbandoned { .. } => "OrderAbandoned",
            OrderEvent::OrderPaid { .. } => "OrderPaid",
            OrderEvent::PaymentRegistered { .. } => "PaymentRegistered",
            OrderEvent::OrderExpired { .. } => "OrderExpired",
            OrderEvent::OrderCancelled { .. } => "OrderCancelled",
            OrderEvent::LatePaymentRefunded { .. } => "LatePaymentRefunded",
            OrderEvent::TicketReturned { .. } => "TicketReturned",
            OrderEvent::TicketCourseChanged { .. } => "TicketCourseChanged",
            OrderEvent::TicketUsed { .. } => "TicketUsed",
            OrderEvent::TicketChangeRequested { .. } => "TicketChangeRequested",
            OrderEvent::TicketChangePaid { .. } => "TicketChangePaid",
            OrderEvent::TicketChangeExpired { .. } => "TicketChangeExpired",
            OrderEvent::InvoiceIssued { .. } => "InvoiceIssued",
            OrderEvent::InvoiceCorrected { .. } => "InvoiceCorrected",
            OrderEvent::CustomerDetailsChanged { .. } => "CustomerDetailsChanged",
            OrderEvent::InvoiceDataChanged { .. } => "InvoiceDataChanged",
            OrderEvent::OrderAssignedToUser { .. } => "OrderAssignedToUser",
        }
    }

    /// The order the event belongs to.
    pub fn order_id(&self) -> Uuid {
        match self {
            OrderEvent::OrderPlaced { order_id, .. }
            | OrderEvent::OrderAbandoned { order_id, .. }
            | OrderEvent::OrderPaid { order_id, .. }
            | OrderEvent::PaymentRegistered { order_id, .. }
            | OrderEvent::OrderExpired { order_id, .. }
            | OrderEvent::OrderCancelled { order_id, .. }
            | OrderEvent::LatePaymentRefunded { order_id, .. }
            | OrderEvent::TicketReturned { order_id, .. }
            | OrderEvent::TicketCourseChanged { order_id, .. }
            | OrderEvent::TicketUsed { order_id, .. }
            | OrderEvent::TicketChangeRequested { order_id, .. }
            | OrderEvent::TicketChangePaid { order_id, .. }
            | OrderEvent::TicketChangeExpired { order_id, .. }
            | OrderEvent::InvoiceIssued { order_id, .. }
            | OrderEvent::InvoiceCorrected { order_id, .. }
            | OrderEvent::CustomerDetailsChanged { order_id, .. }
            | OrderEvent::InvoiceDataChanged { order_id, .. }
            | OrderEvent::OrderAssignedToUser { order_id, .. } => *order_id,
        }
    }

    /// The event's id, derived from what makes it unique in its stream (the command it
    /// answers): a retried command appends the same id, which the store recognises.
    pub fn event_id(&self) -> Uuid {
        let key = match self {
            OrderEvent::OrderPlaced { .. }
            | OrderEvent::OrderAbandoned { .. }
            | OrderEvent::OrderPaid { .. }
            | OrderEvent::OrderExpired { .. }
            | OrderEvent::OrderCancelled { .. }
            | OrderEvent::InvoiceIssued { .. } => String::new(),
            OrderEvent::LatePaymentRefunded { transaction_id, .. } => transaction_id.clone(),
            OrderEvent::PaymentRegistered { payment, .. } => payment.session_id.clone(),
            OrderEvent::TicketReturned { ticket_id, .. } | OrderEvent::TicketCourseChanged { ticket_id, .. } => {
                ticket_id.to_string()
            }
            // One check-in: two drivers checking one ticket are two facts, of which the
            // order takes one.
            OrderEvent::TicketUsed { check_in_id, .. } => check_in_id.to_string(),
            // One per registered transaction; a change is paid (or expires) once per request.
            OrderEvent::TicketChangeRequested { payment, .. } => payment.session_id.clone(),
            OrderEvent::TicketChangePaid { session_id, .. } => session_id.clone(),
            OrderEvent::TicketChangeExpired { hold_id, .. } => hold_id.to_string(),
            OrderEvent::InvoiceCorrected { number, .. } => number.clone(),
            OrderEvent::OrderAssignedToUser { user_id, .. } => user_id.to_string(),
            OrderEvent::CustomerDetailsChanged { change_id, .. } | OrderEvent::InvoiceDataChanged { change_id, .. } => {
                change_id.to_string()
            }
        };
        let name = format!("{}/{}/{key}", stream_name(self.order_id()), self.event_type());
        Uuid::new_v5(&super::EVENT_ID_NAMESPACE, name.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn event_ids_are_stable_and_distinct_per_fact() {
        let paid = paid(false, 0);
        let tickets = tickets_of(&paid);
        let returned = |t: &Ticket| OrderEvent::TicketReturned {
            order_id: ORDER,
            ticket_id: t.ticket_id,
            number: t.number.clone(),
            returned_at: at(100),
            by_user_id: None,
            price: t.price,
            fee: 0,
            coupon_refund: 0,
            money_refund: t.price,
        };
        assert_eq!(placed(false, 0).event_id(), placed(true, 0).event_id(), "one placement per order");
        assert_eq!(returned(&tickets[0]).event_id(), returned(&tickets[0]).event_id());
        assert_ne!(returned(&tickets[0]).event_id(), returned(&tickets[1]).event_id());
        assert_ne!(placed(false, 0).event_id(), paid.event_id());
        assert_eq!(paid.event_id().get_version_num(), 5);
    }

    #[test]
    fn statuses_and_legs_are_snake_case_on_the_wire() {
        use crate::order::{OrderStatus, TicketStatus};
        use serde::de::value::{Error, StrDeserializer};
        use serde::de::IntoDeserializer;
        fn read<T: for<'de> Deserialize<'de>>(s: &'static str) -> Option<T> {
            let d: StrDeserializer<Error> = s.into_deserializer();
            T::deserialize(d).ok()
        }
        assert_eq!(read("pending_payment"), Some(OrderStatus::PendingPayment));
        assert_eq!(OrderStatus::PendingPayment.as_str(), "pending_payment");
        assert_eq!(read("returned"), Some(TicketStatus::Returned));
        assert_eq!(read("back"), Some(LegKind::Back));
        assert_eq!(read::<LegKind>("Back"), None);
    }

    #[test]
    fn the_event_type_and_order_are_named() {
        let event = paid(false, 0);
        assert_eq!((event.event_type(), event.order_id()), ("OrderPaid", ORDER));
        assert_eq!(placed(false, 0).event_type(), "OrderPlaced");
        assert_eq!(stream_name(ORDER), format!("order-{ORDER}"));
    }
}
