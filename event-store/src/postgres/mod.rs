//! The PostgreSQL event store, the embedded default.
//!
//! Layout and invariants are in `schema/migrations/0001_event_store.sql`. In short:
//! - appends are group-committed ([`group_commit`]): concurrent appends to different
//!   streams are written by one statement, in one transaction, each with its own
//!   all-or-nothing expected-version check; an append alone is one statement that checks
//!   the expected version, inserts the events and answers the last position. Whatever the
//!   fast statements cannot settle (a failed check, a lost race, a repeat) goes to the
//!   `es_append` function, which tells idempotent repeats from conflicts and names the
//!   error. Each caller hears its outcome only after its transaction committed;
//! - the global order is `(tx_id, seq)`, and readers of "all" read only below the oldest
//!   transaction in flight that appends (marked before it has an id, migration 0122), so
//!   a late-committing append is never skipped and other transactions hold no reader back;
//! - live subscribers are woken at once by appends in this process and, through a
//!   coalesced `NOTIFY es_events` sent after the append commits, in other processes.
//!   The NOTIFY is deliberately not part of the append's transaction: PostgreSQL
//!   serialises committing transactions that notify, which would cap append throughput.

mod group_commit;
mod lag;
mod metadata;
mod rows;
mod subscription;
mod tail;
mod wakeup;
mod write_ahead;

use std::sync::Arc;

use async_trait::async_trait;
use sqlx::postgres::{PgDatabaseError, PgPool};
use sqlx::PgConnection;

use crate::model::{
    AppendResult, Direction, ExpectedVersion, Head, Lag, NewEvent, Position, ReadFrom, RecordedEvent, StreamName,
    SubscriptionFilter,
};
use crate::{CheckpointedSubscription, EventStore, EventSubscription, Result, StoreError};
use group_commit::GroupCommit;
use rows::{EventRow, RECORDED_COLUMNS};
use wakeup::Wakeup;
pub use write_ahead::COMMIT_AHEAD;

/// Events fetched per query by a catching-up subscriber (the reading task holds at most
/// this many, and its channel two batches more).
const SUBSCRIPTION_BATCH: i64 = 5_000;
/// How often an append with `ExpectedVersion::Any` retries after losing a race.
const ANY_RETRIES: usize = 20;

/// The PostgreSQL event store. Cheap to clone; clones share the pool and wake-ups.
#[derive(Clone)]
pub struct PgEventStore {
    pool: PgPool,
    wakeup: Arc<Wakeup>,
    group_commit: Arc<GroupCommit>,
    pace: subscription::Pace,
    /// The live end, read once for every subscriber of this store and its clones.
    tail: Arc<tail::Tail>,
}

impl PgEventStore {
    /// A store on `pool`, whose database has the `schema` migrations applied.
    /// Must be called inside a Tokio runtime (it starts the wake-up and committer tasks).
    pub fn new(pool: PgPool) -> Self {
        let wakeup = Arc::new(Wakeup::start(pool.clone()));
        let group_commit = Arc::new(GroupCommit::start(pool.clone(), group_commit::COMMITTERS));
        let pace = subscription::Pace::default();
        let tail = tail::Tail::new(pool.clone(), wakeup.subscribe(), pace);
        PgEventStore { pool, wakeup, group_commit, pace, tail }
    }

    /// A new shared reader with the current pace (before any subscriber started).
    fn repaced(mut self) -> Self {
        self.tail = tail::Tail::new(self.pool.clone(), self.wakeup.subscribe(), self.pace);
        self
    }

    fn reader(&self) -> subscription::Reader {
        subscription::Reader { wakeups: self.wakeup.subscribe(), pace: self.pace, tail: self.tail.clone() }
    }

    /// The same store, whose idle subscribers poll every `interval` when no wake-up
    /// arrives (default 500 ms).
    pub fn with_poll_interval(mut self, interval: std::time::Duration) -> Self {
        self.pace.poll_interval = interval;
        self.repaced()
    }

    /// The same store, whose live subscribers start a read at most once per `interval`
    /// (default 20 ms; zero reads on every wake-up).
    pub fn with_min_round(mut self, interval: std::time::Duration) -> Self {
        self.pace.min_round = interval;
        self.repaced()
    }

    /// The same store, whose shared reader starts a round at most once per `interval`
    /// after a busy one (default 60 ms; at most `min_round` has no effect).
    pub fn with_busy_round(mut self, interval: std::time::Duration) -> Self {
        self.pace.busy_round = interval;
        self.repaced()
    }

    /// The pool the store uses.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Append inside the caller's transaction (for tests of commit ordering and for
    /// writers that must store something beside the events atomically). The caller
    /// must call [`PgEventStore::wake_subscribers`] after committing.
    pub async fn append_in(
        &self,
        conn: &mut PgConnection,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: &[NewEvent],
    ) -> Result<AppendResult> {
        append_once(conn, stream, expected, events, true).await
    }

    /// Wake live subscribers here and in other processes.
    pub fn wake_subscribers(&self) {
        self.wakeup.appended();
    }
}

/// The single-append path, on a connection of its own: the one-statement append, then
/// `es_append` for whatever it cannot settle; an append with `ExpectedVersion::Any` that
/// loses a race tries again.
async fn append_individually(
    pool: &PgPool,
    stream: &StreamName,
    expected: ExpectedVersion,
    events: &[NewEvent],
) -> Result<AppendResult> {
    let mut attempt = 0;
    loop {
        let mut conn = pool.acquire().await?;
        match append_once(&mut conn, stream, expected, events, false).await {
            // `Any` has no version to be wrong about: a lost race just means retry.
            Err(StoreError::WrongExpectedVersion { .. })
                if expected == ExpectedVersion::Any && attempt < ANY_RETRIES =>
            {
                attempt += 1;
            }
            other => return other,
        }
    }
}

fn expected_code(expected: ExpectedVersion) -> Result<i64> {
    Ok(match expected {
        ExpectedVersion::Exact(v) => {
            i64::try_from(v).map_err(|_| StoreError::InvalidEvent(format!("expected version {v} is too large")))?
        }
        ExpectedVersion::NoStream => -1,
        ExpectedVersion::Any => -2,
        ExpectedVersion::StreamExists => -3,
    })
}

#[tracing::instrument(skip(conn, events), fields(stream = %stream, n = events.len()))]
async fn append_once(
    conn: &mut PgConnection,
    stream: &StreamName,
    expected: ExpectedVersion,
    events: &[NewEvent],
    in_transaction: bool,
) -> Result<AppendResult> {
    NewEvent::check_batch(events)?;
    let ids: Vec<uuid::Uuid> = events.iter().map(|e| e.id).collect();
    let types: Vec<&str> = events.iter().map(|e| e.event_type.as_str()).collect();
    let data: Vec<&str> = events.iter().map(|e| e.data.get()).collect();
    let meta: Vec<String> = events
        .iter()
        .map(|e| serde_json::to_string(&e.metadata))
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::InvalidEvent(e.to_string()))?;

    let code = expected_code(expected)?;
    let row: std::result::Result<Option<(i64, i64, i64)>, sqlx::Error> = if in_transaction {
        // Inside the caller's transaction a unique violation would abort it: go straight
        // to the function, which never raises one.
        Ok(None)
    } else {
        sqlx::query_as(FAST_APPEND)
            .bind(stream.as_str())
            .bind(code)
            .bind(&ids)
            .bind(&types)
            .bind(&data)
            .bind(&meta)
            .fetch_optional(&mut *conn)
            .await
    };
    let row = match row {
        Ok(Some(row)) => Ok(row),
        // The check failed, a concurrent writer won the version (23505), or we are in a
        // transaction: es_append sorts out idempotent repeats and names the error.
        Ok(None) => append_checked(conn, stream, code, &ids, &types, &data, &meta).await,
        Err(sqlx::Error::Database(db)) if db.code().as_deref() == Some("23505") => {
            append_checked(conn, stream, code, &ids, &types, &data, &meta).await
        }
        Err(e) => Err(e),
    };
    match row {
        Ok((version, tx_id, seq)) => Ok(AppendResult {
            next_expected_version: version as u64,
            position: Position::new(tx_id as u64, seq as u64),
        }),
        Err(err) => Err(map_append_error(err, stream, expected, &ids)),
    }
}

/// The common case in one statement, without PL/pgSQL or `on conflict`: read the stream's
/// version, check it, insert. No row back means the check failed; a unique violation means
/// a concurrent writer won. Both fall back to [`append_checked`].
const FAST_APPEND: &str = "\
    with cur as materialized (select coalesce((select version from es_events where stream_id = $1 \
                                  order by version desc limit 1), -1) as v), \
         ok as (select v from cur where case when $2 >= 0 then v = $2 when $2 = -1 then v = -1 \
                                            when $2 = -3 then v >= 0 else true end), \
         ins as (insert into es_events (stream_id, version, event_id, event_type, data, metadata) \
                 select $1, ok.v + i.ord, i.id, i.typ, i.dat::json, i.met::json \
                   from ok, unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) \
                        with ordinality as i(id, typ, dat, met, ord) \
                 returning version, tx_id, seq) \
    select version, tx_id, seq from ins order by version desc limit 1";

/// The careful path: `es_append` checks, detects idempotent repeats and raises typed errors.
async fn append_checked(
    conn: &mut PgConnection,
    stream: &StreamName,
    code: i64,
    ids: &[uuid::Uuid],
    types: &[&str],
    data: &[&str],
    meta: &[String],
) -> std::result::Result<(i64, i64, i64), sqlx::Error> {
    sqlx::query_as("select * from es_append($1, $2, $3, $4, $5::text[]::json[], $6::text[]::json[])")
        .bind(stream.as_str())
        .bind(code)
        .bind(ids)
        .bind(types)
        .bind(data)
        .bind(meta)
        .fetch_one(&mut *conn)
        .await
}

fn map_append_error(
    err: sqlx::Error,
    stream: &StreamName,
    expected: ExpectedVersion,
    ids: &[uuid::Uuid],
) -> StoreError {
    if let sqlx::Error::Database(db) = &err {
        match db.code().as_deref() {
            Some("CES01") => {
                let detail = db.try_downcast_ref::<PgDatabaseError>().and_then(|e| e.detail());
                return StoreError::WrongExpectedVersion {
                    stream: stream.to_string(),
                    expected,
                    actual: detail.and_then(|d| d.parse().ok()),
                };
            }
            Some("CES02") => return StoreError::DuplicateEventId(ids[0]),
            // jsonb refuses some texts serde accepts (e.g. escaped lone surrogates).
            Some(code) if code.starts_with("22") => return StoreError::InvalidEvent(db.message().to_string()),
            _ => {}
        }
    }
    StoreError::from(err)
}

#[async_trait]
impl EventStore for PgEventStore {
    async fn append(
        &self,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult> {
        let result = self.group_commit.append(stream, expected, events).await?;
        // The answer came after the commit: subscribers can see the events now.
        self.wakeup.appended();
        Ok(result)
    }

    async fn read_stream(
        &self,
        stream: &StreamName,
        from: ReadFrom,
        direction: Direction,
        limit: usize,
    ) -> Result<Vec<RecordedEvent>> {
        let limit = clamp_limit(limit);
        let (op, order) = match direction {
            Direction::Forwards => (">=", "asc"),
            Direction::Backwards => ("<=", "desc"),
        };
        let from_version: i64 = match (from, direction) {
            (ReadFrom::Start, Direction::Forwards) => 0,
            (ReadFrom::Start, Direction::Backwards) => 0,
            (ReadFrom::End, Direction::Forwards) => i64::MAX,
            (ReadFrom::End, Direction::Backwards) => i64::MAX,
            (ReadFrom::Version(v), _) => i64::try_from(v).unwrap_or(i64::MAX),
        };
        let sql = format!(
            "select {RECORDED_COLUMNS} from es_events where stream_id = $1 and version {op} $2 \
             order by version {order} limit $3"
        );
        let rows: Vec<EventRow> = sqlx::query(&sql)
            .bind(stream.as_str())
            .bind(from_version)
            .bind(limit)
            .try_map(rows::decoder())
            .fetch_all(&self.pool)
            .await?;
        if rows.is_empty() {
            let exists: bool = sqlx::query_scalar("select exists(select 1 from es_events where stream_id = $1)")
                .bind(stream.as_str())
                .fetch_one(&self.pool)
                .await?;
            if !exists {
                return Err(StoreError::StreamNotFound(stream.to_string()));
            }
        }
        rows.into_iter().map(EventRow::into_recorded).collect()
    }

    async fn read_all(&self, after: Option<Position>, limit: usize) -> Result<Vec<RecordedEvent>> {
        if let Some(p) = after {
            self.check_position(p).await?;
        }
        let (rows, _) = rows::read_stable(&self.pool, after, &SubscriptionFilter::All, clamp_limit(limit)).await?;
        rows.into_iter().map(EventRow::into_recorded).collect()
    }

    async fn subscribe_all(&self, after: Option<Position>, filter: SubscriptionFilter) -> Result<EventSubscription> {
        if let Some(p) = after {
            self.check_position(p).await?;
        }
        Ok(subscription::start(self.pool.clone(), self.reader(), after, filter))
    }

    async fn subscribe_all_checkpointed(
        &self,
        after: Option<Position>,
        filter: SubscriptionFilter,
    ) -> Result<CheckpointedSubscription> {
        if let Some(p) = after {
            self.check_position(p).await?;
        }
        Ok(subscription::start_checkpointed(self.pool.clone(), self.reader(), after, filter))
    }

    async fn head(&self) -> Result<Option<Head>> {
        // Below no horizon at all: the newest committed event, readable or not yet.
        rows::last_below(&self.pool, i64::MAX).await
    }

    async fn count_after(&self, after: Option<Position>, cap: u64) -> Result<u64> {
        lag::count_after(&self.pool, after, cap).await
    }

    async fn lag_after(&self, positions: &[Option<Position>], cap: u64) -> Result<Vec<Lag>> {
        match lag::from_the_end(&self.pool, &self.tail, positions, cap).await? {
            Some(lags) => Ok(lags),
            // The end read stopped at the cap, short of the higher positions' events: a
            // reader that far behind is rare, so each is asked for on its own.
            None => crate::lag_one_by_one(self, positions, cap).await,
        }
    }

    fn kind(&self) -> &'static str {
        "postgres"
    }
}

impl PgEventStore {
    async fn check_position(&self, p: Position) -> Result<()> {
        let (tx, seq) = rows::position_args(Some(p));
        let exists: bool = sqlx::query_scalar("select exists(select 1 from es_events where tx_id = $1 and seq = $2)")
            .bind(tx)
            .bind(seq)
            .fetch_one(&self.pool)
            .await?;
        if exists {
            Ok(())
        } else {
            Err(StoreError::PositionNotFound(p))
        }
    }
}

fn clamp_limit(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX).clamp(0, 100_000)
}
