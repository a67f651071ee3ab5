//! The correction invoice an order event calls for: what changed the invoiced value, by
//! how much, and the marks that make it once-only.

use domain::money::format_pln;
use domain::order::OrderEvent;
use uuid::Uuid;

/// A change of an order's value that an issued invoice must follow with a correction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ValueChange {
    /// What the correction's number is reserved for ([`crate::processes::invoice_numbers::invoice_number`]).
    pub(super) purpose: String,
    /// The `sent_messages` kind that marks the correction issued.
    pub(super) done_mark: String,
    /// The correcting command's id (its event's id derives from it).
    pub(super) command_id: Uuid,
    /// The change of the invoice's total, grosz (negative: less).
    pub(super) amount: i64,
    /// Why, as the correction prints it (in Polish: the document is).
    pub(super) reason: String,
    /// Its line, when it says more than the reason.
    pub(super) line: Option<String>,
}

impl ValueChange {
    /// The correction an order event calls for, if any: a returned ticket (its price less
    /// the fee kept), a cancellation after payment (everything given back, money and
    /// coupon), a move to a cheaper course (the difference).
    pub(super) fn of(event: &OrderEvent) -> Option<ValueChange> {
        match event {
            OrderEvent::TicketReturned { ticket_id, number, price, fee, .. } => Some(ValueChange {
                purpose: format!("correction/{ticket_id}"),
                done_mark: format!("invoice-correction/{ticket_id}"),
                command_id: Uuid::new_v5(ticket_id, b"invoice-correction"),
                amount: -(price - fee),
                reason: format!("Zwrot biletu {number}"),
                line: Some(format!(
                    "Zwrot biletu {number}: cena biletu {}, opłata za zwrot {}, do zwrotu {}",
                    format_pln(*price),
                    format_pln(*fee),
                    format_pln(price - fee)
                )),
            }),
            OrderEvent::OrderCancelled { order_id, refund, coupon_refund, reason, .. } => Some(ValueChange {
                purpose: format!("correction/cancel/{order_id}"),
                done_mark: "invoice-correction/cancel".into(),
                command_id: Uuid::new_v5(order_id, b"invoice-correction/cancel"),
                amount: -(refund + coupon_refund),
                reason: if reason.trim().is_empty() {
                    "Anulowanie zamówienia".into()
                } else {
                    format!("Anulowanie zamówienia: {}", reason.trim())
                },
                line: None,
            }),
            OrderEvent::TicketCourseChanged { ticket_id, number, price_difference, .. } => Some(ValueChange {
                purpose: format!("correction/change/{ticket_id}"),
                done_mark: format!("invoice-correction/change/{ticket_id}"),
                command_id: Uuid::new_v5(ticket_id, b"invoice-correction/change"),
                amount: *price_difference,
                reason: format!("Zmiana kursu biletu {number}"),
                line: None,
            }),
            _ => None,
        }
    }
}
