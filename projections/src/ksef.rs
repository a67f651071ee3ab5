//! The `ksef` projection: where each invoice and correction due for KSeF stands there,
//! one row of `rm_ksef_documents` per document (the sender's queue, the admin's invoice
//! list and page, the register's KSeF column), from the order streams' issuing events
//! (`ksef: true` only) and their KSeF events.
//!
//! Guarded like the other projections: every row keeps the order stream's `version` of
//! the last event applied, and an update applies only to a row whose version is older,
//! so a replayed batch changes nothing. The queue's order (`queue_position`) is taken
//! from a sequence when a document is first projected; a rebuild (`truncate`, then every
//! event again) gives the same order.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::order::OrderEvent;
use event_store::{RecordedEvent, SubscriptionFilter};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Projection, ProjectionError};

/// `update … set {set}` of `$1`'s row when its version is older than `$2` (the time `$3`).
macro_rules! guarded {
    ($set:literal) => {
        concat!(
            "update rm_ksef_documents set ",
            $set,
            ", version = $2, updated_at = $3 where document_number = $1 and version < $2"
        )
    };
}

/// The event types it reads.
const EVENT_TYPES: [&str; 10] = [
    "InvoiceIssued",
    "InvoiceCorrected",
    "KsefSendStarted",
    "KsefSent",
    "KsefAccepted",
    "KsefRejected",
    "KsefSendFailed",
    "KsefWentOffline",
    "KsefUpoReceived",
    "RejectedInvoiceAmended",
];

/// See the module documentation.
pub struct KsefProjection;

#[async_trait]
impl Projection for KsefProjection {
    fn name(&self) -> &'static str {
        "ksef"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::EventType(EVENT_TYPES.map(String::from).to_vec())
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for recorded in events {
            let event: OrderEvent = recorded.decode()?;
            let version = i64::try_from(recorded.version).unwrap_or(i64::MAX);
            apply_one(conn, &event, version, recorded.recorded_at).await?;
        }
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_ksef_documents").execute(&mut *conn).await?;
        sqlx::query("alter sequence rm_ksef_queue_seq restart").execute(&mut *conn).await?;
        Ok(())
    }
}

/// The row change of one event (none for a document not due for KSeF).
async fn apply_one(
    conn: &mut PgConnection,
    event: &OrderEvent,
    version: i64,
    at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    match event {
        OrderEvent::InvoiceIssued { order_id, number, issued_at, ksef: true, .. } => {
            due(conn, *order_id, number, None, *issued_at, version, at).await
        }
        OrderEvent::InvoiceCorrected { order_id, number, corrects, issued_at, ksef: true, .. } => {
            due(conn, *order_id, number, Some(corrects), *issued_at, version, at).await
        }
        OrderEvent::KsefSendStarted { document, xml_sha256, session_ref, offline, .. } => {
            update(guarded!("state = 'sent', xml_sha256 = $4, session_ref = $5, invoice_ref = null, offline = $6, rejection_code = null, rejection_reason = null"), document, version, at)
                .bind(xml_sha256)
                .bind(session_ref)
                .bind(offline)
                .execute(&mut *conn)
                .await
                .map(drop)
        }
        OrderEvent::KsefSent { document, invoice_ref, at: sent_at, .. } => {
            update(guarded!("state = 'sent', invoice_ref = $4, sent_at = $5"), document, version, at)
                .bind(invoice_ref)
                .bind(sent_at)
                .execute(&mut *conn)
                .await
                .map(drop)
        }
        OrderEvent::KsefAccepted { document, ksef_number, acquired_at, .. } => {
            update(guarded!("state = 'accepted', ksef_number = $4, accepted_at = $5, trouble = null, retry_at = null"), document, version, at)
                .bind(ksef_number)
                .bind(acquired_at)
                .execute(&mut *conn)
                .await
                .map(drop)
        }
        OrderEvent::KsefRejected { document, code, reason, .. } => {
            update(guarded!("state = 'rejected', rejection_code = $4, rejection_reason = $5"), document, version, at)
                .bind(code)
                .bind(reason)
                .execute(&mut *conn)
                .await
                .map(drop)
        }
        OrderEvent::KsefSendFailed { document, code, reason, retry_at, .. } => update(guarded!("state = case when offline then 'offline' else 'waiting' end, invoice_ref = null, trouble = $4, failed_sends = failed_sends + 1, retry_at = $5"), document, version, at)
        .bind(format!("{code}: {reason}"))
        .bind(retry_at)
        .execute(&mut *conn)
        .await
        .map(drop),
        OrderEvent::KsefWentOffline { document, deadline, .. } => update(guarded!("offline = true, deadline = $4, state = case when state = 'waiting' then 'offline' else state end"), document, version, at)
        .bind(deadline)
        .execute(&mut *conn)
        .await
        .map(drop),
        OrderEvent::KsefUpoReceived { document, upo, .. } => {
            update(guarded!("upo = $4"), document, version, at).bind(upo).execute(&mut *conn).await.map(drop)
        }
        OrderEvent::RejectedInvoiceAmended { document, .. } => update(guarded!("state = case when offline then 'offline' else 'waiting' end, xml_sha256 = null, session_ref = null, invoice_ref = null"), document, version, at)
        .execute(&mut *conn)
        .await
        .map(drop),
        _ => Ok(()),
    }
}

/// A document due for KSeF joins the queue (once).
async fn due(
    conn: &mut PgConnection,
    order_id: Uuid,
    number: &str,
    corrects: Option<&str>,
    issued_at: DateTime<Utc>,
    version: i64,
    at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into rm_ksef_documents (document_number, order_id, kind, corrects, state, issued_at, updated_at, version) \
         values ($1, $2, $3, $4, 'waiting', $5, $6, $7) on conflict (document_number) do nothing",
    )
    .bind(number)
    .bind(order_id)
    .bind(if corrects.is_some() { "correction" } else { "invoice" })
    .bind(corrects)
    .bind(issued_at)
    .bind(at)
    .bind(version)
    .execute(&mut *conn)
    .await
    .map(drop)
}

/// The guarded update `sql` of `document`'s row; the caller binds `$4…`.
fn update<'q>(
    sql: &'static str,
    document: &'q str,
    version: i64,
    at: DateTime<Utc>,
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    sqlx::query(sql).bind(document).bind(version).bind(at)
}
