//! How far readers are behind the store's end ([`crate::EventStore::count_after`],
//! [`crate::EventStore::lag_after`]).

use sqlx::PgPool;

use super::rows;
use crate::{Lag, Position, Result};

/// [`Lag`] after each of `positions`, from one read of the store's end: its first `cap`
/// events after the lowest position, each position counting those after it. `None` when
/// that read stopped at the cap, short of the higher positions' events. (A committed event
/// is counted even while an older transaction is still in flight, as `count_after` counts
/// it.)
pub(super) async fn from_the_end(pool: &PgPool, positions: &[Option<Position>], cap: u64) -> Result<Option<Vec<Lag>>> {
    let Some(lowest) = positions.iter().min().copied() else { return Ok(Some(Vec::new())) };
    let (txs, seqs): (Vec<i64>, Vec<i64>) = positions.iter().map(|&p| rows::position_args(p)).unzip();
    let (tx, seq) = rows::position_args(lowest);
    let found: Vec<(i64, i64, Option<chrono::DateTime<chrono::Utc>>)> = sqlx::query_as(
        "with reader as (select * from unnest($1::bigint[], $2::bigint[]) with ordinality as r(tx_id, seq, i)), \
              tail as (select tx_id, seq, recorded_at from es_events where (tx_id, seq) > ($3, $4) \
                       order by tx_id, seq limit $5) \
         select r.i, count(t.seq), min(t.recorded_at) \
         from reader r left join tail t on (t.tx_id, t.seq) > (r.tx_id, r.seq) \
         group by r.i order by r.i",
    )
    .bind(&txs)
    .bind(&seqs)
    .bind(tx)
    .bind(seq)
    .bind(i64::try_from(cap).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    let lags: Vec<Lag> =
        found.into_iter().map(|(_, events, oldest_at)| Lag { events: events as u64, oldest_at }).collect();
    Ok((!lags.iter().any(|lag| lag.events >= cap)).then_some(lags))
}

/// Committed events after `after`, counted up to `cap`.
pub(super) async fn count_after(pool: &PgPool, after: Option<Position>, cap: u64) -> Result<u64> {
    let (tx, seq) = rows::position_args(after);
    let n: i64 =
        sqlx::query_scalar("select count(*) from (select 1 from es_events where (tx_id, seq) > ($1, $2) limit $3) t")
            .bind(tx)
            .bind(seq)
            .bind(i64::try_from(cap).unwrap_or(i64::MAX))
            .fetch_one(pool)
            .await?;
    Ok(n as u64)
}
