//! The `projection_checkpoints` table: where each projection stands.

use chrono::{DateTime, Utc};
use event_store::Position;
use sqlx::{PgConnection, PgPool};

use crate::ProjectionError;

/// Make sure the projection has a checkpoint row (at the start when new).
pub(crate) async fn ensure(pool: &PgPool, name: &str) -> Result<(), ProjectionError> {
    sqlx::query("insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing")
        .bind(name)
        .execute(pool)
        .await?;
    Ok(())
}

/// The stored position, read without a lock.
pub(crate) async fn load(pool: &PgPool, name: &str) -> Result<Option<Position>, ProjectionError> {
    let text: Option<Option<String>> =
        sqlx::query_scalar("select position from projection_checkpoints where name = $1")
            .bind(name)
            .fetch_optional(pool)
            .await?;
    parse(text.flatten())
}

/// The stored position, locked until the transaction ends.
/// Not `durable`: the transaction then commits without waiting for its WAL flush
/// ([`event_store::postgres::COMMIT_AHEAD`]).
pub(crate) async fn lock(
    conn: &mut PgConnection,
    name: &str,
    durable: bool,
) -> Result<Option<Position>, ProjectionError> {
    const DURABLE: &str = "select c.position from projection_checkpoints c where c.name = $1 for update of c";
    static AHEAD: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "select c.position from projection_checkpoints c cross join {} where c.name = $1 for update of c",
            event_store::postgres::COMMIT_AHEAD
        )
    });
    let sql = if durable { DURABLE } else { AHEAD.as_str() };
    let text: Option<String> = sqlx::query_scalar(sql).bind(name).fetch_one(&mut *conn).await?;
    parse(text)
}

/// Move the checkpoint past a batch of `count` events ending at `position`.
pub(crate) async fn advance(
    conn: &mut PgConnection,
    name: &str,
    position: Position,
    last_event_at: DateTime<Utc>,
    count: usize,
) -> Result<(), ProjectionError> {
    sqlx::query(
        "update projection_checkpoints set position = $2, last_event_at = $3, \
         events_processed = events_processed + $4, updated_at = now() where name = $1",
    )
    .bind(name)
    .bind(position.to_string())
    .bind(last_event_at)
    .bind(count as i64)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Back to the start (for a rebuild).
pub(crate) async fn reset(conn: &mut PgConnection, name: &str) -> Result<(), ProjectionError> {
    sqlx::query(
        "update projection_checkpoints set position = null, last_event_at = null, events_processed = 0, \
         updated_at = now() where name = $1",
    )
    .bind(name)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn parse(text: Option<String>) -> Result<Option<Position>, ProjectionError> {
    Ok(text.map(|t| t.parse()).transpose()?)
}

/// Whether projection `name` has applied every event up to `position` (its checkpoint
/// is there or past it): what a command waits for before it answers from a read model.
pub async fn reached(pool: &PgPool, name: &str, position: Position) -> Result<bool, ProjectionError> {
    Ok(load(pool, name).await?.is_some_and(|at| at >= position))
}

/// How often [`wait_until_reached`] looks at the checkpoint.
const PAUSE: std::time::Duration = std::time::Duration::from_millis(15);

/// Waits until projection `name` has [`reached`] `position`, for at most `patience`;
/// whether it did. A write that answers from a read model's point of view (the admin's
/// list reloaded right after a save) waits here, so the row it just wrote is there.
pub async fn wait_until_reached(
    pool: &PgPool,
    name: &str,
    position: Position,
    patience: std::time::Duration,
) -> Result<bool, ProjectionError> {
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        if reached(pool, name, position).await? {
            return Ok(true);
        }
        if tokio::time::Instant::now() >= deadline {
            return Ok(false);
        }
        tokio::time::sleep(PAUSE).await;
    }
}
