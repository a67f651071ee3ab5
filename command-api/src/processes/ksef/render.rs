//! A document's XML as it was issued: rendered from the order's events by the mapping the
//! download uses (`invoicing::document`, then `documents::invoice_fa3`), with the order
//! AS IT STOOD AT THE ISSUE (its events folded up to the issuing event, not its state
//! now), so a later change of the order (a contact corrected, a payment re-registered)
//! never changes the bytes. The bytes are rendered once and stored (`issued_xml`); this
//! module only says what they are.
//!
//! A document has versions, each fixed at one event of its order's stream (its
//! position, the event's index in the stream):
//! - the issuing event (`InvoiceIssued`, `InvoiceCorrected`): the document as issued;
//! - `RejectedInvoiceAmended`: after KSeF rejected it, the same document with the buyer
//!   corrected (the rejected bytes stay as they were; KSeF gets the new version);
//! - for a correction whose invoice had no KSeF number yet when it was issued, the
//!   invoice's `KsefAccepted`: the correction names that number (it is never sent
//!   before: the sender waits for it);
//! - `KsefRejected` of an offline document, when the program renders other bytes now
//!   than the ones KSeF rejected (a technical correction: the sender decides it).
//!
//! Whatever the version, the order's facts (its legs, lines, payment, coupon) are the
//! ones at the issue; the version's event adds only the buyer of its latest amendment
//! and the corrected invoice's KSeF number. The seller is the issuing event's own
//! snapshot of the company settings (`IssuedDocument::seller`), so a later change of the
//! settings does not reach an issued document either.

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

/// The XML of the current version of document `number` of the order whose events are
/// `events` ([`render_at`] its [`version_position`]); `None` when the order has no such
/// document. An error: the recorded data cannot make a valid document. `_order` is the
/// order now, which the document does not read (kept for the callers' convenience).
pub fn render_xml(
    events: &[OrderEvent],
    _order: &OrderState,
    number: &str,
) -> Option<Result<Rendered, documents::DocumentError>> {
    render_at(events, number, version_position(events, number)?)
}

/// The index of the issuing event of document `number`.
fn issue_position(events: &[OrderEvent], number: &str) -> Option<usize> {
    events.iter().position(|e| match e {
        OrderEvent::InvoiceIssued { number: n, .. } | OrderEvent::InvoiceCorrected { number: n, .. } => n == number,
        _ => false,
    })
}

/// The position the current version of document `number` is fixed at: the latest of
/// its issuing event, its latest amendment after a rejection and, for a correction, its
/// invoice's acceptance by KSeF (see the module guide). `None`: no such document.
pub fn version_position(events: &[OrderEvent], number: &str) -> Option<usize> {
    let issued = issue_position(events, number)?;
    let corrects = match &events[issued] {
        OrderEvent::InvoiceCorrected { corrects, .. } => Some(corrects.as_str()),
        _ => None,
    };
    let later = events.iter().enumerate().skip(issued).filter_map(|(i, e)| match e {
        OrderEvent::RejectedInvoiceAmended { document, .. } if document == number => Some(i),
        OrderEvent::KsefAccepted { document, .. } if Some(document.as_str()) == corrects => Some(i),
        _ => None,
    });
    Some(later.max().unwrap_or(issued))
}

/// The position of the latest `KsefRejected` of document `number`.
pub fn rejection_position(events: &[OrderEvent], number: &str) -> Option<usize> {
    events.iter().rposition(|e| matches!(e, OrderEvent::KsefRejected { document, .. } if document == number))
}

/// The hash of the bytes KSeF holds (or took in) of document `number`: its latest send's,
/// when that send was taken in (`KsefSent`) or accepted and neither rejected nor amended
/// since. A version rendered for a document KSeF holds must be these bytes.
pub fn held_hash<'a>(events: &'a [OrderEvent], number: &str) -> Option<&'a str> {
    let mut started: Option<&str> = None;
    let mut held = None;
    for event in events {
        match event {
            OrderEvent::KsefSendStarted { document, xml_sha256, .. } if document == number => {
                started = Some(xml_sha256);
                held = None;
            }
            OrderEvent::KsefSent { document, .. } | OrderEvent::KsefAccepted { document, .. } if document == number => {
                held = held.or(started);
            }
            OrderEvent::KsefRejected { document, .. } | OrderEvent::RejectedInvoiceAmended { document, .. }
                if document == number =>
            {
                (started, held) = (None, None);
            }
            _ => {}
        }
    }
    held
}

/// The XML of document `number` fixed at event `position` (see the module guide): the
/// order's facts as at the issue, the buyer and the corrected invoice's KSeF number as at
/// `position`. `None` when the order has no such document (or was not placed at its issue).
pub fn render_at(
    events: &[OrderEvent],
    number: &str,
    position: usize,
) -> Option<Result<Rendered, documents::DocumentError>> {
    let issued = issue_position(events, number)?;
    let up_to = &events[..=position.clamp(issued, events.len() - 1)];
    let at_issue = events[..=issued].iter().fold(Order::default(), evolve);
    let at_issue = at_issue.placed()?;
    let at_version = up_to.iter().fold(Order::default(), evolve);
    let doc = document_to_send(up_to, number)?;
    let documents: Vec<IssuedDocument> = up_to
        .iter()
        .filter_map(IssuedDocument::of_event)
        .map(|mut d| {
            if let Some(buyer) = rejected_amendments(up_to, &d.number) {
                d.buyer = Some(buyer.clone());
            }
            d
        })
        .collect();
    let corrects_ksef_number = doc.corrects_number.as_ref().and_then(|invoice| {
        at_version.placed()?.ksef.iter().find(|t| &t.document == invoice).and_then(|t| t.ksef_number())
    });
    let document = invoicing::document(&doc, &OrderFacts::of_order(at_issue), &documents, corrects_ksef_number);
    Some(
        documents::invoice_fa3(&document)
            .map(|xml| Rendered { sha256: ksef::hash::sha256_base64(xml.as_bytes()), xml }),
    )
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};

    use super::*;

    fn started(hash: &str) -> OrderEvent {
        OrderEvent::KsefSendStarted {
            order_id: Uuid::nil(),
            document: "FV/1".into(),
            xml_sha256: hash.into(),
            session_ref: "s".into(),
            offline: false,
            at: DateTime::<Utc>::UNIX_EPOCH,
            batch: false,
        }
    }

    fn sent() -> OrderEvent {
        OrderEvent::KsefSent {
            order_id: Uuid::nil(),
            document: "FV/1".into(),
            session_ref: "s".into(),
            invoice_ref: "r".into(),
            at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    fn rejected() -> OrderEvent {
        OrderEvent::KsefRejected {
            order_id: Uuid::nil(),
            document: "FV/1".into(),
            code: 450,
            reason: "no".into(),
            at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    #[test]
    fn ksef_holds_the_bytes_of_a_send_it_took_in_and_did_not_reject() {
        assert_eq!(held_hash(&[started("a")], "FV/1"), None, "started, not taken in: KSeF may not have it");
        assert_eq!(held_hash(&[started("a"), sent()], "FV/1"), Some("a"));
        assert_eq!(held_hash(&[started("a"), sent()], "FV/2"), None, "another document");
        assert_eq!(held_hash(&[started("a"), sent(), rejected()], "FV/1"), None);
        assert_eq!(held_hash(&[started("a"), sent(), rejected(), started("b"), sent()], "FV/1"), Some("b"));
        assert_eq!(held_hash(&[started("a"), started("b")], "FV/1"), None, "resent, not taken in yet");
    }

    #[test]
    fn a_document_the_order_does_not_have_has_no_version() {
        assert_eq!(version_position(&[started("a"), sent()], "FV/1"), None);
        assert!(render_at(&[started("a")], "FV/1", 0).is_none());
    }
}
