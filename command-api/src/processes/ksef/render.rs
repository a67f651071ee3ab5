//! A document's XML as KSeF gets it: rendered from the order's events by the mapping the
//! download uses (`invoicing::document`, then `documents::invoice_fa3`), so the bytes
//! sent are the bytes served at `/order/order-invoice/fa3` and the hash in the QR code
//! can be checked from them. A correction names its invoice's KSeF number; a document
//! amended after a rejection prints the amended buyer.

use domain::order::{document_to_send, evolve, rejected_amendments, IssuedDocument, Order, OrderEvent, OrderState};
use event_store::{Direction, EventStore, ReadFrom, StoreError};
use invoicing::OrderFacts;
use uuid::Uuid;

use crate::aggregate::{stream_of, OrderAgg};

/// The XML and its SHA-256 (Base64, KSeF's `invoiceHash`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub xml: String,
    pub sha256: String,
}

/// Every event of the order and its state.
pub(crate) async fn order_events(
    store: &dyn EventStore,
    order_id: Uuid,
) -> Result<(Vec<OrderEvent>, Order), StoreError> {
    const PAGE: usize = 500;
    let stream = stream_of::<OrderAgg>(&order_id)?;
    let mut events = Vec::new();
    let mut from = ReadFrom::Start;
    loop {
        let page = match store.read_stream(&stream, from, Direction::Forwards, PAGE).await {
            Ok(page) => page,
            Err(StoreError::StreamNotFound(_)) => break,
            Err(e) => return Err(e),
        };
        for recorded in &page {
            events.push(recorded.decode::<OrderEvent>()?);
        }
        match page.last() {
            Some(last) if page.len() == PAGE => from = ReadFrom::Version(last.version + 1),
            _ => break,
        }
    }
    let state = events.iter().fold(Order::default(), evolve);
    Ok((events, state))
}

/// The XML of document `number` of `order` (whose events are `events`); `None` when the
/// order has no such document. An error: the recorded data cannot make a valid document.
pub fn render_xml(
    events: &[OrderEvent],
    order: &OrderState,
    number: &str,
) -> Option<Result<Rendered, documents::DocumentError>> {
    let doc = document_to_send(events, number)?;
    let documents: Vec<IssuedDocument> = events
        .iter()
        .filter_map(IssuedDocument::of_event)
        .map(|mut d| {
            if let Some(buyer) = rejected_amendments(events, &d.number) {
                d.buyer = Some(buyer.clone());
            }
            d
        })
        .collect();
    let corrects_ksef_number = doc
        .corrects_number
        .as_ref()
        .and_then(|invoice| order.ksef.iter().find(|t| &t.document == invoice))
        .and_then(|t| t.ksef_number());
    let document = invoicing::document(&doc, &OrderFacts::of_order(order), &documents, corrects_ksef_number);
    Some(
        documents::invoice_fa3(&document)
            .map(|xml| Rendered { sha256: ksef::hash::sha256_base64(xml.as_bytes()), xml }),
    )
}
