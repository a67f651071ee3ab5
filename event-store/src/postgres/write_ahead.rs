//! Rows written ahead of the events, in the same database.

use sqlx::PgPool;

/// Begins a transaction for rows that only have to exist before events this store appends
/// afterwards (a key the events are sealed with, the record of a placement about to hold
/// seats, an order's number), which commits without waiting for its WAL flush.
///
/// PostgreSQL's log is one sequence, and the events' own commit waits for the flush of
/// everything logged before it, these rows included: after a crash either the events and
/// the rows are both there, or the events are not (and rows lost with them were never
/// used). Under load an order wrote three such rows, each paying a flush wait on the
/// customer's time before its events paid their own. Only for events in this store:
/// events in another (KurrentDB) are not behind this log, and their rows must commit as
/// usual.
pub async fn begin_write_ahead(
    pool: &PgPool,
) -> std::result::Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("select set_config('synchronous_commit', 'off', true)").execute(&mut *tx).await?;
    Ok(tx)
}
