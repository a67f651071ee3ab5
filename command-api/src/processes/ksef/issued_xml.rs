//! The XML of each issued invoice and correction, fixed once and kept
//! (`issued_document_xml`, with its SHA-256): everything after the issue serves these
//! bytes, the sender's sends and resumes, the invoice e-mails' KOD I, and the query
//! side's `/order/order-invoice/fa3` and the PDF's KOD I (which read the table).
//!
//! Written at the issue by the booking reactions (`InvoiceIssued`, `InvoiceCorrected`,
//! `RejectedInvoiceAmended`, and a corrected invoice's `KsefAccepted`: [`fix_after`]),
//! which follow the store at least once, so a crash between the issue and the storing is
//! made good when the reaction runs again. Any command-side reader that finds no stored
//! copy of the version it needs ([`ensure`]) renders it itself from the order's events AS
//! AT THE ISSUE (`render`), inserts it (`on conflict do nothing`: the first write wins)
//! and reads back what is stored. The rendering is deterministic, so two writers store
//! the same bytes; a slower one with older events never replaces a newer version (the
//! current version is the one fixed at the latest event).
//!
//! A version is never rendered over the bytes KSeF holds: when the order's events say
//! KSeF took in a send of the document with another hash ([`render::held_hash`]), nothing
//! is stored and the reader is told ([`FixError::NotWhatKsefHolds`]).
//!
//! Documents issued before the table existed are stored by [`backfill`], once, at the
//! command role's start: each is rendered from its events as at its issue, like any
//! first reader does.

use domain::order::{OrderEvent, OrderState};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::render::{self, order_events, Rendered};
use crate::CommandState;

/// A stored version of a document's XML.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Fixed {
    /// The index in the order's stream of the event the version is fixed at.
    pub position: i64,
    pub xml: String,
    pub sha256: String,
}

impl Fixed {
    /// The bytes as the sender hands them on.
    pub fn rendered(self) -> Rendered {
        Rendered { xml: self.xml, sha256: self.sha256 }
    }
}

/// Why a document's XML could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// The data recorded at the issue cannot make a valid document (no seller NIP, say).
    #[error("the document cannot be rendered: {0}")]
    Invalid(#[from] documents::DocumentError),
    /// KSeF took in other bytes of it than the program renders now (sent before the XML
    /// was stored, by an earlier version of the program): not stored.
    #[error("KSeF holds the document with hash {held}, the program renders {made}")]
    NotWhatKsefHolds { held: String, made: String },
}

/// The current stored version of document `number` (the one fixed at the latest event).
pub async fn stored(pool: &PgPool, number: &str) -> Result<Option<Fixed>, sqlx::Error> {
    sqlx::query_as(
        "select position, xml, sha256 from issued_document_xml where document_number = $1 \
          order by position desc limit 1",
    )
    .bind(number)
    .fetch_optional(pool)
    .await
}

/// The current version of document `number` of order `order_id` (whose events are
/// `events`), stored first if it is not yet. `Ok(None)`: the order has no such document.
pub async fn ensure(
    pool: &PgPool,
    order_id: Uuid,
    events: &[OrderEvent],
    number: &str,
) -> Result<Option<Fixed>, FixError> {
    let Some(wanted) = render::version_position(events, number) else { return Ok(None) };
    ensure_at(pool, order_id, events, number, wanted).await
}

/// [`ensure`] with the version's position given (at least it: a later stored version is
/// the current one).
pub async fn ensure_at(
    pool: &PgPool,
    order_id: Uuid,
    events: &[OrderEvent],
    number: &str,
    wanted: usize,
) -> Result<Option<Fixed>, FixError> {
    let position = i64::try_from(wanted).unwrap_or(i64::MAX);
    if let Some(current) = stored(pool, number).await?.filter(|c| c.position >= position) {
        return Ok(Some(current));
    }
    let Some(rendered) = render::render_at(events, number, wanted) else { return Ok(None) };
    let rendered = rendered?;
    if let Some(held) = render::held_hash(events, number).filter(|h| *h != rendered.sha256) {
        return Err(FixError::NotWhatKsefHolds { held: held.to_owned(), made: rendered.sha256 });
    }
    sqlx::query(
        "insert into issued_document_xml (document_number, position, order_id, xml, sha256) \
         values ($1, $2, $3, $4, $5) on conflict (document_number, position) do nothing",
    )
    .bind(number)
    .bind(position)
    .bind(order_id)
    .bind(&rendered.xml)
    .bind(&rendered.sha256)
    .execute(pool)
    .await?;
    Ok(stored(pool, number).await?)
}

/// The documents `event` issues or gives a new version, stored (the booking reactions).
/// A document that cannot be rendered is logged; only a database error is returned (the
/// reaction is then tried again).
pub async fn fix_after(state: &CommandState, order: &OrderState, event: &OrderEvent) -> Result<(), String> {
    let numbers: Vec<String> = match event {
        OrderEvent::InvoiceIssued { number, .. } | OrderEvent::InvoiceCorrected { number, .. } => vec![number.clone()],
        OrderEvent::RejectedInvoiceAmended { document, .. } => vec![document.clone()],
        // The corrections issued before their invoice had its KSeF number now name it.
        OrderEvent::KsefAccepted { document, .. } => order
            .invoice
            .as_ref()
            .filter(|invoice| &invoice.number == document)
            .map(|invoice| invoice.corrections.iter().map(|c| c.number.clone()).collect())
            .unwrap_or_default(),
        _ => return Ok(()),
    };
    if numbers.is_empty() {
        return Ok(());
    }
    let (events, _) = order_events(state.store.as_ref(), order.order_id).await.map_err(|e| e.to_string())?;
    for number in numbers {
        match ensure(&state.pool, order.order_id, &events, &number).await {
            Ok(_) => {}
            Err(FixError::Database(e)) => return Err(e.to_string()),
            Err(e) => tracing::warn!(%number, error = %e, "the document's XML is not stored"),
        }
    }
    Ok(())
}

/// Store the XML of every document issued before the table existed (or whose storing
/// failed), oldest first, once; ends at the last one or at `shutdown`. Safe to run beside
/// the reactions and the sender, and again: every write is [`ensure`]'s.
pub async fn backfill(state: CommandState, shutdown: CancellationToken) {
    match backfill_all(&state, &shutdown).await {
        Ok(0) => {}
        Ok(stored) => tracing::info!(stored, "the XML of the documents issued before it was kept is stored"),
        Err(e) => tracing::warn!(error = %e, "storing the XML of earlier documents stopped; the next start goes on"),
    }
}

/// [`backfill`]'s work: how many documents it looked at.
pub async fn backfill_all(state: &CommandState, shutdown: &CancellationToken) -> Result<u64, FixError> {
    type Missing = (chrono::DateTime<chrono::Utc>, String, Uuid);
    let mut after: Option<(chrono::DateTime<chrono::Utc>, String)> = None;
    let mut done = 0;
    while !shutdown.is_cancelled() {
        let page: Vec<Missing> = sqlx::query_as(
            "select i.issued_at, i.number, i.order_id from rm_invoices i \
              where ($1::timestamptz is null or (i.issued_at, i.number) > ($1, $2)) \
                and not exists (select 1 from issued_document_xml x where x.document_number = i.number) \
              order by i.issued_at, i.number limit 200",
        )
        .bind(after.as_ref().map(|a| a.0))
        .bind(after.as_ref().map(|a| a.1.clone()).unwrap_or_default())
        .fetch_all(&state.pool)
        .await?;
        let Some(last) = page.last() else { break };
        after = Some((last.0, last.1.clone()));
        for (_, number, order_id) in page {
            let events = match order_events(state.store.as_ref(), order_id).await {
                Ok((events, _)) => events,
                Err(e) => {
                    tracing::warn!(%number, error = %e, "could not read the order's events; its XML is not stored");
                    continue;
                }
            };
            match ensure(&state.pool, order_id, &events, &number).await {
                Ok(_) => done += 1,
                Err(FixError::Database(e)) => return Err(e.into()),
                Err(e) => tracing::warn!(%number, error = %e, "the document's XML is not stored"),
            }
        }
    }
    Ok(done)
}
