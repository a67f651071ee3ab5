//! The phases of the event-store bench, in order: single-event appends, batch appends,
//! then the replays of a store filled with `--replay-events` events (the module
//! documentation of [`super`] says what each measures).

use std::time::Duration;

use anyhow::{Context, Result};
use event_store::postgres::PgEventStore;

use super::compare::{compare, cpu_row};
use super::{EventStoreArgs, Outcome, Tools, BATCH};
use crate::report::{thousands, Row};
use crate::setup::{self, BenchDb, Machine};
use crate::{cpu, raw, replay};

/// What every phase uses.
struct Bench<'a> {
    args: &'a EventStoreArgs,
    db: &'a BenchDb,
    tools: &'a Tools,
    pool: sqlx::PgPool,
    store: PgEventStore,
    scripts: raw::Scripts,
    server: Option<cpu::Server>,
    duration: Duration,
    rounds: usize,
}

/// What the phases found, for the report.
#[derive(Default)]
struct Sheet {
    rows: Vec<Row>,
    /// Per phase: figure, store server/op, store client/op, raw server/op, raw client/op.
    cpu: Vec<Vec<String>>,
    notes: Vec<String>,
}

/// Every phase on the fresh database `db`.
pub(super) async fn run(args: &EventStoreArgs, db: &BenchDb, tools: &Tools) -> Result<Outcome> {
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
    let rounds = args.rounds.unwrap_or(if args.quick { 1 } else { 2 });
    let bench = Bench { args, db, tools, pool, store, scripts, server, duration, rounds };
    let mut sheet = Sheet::default();

    single_appends(&bench, &mut sheet).await?;
    batch_appends(&bench, &mut sheet).await?;
    replays(&bench, &mut sheet, replay_events).await?;

    let Sheet { rows, cpu, mut notes } = sheet;
    notes.push(format!(
        "raw appends: pgbench -n -M prepared -j 2 -T {seconds}, one INSERT of 1 (or {BATCH}) rows per transaction into \
         bench_raw_events (es_events' columns, primary key (stream_id, version), jsonb built from text per row)"
    ));
    notes.push(format!(
        "store: pool of {connections} connections, ping before acquire {}; runner batch {}",
        args.pool_ping,
        args.runner_batch.map_or_else(
            || format!("{} (default)", projections::RunnerConfig::default().batch_size),
            |b| b.to_string()
        )
    ));
    if server.is_none() {
        notes.push("server CPU: n/a (the PostgreSQL processes are not visible in /proc here)".into());
    }
    notes.push(format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()));
    bench.pool.close().await;
    Ok(Outcome { machine, rows, cpu, notes })
}

/// 1. Single-event appends, at each `--writers`.
async fn single_appends(b: &Bench<'_>, sheet: &mut Sheet) -> Result<()> {
    for &writers in &b.args.writers {
        let best =
            compare(&b.pool, &b.store, b.db, b.tools, &b.scripts.single, writers, 1, b.duration, b.rounds, b.server)
                .await?;
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
            sheet.rows.push(Row::checked(figure, store_cell, raw_cell, Some(ratio), ">= 0.60 x raw", ratio >= 0.6));
        } else {
            sheet.rows.push(Row::info(figure, store_cell, raw_cell, Some(ratio)));
        }
        sheet.rows.push(Row::info(
            format!("  latency, {writers} writer(s)"),
            format!("p50 {:.2} ms, p99 {:.2} ms", phase.percentile_ms(50.0), phase.percentile_ms(99.0)),
            format!("avg {:.2} ms", pg.latency_avg_ms),
            None,
        ));
        sheet.cpu.push(cpu_row(
            format!("append 1 event, {writers} writer(s)"),
            "append",
            store_cpu,
            phase.appends as f64,
            Some((pg_cpu, pg.transactions as f64)),
        ));
        sheet.notes.push(format!("{writers} writer(s), appends/s by round: {}", best.rounds));
    }
    Ok(())
}

/// 2. Batch appends, `--batch-writers` writers of [`BATCH`] events.
async fn batch_appends(b: &Bench<'_>, sheet: &mut Sheet) -> Result<()> {
    let bw = b.args.batch_writers;
    let best =
        compare(&b.pool, &b.store, b.db, b.tools, &b.scripts.batch, bw, BATCH, b.duration, b.rounds, b.server).await?;
    let (pg, pg_cpu, phase) = (best.raw, best.raw_cpu, best.store);
    let store_cpu = phase.cpu;
    let raw_rows = pg.tps * BATCH as f64;
    sheet.notes.push(format!("{bw} writers x {BATCH} events, appends/s by round: {}", best.rounds));
    let ratio = phase.events_per_sec() / raw_rows;
    eprintln!(
        "  best: store {} events/s (p50 {:.2} ms, p99 {:.2} ms), pgbench {} rows/s, ratio {ratio:.2}",
        thousands(phase.events_per_sec()),
        phase.percentile_ms(50.0),
        phase.percentile_ms(99.0),
        thousands(raw_rows)
    );
    sheet.rows.push(Row::checked(
        format!("append {BATCH}-event batches, {bw} writers"),
        format!("{} events/s", thousands(phase.events_per_sec())),
        format!("{} rows/s", thousands(raw_rows)),
        Some(ratio),
        ">= 100,000 events/s",
        phase.events_per_sec() >= 100_000.0,
    ));
    sheet.rows.push(Row::info(
        format!("  latency, {bw} writers x {BATCH} events"),
        format!("p50 {:.2} ms, p99 {:.2} ms", phase.percentile_ms(50.0), phase.percentile_ms(99.0)),
        format!("avg {:.2} ms", pg.latency_avg_ms),
        None,
    ));
    sheet.cpu.push(cpu_row(
        format!("append {BATCH}-event batches, {bw} writers"),
        "event",
        store_cpu,
        (phase.appends * BATCH as u64) as f64,
        Some((pg_cpu, pg.transactions as f64 * BATCH as f64)),
    ));
    Ok(())
}

/// A raw figure a replay is compared with: its rate, its cell, its CPU and its rows.
type RawFigure = (f64, String, cpu::Spent, f64);

/// 3. and 4. The replays of `replay_events` events, each with its peak memory.
async fn replays(b: &Bench<'_>, sheet: &mut Sheet, replay_events: u64) -> Result<()> {
    let (held, read, write) = fill_and_raw(b, sheet, replay_events).await?;
    let n = thousands(held as f64);
    // Each replay: its label, the raw figure it is compared with, its target.
    let replays = [
        ("subscribe_all, no-op consumer", &read, Some(300_000.0)),
        ("no-op Projection, Runner::run", &read, None),
        ("read-table Projection, Runner::run", &write, Some(50_000.0)),
        ("read-table Projection, Runner::catch_up", &write, Some(50_000.0)),
    ];
    let (store, pool, rb, server) = (&b.store, &b.pool, b.args.runner_batch, b.server);
    let mut memory = Vec::new();
    for (i, (label, (raw_rate, raw_cell, raw_cpu, raw_ops), target)) in replays.into_iter().enumerate() {
        eprintln!("replay: {label} ...");
        let mark = cpu::Mark::now(server);
        let r = match i {
            0 => replay::subscribe_noop(store, held).await?,
            1 => replay::project(store, pool, replay::Target::Noop, replay::Mode::Subscription, held, rb).await?,
            2 => replay::project(store, pool, replay::Target::ReadTable, replay::Mode::Subscription, held, rb).await?,
            _ => replay::project(store, pool, replay::Target::ReadTable, replay::Mode::CatchUp, held, rb).await?,
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
        sheet.rows.push(match target {
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
        sheet.cpu.push(cpu_row(
            format!("replay: {label}"),
            "event",
            store_cpu,
            r.events as f64,
            Some((*raw_cpu, *raw_ops)),
        ));
        memory.push((label, r));
    }
    for (label, r) in &memory {
        sheet.rows.push(Row::checked(
            format!("peak memory (VmHWM), {label}"),
            format!("{:.1} MiB (start {:.1})", r.peak_mib, r.start_mib),
            "-",
            None,
            "< 200 MiB",
            r.peak_mib < 200.0,
        ));
    }
    Ok(())
}

/// The store emptied and filled with `replay_events` events, then the raw figures on
/// them: `psql \copy` out (reading) and `INSERT .. SELECT` into the read table (writing).
/// Returns the events held and the two raw figures.
async fn fill_and_raw(b: &Bench<'_>, sheet: &mut Sheet, replay_events: u64) -> Result<(u64, RawFigure, RawFigure)> {
    let (pool, server) = (&b.pool, b.server);
    eprintln!("replay: filling the store with {} events ...", thousands(replay_events as f64));
    replay::empty_store(pool).await?;
    let fill = crate::appends::fill(&b.store, replay_events, BATCH, b.args.batch_writers).await?;
    let held = replay::settle(pool).await?;
    anyhow::ensure!(held == replay_events, "the store holds {held} events, expected {replay_events}");
    setup::wait_for_horizon(pool, Duration::from_secs(30)).await?;
    sheet.notes.push(format!(
        "replay fill: {} events in {:.1} s ({} events/s), then VACUUM ANALYZE",
        thousands(held as f64),
        fill.as_secs_f64(),
        thousands(held as f64 / fill.as_secs_f64())
    ));
    eprintln!("replay: psql \\copy ...");
    let mark = cpu::Mark::now(server);
    let (copied, copy_time) = raw::copy_events(&b.tools.psql, &b.db.url).await?;
    let copy_cpu = mark.spent(server);
    anyhow::ensure!(copied == held, "psql copied {copied} rows of {held}");
    let raw_read = copied as f64 / copy_time.as_secs_f64();
    eprintln!("  psql \\copy: {} rows/s", thousands(raw_read));
    eprintln!("replay: INSERT .. SELECT into the read table ...");
    let mark = cpu::Mark::now(server);
    let (inserted, insert_time) = replay::raw_insert_select(pool).await?;
    let insert_cpu = mark.spent(server);
    anyhow::ensure!(inserted == held, "INSERT .. SELECT wrote {inserted} rows of {held}");
    let raw_write = inserted as f64 / insert_time.as_secs_f64();
    eprintln!("  INSERT .. SELECT: {} rows/s", thousands(raw_write));
    let read = (raw_read, format!("{} rows/s (\\copy out)", thousands(raw_read)), copy_cpu, copied as f64);
    let write = (raw_write, format!("{} rows/s (INSERT..SELECT)", thousands(raw_write)), insert_cpu, inserted as f64);
    Ok((held, read, write))
}
