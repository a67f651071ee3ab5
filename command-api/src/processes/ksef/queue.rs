//! The sender's queue: the documents due for KSeF that are not final, in the order they
//! became due (`rm_ksef_documents.queue_position`).

use sqlx::PgPool;
use uuid::Uuid;

/// A document in the queue. Where it really stands is read from its order's stream.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct Queued {
    pub document_number: String,
    pub order_id: Uuid,
    /// The read model's state (`waiting`, `offline`, `sent`, `rejected`, `accepted`): enough to pass
    /// over a document a stopped round has nothing to do for without reading its stream.
    pub state: String,
    /// Started but not known to KSeF yet (no invoice reference): a crash's leftover
    /// that may have to be sent again.
    pub started: bool,
}

impl Queued {
    /// Whether the round may have to send it (the batch threshold counts these).
    pub fn to_send(&self) -> bool {
        self.started || self.state == "waiting" || self.state == "offline"
    }
}

/// Waiting, offline and sent documents, and offline ones KSeF rejected (a technical
/// correction may be due), oldest first.
pub(super) async fn due(pool: &PgPool) -> Result<Vec<Queued>, sqlx::Error> {
    sqlx::query_as(
        "select document_number, order_id, state, (state = 'sent' and invoice_ref is null) as started \
           from rm_ksef_documents where state in ('waiting', 'offline', 'sent') or (state = 'rejected' and offline) order by queue_position",
    )
    .fetch_all(pool)
    .await
}

/// Accepted documents without their UPO yet.
pub(super) async fn without_upo(pool: &PgPool) -> Result<Vec<Queued>, sqlx::Error> {
    sqlx::query_as(
        "select document_number, order_id, state, false as started from rm_ksef_documents \
          where state = 'accepted' and upo is null order by queue_position limit 500",
    )
    .fetch_all(pool)
    .await
}
