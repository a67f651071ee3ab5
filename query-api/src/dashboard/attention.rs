//! What needs someone, as counts the home page links to the filtered lists with:
//! refunds the gateway refused (`refunds`, the refund sender's outbox), invoices waiting
//! for KSeF, sent offline or rejected by it, and those at risk of missing their legal day
//! to reach it (`projections::ksef_deadlines::near_count`, the same reading as the KSeF
//! alert), complaints whose open
//! deadline is within [`COMPLAINT_DAYS`] days (`rm_complaints`, counted as the complaint
//! list's `days_left` filter counts) and orders waiting for payment before they expire
//! (`rm_orders`), requests about personal data not answered yet (`privacy_requests`), and
//! courses that have not left 20 minutes after their time (`departure_alerts`), and refunds
//! waiting at the office's desk to be paid out (`refunds` owed there without a movement of
//! the till, `rm_till_movements`).

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use api_core::ApiError;

/// The most refused refunds the home page lists one by one (the oldest first); the count
/// says how many there are in all.
pub const FAILED_REFUNDS_LISTED: i64 = 20;

/// A complaint is near its deadline with this many days left or fewer (the home page's
/// link filters the complaint list by `days_left` at most this).
pub const COMPLAINT_DAYS: i32 = 7;

/// The counts of what needs someone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Attention {
    /// Refunds the payment gateway refused (they wait for someone).
    pub failed_refunds: i64,
    /// The refused refunds, the oldest first, at most [`FAILED_REFUNDS_LISTED`]: each
    /// names its own order, whose page shows the payments and the refund's attempts.
    #[sqlx(skip)]
    pub failed_refund_list: Vec<FailedRefund>,
    /// Invoices and corrections waiting to be sent to KSeF.
    pub ksef_waiting: i64,
    /// Issued in offline mode, not yet in KSeF.
    pub ksef_offline: i64,
    /// Rejected by KSeF.
    pub ksef_rejected: i64,
    /// Documents KSeF does not hold whose day to reach it (offline or not, extended by
    /// KSeF's announced outages) is on or before the next working day (the KSeF alert's).
    #[sqlx(skip)]
    pub ksef_deadlines: i64,
    /// Complaints not answered with [`COMPLAINT_DAYS`] days or fewer left.
    pub complaints_due: i64,
    /// Orders waiting for payment that have not expired yet.
    pub payments_due: i64,
    /// Requests about personal data not answered yet (each due within a month of receipt).
    pub privacy_requests: i64,
    /// Courses not marked as departed 20 minutes after their time (and announced delay):
    /// someone should announce a delay.
    pub late_departures: i64,
    /// Refunds owed at the office's desk (orders paid there) not yet paid out: the till's
    /// page lists them with a "pay out" action.
    pub desk_refunds: i64,
}

/// A refund the gateway refused, and the order it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct FailedRefund {
    pub refund_id: Uuid,
    pub order_id: Uuid,
    /// The order's number as people see it (empty until the orders read model has it).
    pub order_number: String,
    /// Grosz.
    pub amount: i64,
    /// When the refund was owed.
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The day it must be paid by: 14 days after it was owed (EU Regulation 181/2011,
    /// art. 19: a refund within 14 days), so the office sees how many days are left.
    pub pay_by: chrono::DateTime<chrono::Utc>,
}

/// The counts, on `today` (Warsaw), in one statement (and the KSeF alert's count, as the
/// alert reads it). Each reads a partial index
/// (migration 0083); `respond_by <= today + days` is implied by the deadline rule (the
/// first deadline comes before the second) and lets the complaints' index answer.
pub async fn counts(pool: &PgPool, today: NaiveDate) -> Result<Attention, ApiError> {
    let mut attention: Attention = sqlx::query_as(
        "select \
           (select count(*) from refunds where status = 'refused') as failed_refunds, \
           (select count(*) from rm_ksef_documents where state = 'waiting') as ksef_waiting, \
           (select count(*) from rm_ksef_documents where state = 'offline') as ksef_offline, \
           (select count(*) from rm_ksef_documents where state = 'rejected') as ksef_rejected, \
           (select count(*) from rm_complaints where answered_at is null and respond_by <= $1 + $2 \
              and (case when responded_at is null then respond_by else answer_by end) - $1 <= $2) as complaints_due, \
           (select count(*) from rm_orders where status = 'pending_payment' and expires_at > now()) as payments_due, \
           (select count(*) from privacy_requests where done_at is null) as privacy_requests, \
           (select count(*) from departure_alerts where resolved_at is null) as late_departures, \
           (select count(*) from refunds r where r.status in ('at_office', 'at_terminal') \
              and not exists (select 1 from rm_till_movements m where m.refund_id = r.refund_id)) as desk_refunds",
    )
    .bind(today)
    .bind(COMPLAINT_DAYS)
    .fetch_one(pool)
    .await?;
    attention.ksef_deadlines = projections::ksef_deadlines::near_count(pool, today).await?;
    attention.failed_refund_list = failed_refunds(pool).await?;
    Ok(attention)
}

/// The refused refunds, oldest first (the partial index `refunds_refused` of migration
/// 0083 reads them in order), each with its own order's number.
async fn failed_refunds(pool: &PgPool) -> Result<Vec<FailedRefund>, ApiError> {
    Ok(sqlx::query_as(
        "select f.refund_id, f.order_id, coalesce(nullif(o.number, ''), o.hash_id, '') as order_number, \
                f.amount, f.created_at, f.created_at + interval '14 days' as pay_by \
           from (select refund_id, order_id, amount, created_at from refunds where status = 'refused' \
                  order by created_at, refund_id limit $1) f \
           left join rm_orders o on o.order_id = f.order_id \
          order by f.created_at, f.refund_id",
    )
    .bind(FAILED_REFUNDS_LISTED)
    .fetch_all(pool)
    .await?)
}
