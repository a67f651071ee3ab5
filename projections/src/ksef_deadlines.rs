//! The offline documents whose legal deadline is near (`rm_ksef_documents`): the one
//! reading of "which deadlines need attention" the admin panel's alert, the daily
//! report's KSeF section and `coach finance ksef status` share. Near is the domain's
//! rule ([`domain::order::deadline_is_near`]: on or before the next working day); a
//! document counts while KSeF does not hold it: waiting, offline, rejected, or started
//! without KSeF's reference yet (`sent` with no `invoice_ref`: the sender resumes it).
//! A document KSeF took in (`sent` with its reference, `accepted`) met its deadline.

use chrono::NaiveDate;
use domain::order::alert_cutoff;
use sqlx::PgPool;
use uuid::Uuid;

/// The condition on `rm_ksef_documents` (as `k`) of an offline document KSeF does not
/// hold yet.
pub const NOT_IN_KSEF: &str = "k.deadline is not null and (k.state in ('waiting', 'offline', 'rejected') \
    or (k.state = 'sent' and k.invoice_ref is null))";

/// An offline document whose deadline is near.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct NearDeadline {
    pub document_number: String,
    pub order_id: Uuid,
    /// `waiting`, `offline`, `sent` (started) or `rejected`.
    pub state: String,
    pub deadline: NaiveDate,
}

/// The offline documents KSeF does not hold whose deadline is near on `today` (Warsaw),
/// the earliest first (at most `limit`).
pub async fn near_deadlines(pool: &PgPool, today: NaiveDate, limit: i64) -> Result<Vec<NearDeadline>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select k.document_number, k.order_id, k.state, k.deadline from rm_ksef_documents k \
          where {NOT_IN_KSEF} and k.deadline <= $1 order by k.deadline, k.queue_position limit $2"
    ))
    .bind(alert_cutoff(today))
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The nearest deadline of an offline document KSeF does not hold, and its document.
pub async fn nearest_deadline(pool: &PgPool) -> Result<Option<(String, NaiveDate)>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select k.document_number, k.deadline from rm_ksef_documents k \
          where {NOT_IN_KSEF} order by k.deadline, k.queue_position limit 1"
    ))
    .fetch_optional(pool)
    .await
}
