//! What names an event: its order's stream, its stored type, its order and its id (derived
//! from the fact, so a retried command appends the same id).

use uuid::Uuid;

use super::OrderEvent;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "order-";

/// The stream of an order: `order-{id}`.
pub fn stream_name(order_id: Uuid) -> String {
    format!("{STREAM_PREFIX}{order_id}")
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
            OrderEvent::LegMoved { .. } => "LegMoved",
            OrderEvent::InvoiceIssued { .. } => "InvoiceIssued",
            OrderEvent::InvoiceCorrected { .. } => "InvoiceCorrected",
            OrderEvent::CustomerDetailsChanged { .. } => "CustomerDetailsChanged",
            OrderEvent::InvoiceDataChanged { .. } => "InvoiceDataChanged",
            OrderEvent::OrderAssignedToUser { .. } => "OrderAssignedToUser",
            OrderEvent::KsefSendStarted { .. } => "KsefSendStarted",
            OrderEvent::KsefSent { .. } => "KsefSent",
            OrderEvent::KsefAccepted { .. } => "KsefAccepted",
            OrderEvent::KsefRejected { .. } => "KsefRejected",
            OrderEvent::KsefSendFailed { .. } => "KsefSendFailed",
            OrderEvent::KsefWentOffline { .. } => "KsefWentOffline",
            OrderEvent::KsefUpoReceived { .. } => "KsefUpoReceived",
            OrderEvent::RejectedInvoiceAmended { .. } => "RejectedInvoiceAmended",
            OrderEvent::DisruptionTold { .. } => "DisruptionTold",
            OrderEvent::DisruptionChosen { .. } => "DisruptionChosen",
            OrderEvent::CompensationOwed { .. } => "CompensationOwed",
            OrderEvent::CompensationPaid { .. } => "CompensationPaid",
            OrderEvent::RefundPaidOut { .. } => "RefundPaidOut",
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
            | OrderEvent::LegMoved { order_id, .. }
            | OrderEvent::InvoiceIssued { order_id, .. }
            | OrderEvent::InvoiceCorrected { order_id, .. }
            | OrderEvent::CustomerDetailsChanged { order_id, .. }
            | OrderEvent::InvoiceDataChanged { order_id, .. }
            | OrderEvent::OrderAssignedToUser { order_id, .. }
            | OrderEvent::KsefSendStarted { order_id, .. }
            | OrderEvent::KsefSent { order_id, .. }
            | OrderEvent::KsefAccepted { order_id, .. }
            | OrderEvent::KsefRejected { order_id, .. }
            | OrderEvent::KsefSendFailed { order_id, .. }
            | OrderEvent::KsefWentOffline { order_id, .. }
            | OrderEvent::KsefUpoReceived { order_id, .. }
            | OrderEvent::RejectedInvoiceAmended { order_id, .. }
            | OrderEvent::DisruptionTold { order_id, .. }
            | OrderEvent::DisruptionChosen { order_id, .. }
            | OrderEvent::CompensationOwed { order_id, .. }
            | OrderEvent::CompensationPaid { order_id, .. }
            | OrderEvent::RefundPaidOut { order_id, .. } => *order_id,
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
            OrderEvent::TicketChangeExpired { hold_id, .. } | OrderEvent::LegMoved { hold_id, .. } => {
                hold_id.to_string()
            }
            OrderEvent::InvoiceCorrected { number, .. } => number.clone(),
            OrderEvent::OrderAssignedToUser { user_id, .. } => user_id.to_string(),
            OrderEvent::CustomerDetailsChanged { change_id, .. }
            | OrderEvent::InvoiceDataChanged { change_id, .. }
            | OrderEvent::RejectedInvoiceAmended { change_id, .. } => change_id.to_string(),
            // One attempt: a document in one session with one content.
            OrderEvent::KsefSendStarted { document, session_ref, xml_sha256, .. } => {
                format!("{document}/{session_ref}/{xml_sha256}")
            }
            OrderEvent::KsefSent { document, session_ref, .. }
            | OrderEvent::KsefAccepted { document, session_ref, .. }
            | OrderEvent::KsefUpoReceived { document, session_ref, .. } => format!("{document}/{session_ref}"),
            // Told once per announcement; a choice once per course.
            OrderEvent::DisruptionTold { course_id, notice_id, .. } => format!("{course_id}/{notice_id}"),
            // Owed and paid once per course.
            OrderEvent::DisruptionChosen { course_id, .. }
            | OrderEvent::CompensationOwed { course_id, .. }
            | OrderEvent::CompensationPaid { course_id, .. } => course_id.to_string(),
            // A refund is paid out once.
            OrderEvent::RefundPaidOut { refund_id, .. } => refund_id.to_string(),
            OrderEvent::KsefRejected { document, at, .. }
            | OrderEvent::KsefWentOffline { document, at, .. }
            | OrderEvent::KsefSendFailed { document, at, .. } => {
                format!("{document}/{}", at.timestamp_micros())
            }
        };
        let name = format!("{}/{}/{key}", stream_name(self.order_id()), self.event_type());
        Uuid::new_v5(&super::super::EVENT_ID_NAMESPACE, name.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;
    use crate::order::testing::*;
    use crate::order::{LegKind, Ticket};

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
