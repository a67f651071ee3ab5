//! Erasures asked for and not yet possible (`privacy_pending`): what the law keeps for now
//! waits with the first instant it may go, and the sweep erases it then.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::{Kept, Request};

/// `kept` of `order_id` waits for its instant (a later request replaces an earlier one).
pub async fn wait(pool: &PgPool, order_id: Uuid, kept: &Kept, request: &Request<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into privacy_pending (subject, order_id, not_before, why, requested_by, reason, actor)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (subject) do update set not_before = excluded.not_before, why = excluded.why,
             requested_by = excluded.requested_by, reason = excluded.reason, actor = excluded.actor,
             requested_at = now()",
    )
    .bind(kept.subject.as_str())
    .bind(order_id)
    .bind(kept.until)
    .bind(kept.why.code())
    .bind(request.by)
    .bind(request.reason)
    .bind(request.actor.code())
    .execute(pool)
    .await?;
    Ok(())
}

/// The orders with a pending erasure due by `as_of`, with who asked (the actor, the
/// account) and why.
pub async fn due(
    pool: &PgPool,
    as_of: DateTime<Utc>,
) -> Result<Vec<(Uuid, String, Option<Uuid>, String)>, sqlx::Error> {
    sqlx::query_as(
        "select distinct on (order_id) order_id, actor, requested_by, reason from privacy_pending
         where not_before <= $1 order by order_id, requested_at",
    )
    .bind(as_of)
    .fetch_all(pool)
    .await
}

/// Done: of `order_id`'s subjects, only those still `kept` wait.
pub async fn settle(pool: &PgPool, order_id: Uuid, kept: &[String]) -> Result<(), sqlx::Error> {
    sqlx::query("delete from privacy_pending where order_id = $1 and subject <> all($2)")
        .bind(order_id)
        .bind(kept)
        .execute(pool)
        .await?;
    Ok(())
}
