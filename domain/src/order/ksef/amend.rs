//! A document KSeF rejected, and the buyer's data corrected after it.
//!
//! A rejected document was never validly issued in KSeF (the guide: an invoice exists in
//! KSeF once it has a KSeF number), so a correction invoice (KOR) of it would correct
//! nothing KSeF knows. New buyer data for a rejected invoice are therefore an amendment
//! of the same document, under the same number ([`OrderEvent::RejectedInvoiceAmended`]):
//! it goes back to the queue and is sent again with the new data. Once a document is
//! accepted, new buyer data are a KOR as before.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::KsefStage;
use crate::order::{InvoiceRequest, IssuedDocument, OrderEvent, OrderState};

/// The amendments new buyer data make when the order's invoice was rejected by KSeF:
/// one per rejected document (the invoice and any rejected correction). `None` when the
/// invoice was not rejected (new data are then a correction invoice).
pub fn amends_rejected(
    order: &OrderState,
    buyer: &InvoiceRequest,
    change_id: Uuid,
    now: DateTime<Utc>,
    by_user_id: Option<Uuid>,
    reason: &str,
) -> Option<Vec<OrderEvent>> {
    let invoice = order.invoice.as_ref()?;
    let rejected =
        |number: &str| order.ksef.iter().any(|t| t.document == number && matches!(t.stage, KsefStage::Rejected { .. }));
    if !rejected(&invoice.number) {
        return None;
    }
    let documents = std::iter::once(invoice.number.as_str())
        .chain(invoice.corrections.iter().map(|c| c.number.as_str()))
        .filter(|number| rejected(number));
    Some(
        documents
            .map(|document| OrderEvent::RejectedInvoiceAmended {
                order_id: order.order_id,
                document: document.to_owned(),
                change_id,
                buyer: buyer.clone(),
                amended_at: now,
                by_user_id,
                reason: reason.to_owned(),
            })
            .collect(),
    )
}

/// The buyer of `document`'s latest amendment after a rejection, if any.
pub fn rejected_amendments<'a>(events: &'a [OrderEvent], document: &str) -> Option<&'a InvoiceRequest> {
    events.iter().rev().find_map(|e| match e {
        OrderEvent::RejectedInvoiceAmended { document: d, buyer, .. } if d == document => Some(buyer),
        _ => None,
    })
}

/// The document `number` as it is to be sent (and downloaded): as its issuing event
/// recorded it, with the buyer of its latest amendment after a rejection.
pub fn document_to_send(events: &[OrderEvent], number: &str) -> Option<IssuedDocument> {
    let mut doc = events.iter().filter_map(IssuedDocument::of_event).find(|d| d.number == number)?;
    if let Some(buyer) = rejected_amendments(events, number) {
        doc.buyer = Some(buyer.clone());
    }
    Some(doc)
}
