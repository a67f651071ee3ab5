//! The raw PostgreSQL figures: `pgbench` with plain INSERT scripts into a table shaped like
//! `es_events`, and `psql \copy` of the events in global order for reading.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use sqlx::PgPool;

/// The plain table the pgbench scripts insert into: the columns of `es_events` (without
/// the store's `tx_id` and its extra unique indexes) and a primary key on the stream and
/// version, the key a store append checks.
const RAW_TABLE: &str = "create table if not exists bench_raw_events (
    seq         bigint      generated always as identity,
    stream_id   text        not null,
    version     bigint      not null,
    event_id    uuid        not null,
    event_type  text        not null,
    data        jsonb       not null,
    metadata    jsonb       not null,
    recorded_at timestamptz not null default now(),
    primary key (stream_id, version)
)";

/// The event data, built per row from text and cast to jsonb, as the store's
/// `$5::text[]::jsonb[]` does; the same shape and size as [`crate::appends::event_data`].
const DATA_EXPR: &str = r#"('{"course_id":"' || gen_random_uuid() || '","seat":' || :seat || ',"price_minor":4599,"currency":"PLN","passenger":"Jan Kowalski"}')::jsonb"#;
/// The metadata, shaped like the store's serialised `Metadata`.
const META_EXPR: &str =
    r#"('{"correlation_id":"' || gen_random_uuid() || '","occurred_at":"2025-06-01T12:00:00.123456789Z"}')::jsonb"#;

/// One event per transaction, to a new random key.
fn single_script() -> String {
    format!(
        "\\set r random(1, 9000000000000000000)\n\\set seat random(0, 49)\n\
         insert into bench_raw_events (stream_id, version, event_id, event_type, data, metadata) \
         values ('raw-' || :client_id || '-' || :r, 0, gen_random_uuid(), 'SeatsHeld', {DATA_EXPR}, {META_EXPR});\n"
    )
}

/// `batch` events per transaction, versions 0.. of a new random key.
fn batch_script(batch: usize) -> String {
    format!(
        "\\set r random(1, 9000000000000000000)\n\\set seat random(0, 49)\n\
         insert into bench_raw_events (stream_id, version, event_id, event_type, data, metadata) \
         select 'rawb-' || :client_id || '-' || :r, g, gen_random_uuid(), 'SeatsHeld', {DATA_EXPR}, {META_EXPR} \
         from generate_series(0, {last}) as g;\n",
        last = batch - 1
    )
}

/// The pgbench scripts of one run, in a temporary directory removed on drop.
pub struct Scripts {
    dir: PathBuf,
    pub single: PathBuf,
    pub batch: PathBuf,
}

impl Scripts {
    pub fn write(batch: usize) -> Result<Self> {
        let dir = std::env::temp_dir().join(format!("coach-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
        let single = dir.join("insert_one.sql");
        let batch_path = dir.join(format!("insert_{batch}.sql"));
        std::fs::write(&single, single_script()).with_context(|| format!("write {}", single.display()))?;
        std::fs::write(&batch_path, batch_script(batch)).with_context(|| format!("write {}", batch_path.display()))?;
        Ok(Scripts { dir, single, batch: batch_path })
    }
}

impl Drop for Scripts {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub async fn create_table(pool: &PgPool) -> Result<()> {
    sqlx::raw_sql(RAW_TABLE).execute(pool).await.context("create bench_raw_events")?;
    Ok(())
}

pub async fn drop_table(pool: &PgPool) -> Result<()> {
    sqlx::raw_sql("drop table if exists bench_raw_events").execute(pool).await.context("drop bench_raw_events")?;
    Ok(())
}

/// What pgbench reported.
#[derive(Debug, Clone, Copy)]
pub struct Pgbench {
    /// Transactions per second, without the initial connection time.
    pub tps: f64,
    pub latency_avg_ms: f64,
    pub transactions: u64,
}

/// `pgbench -n -M prepared -c CLIENTS -j 2 -T SECONDS -f SCRIPT URL`.
pub async fn pgbench(tool: &Path, url: &str, script: &Path, clients: usize, seconds: u64) -> Result<Pgbench> {
    let output = tokio::process::Command::new(tool)
        .args(["-n", "-M", "prepared", "-j", "2"])
        .arg("-c")
        .arg(clients.to_string())
        .arg("-T")
        .arg(seconds.to_string())
        .arg("-f")
        .arg(script)
        .arg(url)
        .output()
        .await
        .with_context(|| format!("run {}", tool.display()))?;
    settle_backends().await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        bail!("pgbench failed ({}):\n{stdout}\n{stderr}", output.status);
    }
    let field = |prefix: &str| -> Option<&str> {
        stdout.lines().find_map(|l| l.strip_prefix(prefix)).map(|v| v.split_whitespace().next().unwrap_or(""))
    };
    let tps = field("tps = ")
        .and_then(|v| v.parse().ok())
        .with_context(|| format!("no tps in pgbench's output:\n{stdout}"))?;
    let latency_avg_ms = field("latency average = ").and_then(|v| v.parse().ok()).unwrap_or(f64::NAN);
    let transactions = field("number of transactions actually processed: ").and_then(|v| v.parse().ok()).unwrap_or(0);
    if let Some(failed) = field("number of failed transactions: ").and_then(|v| v.parse::<u64>().ok()) {
        if failed > 0 {
            bail!("pgbench had {failed} failed transactions:\n{stdout}\n{stderr}");
        }
    }
    Ok(Pgbench { tps, latency_avg_ms, transactions })
}

/// The plain read: every event, the columns the store reads, in the store's global order,
/// copied out by `psql \copy` (to /dev/null). Answers the row count and the time taken.
pub async fn copy_events(psql: &Path, url: &str) -> Result<(u64, Duration)> {
    let copy = "\\copy (select seq, tx_id, stream_id, version, event_id, event_type, data::text, metadata::text, \
                recorded_at from es_events order by tx_id, seq) to '/dev/null'";
    let started = Instant::now();
    let output = tokio::process::Command::new(psql)
        .args(["-X", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", copy])
        .output()
        .await
        .with_context(|| format!("run {}", psql.display()))?;
    let elapsed = started.elapsed();
    settle_backends().await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        bail!("psql \\copy failed ({}):\n{stdout}\n{}", output.status, String::from_utf8_lossy(&output.stderr));
    }
    let rows = stdout
        .lines()
        .find_map(|l| l.strip_prefix("COPY "))
        .and_then(|n| n.trim().parse().ok())
        .with_context(|| format!("no row count in psql's output: {stdout}"))?;
    Ok((rows, elapsed))
}

/// Give the server processes of a client that just exited a moment to exit too, so that
/// the CPU figures of the phase include all their time.
async fn settle_backends() {
    tokio::time::sleep(Duration::from_millis(500)).await;
}
