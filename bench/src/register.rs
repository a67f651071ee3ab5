//! `coach-bench register`: the finance VAT register replayed from 1,000,000 invoice
//! events.
//!
//! The fixture is written straight into `es_events` by SQL (`insert … select` over
//! `generate_series`, one statement per chunk of orders, so each chunk is a transaction
//! of its own as appends are): it is a benchmark fixture, not how events are appended.
//! The JSON is what `OrderEvent` serialises to (checked: a sample is decoded as
//! `OrderEvent` before the timing), with every document fact the current events carry,
//! and the sums the replay must reach are computed from the rows by SQL and compared.
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

use std::io::BufWriter;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use domain::order::OrderEvent;
use event_store::postgres::PgEventStore;
use finance::{replay, CsvSink, JsonSink, RegisterQuery, Summary};
use sqlx::PgPool;

use crate::report::{self, thousands};
use crate::setup::{self, BenchDb, Machine};

#[derive(Args)]
pub struct RegisterArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Orders with an invoice (`InvoiceIssued`, one order stream each).
    #[arg(long, default_value_t = 800_000)]
    invoices: u64,
    /// Corrections (`InvoiceCorrected`), of every (invoices / corrections)-th invoice.
    #[arg(long, default_value_t = 200_000)]
    corrections: u64,
    /// Events of other types in other streams, spread among the invoice events (the
    /// store's type filter skips them).
    #[arg(long, default_value_t = 0)]
    other_events: u64,
    /// Timed in-process replays into CSV.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// The `coach` binary, run once as `coach finance register` [default: `coach` next
    /// to this binary]; `--no-cli` skips it.
    #[arg(long)]
    coach: Option<PathBuf>,
    #[arg(long)]
    no_cli: bool,
    /// Keep the bench database at the end.
    #[arg(long)]
    keep: bool,
}

/// The targets of the issue.
const SECONDS_TARGET: f64 = 10.0;
const MIB_TARGET: f64 = 200.0;
/// Orders per fill statement.
const CHUNK: u64 = 50_000;

pub async fn run(args: RegisterArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(args.invoices > 0, "--invoices must be above 0");
    anyhow::ensure!(args.corrections <= args.invoices, "--corrections must not exceed --invoices");
    anyhow::ensure!(args.runs > 0, "--runs must be above 0");
    let coach = match (&args.coach, args.no_cli) {
        (_, true) => None,
        (Some(p), false) => Some(p.clone()),
        (None, false) => Some(std::env::current_exe().context("this binary's path")?.with_file_name("coach")),
    };
    if let Some(coach) = &coach {
        anyhow::ensure!(coach.is_file(), "{} not found: `cargo build --release -p app`, or --no-cli", coach.display());
    }

    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let result = db.finish(args.keep, bench(&args, &db, coach).await).await?;
    print_report(&args, &result);
    Ok(())
}

struct Outcome {
    machine: Machine,
    events: u64,
    fill: Duration,
    expected: Summary,
    /// (label, seconds, peak MiB, start MiB)
    replays: Vec<(String, f64, f64, f64)>,
    /// Seconds and max RSS (MiB) of `coach finance register`, start to exit.
    cli: Option<(f64, f64)>,
    notes: Vec<String>,
}

async fn bench(args: &RegisterArgs, db: &BenchDb, coach: Option<PathBuf>) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(8, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let machine = Machine::read(&pool, &setup::pg_tool("pgbench")?).await?;

    eprintln!(
        "filling es_events: {} invoices, {} corrections, {} other events ...",
        thousands(args.invoices as f64),
        thousands(args.corrections as f64),
        thousands(args.other_events as f64)
    );
    let started = Instant::now();
    fill(&pool, args).await?;
    let fill = started.elapsed();
    eprintln!("  {:.1} s; VACUUM ANALYZE ...", fill.as_secs_f64());
    sqlx::raw_sql("vacuum analyze es_events").execute(&pool).await.context("vacuum analyze")?;
    setup::wait_for_horizon(&pool, Duration::from_secs(60)).await?;
    check_sample(&pool).await?;
    let store = PgEventStore::new(pool.clone());
    let expected = expected_sums(&pool).await?;
    anyhow::ensure!(
        expected.rows == args.invoices + args.corrections,
        "the fill wrote {} invoice events",
        expected.rows
    );

    // Every document of the fixture: issued in 2026 (Warsaw), recorded today.
    let today = finance::register::warsaw_date(chrono::Utc::now());
    let (from, to) = ("2026-01-01".parse()?, "2026-12-31".parse()?);
    let query = RegisterQuery::new(today, from, to)?;
    let mut replays = Vec::new();
    for run in 1..=args.runs {
        setup::checkpoint(&pool).await;
        eprintln!("replay {run}/{}: CSV to /dev/null ...", args.runs);
        let peak = PeakMemory::reset()?;
        let started = Instant::now();
        let mut sink = CsvSink::new(BufWriter::new(std::fs::File::create("/dev/null")?))?;
        let summary = replay(&store, &query, &mut sink).await?;
        let elapsed = started.elapsed().as_secs_f64();
        drop(sink.into_inner()?);
        let (peak_mib, start_mib) = peak.read()?;
        check(&summary, &expected)?;
        eprintln!("  {elapsed:.2} s, peak {peak_mib:.1} MiB");
        replays.push((format!("CSV, run {run}"), elapsed, peak_mib, start_mib));
    }
    eprintln!("replay: JSON to /dev/null ...");
    let peak = PeakMemory::reset()?;
    let started = Instant::now();
    let mut sink = JsonSink::new(BufWriter::new(std::fs::File::create("/dev/null")?), &query)?;
    let summary = replay(&store, &query, &mut sink).await?;
    let elapsed = started.elapsed().as_secs_f64();
    drop(sink.into_inner());
    let (peak_mib, start_mib) = peak.read()?;
    check(&summary, &expected)?;
    replays.push(("JSON".to_owned(), elapsed, peak_mib, start_mib));

    let cli = match coach {
        Some(coach) => Some(run_cli(&coach, db, &query).await?),
        None => None,
    };
    let mut notes = vec![
        format!("load average at the start {load_at_start}, at the end {}", setup::loadavg()),
        format!(
            "every replay wrote {} rows whose sums equal the fixture's (net {}, VAT {}, gross {} grosz)",
            thousands(expected.rows as f64),
            thousands(expected.totals.net as f64),
            thousands(expected.totals.vat as f64),
            thousands(expected.totals.gross as f64)
        ),
    ];
    let size: String = sqlx::query_scalar("select pg_size_pretty(pg_total_relation_size('es_events'))")
        .fetch_one(&pool)
        .await
        .context("table size")?;
    notes.push(format!("es_events holds {size} with its indexes"));
    Ok(Outcome { machine, events: expected.rows + args.other_events, fill, expected, replays, cli, notes })
}

/// The fixture, one chunk of orders per statement. Amounts follow `vat_split` at 8 %:
/// the net is `(gross * 200 + 108) / 216` for a positive gross (half away from zero).
async fn fill(pool: &PgPool, args: &RegisterArgs) -> Result<()> {
    let step = args.invoices.checked_div(args.corrections).unwrap_or(0);
    let issued = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, 0, md5('issued-' || g)::uuid, 'InvoiceIssued',
          json_build_object(
            'type', 'InvoiceIssued', 'order_id', o.id, 'number', 'FV/2026/' || g,
            'issued_at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'total', x.total, 'vat_rate', 8,
            'sale_date', to_char(t.at at time zone 'Europe/Warsaw', 'YYYY-MM-DD'),
            'seller', json_build_object('name', 'Nisko Bus Sp. z o.o.', 'tax_id', '8650000000',
              'address', 'ul. Dworcowa 2', 'postal_code', '37-400', 'city', 'Nisko', 'country', 'PL'),
            'buyer', json_build_object('country', 'PL', 'vat_number', lpad(((g * 7919) % 10000000000)::text, 10, '0'),
              'company_name', 'Firma ' || (g % 5000) || ' \"Przewozy\"; Sp. z o.o.',
              'address', 'ul. Kolejowa ' || (g % 200 + 1), 'postal_code', '37-400', 'city', 'Nisko'),
            'net', (x.total * 200 + 108) / 216, 'vat', x.total - (x.total * 200 + 108) / 216),
          json_build_object('occurred_at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-01-01 00:00:00+00' + g * interval '25 seconds' as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total) x";
    // Half of the invoice given back: before `total`, after `total - half`.
    let corrected = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, 1, md5('corrected-' || g)::uuid, 'InvoiceCorrected',
          json_build_object(
            'type', 'InvoiceCorrected', 'order_id', o.id, 'number', 'FV-KOR/2026/' || (g / $3),
            'corrects', 'FV/2026/' || g, 'amount', -x.half,
            'issued_at', to_char((t.at + interval '3 days') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'reason', 'Zwrot biletu', 'total_before', x.total, 'vat_rate', 8,
            'corrects_issued_at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'sale_date', to_char(t.at at time zone 'Europe/Warsaw', 'YYYY-MM-DD'),
            'seller', json_build_object('name', 'Nisko Bus Sp. z o.o.', 'tax_id', '8650000000',
              'address', 'ul. Dworcowa 2', 'postal_code', '37-400', 'city', 'Nisko', 'country', 'PL'),
            'buyer', json_build_object('country', 'PL', 'vat_number', lpad(((g * 7919) % 10000000000)::text, 10, '0'),
              'company_name', 'Firma ' || (g % 5000) || ' \"Przewozy\"; Sp. z o.o.',
              'address', 'ul. Kolejowa ' || (g % 200 + 1), 'postal_code', '37-400', 'city', 'Nisko'),
            'net', n.after - n.before, 'vat', -x.half - (n.after - n.before)),
          json_build_object('occurred_at', to_char((t.at + interval '3 days') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-01-01 00:00:00+00' + g * interval '25 seconds' as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total, (1800 + (g % 60) * 100) / 2 as half) x
        cross join lateral (select (x.total * 200 + 108) / 216 as before,
                                   ((x.total - x.half) * 200 + 108) / 216 as after) n
        where g % $3 = 0 and g / $3 <= $4";
    let others = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'course-' || md5('course-' || (g / 100)), g % 100, md5('other-' || g)::uuid, 'SeatsHeld',
          json_build_object('type', 'SeatsHeld', 'hold', g, 'seats', 2), '{}'::json
        from generate_series($1::bigint, $2::bigint) g";
    let chunks = args.invoices.div_ceil(CHUNK);
    // Other events per chunk, so they lie among the invoice events.
    let per_chunk = args.other_events.div_ceil(chunks.max(1));
    let mut other_from = 1;
    let mut lo = 1;
    while lo <= args.invoices {
        let hi = (lo + CHUNK - 1).min(args.invoices);
        if other_from <= args.other_events {
            let other_to = (other_from + per_chunk - 1).min(args.other_events);
            sqlx::query(others)
                .bind(other_from as i64)
                .bind(other_to as i64)
                .execute(pool)
                .await
                .context("fill others")?;
            other_from = other_to + 1;
        }
        sqlx::query(issued).bind(lo as i64).bind(hi as i64).execute(pool).await.context("fill invoices")?;
        if step > 0 {
            sqlx::query(corrected)
                .bind(lo as i64)
                .bind(hi as i64)
                .bind(step as i64)
                .bind(args.corrections as i64)
                .execute(pool)
                .await
                .context("fill corrections")?;
        }
        eprint!("\r  orders {} of {}", thousands(hi as f64), thousands(args.invoices as f64));
        lo = hi + 1;
    }
    eprintln!();
    Ok(())
}

/// The fixture must be what `OrderEvent` reads: decode a thousand events of each type,
/// spread over the table, as the product's own enum, each with its document facts.
async fn check_sample(pool: &PgPool) -> Result<()> {
    let sample: Vec<(String, String)> = sqlx::query_as(
        "(select event_type, data::text from es_events where event_type = 'InvoiceIssued' and seq % 797 = 0 limit 1000) \
         union all \
         (select event_type, data::text from es_events where event_type = 'InvoiceCorrected' and seq % 199 = 0 limit 1000)",
    )
    .fetch_all(pool)
    .await
    .context("read a sample of the fixture")?;
    let (mut issued, mut corrected) = (0, 0);
    for (event_type, data) in &sample {
        let event: OrderEvent = serde_json::from_str(data)
            .with_context(|| format!("the fixture's {event_type} does not decode: {data}"))?;
        anyhow::ensure!(event.event_type() == event_type, "{event_type} decodes as {}", event.event_type());
        match event {
            OrderEvent::InvoiceIssued {
                net: Some(_),
                vat: Some(_),
                buyer: Some(_),
                seller: Some(_),
                sale_date: Some(_),
                ..
            } => issued += 1,
            OrderEvent::InvoiceCorrected {
                net: Some(_), vat: Some(_), total_before: Some(_), buyer: Some(_), ..
            } => corrected += 1,
            other => bail!("the fixture's {event_type} lacks document facts: {other:?}"),
        }
    }
    anyhow::ensure!(issued > 0, "no InvoiceIssued in the sample");
    eprintln!("  sample decoded as OrderEvent: {issued} invoices, {corrected} corrections");
    Ok(())
}

/// The count and sums the register must reach, from the rows.
async fn expected_sums(pool: &PgPool) -> Result<Summary> {
    let (rows, net, vat, gross): (i64, i64, i64, i64) = sqlx::query_as(
        "select count(*), coalesce(sum((data->>'net')::bigint), 0)::bigint, \
                coalesce(sum((data->>'vat')::bigint), 0)::bigint, \
                coalesce(sum(coalesce(data->>'total', data->>'amount')::bigint), 0)::bigint \
           from es_events where event_type in ('InvoiceIssued', 'InvoiceCorrected')",
    )
    .fetch_one(pool)
    .await
    .context("expected sums")?;
    Ok(Summary { rows: rows as u64, totals: finance::Totals { net, vat, gross } })
}

fn check(summary: &Summary, expected: &Summary) -> Result<()> {
    if summary != expected {
        bail!("the replay made {summary:?}, the fixture holds {expected:?}");
    }
    Ok(())
}

/// `coach finance register` on the bench database, its output to /dev/null, under
/// `coach finance register` once under `/usr/bin/time` ([`crate::timed`]), CSV to /dev/null.
async fn run_cli(coach: &std::path::Path, db: &BenchDb, query: &RegisterQuery) -> Result<(f64, f64)> {
    eprintln!("coach finance register (CSV to /dev/null) ...");
    let (as_of, from, to) = (query.as_of.to_string(), query.from.to_string(), query.to.to_string());
    let args = ["finance", "register", "--format", "csv", "--as-of", &as_of, "--from", &from, "--to", &to]
        .map(std::ffi::OsString::from);
    let run = crate::timed::run_coach(coach, &db.url, &args, std::process::Stdio::null()).await?;
    eprintln!("  {:.2} s, {:.1} MiB: {}", run.seconds, run.mib, run.said.lines().next().unwrap_or_default());
    Ok((run.seconds, run.mib))
}

/// The process's peak resident memory from a reset (`echo 5 > /proc/self/clear_refs`).
pub(crate) struct PeakMemory {
    start_mib: f64,
}

impl PeakMemory {
    pub(crate) fn reset() -> Result<Self> {
        std::fs::write("/proc/self/clear_refs", "5").context("reset the peak RSS through /proc/self/clear_refs")?;
        Ok(PeakMemory { start_mib: status_mib("VmRSS:")? })
    }

    /// (peak, start) in MiB.
    pub(crate) fn read(self) -> Result<(f64, f64)> {
        Ok((status_mib("VmHWM:")?, self.start_mib))
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

fn print_report(args: &RegisterArgs, o: &Outcome) {
    let m = &o.machine;
    println!();
    println!("coach-bench register");
    println!();
    println!("machine:    {} cores ({}), {} memory", m.nproc, m.cpu, m.memory);
    println!(
        "postgresql: {}; fsync={}, synchronous_commit={}, shared_buffers={}",
        m.server_version, m.fsync, m.synchronous_commit, m.shared_buffers
    );
    println!(
        "fixture:    {} InvoiceIssued + {} InvoiceCorrected in {} order streams, {} other events; written by SQL in {:.1} s",
        thousands(args.invoices as f64),
        thousands(args.corrections as f64),
        thousands(args.invoices as f64),
        thousands(args.other_events as f64),
        o.fill.as_secs_f64()
    );
    println!();
    let verdict = |pass: bool| if pass { "PASS" } else { "FAIL" }.to_owned();
    let mut cells = Vec::new();
    for (label, seconds, peak, start) in &o.replays {
        let rate = o.expected.rows as f64 / seconds;
        cells.push(vec![
            format!("replay {} invoice events ({label})", thousands(o.expected.rows as f64)),
            format!("{seconds:.2} s ({} events/s)", thousands(rate)),
            format!("< {SECONDS_TARGET:.0} s"),
            verdict(*seconds < SECONDS_TARGET),
        ]);
        cells.push(vec![
            format!("  peak memory, VmHWM ({label})"),
            format!("{peak:.1} MiB (start {start:.1})"),
            format!("< {MIB_TARGET:.0} MiB"),
            verdict(*peak < MIB_TARGET),
        ]);
    }
    if let Some((seconds, rss)) = o.cli {
        cells.push(vec![
            "coach finance register, start to exit".to_owned(),
            format!("{seconds:.2} s"),
            format!("< {SECONDS_TARGET:.0} s"),
            verdict(seconds < SECONDS_TARGET),
        ]);
        cells.push(vec![
            "  its peak memory (max RSS, /usr/bin/time)".to_owned(),
            format!("{rss:.1} MiB"),
            format!("< {MIB_TARGET:.0} MiB"),
            verdict(rss < MIB_TARGET),
        ]);
    }
    print!("{}", report::markdown(&["figure", "measured", "target", "result"], &cells));
    println!();
    if o.events != o.expected.rows {
        println!("- the store held {} events in all", thousands(o.events as f64));
    }
    for note in &o.notes {
        println!("- {note}");
    }
}
