//! Appends through the store: writers on their own streams, each append checked against
//! the expected version.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use chrono::Utc;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use tokio::sync::Barrier;
use uuid::Uuid;

use crate::cpu;

/// Streams each writer cycles through in the timed phases.
pub const STREAMS_PER_WRITER: usize = 16;

/// An event's data, the shape of a seat hold (the pgbench scripts build the same).
pub fn event_data(seat: u64) -> String {
    format!(
        r#"{{"course_id":"{}","seat":{},"price_minor":4599,"currency":"PLN","passenger":"Jan Kowalski"}}"#,
        Uuid::new_v4(),
        seat % 50
    )
}

/// A new event with fresh ids.
pub fn new_event(seat: u64) -> Result<NewEvent> {
    let metadata = Metadata { correlation_id: Some(Uuid::new_v4()), occurred_at: Utc::now(), ..Metadata::default() };
    NewEvent::from_json_text(Uuid::new_v4(), "SeatsHeld", &event_data(seat), metadata).context("build an event")
}

fn new_events(n: usize, seed: u64) -> Result<Vec<NewEvent>> {
    (0..n as u64).map(|i| new_event(seed + i)).collect()
}

/// What one timed phase did.
pub struct Phase {
    pub batch: usize,
    pub appends: u64,
    pub elapsed: Duration,
    /// Microseconds per append, sorted.
    pub latencies_us: Vec<u32>,
    /// CPU spent while the clock ran (not in the untimed warm-up).
    pub cpu: cpu::Spent,
}

impl Phase {
    pub fn appends_per_sec(&self) -> f64 {
        self.appends as f64 / self.elapsed.as_secs_f64()
    }

    pub fn events_per_sec(&self) -> f64 {
        self.appends_per_sec() * self.batch as f64
    }

    /// The `p`-th percentile latency in milliseconds.
    pub fn percentile_ms(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let rank = ((self.latencies_us.len() as f64 * p / 100.0).ceil() as usize).clamp(1, self.latencies_us.len());
        f64::from(self.latencies_us[rank - 1]) / 1000.0
    }
}

/// `writers` tasks append `batch` events at a time for `duration`, each to its own
/// [`STREAMS_PER_WRITER`] streams in turn, with `ExpectedVersion::Exact` of the version its
/// previous append returned. Each stream is created first (with `NoStream`, untimed), so
/// connections are open and statements prepared when the clock starts.
pub async fn timed(
    store: &PgEventStore,
    tag: &str,
    writers: usize,
    batch: usize,
    duration: Duration,
    server: Option<cpu::Server>,
) -> Result<Phase> {
    let barrier = Arc::new(Barrier::new(writers + 1));
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let store = store.clone();
            let barrier = barrier.clone();
            let prefix = format!("bench{tag}-{w}");
            tokio::spawn(async move { writer(store, prefix, batch, duration, barrier).await })
        })
        .collect();
    barrier.wait().await;
    let started = Instant::now();
    let mark = cpu::Mark::now(server);
    let mut latencies = Vec::new();
    let mut appends = 0u64;
    let mut first_error = None;
    for task in tasks {
        match task.await {
            Ok(Ok(lat)) => {
                appends += lat.len() as u64;
                latencies.extend(lat);
            }
            Ok(Err(e)) => first_error = first_error.or(Some(e)),
            Err(e) => first_error = first_error.or(Some(anyhow!("a writer task failed: {e}"))),
        }
    }
    let elapsed = started.elapsed();
    let cpu = mark.spent(server);
    if let Some(e) = first_error {
        return Err(e);
    }
    latencies.sort_unstable();
    Ok(Phase { batch, appends, elapsed, latencies_us: latencies, cpu })
}

async fn writer(
    store: PgEventStore,
    prefix: String,
    batch: usize,
    duration: Duration,
    barrier: Arc<Barrier>,
) -> Result<Vec<u32>> {
    // Create the streams before the clock starts; meet the others at the barrier even
    // when that failed, so nobody waits forever.
    let mut streams: Vec<(StreamName, Option<u64>)> = Vec::with_capacity(STREAMS_PER_WRITER);
    let warm_up = async {
        for k in 0..STREAMS_PER_WRITER {
            let name = StreamName::parse(format!("{prefix}-{k}")).context("stream name")?;
            let done = store
                .append(&name, ExpectedVersion::NoStream, new_events(batch, k as u64)?)
                .await
                .with_context(|| format!("create stream {name}"))?;
            streams.push((name, Some(done.next_expected_version)));
        }
        anyhow::Ok(())
    }
    .await;
    barrier.wait().await;
    warm_up?;

    let deadline = Instant::now() + duration;
    let mut latencies = Vec::new();
    let mut i = 0usize;
    while Instant::now() < deadline {
        let (name, current) = &mut streams[i % STREAMS_PER_WRITER];
        let events = new_events(batch, i as u64)?;
        let expected = ExpectedVersion::from_current(*current);
        let started = Instant::now();
        let done = store
            .append(name, expected, events)
            .await
            .with_context(|| format!("append to {name} expecting version {expected}"))?;
        latencies.push(u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX));
        *current = Some(done.next_expected_version);
        i += 1;
    }
    Ok(latencies)
}

/// Append `total` events in batches of `batch`, each batch to a new stream (`NoStream`),
/// from `writers` tasks, as fast as they go. Answers the time taken.
pub async fn fill(store: &PgEventStore, total: u64, batch: usize, writers: usize) -> Result<Duration> {
    let batches = total.div_ceil(batch as u64);
    let next = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let tasks: Vec<_> = (0..writers)
        .map(|_| {
            let store = store.clone();
            let next = next.clone();
            tokio::spawn(async move {
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    if b >= batches {
                        return anyhow::Ok(());
                    }
                    let n = (total - b * batch as u64).min(batch as u64) as usize;
                    let name = StreamName::parse(format!("replay-{b}")).context("stream name")?;
                    store
                        .append(&name, ExpectedVersion::NoStream, new_events(n, b)?)
                        .await
                        .with_context(|| format!("append to {name}"))?;
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.map_err(|e| anyhow!("a fill task failed: {e}"))??;
    }
    Ok(started.elapsed())
}
