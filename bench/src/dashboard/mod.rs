//! `coach-bench dashboard`: the admin panel's home page, `GET /api/admin/home` of the
//! real server (`--role query`), over the million orders of the order-list bench.
//!
//! The orders and tickets are the order-list bench's (`order_list::fill`, the same rows;
//! `--reuse` takes its database as it is when it holds them). The home page reads other
//! read models, so they are written here at that scale, straight into their tables, as
//! their projections would write them from the events behind those rows:
//! - `rm_sales_days` and `rm_sales_orders` (the `sales` projection): summed from the
//!   orders and tickets by the projection's rules (an order on its Warsaw payment day
//!   under its outbound route, a ticket on its issue and return days under its leg's);
//! - `rm_course_availability` (the `availability` projection): every course the orders
//!   ride (a few hundred thousand, hourly over two years, today's and tomorrow's among
//!   them), its stops the orders' stops, its load the tickets on it;
//! - what needs someone: `refunds` (one per cancelled or returned order, 5 % refused),
//!   `rm_ksef_documents` (one per invoice, a few hundred waiting, offline or rejected)
//!   and `rm_complaints` (10,000, deadlines spread over three months);
//! - the 20 stops and 50 routes the orders name, in the catalogue.
//!
//! Then `VACUUM ANALYZE` of those tables, a SuperAdmin's session, `coach serve --role query`, and
//! `--requests` timed requests one after another after `--warmup` unmeasured ones:
//! p50/p95/p99/max from sending to the whole answer, against the target, p99
//! under 200 ms. Then, the server stopped, the same figures of each part of the answer
//! timed in this process by the query side's own functions ([`parts`]): the courses, the
//! sales, the counts, and the JSON encoding; they say where a slow answer spends its time.
//!
//! `bench/run.sh dashboard` (options: `--orders` 1000000, `--requests` 300, `--warmup` 10,
//! `--database` coach_bench_orders, `--reuse`, `--keep`). The order-list bench's orders and
//! tickets (the same fill; `--reuse` takes that bench's database as it is), then the read
//! models the home page reads, written at that scale as their projections would write them
//! ([`seed`] says how).

mod parts;
mod seed;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;

use crate::order_list::{admin_token, fill, machine};
use crate::report::{self, thousands};
use crate::server::Server;
use crate::setup::{self, BenchDb};
use seed::{SEED, SETTLE};

#[derive(Args)]
pub struct DashboardArgs {
    /// A URL of the cluster to use; the bench writes into a database of its own there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// The bench's database (the order-list bench's by default, to share its orders).
    #[arg(long, default_value = "coach_bench_orders")]
    database: String,
    /// Orders in the read model.
    #[arg(long, default_value_t = 1_000_000)]
    orders: u32,
    /// Timed requests, sent one after another.
    #[arg(long, default_value_t = 300)]
    requests: usize,
    /// Unmeasured requests before the timed ones.
    #[arg(long, default_value_t = 10)]
    warmup: usize,
    /// Keep the database when it holds the orders already (skip writing them).
    #[arg(long)]
    reuse: bool,
    /// The `coach` binary [default: `coach` next to this binary, i.e. target/release/coach].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the database (and the server's log) at the end.
    #[arg(long)]
    keep: bool,
}

/// The target: p99 under this many milliseconds.
const P99_TARGET_MS: f64 = 200.0;

pub async fn run(args: DashboardArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(args.orders >= 1000 && args.requests > 0, "--orders at least 1000, --requests above 0");
    let coach = setup::coach_binary(args.coach.as_deref())?;
    let (db, existed) = BenchDb::named(&database_url, &args.database, args.reuse).await?;
    eprintln!("bench database: {}{}", db.name, if existed { " (reused)" } else { "" });
    let result = db.finish(args.keep || args.reuse, bench(&args, &db, &coach).await).await?;
    print!("{}", result);
    Ok(())
}

async fn bench(args: &DashboardArgs, db: &BenchDb, coach: &std::path::Path) -> Result<String> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(4, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let fill_note = fill::ensure(&pool, args.orders, args.reuse).await?;
    eprintln!("{fill_note}; writing the home page's read models ...");
    let started = Instant::now();
    sqlx::raw_sql(SEED).execute(&pool).await.context("write the home page's read models")?;
    for statement in SETTLE {
        sqlx::raw_sql(statement).execute(&pool).await.with_context(|| statement.to_string())?;
    }
    let seeded = started.elapsed().as_secs_f64();
    let sizes: (i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from rm_sales_days), (select count(*) from rm_course_availability), \
                (select count(*) from rm_course_availability where departure_at >= current_date \
                    and departure_at < current_date + 2), \
                (select count(*) from refunds), (select count(*) from rm_ksef_documents), \
                (select count(*) from rm_complaints)",
    )
    .fetch_one(&pool)
    .await?;
    let token = admin_token(&pool).await?;

    let mut server = Server::start_as(coach, &db.url, "dashboard", args.keep, "query").await?;
    let measured = measure(server.port, &token, args).await;
    server.stop(measured.is_err()).await;
    let (latencies, example) = measured?;
    eprintln!("timing the home page's parts in process ...");
    let parts = parts::measure(&pool, args.requests, args.warmup).await?;
    pool.close().await;

    let mut out = String::from("## coach-bench dashboard\n\n");
    out.push_str(&format!("{}; `coach serve --role query`\n\n", machine()));
    out.push_str(&format!(
        "- read models: {fill_note}; the home page's written in {seeded:.0} s: {} day-and-route rows of sales, \
         {} courses ({} today and tomorrow), {} refunds, {} KSeF documents, {} complaints\n",
        thousands(sizes.0 as f64),
        thousands(sizes.1 as f64),
        sizes.2,
        thousands(sizes.3 as f64),
        thousands(sizes.4 as f64),
        thousands(sizes.5 as f64)
    ));
    out.push_str(&format!(
        "- requests: `GET /api/admin/home`, one at a time over keep-alive, {} timed after {} unmeasured; \
         latency from sending to the whole answer ({example})\n",
        args.requests, args.warmup
    ));
    out.push_str(&format!("- load average (1/5/15 min) at start {load_at_start}, at end {}\n\n", setup::loadavg()));
    let p99 = percentile_ms(&latencies, 99.0);
    let verdict = if p99 < P99_TARGET_MS { "PASS" } else { "FAIL" };
    let mut rows = vec![figures("GET /api/admin/home", &latencies, verdict)];
    rows.extend(parts.iter().map(|part| figures(&format!("  part: {}", part.name), &part.sorted_us, "-")));
    out.push_str(&report::markdown(&["endpoint", "p50 ms", "p95 ms", "p99 ms", "max ms", "p99 < 200 ms"], &rows));
    out.push_str(&format!(
        "\nThe parts: `query_api::dashboard`'s functions called in this process, one after another, {} times after {} \
         unmeasured (the endpoint runs the three reads at once, then encodes).\n",
        args.requests, args.warmup
    ));
    Ok(out)
}

/// The timed requests' latencies (sorted, µs) and a word on the answer.
async fn measure(port: u16, token: &str, args: &DashboardArgs) -> Result<(Vec<u64>, String)> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
    let url = format!("http://127.0.0.1:{port}/api/admin/home");
    let mut latencies = Vec::with_capacity(args.requests);
    let mut example = String::new();
    for i in 0..args.warmup + args.requests {
        let started = Instant::now();
        let response = client.get(&url).bearer_auth(token).send().await.context("request")?;
        let status = response.status();
        let text = response.text().await.context("answer")?;
        let elapsed = started.elapsed();
        anyhow::ensure!(status.is_success(), "{status}: {}", text.chars().take(300).collect::<String>());
        if i >= args.warmup {
            latencies.push(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX));
        }
        if example.is_empty() {
            let v: serde_json::Value = serde_json::from_str(&text).context("an answer is not JSON")?;
            let d = &v["data"];
            example = format!(
                "an answer: {} courses, 30 days summing {} orders, {} routes, {} KiB",
                d["courses"].as_array().map_or(0, Vec::len),
                d["sales"]["totals"]["orders"],
                d["sales"]["routes"].as_array().map_or(0, Vec::len),
                text.len() / 1024
            );
        }
    }
    latencies.sort_unstable();
    Ok((latencies, example))
}

/// A row of the report: p50, p95, p99 and max of `sorted_us`, and the verdict.
fn figures(name: &str, sorted_us: &[u64], verdict: &str) -> Vec<String> {
    let p = |q: f64| format!("{:.1}", percentile_ms(sorted_us, q));
    vec![name.to_owned(), p(50.0), p(95.0), p(99.0), p(100.0), verdict.to_owned()]
}

fn percentile_ms(sorted_us: &[u64], p: f64) -> f64 {
    if sorted_us.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * sorted_us.len() as f64).ceil() as usize;
    sorted_us[i.clamp(1, sorted_us.len()) - 1] as f64 / 1000.0
}
