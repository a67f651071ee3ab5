//! One append comparison of the event-store bench: pgbench against the store, round by
//! round, keeping each side's best; and a row of the CPU-per-operation table.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use event_store::postgres::PgEventStore;

use super::Tools;
use crate::report::thousands;
use crate::setup::{self, BenchDb};
use crate::{appends, cpu, raw};

pub(super) fn cpu_row(
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
pub(super) struct Best {
    pub raw: raw::Pgbench,
    pub raw_cpu: cpu::Spent,
    pub store: appends::Phase,
    /// Every round's rates, "pgbench tps / store appends/s".
    pub rounds: String,
}

/// `rounds` times: pgbench with `script` and `writers` clients, then the store with
/// `writers` tasks appending `batch` events at a time, each for `duration` after a
/// CHECKPOINT. Keeps the best round of each side.
#[allow(clippy::too_many_arguments)]
pub(super) async fn compare(
    pool: &sqlx::PgPool,
    store: &PgEventStore,
    db: &BenchDb,
    tools: &Tools,
    script: &Path,
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
