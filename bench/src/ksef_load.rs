//! `coach-bench ksef-load`: a busy hour's invoices, compressed, sent as they are issued,
//! through the KSeF stand-in of `coach serve` with KSeF's production rate limits on.
//!
//! `bench/run.sh ksef-load` (options: `--minutes` 10, `--count` (default one a second:
//! `--minutes` × 60), `--drain` 600 (seconds allowed after the last sale for every invoice
//! to be accepted), `--courses` 20, `--every` 10 (the server's `KSEF_EVERY_SECONDS`, its
//! default), `--coach`, `--keep`). A fresh database is migrated and seeded (`coach seed`),
//! `--courses` courses opened, and `coach serve --role all` started with
//! `KSEF_ENV=sandbox` (the stand-in at `/ksef-sandbox/v2` on the server's own port, its
//! production limits on). Then one office sale with a company invoice (`POST
//! /api/order/order/save` as the seeded admin, cash) is made every `--minutes` × 60 /
//! `--count` seconds, on a fixed schedule (open loop: a slow answer does not delay the
//! next sale), while the sender's own rounds send what is issued. The queue
//! (`rm_ksef_documents`) is read every second, and the first time each document is seen
//! accepted noted.
//!
//! Reported: invoices accepted (every one must be); sessions opened, interactive and
//! batch, and the 429s the stand-in answered (must be 0), both from `GET
//! /sandbox/stats`; the time from issue to KSeF number (seen in the queue) at the median,
//! the 95th percentile and the longest; the calls per operation; each KSeF number
//! distinct and valid.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use clap::Args;
use event_store::postgres::PgEventStore;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::ksef::{faults, issue};
use crate::orders::{create_courses, stretch};
use crate::report;
use crate::server::Server;
use crate::setup::{self, BenchDb};

#[derive(Args)]
pub struct KsefLoadArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Over how many minutes the invoices are issued.
    #[arg(long, default_value_t = 10)]
    minutes: u64,
    /// How many invoices [default: one a second, `--minutes` × 60].
    #[arg(long)]
    count: Option<usize>,
    /// Seconds allowed after the last sale for every invoice to be accepted.
    #[arg(long, default_value_t = 600)]
    drain: u64,
    /// Courses the sales are spread over.
    #[arg(long, default_value_t = 20)]
    courses: usize,
    /// The server's `KSEF_EVERY_SECONDS`: how often a sender round starts.
    #[arg(long, default_value_t = 10)]
    every: u64,
    /// The `coach` binary [default: `coach` next to this binary].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the bench database and the server's log.
    #[arg(long)]
    keep: bool,
}

pub async fn run(args: KsefLoadArgs) -> Result<()> {
    let database_url = args.database_url.clone().context("no database: pass --database-url or set DATABASE_URL")?;
    let count = args.count.unwrap_or(usize::try_from(args.minutes * 60).context("--minutes")?);
    anyhow::ensure!(count > 0 && args.minutes > 0 && args.courses > 0, "--count, --minutes, --courses above 0");
    let coach = setup::coach_binary(args.coach.as_deref())?;
    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let outcome = db.finish(args.keep, bench(&args, count, &db, &coach).await).await?;
    print_report(&args, count, &outcome);
    anyhow::ensure!(outcome.passed(count), "FAILED: not every invoice accepted, or 429s seen (the report says which)");
    Ok(())
}

/// An accepted document: its number, issued at, KSeF's acquisition date, KSeF number.
type Accepted = (String, DateTime<Utc>, Option<DateTime<Utc>>, Option<String>);

/// Everything measured.
struct Outcome {
    sold: usize,
    sales: Duration,
    accepted: usize,
    other_states: BTreeMap<String, i64>,
    /// Issue to "seen accepted", seconds, sorted.
    latencies: Vec<f64>,
    /// Issue to KSeF's acquisition date, the longest, seconds.
    longest_acquired: f64,
    stats: Value,
    distinct_numbers: usize,
    valid_numbers: usize,
    throttle_holds: usize,
    notes: Vec<String>,
}

impl Outcome {
    fn too_many(&self) -> u64 {
        self.stats["tooManyRequests"].as_object().map_or(0, |m| m.values().filter_map(Value::as_u64).sum())
    }

    fn passed(&self, count: usize) -> bool {
        self.accepted == count && self.too_many() == 0
    }
}

async fn bench(args: &KsefLoadArgs, count: usize, db: &BenchDb, coach: &std::path::Path) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(8, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let store = PgEventStore::new(pool.clone());
    eprintln!("seeding the demo data (coach seed) ...");
    fixtures::seed(&pool, &store).await.context("seed the demo data")?;
    let stretch = stretch(&pool).await?;
    let seats = u32::try_from(count / args.courses + 10).context("too many invoices per course")?;
    let courses = create_courses(&pool, &store, &stretch, args.courses, 0, seats).await?;
    setup::wait_for_horizon(&pool, Duration::from_secs(30)).await?;

    let every = args.every.to_string();
    let env = [("KSEF_ENV", "sandbox"), ("KSEF_EVERY_SECONDS", every.as_str())];
    let mut server = Server::start_with(coach, &db.url, "ksef-load", args.keep, "all", &env).await?;
    let base = format!("http://127.0.0.1:{}", server.port);
    let stand_in = format!("{base}/ksef-sandbox/v2");
    let result = async {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build()?;
        faults(&client, &stand_in, json!({ "rateLimits": "production" })).await?;
        let plan = issue::Plan { courses: &courses, from: stretch.from, to: stretch.to, concurrency: 1 };
        let period = Duration::from_secs(args.minutes * 60).div_f64(count as f64);
        eprintln!(
            "issuing {count} invoices, one every {:.2} s, sent by the server's own rounds ...",
            period.as_secs_f64()
        );
        let watch = tokio::spawn(watch(pool.clone(), count, Duration::from_secs(args.minutes * 60 + args.drain)));
        let (sold, sales) = sell(&client, &base, &plan, count, period).await?;
        eprintln!("  {sold} sales in {:.0} s; waiting for every invoice to be accepted ...", sales.as_secs_f64());
        let seen = watch.await.context("the watcher")??;
        let stats: Value = client.get(format!("{stand_in}/sandbox/stats")).send().await?.json().await?;
        Ok::<_, anyhow::Error>((sold, sales, seen, stats))
    }
    .await;
    let log = std::fs::read_to_string(&server.log).unwrap_or_default();
    server.stop(result.is_err()).await;
    let (sold, sales, seen, stats) = result?;
    let rows: Vec<Accepted> = sqlx::query_as(
        "select document_number, issued_at, accepted_at, ksef_number from rm_ksef_documents where state = 'accepted'",
    )
    .fetch_all(&pool)
    .await?;
    let other_states: BTreeMap<String, i64> =
        sqlx::query_as("select state, count(*) from rm_ksef_documents where state <> 'accepted' group by state")
            .fetch_all(&pool)
            .await?
            .into_iter()
            .collect();
    let mut latencies = Vec::new();
    let mut longest_acquired = 0f64;
    let mut numbers = std::collections::HashSet::new();
    let mut valid_numbers = 0;
    for (document, issued_at, accepted_at, number) in &rows {
        if let Some(seen_at) = seen.get(document) {
            latencies.push((*seen_at - *issued_at).num_milliseconds() as f64 / 1000.0);
        }
        if let Some(acquired) = accepted_at {
            longest_acquired = longest_acquired.max((*acquired - *issued_at).num_milliseconds() as f64 / 1000.0);
        }
        if let Some(n) = number {
            valid_numbers += usize::from(ksef::KsefNumber::parse(n).is_ok());
            numbers.insert(n.clone());
        }
    }
    latencies.sort_by(f64::total_cmp);
    let throttle_holds = log.lines().filter(|l| l.contains("the documents wait")).count();
    let notes = vec![
        format!("a sender round every {} s (KSEF_EVERY_SECONDS); the stand-in's production limits on", args.every),
        format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()),
    ];
    pool.close().await;
    Ok(Outcome {
        sold,
        sales,
        accepted: rows.len(),
        other_states,
        latencies,
        longest_acquired,
        stats,
        distinct_numbers: numbers.len(),
        valid_numbers,
        throttle_holds,
        notes,
    })
}

/// One sale every `period`, on a fixed schedule; how many answered 201, and how long.
async fn sell(
    client: &reqwest::Client,
    base: &str,
    plan: &issue::Plan<'_>,
    count: usize,
    period: Duration,
) -> Result<(usize, Duration)> {
    let token = issue::login(client, base).await?;
    let url = format!("{base}/api/order/order/save");
    let started = tokio::time::Instant::now();
    let mut sales = tokio::task::JoinSet::new();
    for i in 0..count {
        tokio::time::sleep_until(started + period.mul_f64(i as f64)).await;
        let request = client.post(&url).bearer_auth(&token).json(&issue::sale(plan, i));
        sales.spawn(async move { request.send().await.map(|r| r.status().as_u16()).unwrap_or(0) });
    }
    let mut sold = 0;
    let mut refused: BTreeMap<u16, usize> = BTreeMap::new();
    while let Some(status) = sales.join_next().await {
        match status.context("a sale's task")? {
            201 => sold += 1,
            other => *refused.entry(other).or_default() += 1,
        }
    }
    anyhow::ensure!(refused.is_empty(), "{sold} of {count} sales answered 201; the others: {refused:?}");
    Ok((sold, started.elapsed()))
}

/// The queue read every second until `count` documents are accepted or `patience` runs
/// out: when each document was first seen accepted.
async fn watch(pool: PgPool, count: usize, patience: Duration) -> Result<HashMap<String, DateTime<Utc>>> {
    let started = Instant::now();
    let mut seen: HashMap<String, DateTime<Utc>> = HashMap::new();
    let mut last_report = Instant::now();
    while seen.len() < count && started.elapsed() < patience {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let accepted: Vec<(String,)> =
            sqlx::query_as("select document_number from rm_ksef_documents where state = 'accepted'")
                .fetch_all(&pool)
                .await
                .context("read the queue")?;
        let now = Utc::now();
        for (document,) in accepted {
            seen.entry(document).or_insert(now);
        }
        if last_report.elapsed() >= Duration::from_secs(60) {
            eprintln!("  {:>4} s: {} accepted", started.elapsed().as_secs(), seen.len());
            last_report = Instant::now();
        }
    }
    Ok(seen)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn print_report(args: &KsefLoadArgs, count: usize, o: &Outcome) {
    let s = &o.stats;
    let num = |v: &Value| v.as_u64().unwrap_or(0);
    let by_op = |v: &Value| {
        v.as_object()
            .map(|m| m.iter().map(|(k, v)| format!("{k} {}", num(v))).collect::<Vec<_>>().join(", "))
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "none".into())
    };
    println!();
    println!("coach-bench ksef-load --minutes {} --count {count} --every {}", args.minutes, args.every);
    println!();
    let rows = vec![
        vec![
            "sales (office, company invoice) answered 201".into(),
            format!("{} in {:.0} s", o.sold, o.sales.as_secs_f64()),
            format!("{:.2} a second, on a fixed schedule", o.sold as f64 / o.sales.as_secs_f64()),
        ],
        vec![
            "invoices accepted by KSeF".into(),
            format!("{} of {count}", o.accepted),
            if o.accepted == count { "PASS".into() } else { format!("FAIL; others: {:?}", o.other_states) },
        ],
        vec![
            "sessions opened: interactive / batch".into(),
            format!("{} / {}", num(&s["onlineSessions"]), num(&s["batchSessions"])),
            "the stand-in's count".into(),
        ],
        vec![
            "429s answered by the stand-in".into(),
            o.too_many().to_string(),
            if o.too_many() == 0 { "PASS".into() } else { format!("FAIL: {}", by_op(&s["tooManyRequests"])) },
        ],
        vec![
            "issue → KSeF number in the queue: p50 / p95 / longest".into(),
            format!(
                "{:.0} s / {:.0} s / {:.0} s",
                percentile(&o.latencies, 50.0),
                percentile(&o.latencies, 95.0),
                percentile(&o.latencies, 100.0)
            ),
            format!("seen by a 1 s poll; KSeF's acquisition date at most {:.0} s after issue", o.longest_acquired),
        ],
        vec![
            "rounds the throttle held (log lines)".into(),
            o.throttle_holds.to_string(),
            "calls not made: the documents waited".into(),
        ],
        vec![
            "hashes received more than once / KSeF numbers".into(),
            format!(
                "{} / {} distinct, {} valid",
                s["receivedByHash"].as_object().map_or(0, |m| m.values().filter(|c| c.as_u64() > Some(1)).count()),
                o.distinct_numbers,
                o.valid_numbers
            ),
            String::new(),
        ],
    ];
    print!("{}", report::markdown(&["figure", "value", "note"], &rows));
    println!();
    println!("calls per operation (admitted by the stand-in): {}", by_op(&s["calls"]));
    for note in &o.notes {
        println!("- {note}");
    }
}
