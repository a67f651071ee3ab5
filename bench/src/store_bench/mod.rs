//! `coach-bench event-store`: the PostgreSQL event store against raw PostgreSQL.
//!
//! Every store figure is printed next to a raw PostgreSQL figure measured in the same run
//! on the same cluster, with their ratio and the target it must meet. The run creates a
//! fresh database `coach_bench_<pid>`, applies `schema::MIGRATOR`, and drops the
//! database at the end (`--keep` keeps it for a look with psql). Before every timed write
//! phase it asks for a `CHECKPOINT`, so each phase starts with the same full-page-write
//! debt. Each append comparison runs `--rounds` times (default 2: pgbench, store,
//! pgbench, store) and the best rate of each side is kept; the notes list every round.
//! The phases, in order:
//!
//! 1. **Single-event appends, 1, 8 and 64 writers** (`--writers`). Raw: `pgbench -n -M
//!    prepared -c N -j 2 -T SECONDS` with a script that inserts one row, shaped like an
//!    event (text stream key varied with `\set r random(..)`, version, uuid, type, jsonb
//!    data and metadata built from text per row, `recorded_at` default now()), into
//!    `bench_raw_events`: the columns of `es_events` and a primary key on (stream,
//!    version). Store: N Tokio tasks call `EventStore::append` with one event each. A
//!    task cycles through 16 streams of its own, created beforehand (untimed, with
//!    `NoStream`); every timed append expects `ExpectedVersion::Exact` of the version its
//!    previous append returned. Reported: appends/s, p50/p99 latency of `append`, and the
//!    ratio to pgbench's tps at the same number of clients. Target at 64 writers: at
//!    least 0.6 of the raw rate.
//! 2. **100-event batch appends, 8 writers** (`--batch-writers`). Raw: the same pgbench
//!    with a script inserting 100 rows in one statement (one transaction), rows/s. Store:
//!    the same writers as above appending 100 events per call. Target: 100,000 events/s.
//! 3. **Replay of `--replay-events` events** (default 1,000,000). The store is emptied and
//!    filled with exactly that many events (100-event appends, one new stream each,
//!    8 writers), then `VACUUM ANALYZE`d (a settled table, as in a store that has been up
//!    for a while). Raw, for reading: `psql \copy` of every event, the columns the store
//!    reads, in the global order `(tx_id, seq)`, to /dev/null: rows/s. Raw, for the
//!    read-table projection: one `INSERT .. SELECT` of every event into the same read
//!    table (the server-side floor of writing those rows). Store, each timed from start
//!    to the last event:
//!    - `subscribe_all(None, All)` consumed by a no-op consumer (target 300,000/s);
//!    - a no-op `Projection` run by `projections::Runner::run` (live subscription; the
//!      runner still commits its checkpoint once per batch), until the checkpoint has
//!      counted every event;
//!    - a `Projection` writing one row per event into the bench's own read table
//!      `bench_read_events` (created here, not by a migration) with one multi-row
//!      `INSERT .. SELECT FROM unnest(..)` per batch, run by `Runner::run` (target
//!      50,000/s) and by `Runner::catch_up` (pages of `read_all`).
//!
//!    The runner uses `RunnerConfig::default()` (`--runner-batch` changes its batch size).
//!    The store's pool uses sqlx's defaults, as the app's does, so it pings a connection
//!    before handing it out (`--pool-ping false` to see what that costs).
//! 4. **Peak memory of each replay**: the process's peak resident set is reset before the
//!    replay (`echo 5 > /proc/self/clear_refs`) and `VmHWM` read from /proc/self/status
//!    after it. It is the whole process (pool, runtime, allocator caches included), so an
//!    upper bound for the replay. Target: under 200 MiB.
//!
//! A second table gives the **CPU time per operation** of each phase, for the store and
//! for the raw figure: the server's (every process of the cluster, from /proc: the
//! postmaster, its children and the children it reaped) and the client's (this process,
//! or pgbench/psql). On a machine this small every phase is CPU-bound, so the ratio of
//! two rates is close to the inverse ratio of their CPU per operation, and the split
//! shows which side to make cheaper. (The server figure includes whatever else the
//! cluster does meanwhile, e.g. autovacuum; under heavy oversubscription spinning backends
//! inflate it too.)
//!
//! The header names the machine: cores, CPU, memory, PostgreSQL version and the `fsync`,
//! `synchronous_commit` and `wal_sync_method` settings (read with `current_setting`, as
//! `SHOW` does); the notes give the load average at the start and the end: on a 2-core
//! machine anything else running (a build, a test suite) moves every figure, so compare
//! ratios, and rerun when the load was high. Progress goes to stderr, the report to
//! stdout; the exit status is 0 whether or not the targets are met (it is a measurement,
//! not a test), and non-zero when the bench itself failed.
//!
//! The phases are run by [`phases`], one function each; [`compare`] runs one append
//! comparison (pgbench against the store, round by round).

mod compare;
mod phases;

use anyhow::{Context, Result};
use clap::Args;

use crate::report::{self, Row};
use crate::setup::{self, BenchDb, Machine};

#[derive(Args)]
pub struct EventStoreArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Seconds per timed append phase, for pgbench and the store alike [default: 10, 2 with --quick].
    #[arg(long)]
    seconds: Option<u64>,
    /// Events to replay [default: 1000000, 20000 with --quick].
    #[arg(long)]
    replay_events: Option<u64>,
    /// A smoke run with small sizes (the figures do not mean much).
    #[arg(long)]
    quick: bool,
    /// Keep the bench database at the end.
    #[arg(long)]
    keep: bool,
    /// Concurrent writers of the single-event append phases.
    #[arg(long, value_delimiter = ',', default_value = "1,8,64")]
    writers: Vec<usize>,
    /// Rounds of each append comparison (pgbench, then the store, again and again); the
    /// best rate of each side is reported. More than one evens out a busy machine
    /// [default: 2, 1 with --quick].
    #[arg(long)]
    rounds: Option<usize>,
    /// Concurrent writers (and pgbench clients) of the batch append phase.
    #[arg(long, default_value_t = 8)]
    batch_writers: usize,
    /// Whether the store's pool pings a connection before handing it out (sqlx's
    /// default, and the app's). For profiling: `--pool-ping false`.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pool_ping: bool,
    /// Events per projection batch [default: RunnerConfig::default()]. For profiling.
    #[arg(long)]
    runner_batch: Option<usize>,
}

/// Events per append in the batch phase and the fill.
const BATCH: usize = 100;

/// Runs the event-store bench: a fresh database, the phases, the report.
pub async fn run(args: EventStoreArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(!args.writers.is_empty() && args.writers.iter().all(|&w| w > 0), "--writers needs counts above 0");
    anyhow::ensure!(args.batch_writers > 0, "--batch-writers must be above 0");
    anyhow::ensure!(args.rounds != Some(0), "--rounds must be above 0");
    anyhow::ensure!(args.runner_batch != Some(0), "--runner-batch must be above 0");
    let tools = Tools { pgbench: setup::pg_tool("pgbench")?, psql: setup::pg_tool("psql")? };

    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let result = db.finish(args.keep, phases::run(&args, &db, &tools).await).await?;
    print_report(&args, &result);
    Ok(())
}

struct Tools {
    pgbench: std::path::PathBuf,
    psql: std::path::PathBuf,
}

/// Everything measured, for the report.
struct Outcome {
    machine: Machine,
    rows: Vec<Row>,
    /// Per phase: figure, store server/op, store client/op, raw server/op, raw client/op.
    cpu: Vec<Vec<String>>,
    notes: Vec<String>,
}

fn print_report(args: &EventStoreArgs, outcome: &Outcome) {
    let m = &outcome.machine;
    println!();
    println!(
        "coach-bench event-store{}",
        if args.quick { " --quick (smoke run: sizes too small to judge the targets)" } else { "" }
    );
    println!();
    println!("machine:    {} cores ({}), {} memory", m.nproc, m.cpu, m.memory);
    println!(
        "postgresql: {}; fsync={}, synchronous_commit={}, wal_sync_method={}, shared_buffers={}, max_connections={}",
        m.server_version, m.fsync, m.synchronous_commit, m.wal_sync_method, m.shared_buffers, m.max_connections
    );
    println!("pgbench:    {}", m.pgbench);
    println!();
    print!("{}", report::table(&outcome.rows));
    println!();
    println!("CPU time per operation (server: every process of the cluster; client: this process, or pgbench/psql):");
    println!();
    let header = ["phase", "per", "store: server", "store: client", "raw: server", "raw: client"];
    print!("{}", report::markdown(&header, &outcome.cpu));
    println!();
    for note in &outcome.notes {
        println!("- {note}");
    }
    let failed = outcome.rows.iter().filter(|r| r.verdict == report::Verdict::Fail).count();
    let checked = outcome.rows.iter().filter(|r| r.verdict != report::Verdict::Info).count();
    println!();
    println!("{} of {checked} targets met", checked - failed);
}
