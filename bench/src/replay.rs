//! Replays of the whole store: `subscribe_all` into a no-op consumer, and projections run
//! by `projections::Runner`, each with its peak memory.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use async_trait::async_trait;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, RecordedEvent, SubscriptionFilter};
use futures::StreamExt;
use projections::{Projection, ProjectionError, Runner, RunnerConfig};
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;

/// The bench's read table, created by the bench (not a migration).
const READ_TABLE: &str = "create table if not exists bench_read_events (
    event_id    uuid        primary key,
    stream_id   text        not null,
    version     bigint      not null,
    event_type  text        not null,
    position    text        not null,
    recorded_at timestamptz not null
)";

/// How long a replay may go without progress before the bench gives up.
const STALL: Duration = Duration::from_secs(120);

pub async fn create_table(pool: &PgPool) -> Result<()> {
    sqlx::raw_sql(READ_TABLE).execute(pool).await.context("create bench_read_events")?;
    Ok(())
}

/// One replay: how many events, how long, the process's peak resident memory during it.
pub struct Replay {
    pub events: u64,
    pub elapsed: Duration,
    pub peak_mib: f64,
    /// Resident memory when the peak was reset, before the replay.
    pub start_mib: f64,
}

impl Replay {
    pub fn events_per_sec(&self) -> f64 {
        self.events as f64 / self.elapsed.as_secs_f64()
    }
}

/// A projection that does nothing with its events (the runner still moves its checkpoint
/// in one transaction per batch).
struct Noop;

#[async_trait]
impl Projection for Noop {
    fn name(&self) -> &'static str {
        "bench_noop"
    }

    async fn apply(&self, _conn: &mut PgConnection, _events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        Ok(())
    }

    async fn reset(&self, _conn: &mut PgConnection) -> Result<(), ProjectionError> {
        Ok(())
    }
}

/// A projection that writes one row per event into `bench_read_events`, with one
/// multi-row statement (UNNEST of arrays) per batch; idempotent by event id.
struct ReadTable {
    name: &'static str,
}

#[async_trait]
impl Projection for ReadTable {
    fn name(&self) -> &'static str {
        self.name
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let n = events.len();
        let (mut ids, mut streams, mut versions) =
            (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
        let (mut types, mut positions, mut ats) = (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
        for e in events {
            ids.push(e.id);
            streams.push(e.stream.as_str());
            versions.push(e.version as i64);
            types.push(e.event_type.as_str());
            positions.push(e.position.to_string());
            ats.push(e.recorded_at);
        }
        sqlx::query(
            "insert into bench_read_events (event_id, stream_id, version, event_type, position, recorded_at) \
             select * from unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[]) \
             on conflict (event_id) do nothing",
        )
        .bind(&ids)
        .bind(&streams)
        .bind(&versions)
        .bind(&types)
        .bind(&positions)
        .bind(&ats)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate bench_read_events").execute(&mut *conn).await?;
        Ok(())
    }
}

/// Empty the store and the bench tables so that the replay reads exactly the events the
/// fill appends.
pub async fn empty_store(pool: &PgPool) -> Result<()> {
    sqlx::raw_sql("truncate es_events, projection_checkpoints, bench_read_events, bench_raw_events")
        .execute(pool)
        .await
        .context("empty the store before the replay")?;
    Ok(())
}

/// `VACUUM ANALYZE` the events: hint bits and the visibility map set, statistics fresh, as
/// on a store that has been up for a while (and the table is in the page cache).
pub async fn settle(pool: &PgPool) -> Result<u64> {
    sqlx::raw_sql("vacuum analyze es_events").execute(pool).await.context("vacuum es_events")?;
    let n: i64 = sqlx::query_scalar("select count(*) from es_events").fetch_one(pool).await.context("count events")?;
    Ok(n as u64)
}

/// The raw write of the same rows: one `INSERT .. SELECT` of every event into the read
/// table, in the global order, in one transaction. Answers rows and time; empties the
/// table again.
pub async fn raw_insert_select(pool: &PgPool) -> Result<(u64, Duration)> {
    sqlx::query("truncate bench_read_events").execute(pool).await.context("empty bench_read_events")?;
    let started = Instant::now();
    let done = sqlx::query(
        "insert into bench_read_events (event_id, stream_id, version, event_type, position, recorded_at) \
         select event_id, stream_id, version, event_type, tx_id || '/' || seq, recorded_at \
         from es_events order by tx_id, seq",
    )
    .execute(pool)
    .await
    .context("INSERT .. SELECT into bench_read_events")?;
    let elapsed = started.elapsed();
    sqlx::query("truncate bench_read_events").execute(pool).await.context("empty bench_read_events")?;
    Ok((done.rows_affected(), elapsed))
}

/// `subscribe_all(None, All)`, consumed to the `expected`-th event by a consumer that
/// only counts.
pub async fn subscribe_noop(store: &PgEventStore, expected: u64) -> Result<Replay> {
    let memory = PeakMemory::reset()?;
    let started = Instant::now();
    let mut subscription =
        store.subscribe_all(None, SubscriptionFilter::All).await.context("subscribe to all events")?;
    let mut seen = 0u64;
    let mut bytes = 0usize;
    while seen < expected {
        let event = tokio::time::timeout(STALL, subscription.next())
            .await
            .with_context(|| format!("no event for {STALL:?} after {seen} events"))?;
        match event {
            Some(Ok(e)) => {
                bytes += e.data.len();
                seen += 1;
            }
            Some(Err(e)) => return Err(e).context("the subscription failed"),
            None => bail!("the subscription ended after {seen} of {expected} events"),
        }
    }
    let elapsed = started.elapsed();
    drop(subscription);
    std::hint::black_box(bytes);
    memory.finish(seen, elapsed)
}

/// Which runner entry point replays a projection.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `Runner::run`: the live subscription (`subscribe_all` from the checkpoint), until
    /// the checkpoint has counted every event.
    Subscription,
    /// `Runner::catch_up`: pages of `read_all` to the head.
    CatchUp,
}

/// Which projection to replay into.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Noop,
    ReadTable,
}

/// Replay every event into a projection with `RunnerConfig::default()`, but for the batch
/// size when one is given.
pub async fn project(
    store: &PgEventStore,
    pool: &PgPool,
    target: Target,
    mode: Mode,
    expected: u64,
    batch_size: Option<usize>,
) -> Result<Replay> {
    let projection: Arc<dyn Projection> = match (target, mode) {
        (Target::Noop, _) => Arc::new(Noop),
        (Target::ReadTable, Mode::Subscription) => Arc::new(ReadTable { name: "bench_read_live" }),
        (Target::ReadTable, Mode::CatchUp) => Arc::new(ReadTable { name: "bench_read_catch_up" }),
    };
    sqlx::query("truncate bench_read_events").execute(pool).await.context("empty bench_read_events")?;
    sqlx::query("delete from projection_checkpoints where name = $1")
        .bind(projection.name())
        .execute(pool)
        .await
        .context("forget the projection's checkpoint")?;
    let mut config = RunnerConfig::default();
    if let Some(size) = batch_size {
        config.batch_size = size;
    }
    let runner = Runner::new(Arc::new(store.clone()), pool.clone(), config);

    let memory = PeakMemory::reset()?;
    let started = Instant::now();
    let events = match mode {
        Mode::CatchUp => runner.catch_up(projection.as_ref()).await.context("Runner::catch_up")?,
        Mode::Subscription => follow_until(&runner, pool, projection.clone(), expected).await?,
    };
    let elapsed = started.elapsed();
    let replay = memory.finish(events, elapsed)?;
    if events != expected {
        bail!("{} replayed {events} events, expected {expected}", projection.name());
    }
    if target == Target::ReadTable {
        let rows: i64 = sqlx::query_scalar("select count(*) from bench_read_events")
            .fetch_one(pool)
            .await
            .context("count bench_read_events")?;
        if rows as u64 != expected {
            bail!("{} wrote {rows} rows for {expected} events", projection.name());
        }
    }
    Ok(replay)
}

/// Run the projection live and stop once its checkpoint has counted `expected` events.
async fn follow_until(runner: &Runner, pool: &PgPool, projection: Arc<dyn Projection>, expected: u64) -> Result<u64> {
    let name = projection.name();
    let shutdown = CancellationToken::new();
    let task = {
        let runner = runner.clone();
        let shutdown = shutdown.clone();
        tokio::spawn(async move { runner.run(vec![projection], shutdown).await })
    };
    let result = async {
        let mut last = (0u64, Instant::now());
        loop {
            tokio::time::sleep(Duration::from_millis(5)).await;
            let processed: Option<i64> =
                sqlx::query_scalar("select events_processed from projection_checkpoints where name = $1")
                    .bind(name)
                    .fetch_optional(pool)
                    .await
                    .context("read the projection's checkpoint")?;
            let processed = processed.unwrap_or(0) as u64;
            if processed >= expected {
                return Ok(processed);
            }
            if let Some(error) = runner.last_errors().get(name) {
                bail!("the runner failed: {error}");
            }
            if processed > last.0 {
                last = (processed, Instant::now());
            } else if last.1.elapsed() > STALL {
                bail!("no progress for {STALL:?} after {processed} events");
            }
        }
    }
    .await;
    shutdown.cancel();
    let _ = task.await;
    result
}

/// The process's peak resident memory (VmHWM) from a reset to a read.
struct PeakMemory {
    start_mib: f64,
}

impl PeakMemory {
    /// Reset the peak to the current resident size (`echo 5 > /proc/self/clear_refs`).
    fn reset() -> Result<Self> {
        std::fs::write("/proc/self/clear_refs", "5").context("reset the peak RSS through /proc/self/clear_refs")?;
        Ok(PeakMemory { start_mib: status_mib("VmRSS:")? })
    }

    fn finish(self, events: u64, elapsed: Duration) -> Result<Replay> {
        Ok(Replay { events, elapsed, peak_mib: status_mib("VmHWM:")?, start_mib: self.start_mib })
    }
}

fn status_mib(field: &str) -> Result<f64> {
    let status = std::fs::read_to_string("/proc/self/status").context("read /proc/self/status")?;
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .with_context(|| format!("no {field} in /proc/self/status"))?;
    Ok(kib as f64 / 1024.0)
}
