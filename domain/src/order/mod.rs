//! # Order: tickets for one or two courses, from placing to paying, returning and changing
//!
//! One aggregate per order, in the stream `order-{order id}`.

mod events;

pub use events::{
    stream_name, AppliedDiscount, CouponUse, Customer, InvoiceRequest, Leg, LegHold, LegKind, OrderEvent, PaymentRef,
    Ticket, TicketLine, STREAM_PREFIX,
};

/// The namespace of the UUID v5 ids (events, tickets) of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x5e0c_2f9a_7d41_4b8e_9a63_1c0f_d2b7_a914);
