//! How far readers are behind the store's end ([`crate::EventStore::count_after`],
//! [`crate::EventStore::lag_after`]).
//!
//! The status page asks for the lag of every projection and process at once, and under
//! load it is asked often. A reader within the shared reader's window ([`Tail`]) is
//! answered from memory for the events up to the window's scan, and every such reader
//! shares one read of what lies after it (a few rounds' worth at most): the work no longer
//! grows with how far behind the readers are. Readers behind the window are counted from
//! one read of the store's end, as before.

use sqlx::PgPool;

use super::rows;
use super::tail::Tail;
use crate::{Lag, Position, Result};

/// [`Lag`] after each of `positions`: from the window where it covers them, from the table
/// for the rest. `None` when the table's read stopped at the cap, short of some higher
/// positions' events. (A committed event is counted even while an older transaction is
/// still in flight, as `count_after` counts it.)
pub(super) async fn from_the_end(
    pool: &PgPool,
    tail: &Tail,
    positions: &[Option<Position>],
    cap: u64,
) -> Result<Option<Vec<Lag>>> {
    let mut lags: Vec<Option<Lag>> = vec![None; positions.len()];
    if let Some(window) = tail.lag_within(positions) {
        if window.lags.iter().any(Option::is_some) {
            // The events after the window's scan: after every covered position, all of them.
            let rest = after(pool, window.scanned, cap).await?;
            for (lag, within) in lags.iter_mut().zip(window.lags) {
                *lag = within.map(|w| Lag {
                    events: (w.events + rest.events).min(cap),
                    oldest_at: w.oldest_at.into_iter().chain(rest.oldest_at).min(),
                });
            }
        }
    }
    let behind: Vec<Option<Position>> =
        positions.iter().zip(&lags).filter(|(_, lag)| lag.is_none()).map(|(&p, _)| p).collect();
    let mut counted = match from_the_table(pool, &behind, cap).await? {
        Some(counted) => counted.into_iter(),
        None => return Ok(None),
    };
    Ok(Some(lags.into_iter().map(|lag| lag.or_else(|| counted.next()).unwrap_or_default()).collect()))
}

/// The events after `after` (up to `cap`) and the oldest one's time, in one read.
async fn after(pool: &PgPool, after: Option<Position>, cap: u64) -> Result<Lag> {
    let (tx, seq) = rows::position_args(after);
    let (events, oldest_at): (i64, Option<chrono::DateTime<chrono::Utc>>) = sqlx::query_as(
        "select count(*), min(recorded_at) from \
         (select recorded_at from es_events where (tx_id, seq) > ($1, $2) order by tx_id, seq limit $3) t",
    )
    .bind(tx)
    .bind(seq)
    .bind(i64::try_from(cap).unwrap_or(i64::MAX))
    .fetch_one(pool)
    .await?;
    Ok(Lag { events: events as u64, oldest_at })
}

/// [`Lag`] after each of `positions`, from one read of the store's end: its first `cap`
/// events after the lowest position, each position counting those after it. `None` when
/// that read stopped at the cap, short of the higher positions' events.
async fn from_the_table(pool: &PgPool, positions: &[Option<Position>], cap: u64) -> Result<Option<Vec<Lag>>> {
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sqlx::PgPool;

    use super::super::PgEventStore;
    use crate::conformance::event;
    use crate::{Direction, EventStore, ExpectedVersion, Position, ReadFrom, StreamName, SubscriptionFilter};

    /// Wait until the shared reader's window covers `at` (`None`: until it is open).
    async fn window_reaches(store: &PgEventStore, at: Option<Position>) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let covered = match at {
                None => store.tail.lag_within(&[]).is_some(),
                Some(p) => store.tail.lag_within(&[Some(p)]).is_some_and(|w| w.lags[0].is_some()),
            };
            if covered {
                return;
            }
            assert!(tokio::time::Instant::now() < deadline, "the window never reached {at:?}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    #[sqlx::test(migrator = "schema::MIGRATOR")]
    async fn readers_in_the_window_are_counted_as_the_table_counts_them(pool: PgPool) {
        let store = PgEventStore::new(pool.clone());
        let s = StreamName::parse("lag-window").unwrap();
        let mut at = Vec::new();
        let append = async |at: &mut Vec<Position>| {
            let expected = match at.len() {
                0 => ExpectedVersion::NoStream,
                n => ExpectedVersion::Exact(n as u64 - 1),
            };
            at.push(store.append(&s, expected, vec![event(at.len() as u64)]).await.unwrap().position);
        };
        for _ in 0..3 {
            append(&mut at).await;
        }
        // A subscriber starts the shared reader, whose window opens at the store's end.
        let _subscriber = store.subscribe_all(None, SubscriptionFilter::All).await.unwrap();
        window_reaches(&store, None).await;
        for _ in 3..7 {
            append(&mut at).await;
        }
        window_reaches(&store, Some(at[6])).await;
        // An appending transaction held open, and two events committed after it: counted
        // (as `count_after` counts them), though no reader may read them yet.
        let mut open = pool.begin().await.unwrap();
        let other = StreamName::parse("lag-window-open").unwrap();
        store.append_in(&mut open, &other, ExpectedVersion::NoStream, &[event(0)]).await.unwrap();
        for _ in 7..9 {
            append(&mut at).await;
        }

        let positions = [None, Some(at[0]), Some(at[2]), Some(at[4]), Some(at[6]), Some(at[8])];
        let window = store.tail.lag_within(&positions).unwrap();
        let covered: Vec<bool> = window.lags.iter().map(Option::is_some).collect();
        assert_eq!(covered, [false, false, true, true, true, false], "the window begins at the third event");

        let lags = store.lag_after(&positions, 1_000_000).await.unwrap();
        let counts: Vec<u64> = lags.iter().map(|lag| lag.events).collect();
        assert_eq!(counts, [9, 8, 6, 4, 2, 0]);
        for (p, lag) in positions.iter().zip(&lags) {
            assert_eq!(lag.events, store.count_after(*p, 1_000_000).await.unwrap(), "as count_after counts");
        }
        // Appended one at a time, so the oldest after each position is the next event.
        let events = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 9).await.unwrap();
        let oldest: Vec<_> = lags.iter().map(|lag| lag.oldest_at).collect();
        let next = |i: usize| Some(events[i].recorded_at);
        assert_eq!(oldest, [next(0), next(1), next(3), next(5), next(7), None]);

        // Capped: each counts at most the cap, from the window as from the table.
        let capped = store.lag_after(&[Some(at[0]), Some(at[2]), Some(at[6])], 3).await.unwrap();
        assert_eq!(capped.iter().map(|lag| lag.events).collect::<Vec<_>>(), [3, 3, 2]);
        open.rollback().await.unwrap();
    }
}
