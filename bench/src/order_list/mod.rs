//! `coach-bench order-list`: the admin's order list, `GET /api/order/order/all` of the
//! real server, over a million orders in the read model.
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
//! whether it was exact or estimated, and PASS/FAIL against the target, p99 under
//! 100 ms. Then, server stopped, what migration 0058's indexes cost the writer of
//! `rm_orders`: 10,000 new orders inserted and then paid in batches of 500 on the full
//! table, with and without those indexes, each run in a transaction rolled back
//! (`order_list/write_cost.rs`). The database is dropped at the end unless `--keep` (or
//! `--reuse`, which keeps it and skips the writing next time when it holds `--orders`).

mod cases;
pub(crate) mod fill;
mod write_cost;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use sqlx::PgPool;

use crate::report::{self, thousands};
use crate::server::Server;
use crate::setup::{self, BenchDb};

#[derive(Args)]
pub struct OrderListArgs {
    /// A URL of the cluster to use; the bench writes into a database of its own there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// The bench's database on that cluster (created afresh unless --reuse).
    #[arg(long, default_value = "coach_bench_orders")]
    database: String,
    /// Orders written into the read model.
    #[arg(long, default_value_t = 1_000_000)]
    orders: u32,
    /// Timed requests per case, sent one after another.
    #[arg(long, default_value_t = 200)]
    requests: usize,
    /// Unmeasured requests per case before its timed ones.
    #[arg(long, default_value_t = 5)]
    warmup: usize,
    /// Orders per page (25: the admin panel's page; the API's default is 20).
    #[arg(long, default_value_t = 25)]
    per_page: u32,
    /// Only the cases whose group or name contains this.
    #[arg(long)]
    only: Option<String>,
    /// Keep the database when it holds the orders already (skip writing them).
    #[arg(long)]
    reuse: bool,
    /// Skip the measure of what the indexes cost the writer.
    #[arg(long)]
    no_write_cost: bool,
    /// The `coach` binary [default: `coach` next to this binary, i.e. target/release/coach].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the database (and the server's log) at the end.
    #[arg(long)]
    keep: bool,
}

/// The target of the issue: p99 under this many milliseconds, for every case.
const P99_TARGET_MS: f64 = 100.0;

pub async fn run(args: OrderListArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(args.orders >= 1000, "--orders must be at least 1000");
    anyhow::ensure!(
        args.requests > 0 && (1..=1000).contains(&args.per_page),
        "--requests above 0, --per-page 1 to 1000"
    );
    let coach = setup::coach_binary(args.coach.as_deref())?;

    let (db, existed) = BenchDb::named(&database_url, &args.database, args.reuse).await?;
    eprintln!("bench database: {}{}", db.name, if existed { " (reused)" } else { "" });
    let result = db.finish(args.keep || args.reuse, bench(&args, &db, &coach).await).await?;
    print!("{}", result);
    Ok(())
}

/// One case's answers.
struct Measured {
    group: &'static str,
    name: String,
    example: String,
    /// Latency of each timed request, sorted, in microseconds.
    latencies_us: Vec<u64>,
    errors: Vec<String>,
    /// `totalCount` of each answer, sorted, and how many were estimates.
    totals: Vec<u64>,
    estimated: usize,
}

impl Measured {
    fn percentile_ms(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let i = ((p / 100.0) * self.latencies_us.len() as f64).ceil() as usize;
        self.latencies_us[i.clamp(1, self.latencies_us.len()) - 1] as f64 / 1000.0
    }
}

async fn bench(args: &OrderListArgs, db: &BenchDb, coach: &std::path::Path) -> Result<String> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(4, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let fill_note = fill::ensure(&pool, args.orders, args.reuse).await?;
    eprintln!("{fill_note}");
    let token = admin_token(&pool).await?;
    let mut cases = cases::cases(&pool, args.requests + args.warmup, args.per_page).await?;
    if let Some(only) = &args.only {
        cases.retain(|c| c.group.contains(only.as_str()) || c.name.contains(only.as_str()));
    }
    let sizes = sizes(&pool).await?;
    let settings: (String, String, String) = sqlx::query_as(
        "select current_setting('server_version'), current_setting('shared_buffers'), current_setting('work_mem')",
    )
    .fetch_one(&pool)
    .await?;

    let mut server = Server::start_as(coach, &db.url, "order-list", args.keep, "query").await?;
    let measured = async {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
        let url = format!("http://127.0.0.1:{}/api/order/order/all", server.port);
        let mut out = Vec::new();
        for (i, case) in cases.iter().enumerate() {
            eprintln!("[{}/{}] {}: {}", i + 1, cases.len(), case.group, case.name);
            out.push(measure(&client, &url, &token, case, args.warmup).await?);
        }
        Ok::<_, anyhow::Error>(out)
    }
    .await;
    let failed = measured.as_ref().map_or(true, |m| m.iter().any(|c| !c.errors.is_empty()));
    server.stop(failed).await;
    let measured = measured?;

    let write_cost = if args.no_write_cost {
        None
    } else {
        eprintln!("the indexes' cost to the writer ...");
        let mut conn = pool.acquire().await?;
        Some(write_cost::measure(&mut conn).await?)
    };
    let load_at_end = setup::loadavg();
    pool.close().await;

    let machine = machine();
    let mut out = String::new();
    out.push_str("## coach-bench order-list\n\n");
    out.push_str(&format!(
        "{machine}; PostgreSQL {} (shared_buffers {}, work_mem {}); `coach serve --role query` (release)\n\n",
        settings.0, settings.1, settings.2
    ));
    out.push_str(&format!("- read model: {fill_note}; {sizes}\n"));
    out.push_str(&format!(
        "- requests: one at a time over keep-alive, {} timed per case after {} unmeasured, {} orders a page, each \
         case's values drawn from a seeded sample of the orders; latency from sending to the whole answer\n",
        args.requests, args.warmup, args.per_page
    ));
    out.push_str(&format!("- load average (1/5/15 min) at start {load_at_start}, at end {load_at_end}\n\n"));
    out.push_str(&table(&measured));
    let worst = measured.iter().map(|m| m.percentile_ms(99.0)).fold(0.0, f64::max);
    let missed: Vec<&str> =
        measured.iter().filter(|m| m.percentile_ms(99.0) >= P99_TARGET_MS).map(|m| m.name.as_str()).collect();
    out.push_str(&format!(
        "\n{} cases; worst p99 {worst:.1} ms; target p99 < {P99_TARGET_MS:.0} ms in every case: {}\n",
        measured.len(),
        if missed.is_empty() { "MET".to_owned() } else { format!("MISSED ({})", missed.join(", ")) }
    ));
    for m in measured.iter().filter(|m| !m.errors.is_empty()) {
        out.push_str(&format!("\n{} / {}: {} errors, e.g. {}\n", m.group, m.name, m.errors.len(), m.errors[0]));
    }
    if let Some(w) = write_cost {
        out.push_str(&format!(
            "\nWhat the indexes cost the writer (10,000 new orders on the full table, in batches of 500: inserted, \
             then paid; per 1,000 orders, the quicker of 2 rounds):\n\n{}",
            report::markdown(
                &["rm_orders", "insert", "pay (update)"],
                &[
                    vec![format!("{} indexes (as migrated)", w.indexes_with), ms(w.insert_with), ms(w.update_with),],
                    vec![
                        format!("{} indexes (without 0058's)", w.indexes_without),
                        ms(w.insert_without),
                        ms(w.update_without),
                    ],
                ],
            )
        ));
    }
    Ok(out)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The requests of one case, one after another: the first `warmup` unmeasured.
async fn measure(
    client: &reqwest::Client,
    url: &str,
    token: &str,
    case: &cases::Case,
    warmup: usize,
) -> Result<Measured> {
    let mut m = Measured {
        group: case.group,
        name: case.name.clone(),
        example: case.queries.get(warmup).cloned().unwrap_or_default(),
        latencies_us: Vec::new(),
        errors: Vec::new(),
        totals: Vec::new(),
        estimated: 0,
    };
    for (i, query) in case.queries.iter().enumerate() {
        let started = Instant::now();
        let answer = client.get(format!("{url}?{query}")).bearer_auth(token).send().await;
        let (status, text) = match answer {
            Ok(r) => {
                let status = r.status();
                (status, r.text().await.unwrap_or_default())
            }
            Err(e) => {
                m.errors.push(format!("{query}: {e}"));
                continue;
            }
        };
        let elapsed = started.elapsed();
        if i < warmup {
            continue;
        }
        if !status.is_success() {
            m.errors.push(format!("{query}: {status} {}", text.chars().take(200).collect::<String>()));
            continue;
        }
        m.latencies_us.push(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX));
        let v: serde_json::Value = serde_json::from_str(&text).context("an answer is not JSON")?;
        let pagination = &v["data"]["pagination"];
        m.totals.push(pagination["totalCount"].as_u64().unwrap_or(0));
        if pagination["totalCountEstimated"] == serde_json::Value::Bool(true) {
            m.estimated += 1;
        }
    }
    m.latencies_us.sort_unstable();
    m.totals.sort_unstable();
    Ok(m)
}

/// The result table: a row per case.
fn table(measured: &[Measured]) -> String {
    let rows: Vec<Vec<String>> = measured
        .iter()
        .map(|m| {
            let median = m.totals.get(m.totals.len() / 2).copied().unwrap_or(0);
            let count = match m.estimated {
                0 => "exact".to_owned(),
                n if n == m.totals.len() => "estimate".to_owned(),
                n => format!("{}/{} estimated", n, m.totals.len()),
            };
            let p99 = m.percentile_ms(99.0);
            let example: String = m.example.chars().take(90).collect();
            vec![
                m.group.to_owned(),
                m.name.clone(),
                format!("`{example}`"),
                format!("{:.1}", m.percentile_ms(50.0)),
                format!("{:.1}", m.percentile_ms(95.0)),
                format!("{p99:.1}"),
                format!("{:.1}", m.percentile_ms(100.0)),
                thousands(median as f64),
                count,
                if !m.errors.is_empty() {
                    "ERRORS".to_owned()
                } else if p99 < P99_TARGET_MS {
                    "PASS".to_owned()
                } else {
                    "FAIL".to_owned()
                },
            ]
        })
        .collect();
    report::markdown(
        &[
            "group",
            "case",
            "example query",
            "p50 ms",
            "p95 ms",
            "p99 ms",
            "max ms",
            "matches (median)",
            "total",
            "p99 < 100 ms",
        ],
        &rows,
    )
}

/// A SuperAdmin and a session token for the bench's requests (as a login would leave
/// them: only the token's SHA-256 is stored).
pub(crate) async fn admin_token(pool: &PgPool) -> Result<String> {
    let token: String = (0..32).map(|_| format!("{:02x}", rand::random::<u8>())).collect();
    let mut tx = pool.begin().await?;
    sqlx::query("delete from users where lower(email) = 'bench-admin@example.test'").execute(&mut *tx).await?;
    let id: uuid::Uuid = sqlx::query_scalar(
        "insert into users (id, email, password_hash, first_name, role, active) \
         values (gen_random_uuid(), 'bench-admin@example.test', '!', 'Bench', 'SuperAdmin', true) returning id",
    )
    .fetch_one(&mut *tx)
    .await
    .context("create the bench's admin")?;
    sqlx::query(
        "insert into auth_tokens (token_hash, user_id, purpose, expires_at) \
         values (sha256(convert_to($1, 'UTF8')), $2, 'session', now() + interval '1 day')",
    )
    .bind(&token)
    .bind(id)
    .execute(&mut *tx)
    .await
    .context("create the admin's session")?;
    tx.commit().await?;
    Ok(token)
}

/// The read tables' sizes.
async fn sizes(pool: &PgPool) -> Result<String> {
    let (orders, orders_indexes, n_indexes, tickets): (String, String, i64, String) = sqlx::query_as(
        "select pg_size_pretty(pg_table_size('rm_orders')), pg_size_pretty(pg_indexes_size('rm_orders')), \
                (select count(*) from pg_indexes where tablename = 'rm_orders'), \
                pg_size_pretty(pg_total_relation_size('rm_tickets'))",
    )
    .fetch_one(pool)
    .await
    .context("read the sizes")?;
    Ok(format!(
        "rm_orders {orders} and {n_indexes} indexes of {orders_indexes} together; rm_tickets {tickets} with its indexes"
    ))
}

/// Cores, CPU and memory, from /proc.
pub(crate) fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_owned()))
        .unwrap_or_else(|| "unknown CPU".into());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse::<u64>().ok())
        .map_or_else(|| "? GiB".into(), |kib| format!("{:.1} GiB", kib as f64 / 1024.0 / 1024.0));
    let nproc = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{nproc} cores ({cpu}), {memory}")
}
