//! # coach-bench
//!
//! Benchmarks of the booking system, run by hand (not timed tests). One command:
//!
//! ```text
//! bench/run.sh            # the full run, about 6 minutes
//! bench/run.sh --quick    # a smoke run with small sizes, about 30 seconds
//! ```
//!
//! `bench/run.sh` builds this binary in release mode, starts a private PostgreSQL cluster
//! with `scripts/pg.sh` when `DATABASE_URL` is not set (one kept for benchmarks, port
//! 54339, stopped again afterwards: the store's readers never pass the oldest open
//! transaction of the whole cluster, so a test idling in a transaction on the development
//! cluster would stall the replay), and runs `coach-bench event-store "$@"`.
//!
//! `bench/run.sh search [OPTIONS]` runs `coach-bench search` instead, and `bench/run.sh
//! orders [OPTIONS]` runs `coach-bench orders` (both below).
//!
//! ## `coach-bench event-store`: the PostgreSQL event store against raw PostgreSQL
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
//! ## `coach-bench search`: the search endpoint under load
//!
//! `bench/run.sh search` (options: `--rate` 500, `--seconds` 30, `--warmup` 3, `--routes`
//! 50, `--days` 60, `--max-in-flight` 256, `--keep`). It creates a fresh database
//! `coach_bench_<pid>`, applies the migrations, seeds the demo data (`fixtures::seed`),
//! copies the demo's routes (stops, prices, timetables; names with " (2)", " (3)" ...)
//! until there are `--routes`, generates every route's courses `--days` ahead
//! (`generate_courses`, which opens each course's seat inventory), catches the projections
//! up (so the server's runners are idle during the load) and runs `VACUUM ANALYZE`. Then
//! it starts the real server, `target/release/coach serve --role all` on a free port,
//! waits for `/ready`, checks 100 unmeasured searches answer 200, and runs an open-loop
//! load from this process: request `i` is due at `start + i / rate` and timed from then
//! to its whole answer, so a server falling behind shows as queueing in the latency.
//! Bodies: a random forward stop pair of the routes, `one_way` or `round_trip` at
//! random, `date` today + 0..days (Warsaw), `dateBack` up to 7 days later. Reported, for
//! the requests due after the warm-up: the rates offered, sent and achieved, errors
//! (anything but 200), p50/p90/p99/max latency, and CPU time per request of the server
//! process (/proc/PID/stat), of the whole PostgreSQL cluster (as above) and of the load
//! generator, with PASS/FAIL against the target p99 < 20 ms (and no errors). The server
//! is stopped and the database dropped at the end (`--keep` keeps both the database and
//! the server's log).
//!
//! ## `coach-bench orders`: placing orders under load (issue #4)
//!
//! `bench/run.sh orders` (options: `--hot-rate` 1000, `--spread-rate` 2000, `--rate` for
//! both, `--phases hot,spread`, `--seconds` 20, `--warmup` 3, `--courses` 100, `--seats`
//! 1000000, `--max-in-flight` 256, `--lag-interval-ms` 100, `--pg-clients` 64,
//! `--pg-seconds` 10, `--keep`; about 2 minutes). It creates a fresh database, applies the
//! migrations, seeds the demo (`fixtures::seed`), picks the stretch Nisko → Kraków (else the
//! first route's first stop to its last, with a price), and adds 1 + `--courses` courses of
//! that route three days ahead, each seat inventory opened with `--seats` seats by the
//! catalogue's own code (`catalogue_api::course::inventory::open`, the domain's
//! `InventoryOpened`; the course row keeps 1000 seats, the most its table allows). It
//! catches every projection up and runs `VACUUM ANALYZE`, measures the raw PostgreSQL
//! single-insert rate on the same cluster (pgbench, the single-row INSERT script of the
//! event-store bench, `--pg-clients` clients for `--pg-seconds`), then starts `coach serve
//! --role all` (sandbox payments), places one unmeasured order (it must answer 201), and
//! runs the phases, each after the projections caught up and a CHECKPOINT:
//!
//! - **hot**: every order on one course (target: at least 1,000 orders/s, p99 under 50 ms);
//! - **spread**: orders spread uniformly over `--courses` courses (target: 2,000 orders/s).
//!
//! The load is open-loop as in `search`, except that a request still waiting for one of the
//! `--max-in-flight` slots 10 s after it was due is dropped (never sent, counted at 10 s in
//! the latency), so a server far behind cannot stretch a phase without end; each body is a
//! complete booking state: the stretch, one passenger without discount, a guest customer (a
//! distinct e-mail per order, both consents 1), no invoice, no coupon, no
//! `Idempotency-Key`. Reported per phase, for the requests due after the warm-up: the rates
//! offered, sent and achieved (201 answers that arrived inside the measured window, per
//! second), answers by status, requests sent without an answer, requests dropped,
//! p50/p90/p99/max latency of the 201s (and the dropped), CPU per order placed (server,
//! cluster, load generator; from the window's start to the last answer) and the share of the
//! machine's CPU the host took away over the same window (`/proc/stat` steal: on a shared
//! virtual machine, what makes one run differ from the next). Meanwhile
//! `GET /status/projections` is sampled every
//! `--lag-interval-ms` on a connection of its own: per sample the worst `seconds_behind` of
//! the projections an order feeds (those whose filter takes `course-` or `order-` streams;
//! target p99 under 200 ms), and a table per projection (the others never move their
//! checkpoint during the run, so their figure only grows). "Caught up" is read from the
//! database (no event of the projection's own filter after its checkpoint): the endpoint's
//! `events_behind` counts every event after a checkpoint, so a filtered projection never
//! reads 0 once another stream was written after its last event. After the run (projections
//! caught up, server stopped) the seats are checked per phase: seats held in the course
//! streams (SeatsHeld − SeatsReleased), seats taken in `rm_course_availability`,
//! `OrderPlaced` events and `rm_orders` rows on those courses must all equal the 201
//! answers (warm-up and sample included). The targets are printed MET/MISSED. When the
//! server answered anything but 201, its log is kept and its warnings and errors quoted.

//!
//! ## `coach-bench register`: the finance register replayed from the invoice events
//!
//! `bench/run.sh register` (options: `--invoices` 800000, `--corrections` 200000,
//! `--other-events` 0, `--runs` 3, `--no-cli`, `--keep`). It creates a fresh database,
//! applies the migrations and writes the fixture straight into `es_events` with SQL
//! (`insert … select … generate_series`, 50,000 orders per statement, each its own
//! transaction; a benchmark fixture, not how the product appends): per order one
//! `InvoiceIssued` in its own stream `order-{uuid}` (version 0) and for every fourth a
//! `InvoiceCorrected` (version 1, half of the invoice given back), the JSON `OrderEvent`
//! serialises to with every document fact (seller, buyer with quotes and a semicolon in
//! its name, sale date, net and VAT). `--other-events` adds events of another type in
//! other streams among them. Then `VACUUM ANALYZE`; a sample is decoded as `OrderEvent`
//! and the count and sums the register must reach are taken from the rows by SQL. Timed:
//! `--runs` in-process replays (`finance::replay`, as of today, issue dates all of 2026)
//! into CSV written to /dev/null, one into JSON, each with its peak memory (VmHWM after
//! a reset, the whole process), each checked against the expected count and sums; then
//! `target/release/coach finance register` once under `/usr/bin/time`, output to
//! /dev/null, timed from start to exit with its max RSS. Targets: under 10 s and under
//! 200 MiB.
//!
//! ## `coach-bench order-list`: the admin's order list over a million orders
//!
//! `bench/run.sh order-list` (options: `--orders` 1000000, `--requests` 200, `--warmup` 5,
//! `--per-page` 25, `--database` coach_bench_orders, `--only TEXT`, `--reuse`,
//! `--no-write-cost`, `--keep`; about 6 minutes, half of it writing the orders). It
//! (re)creates the database `--database` on the cluster, applies the migrations and
//! writes `--orders` orders and their tickets straight into `rm_orders` and `rm_tickets`
//! with `generate_series` (they are read models, and the list reads nothing else; the
//! rows are shaped as the projection writes them; `order_list/fill.rs` says how they are
//! spread), builds the tables' indexes and runs `VACUUM ANALYZE`. It adds a SuperAdmin
//! with a session, starts `coach serve --role query` (the query API alone: no projection
//! or process runs over the rows without events) and times `GET /api/order/order/all`
//! case by case, one request at a time: every filter (each field with its natural
//! operator, newest first, page 1), combinations (status with a placing range, route with
//! a course day, an e-mail part with a status, paid by total), every sort both ways and
//! deep pages (page 400 and 4000). Each case sends `--warmup` unmeasured requests, then
//! `--requests` timed ones, with values drawn from a seeded sample of the orders and
//! tickets (a hash, a ticket number, a route, a day ...). Reported per case: p50, p95,
//! p99 and max latency (sending to the whole answer), the median `totalCount` and
//! whether it was exact or estimated, and PASS/FAIL against the issue's target, p99 under
//! 100 ms. Then, server stopped, what migration 0058's indexes cost the writer of
//! `rm_orders`: 10,000 new orders inserted and then paid in batches of 500 on the full
//! table, with and without those indexes, each run in a transaction rolled back
//! (`order_list/write_cost.rs`). The database is dropped at the end unless `--keep` (or
//! `--reuse`, which keeps it and skips the writing next time when it holds `--orders`).
//!
//! ## `coach-bench dashboard`: the admin panel's home page over a million orders
//!
//! `bench/run.sh dashboard` (options: `--orders` 1000000, `--requests` 300, `--warmup` 10,
//! `--database` coach_bench_orders, `--reuse`, `--keep`). The order-list bench's orders and
//! tickets (the same fill; `--reuse` takes that bench's database as it is), then the read
//! models the home page reads, written at that scale as their projections would write them
//! (sales per day and route, every course the orders ride, refunds, KSeF documents,
//! complaints; `dashboard.rs` says how). `coach serve --role query` answers `GET
//! /api/admin/home`, one request at a time; reported: p50, p95, p99 and max, against the
//! issue's target, p99 under 200 ms.
//!
//! ## `coach-bench ksef`: a backlog of invoices sent to KSeF after an outage (issue #27)
//!
//! `bench/run.sh ksef` (options: `--invoices` 10000, `--timeout` 480 (seconds watching the
//! drain), `--issue-timeout` 1200, `--courses` 20, `--concurrency` 8, `--every` 1, `--keep`).
//! It creates a fresh database, applies the migrations, seeds the demo (`fixtures::seed`, as
//! `coach seed`), opens `--courses` courses of the orders bench's stretch with enough seats,
//! and starts `coach serve --role all` with `KSEF_ENV=sandbox` (the server serves the KSeF
//! stand-in at `/ksef-sandbox/v2` on its own port and sends to it, production rate limits on)
//! and `KSEF_EVERY_SECONDS=--every`. KSeF goes down (`POST /ksef-sandbox/v2/sandbox/faults
//! {"down":true}`), then `--invoices` office sales are made as the seeded admin (`POST
//! /api/order/order/save`, cash, one passenger, an invoice for a company with a valid NIP;
//! the real command, `--concurrency` at a time); the bench waits until every invoice is issued
//! (its row in `rm_ksef_documents`) and offline. KSeF comes back (`{"down":false,
//! "rateLimits":"production"}`) and the queue's states are read every second until every
//! invoice is accepted or `--timeout` runs out. Reported: the time to sell, to issue and
//! to go offline; from "KSeF back" to all accepted (or how many in the window, and the time
//! extrapolated, said plainly); accepted in the first and the best minute; the stand-in's
//! sessions and invoices received (each hash once); the 429s the client waited out (from the
//! server log) and the batch sessions the sender sent; every KSeF number distinct and valid
//! (`ksef::KsefNumber::parse`). A queue of more than 30 goes in batch sessions (10,000
//! invoices each; open and close limited to 20/min, 60/h), so the drain is bound by the
//! work of rendering and recording each invoice, not by KSeF's limits; interactively
//! (`POST /sessions/online/{ref}/invoices`, 30/min and 180/h) 10,000 took about 55 h.

mod appends;
mod cpu;
mod dashboard;
mod ksef;
mod order_list;
mod orders;
mod raw;
mod register;
mod replay;
mod report;
mod search;
mod server;
mod setup;

use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use event_store::postgres::PgEventStore;

use report::{thousands, Row};
use setup::{BenchDb, Machine};

#[derive(Parser)]
#[command(name = "coach-bench", about = "Benchmarks of the coach-ticket booking system")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The PostgreSQL event store (appends, batch appends, replay, replay memory) against
    /// raw PostgreSQL (pgbench, psql \copy) on the same cluster.
    EventStore(EventStoreArgs),
    /// `POST /api/search/search/index` of the real server (`coach serve`) on the demo
    /// catalogue scaled to 50 routes x 60 days, under an open-loop load: p50/p99 latency
    /// and CPU per request.
    Search(search::SearchArgs),
    /// `POST /api/order/order/place` of the real server under an open-loop load: one hot
    /// course at 1,000 orders/s, then 100 courses at 2,000 orders/s; latency, projection
    /// lag, seats sold, beside the raw PostgreSQL single-insert rate.
    Orders(orders::OrdersArgs),
    /// The finance VAT register replayed from 1,000,000 invoice events (800,000 invoices,
    /// 200,000 corrections) into CSV: seconds and peak memory, in process and through
    /// `coach finance register`.
    Register(register::RegisterArgs),
    /// `GET /api/order/order/all` of the real server (`--role query`) over 1,000,000
    /// orders written into the read model: p50/p95/p99 of every filter, every sort, a few
    /// combinations and deep pages, and what the list's indexes cost the writer.
    OrderList(order_list::OrderListArgs),
    /// After a KSeF outage, a backlog of 10,000 invoices (office sales with a company
    /// invoice) sent through the stand-in of `coach serve` within KSeF's production rate
    /// limits: time to issue, time to all accepted (or extrapolated), what bounds it.
    Ksef(ksef::KsefArgs),
    /// `GET /api/admin/home` of the real server (`--role query`), the admin panel's home
    /// page, over the order-list bench's 1,000,000 orders and the home page's read models
    /// written at that scale: p50/p95/p99 against p99 under 200 ms.
    Dashboard(dashboard::DashboardArgs),
}

#[derive(Args)]
struct EventStoreArgs {
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

fn main() -> Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("start the runtime")?;
    match cli.command {
        Command::EventStore(args) => runtime.block_on(event_store_bench(args)),
        Command::Search(args) => runtime.block_on(search::run(args)),
        Command::Orders(args) => runtime.block_on(orders::run(args)),
        Command::Register(args) => runtime.block_on(register::run(args)),
        Command::OrderList(args) => runtime.block_on(order_list::run(args)),
        Command::Ksef(args) => runtime.block_on(ksef::run(args)),
        Command::Dashboard(args) => runtime.block_on(dashboard::run(args)),
    }
}

async fn event_store_bench(args: EventStoreArgs) -> Result<()> {
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
    let result = run_phases(&args, &db, &tools).await;
    if args.keep {
        eprintln!("kept the bench database: {}", db.url);
    } else if let Err(e) = db.drop_database().await {
        eprintln!("could not drop the bench database {}: {e:#}", db.name);
    }
    print_report(&args, &result?);
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

fn cpu_row(
    figure: String,
    unit: &str,
    store: cpu::Spent,
    store_ops: f64,
    raw: Option<(cpu::Spent, f64)>,
) -> Vec<String> {
    let (raw_server, raw_client) = match raw {
        Some((spent, ops)) => (cpu::per_op(spent.server, ops), cpu::per_op(Some(spent.children), ops)),
        None => ("-".into(), "-".into()),
    };
    vec![
        figure,
        unit.to_owned(),
        cpu::per_op(store.server, store_ops),
        cpu::per_op(Some(store.own), store_ops),
        raw_server,
        raw_client,
    ]
}

/// The best of some rounds of one append comparison.
struct Best {
    raw: raw::Pgbench,
    raw_cpu: cpu::Spent,
    store: appends::Phase,
    /// Every round's rates, "pgbench tps / store appends/s".
    rounds: String,
}

/// `rounds` times: pgbench with `script` and `writers` clients, then the store with
/// `writers` tasks appending `batch` events at a time, each for `duration` after a
/// CHECKPOINT. Keeps the best round of each side.
#[allow(clippy::too_many_arguments)]
async fn compare(
    pool: &sqlx::PgPool,
    store: &PgEventStore,
    db: &BenchDb,
    tools: &Tools,
    script: &std::path::Path,
    writers: usize,
    batch: usize,
    duration: Duration,
    rounds: usize,
    server: Option<cpu::Server>,
) -> Result<Best> {
    let what = if batch == 1 { "single appends".to_owned() } else { format!("{batch}-event appends") };
    let mut best: Option<Best> = None;
    let mut log = Vec::new();
    for round in 1..=rounds {
        eprintln!("{what}, {writers} writer(s), round {round}/{rounds}: pgbench ...");
        setup::checkpoint(pool).await;
        let mark = cpu::Mark::now(server);
        let pg = raw::pgbench(&tools.pgbench, &db.url, script, writers, duration.as_secs()).await?;
        let pg_cpu = mark.spent(server);
        eprintln!("  pgbench: {} tps, avg {:.2} ms", thousands(pg.tps), pg.latency_avg_ms);
        eprintln!("{what}, {writers} writer(s), round {round}/{rounds}: store ...");
        setup::checkpoint(pool).await;
        let tag = format!("{}w{writers}r{round}", if batch == 1 { "s" } else { "b" });
        let phase = appends::timed(store, &tag, writers, batch, duration, server).await?;
        eprintln!(
            "  store: {} appends/s, p50 {:.2} ms, p99 {:.2} ms",
            thousands(phase.appends_per_sec()),
            phase.percentile_ms(50.0),
            phase.percentile_ms(99.0)
        );
        log.push(format!("{} / {}", thousands(pg.tps), thousands(phase.appends_per_sec())));
        best = Some(match best {
            None => Best { raw: pg, raw_cpu: pg_cpu, store: phase, rounds: String::new() },
            Some(mut b) => {
                if pg.tps > b.raw.tps {
                    (b.raw, b.raw_cpu) = (pg, pg_cpu);
                }
                if phase.appends_per_sec() > b.store.appends_per_sec() {
                    b.store = phase;
                }
                b
            }
        });
    }
    let mut best = best.context("no round ran")?;
    best.rounds = format!("{} (pgbench tps / store)", log.join(", "));
    Ok(best)
}

async fn run_phases(args: &EventStoreArgs, db: &BenchDb, tools: &Tools) -> Result<Outcome> {
    let seconds = args.seconds.unwrap_or(if args.quick { 2 } else { 10 });
    let replay_events = args.replay_events.unwrap_or(if args.quick { 20_000 } else { 1_000_000 });
    anyhow::ensure!(seconds > 0 && replay_events > 0, "--seconds and --replay-events must be above 0");
    let duration = Duration::from_secs(seconds);
    let most_writers = args.writers.iter().copied().max().unwrap_or(1).max(args.batch_writers);
    let connections = u32::try_from(most_writers + 16).context("too many writers")?;

    let load_at_start = setup::loadavg();
    let pool = db.pool(connections, args.pool_ping).await?;
    // pgbench's clients plus the store's pool, never at the same time; leave room anyway.
    setup::check_connections(&pool, connections + 8).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    raw::create_table(&pool).await?;
    replay::create_table(&pool).await?;
    let machine = Machine::read(&pool, &tools.pgbench).await?;
    let backend: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.context("backend pid")?;
    let server = cpu::Server::from_backend(backend);
    let scripts = raw::Scripts::write(BATCH)?;
    let store = PgEventStore::new(pool.clone());
    let mut rows = Vec::new();
    let mut cpu_rows = Vec::new();
    let mut notes = Vec::new();

    // 1. Single-event appends.
    let rounds = args.rounds.unwrap_or(if args.quick { 1 } else { 2 });
    for &writers in &args.writers {
        let best = compare(&pool, &store, db, tools, &scripts.single, writers, 1, duration, rounds, server).await?;
        let (pg, pg_cpu, phase) = (best.raw, best.raw_cpu, best.store);
        let store_cpu = phase.cpu;
        let ratio = phase.appends_per_sec() / pg.tps;
        eprintln!(
            "  best: store {} appends/s (p50 {:.2} ms, p99 {:.2} ms), pgbench {} tps, ratio {ratio:.2}",
            thousands(phase.appends_per_sec()),
            phase.percentile_ms(50.0),
            phase.percentile_ms(99.0),
            thousands(pg.tps)
        );
        let figure = format!("append 1 event, expected version, {writers} writer(s)");
        let store_cell = format!("{} appends/s", thousands(phase.appends_per_sec()));
        let raw_cell = format!("{} tx/s", thousands(pg.tps));
        if writers == 64 {
            rows.push(Row::checked(figure, store_cell, raw_cell, Some(ratio), ">= 0.60 x raw", ratio >= 0.6));
        } else {
            rows.push(Row::info(figure, store_cell, raw_cell, Some(ratio)));
        }
        rows.push(Row::info(
            format!("  latency, {writers} writer(s)"),
            format!("p50 {:.2} ms, p99 {:.2} ms", phase.percentile_ms(50.0), phase.percentile_ms(99.0)),
            format!("avg {:.2} ms", pg.latency_avg_ms),
            None,
        ));
        cpu_rows.push(cpu_row(
            format!("append 1 event, {writers} writer(s)"),
            "append",
            store_cpu,
            phase.appends as f64,
            Some((pg_cpu, pg.transactions as f64)),
        ));
        notes.push(format!("{writers} writer(s), appends/s by round: {}", best.rounds));
    }

    // 2. Batch appends.
    let bw = args.batch_writers;
    let best = compare(&pool, &store, db, tools, &scripts.batch, bw, BATCH, duration, rounds, server).await?;
    let (pg, pg_cpu, phase) = (best.raw, best.raw_cpu, best.store);
    let store_cpu = phase.cpu;
    let raw_rows = pg.tps * BATCH as f64;
    notes.push(format!("{bw} writers x {BATCH} events, appends/s by round: {}", best.rounds));
    let ratio = phase.events_per_sec() / raw_rows;
    eprintln!(
        "  best: store {} events/s (p50 {:.2} ms, p99 {:.2} ms), pgbench {} rows/s, ratio {ratio:.2}",
        thousands(phase.events_per_sec()),
        phase.percentile_ms(50.0),
        phase.percentile_ms(99.0),
        thousands(raw_rows)
    );
    rows.push(Row::checked(
        format!("append {BATCH}-event batches, {bw} writers"),
        format!("{} events/s", thousands(phase.events_per_sec())),
        format!("{} rows/s", thousands(raw_rows)),
        Some(ratio),
        ">= 100,000 events/s",
        phase.events_per_sec() >= 100_000.0,
    ));
    rows.push(Row::info(
        format!("  latency, {bw} writers x {BATCH} events"),
        format!("p50 {:.2} ms, p99 {:.2} ms", phase.percentile_ms(50.0), phase.percentile_ms(99.0)),
        format!("avg {:.2} ms", pg.latency_avg_ms),
        None,
    ));
    cpu_rows.push(cpu_row(
        format!("append {BATCH}-event batches, {bw} writers"),
        "event",
        store_cpu,
        (phase.appends * BATCH as u64) as f64,
        Some((pg_cpu, pg.transactions as f64 * BATCH as f64)),
    ));

    // 3. Replay.
    eprintln!("replay: filling the store with {} events ...", thousands(replay_events as f64));
    replay::empty_store(&pool).await?;
    let fill = appends::fill(&store, replay_events, BATCH, bw).await?;
    let held = replay::settle(&pool).await?;
    anyhow::ensure!(held == replay_events, "the store holds {held} events, expected {replay_events}");
    setup::wait_for_horizon(&pool, Duration::from_secs(30)).await?;
    notes.push(format!(
        "replay fill: {} events in {:.1} s ({} events/s), then VACUUM ANALYZE",
        thousands(held as f64),
        fill.as_secs_f64(),
        thousands(held as f64 / fill.as_secs_f64())
    ));
    eprintln!("replay: psql \\copy ...");
    let mark = cpu::Mark::now(server);
    let (copied, copy_time) = raw::copy_events(&tools.psql, &db.url).await?;
    let copy_cpu = mark.spent(server);
    anyhow::ensure!(copied == held, "psql copied {copied} rows of {held}");
    let raw_read = copied as f64 / copy_time.as_secs_f64();
    eprintln!("  psql \\copy: {} rows/s", thousands(raw_read));
    eprintln!("replay: INSERT .. SELECT into the read table ...");
    let mark = cpu::Mark::now(server);
    let (inserted, insert_time) = replay::raw_insert_select(&pool).await?;
    let insert_cpu = mark.spent(server);
    anyhow::ensure!(inserted == held, "INSERT .. SELECT wrote {inserted} rows of {held}");
    let raw_write = inserted as f64 / insert_time.as_secs_f64();
    eprintln!("  INSERT .. SELECT: {} rows/s", thousands(raw_write));
    let n = thousands(held as f64);

    // Each replay: its label, the raw figure it is compared with, its target.
    let read = (raw_read, format!("{} rows/s (\\copy out)", thousands(raw_read)), copy_cpu, copied as f64);
    let write = (raw_write, format!("{} rows/s (INSERT..SELECT)", thousands(raw_write)), insert_cpu, inserted as f64);
    let replays = [
        ("subscribe_all, no-op consumer", &read, Some(300_000.0)),
        ("no-op Projection, Runner::run", &read, None),
        ("read-table Projection, Runner::run", &write, Some(50_000.0)),
        ("read-table Projection, Runner::catch_up", &write, Some(50_000.0)),
    ];
    let rb = args.runner_batch;
    let mut memory = Vec::new();
    for (i, (label, (raw_rate, raw_cell, raw_cpu, raw_ops), target)) in replays.into_iter().enumerate() {
        eprintln!("replay: {label} ...");
        let mark = cpu::Mark::now(server);
        let r = match i {
            0 => replay::subscribe_noop(&store, held).await?,
            1 => replay::project(&store, &pool, replay::Target::Noop, replay::Mode::Subscription, held, rb).await?,
            2 => {
                replay::project(&store, &pool, replay::Target::ReadTable, replay::Mode::Subscription, held, rb).await?
            }
            _ => replay::project(&store, &pool, replay::Target::ReadTable, replay::Mode::CatchUp, held, rb).await?,
        };
        let store_cpu = mark.spent(server);
        eprintln!(
            "  {} events/s in {:.2} s, peak RSS {:.1} MiB (from {:.1} MiB)",
            thousands(r.events_per_sec()),
            r.elapsed.as_secs_f64(),
            r.peak_mib,
            r.start_mib
        );
        let figure = format!("replay {n} events: {label}");
        let store_cell = format!("{} events/s", thousands(r.events_per_sec()));
        let ratio = Some(r.events_per_sec() / raw_rate);
        rows.push(match target {
            Some(t) => Row::checked(
                figure,
                store_cell,
                raw_cell.clone(),
                ratio,
                format!(">= {} events/s", thousands(t)),
                r.events_per_sec() >= t,
            ),
            None => Row::info(figure, store_cell, raw_cell.clone(), ratio),
        });
        // The raw read's client is psql; the raw write has none (it runs in the server).
        cpu_rows.push(cpu_row(
            format!("replay: {label}"),
            "event",
            store_cpu,
            r.events as f64,
            Some((*raw_cpu, *raw_ops)),
        ));
        memory.push((label, r));
    }
    for (label, r) in &memory {
        rows.push(Row::checked(
            format!("peak memory (VmHWM), {label}"),
            format!("{:.1} MiB (start {:.1})", r.peak_mib, r.start_mib),
            "-",
            None,
            "< 200 MiB",
            r.peak_mib < 200.0,
        ));
    }

    notes.push(format!(
        "raw appends: pgbench -n -M prepared -j 2 -T {seconds}, one INSERT of 1 (or {BATCH}) rows per transaction into \
         bench_raw_events (es_events' columns, primary key (stream_id, version), jsonb built from text per row)"
    ));
    notes.push(format!(
        "store: pool of {connections} connections, ping before acquire {}; runner batch {}",
        args.pool_ping,
        rb.map_or_else(|| format!("{} (default)", projections::RunnerConfig::default().batch_size), |b| b.to_string())
    ));
    if server.is_none() {
        notes.push("server CPU: n/a (the PostgreSQL processes are not visible in /proc here)".into());
    }
    notes.push(format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()));
    pool.close().await;
    Ok(Outcome { machine, rows, cpu: cpu_rows, notes })
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
