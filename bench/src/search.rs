//! `coach-bench search`: `POST /api/search/search/index` of the real server under an
//! open-loop load.
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
//! process (/proc/PID/stat), of the whole PostgreSQL cluster (`cpu.rs`) and of the load
//! generator, with PASS/FAIL against the target p99 < 20 ms (and no errors). The server
//! is stopped and the database dropped at the end (`--keep` keeps both the database and
//! the server's log).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use event_store::postgres::PgEventStore;
use event_store::EventStore;
use rand::Rng;
use sqlx::PgPool;
use tokio::sync::Semaphore;

use crate::cpu;
use crate::report::{self, thousands};
use crate::server::Server;
use crate::setup::{self, BenchDb};

#[derive(Args)]
pub struct SearchArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Requests per second the load generator sends (open loop: on schedule, whatever
    /// the answers take).
    #[arg(long, default_value_t = 500.0)]
    rate: f64,
    /// Seconds of measured load, after the warm-up.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Seconds of load before the measurement starts (not counted).
    #[arg(long, default_value_t = 3)]
    warmup: u64,
    /// Routes in the catalogue: the demo's are copied until there are this many.
    #[arg(long, default_value_t = 50)]
    routes: usize,
    /// Days ahead the courses are generated for.
    #[arg(long, default_value_t = 60)]
    days: u32,
    /// Most requests in flight (and so most connections to the server); a request due
    /// while all are busy waits, and the wait counts in its latency.
    #[arg(long, default_value_t = 256)]
    max_in_flight: usize,
    /// The `coach` binary [default: `coach` next to this binary, i.e. target/release/coach].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the bench database (and the server's log) at the end.
    #[arg(long)]
    keep: bool,
}

/// The target of the issue: p99 under this many milliseconds.
const P99_TARGET_MS: f64 = 20.0;

pub async fn run(args: SearchArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(args.rate > 0.0 && args.rate.is_finite(), "--rate must be above 0");
    anyhow::ensure!(args.seconds > 0, "--seconds must be above 0");
    anyhow::ensure!(args.routes > 0 && (1..=366).contains(&args.days), "--routes above 0, --days from 1 to 366");
    anyhow::ensure!(args.max_in_flight > 0, "--max-in-flight must be above 0");
    let coach = setup::coach_binary(args.coach.as_deref())?;

    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let result = db.finish(args.keep, bench(&args, &db, &coach).await).await?;
    print_report(&args, &result);
    Ok(())
}

/// Everything measured, for the report.
struct Outcome {
    catalogue: String,
    sample: String,
    load: Load,
    server_cpu: Option<Duration>,
    pg_cpu: Option<Duration>,
    client_cpu: Duration,
    notes: Vec<String>,
}

async fn bench(args: &SearchArgs, db: &BenchDb, coach: &Path) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(16, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let store = PgEventStore::new(pool.clone());

    eprintln!("seeding the demo catalogue ...");
    let started = Instant::now();
    let seeded = fixtures::seed(&pool, &store).await.context("seed the demo data")?;
    eprintln!("  {}", seeded.loaded.join(", "));
    let copies = scale_routes(&pool, args.routes).await?;
    eprintln!("copied routes: {copies}; generating courses {} days ahead ...", args.days);
    let generated = catalogue_api::course::generate::generate_courses(&pool, &store, None, Some(args.days), None)
        .await
        .map_err(|e| anyhow::anyhow!("generate the courses: {e:?}"))?;
    eprintln!("  {} new courses, {} seat inventories opened", generated.created, generated.inventories_opened);
    // The search reads rm_course_availability (a course without a row is offered with all
    // its seats); bring the projections up to date now so the server's runners are idle
    // during the load instead of replaying the inventories' events.
    setup::wait_for_horizon(&pool, Duration::from_secs(30)).await?;
    let runner = projections::Runner::new(
        Arc::new(PgEventStore::new(pool.clone())) as Arc<dyn EventStore>,
        pool.clone(),
        projections::RunnerConfig::default(),
    );
    let streams = runner.catch_up(&projections::streams::StreamsProjection).await.context("catch up streams")?;
    let availability =
        runner.catch_up(&projections::availability::AvailabilityProjection).await.context("catch up availability")?;
    eprintln!("  projections caught up (streams {streams} events, availability {availability} events)");
    sqlx::raw_sql("vacuum analyze").execute(&pool).await.context("VACUUM ANALYZE")?;

    let (routes, courses, rows): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from routes), (select count(*) from courses), \
                (select count(*) from rm_course_availability)",
    )
    .fetch_one(&pool)
    .await
    .context("count the catalogue")?;
    let catalogue = format!(
        "{routes} routes, {} courses ({} availability rows), set up in {:.1} s",
        thousands(courses as f64),
        thousands(rows as f64),
        started.elapsed().as_secs_f64()
    );
    eprintln!("catalogue: {catalogue}");
    let pairs: Vec<(i64, i64)> = sqlx::query_as(
        "select distinct s.waypoint_id, e.waypoint_id from route_waypoints s \
         join route_waypoints e on e.route_id = s.route_id and e.position > s.position \
         join routes r on r.id = s.route_id and r.active order by 1, 2",
    )
    .fetch_all(&pool)
    .await
    .context("read the stop pairs")?;
    anyhow::ensure!(!pairs.is_empty(), "the catalogue has no stop pairs");
    let today: chrono::NaiveDate = sqlx::query_scalar("select (now() at time zone 'Europe/Warsaw')::date")
        .fetch_one(&pool)
        .await
        .context("today in Warsaw")?;
    let backend: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.context("backend pid")?;
    let pg = cpu::Server::from_backend(backend);
    pool.close().await;

    let mut server = Server::start(coach, &db.url, "search", args.keep).await?;
    let outcome = async {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(args.max_in_flight)
            .timeout(Duration::from_secs(10))
            .build()
            .context("build the HTTP client")?;
        let url = format!("http://127.0.0.1:{}/api/search/search/index", server.port);
        let requests = Requests { pairs, today, days: args.days };
        let sample = sample(&client, &url, &requests).await?;
        eprintln!("sample: {sample}");
        eprintln!("load: {} requests/s for {} s warm-up + {} s measured ...", args.rate, args.warmup, args.seconds);
        let (load, marks) = load(args, &client, &url, &requests, server.pid, pg).await?;
        let (server_cpu, pg_cpu, client_cpu) = marks;
        let mut notes = vec![
            format!(
                "load generator: this process, open loop (latency from each request's scheduled send time), \
                 reqwest with keep-alive, at most {} requests in flight; bodies: a random forward stop pair of \
                 the routes ({} pairs), one_way or round_trip at random, date today + 0..{} days (Warsaw), \
                 dateBack 0..7 days later",
                args.max_in_flight,
                requests.pairs.len(),
                args.days
            ),
            "server: target/release/coach serve --role all (projections idle: caught up before the load)".into(),
        ];
        if pg.is_none() {
            notes.push("PostgreSQL CPU: n/a (the cluster's processes are not visible in /proc here)".into());
        }
        notes.push(format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()));
        Ok::<_, anyhow::Error>(Outcome { catalogue, sample, load, server_cpu, pg_cpu, client_cpu, notes })
    }
    .await;
    server.stop(false).await;
    outcome
}

/// Copy the routes (stops, prices, timetables) until there are `target` of them.
async fn scale_routes(pool: &PgPool, target: usize) -> Result<usize> {
    let originals: Vec<(i64, String)> =
        sqlx::query_as("select id, name from routes order by id").fetch_all(pool).await.context("read the routes")?;
    anyhow::ensure!(!originals.is_empty(), "the seed made no routes");
    let mut copies = 0;
    let mut tx = pool.begin().await?;
    for i in 0..target.saturating_sub(originals.len()) {
        let (original, name) = &originals[i % originals.len()];
        let copy = i / originals.len() + 2;
        let id: i64 =
            sqlx::query_scalar("insert into routes (name, active, show_on_home) values ($1, true, false) returning id")
                .bind(format!("{name} ({copy})"))
                .fetch_one(&mut *tx)
                .await
                .context("copy a route")?;
        sqlx::query(
            "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) \
             select $1, waypoint_id, position, minutes_from_start from route_waypoints where route_id = $2",
        )
        .bind(id)
        .bind(original)
        .execute(&mut *tx)
        .await
        .context("copy a route's stops")?;
        sqlx::query(
            "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) \
             select $1, from_waypoint_id, to_waypoint_id, price from route_prices where route_id = $2",
        )
        .bind(id)
        .bind(original)
        .execute(&mut *tx)
        .await
        .context("copy a route's prices")?;
        sqlx::query(
            "insert into route_course_settings \
               (route_id, name, departure_times, week_days, seats, days_before_generate, valid_from, valid_to, active) \
             select $1, name || ' (' || $3 || ')', departure_times, week_days, seats, days_before_generate, \
                    valid_from, valid_to, active \
             from route_course_settings where route_id = $2",
        )
        .bind(id)
        .bind(original)
        .bind(copy.to_string())
        .execute(&mut *tx)
        .await
        .context("copy a route's timetables")?;
        copies += 1;
    }
    tx.commit().await?;
    Ok(copies)
}

/// How the request bodies are drawn.
struct Requests {
    pairs: Vec<(i64, i64)>,
    today: chrono::NaiveDate,
    days: u32,
}

impl Requests {
    fn body(&self, rng: &mut impl Rng) -> String {
        let (start, end) = self.pairs[rng.random_range(0..self.pairs.len())];
        let offset = rng.random_range(0..self.days);
        let date = self.today + chrono::Days::new(u64::from(offset));
        if rng.random_bool(0.5) {
            format!(r#"{{"tripMode":"one_way","start":{start},"end":{end},"date":"{date}"}}"#)
        } else {
            let back = rng.random_range(0..=7u32.min(self.days - 1 - offset));
            let date_back = date + chrono::Days::new(u64::from(back));
            format!(
                r#"{{"tripMode":"round_trip","start":{start},"end":{end},"date":"{date}","dateBack":"{date_back}"}}"#
            )
        }
    }
}

/// A few unmeasured requests: they must answer 200, and say how much a search finds.
async fn sample(client: &reqwest::Client, url: &str, requests: &Requests) -> Result<String> {
    let mut rng = rand::rng();
    let (mut found, mut bytes, n) = (0usize, 0usize, 100);
    for _ in 0..n {
        let body = requests.body(&mut rng);
        let r = client
            .post(url)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .context("a sample search")?;
        let status = r.status();
        let text = r.text().await.context("a sample search's answer")?;
        if !status.is_success() {
            bail!("a sample search answered {status}: {body} -> {}", text.chars().take(300).collect::<String>());
        }
        bytes += text.len();
        let v: serde_json::Value = serde_json::from_str(&text).context("a sample answer is not JSON")?;
        for list in ["outbound", "return"] {
            found += v["data"][list].as_array().map_or(0, Vec::len);
        }
    }
    Ok(format!(
        "{n} searches: {:.1} connections and {:.1} KiB per answer on average",
        found as f64 / n as f64,
        bytes as f64 / n as f64 / 1024.0
    ))
}

/// What the load measured.
struct Load {
    /// Measured requests (scheduled after the warm-up).
    requests: usize,
    errors: usize,
    /// A few of the errors, for the notes.
    error_samples: Vec<String>,
    /// Latency of each successful measured request, sorted, in microseconds.
    latencies_us: Vec<u64>,
    /// Measured requests / (last completion - start of the measured window).
    achieved_rate: f64,
    /// Actually sent per second in the window (how well the schedule was kept).
    sent_rate: f64,
    /// Largest delay between a request's scheduled and actual send.
    worst_send_lag: Duration,
}

impl Load {
    fn percentile_ms(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let i = ((p / 100.0) * self.latencies_us.len() as f64).ceil() as usize;
        self.latencies_us[i.clamp(1, self.latencies_us.len()) - 1] as f64 / 1000.0
    }
}

struct Answer {
    index: usize,
    sent_lag: Duration,
    done: Instant,
    latency: Duration,
    error: Option<String>,
}

type CpuMarks = (Option<Duration>, Option<Duration>, Duration);

/// The open-loop load: request `i` is due at `start + i / rate`, sent then (or as soon as
/// one of `max_in_flight` slots frees), and timed from when it was due.
async fn load(
    args: &SearchArgs,
    client: &reqwest::Client,
    url: &str,
    requests: &Requests,
    server_pid: u32,
    pg: Option<cpu::Server>,
) -> Result<(Load, CpuMarks)> {
    let warmup_n = (args.rate * args.warmup as f64).round() as usize;
    let total = warmup_n + (args.rate * args.seconds as f64).round() as usize;
    let slots = Arc::new(Semaphore::new(args.max_in_flight));
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Answer>();
    let mut rng = rand::rng();
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let mut mark = None;
    for index in 0..total {
        let due = start + Duration::from_secs_f64(index as f64 / args.rate);
        tokio::time::sleep_until(due).await;
        if index == warmup_n {
            mark = Some((Instant::now(), cpu::process(server_pid), cpu::Mark::now(pg), cpu::own_time()));
        }
        let due = due.into_std();
        let body = requests.body(&mut rng);
        let (client, url, tx, slots) = (client.clone(), url.to_owned(), tx.clone(), slots.clone());
        tokio::spawn(async move {
            let _slot = slots.acquire_owned().await;
            let sent_lag = due.elapsed();
            let result = client.post(&url).header("content-type", "application/json").body(body).send().await;
            let error = match result {
                Ok(r) => {
                    let status = r.status();
                    match r.bytes().await {
                        Ok(_) if status == reqwest::StatusCode::OK => None,
                        Ok(b) => Some(format!(
                            "{status}: {}",
                            String::from_utf8_lossy(&b).chars().take(200).collect::<String>()
                        )),
                        Err(e) => Some(format!("reading the answer: {e}")),
                    }
                }
                Err(e) => Some(format!("{e}")),
            };
            let done = Instant::now();
            let _ = tx.send(Answer { index, sent_lag, done, latency: done.duration_since(due), error });
        });
    }
    drop(tx);
    let mut answers = Vec::with_capacity(total);
    while let Some(a) = rx.recv().await {
        answers.push(a);
    }
    let (window_start, server_before, pg_mark, client_before) = mark.context("no measured requests")?;
    let server_cpu = match (server_before, cpu::process(server_pid)) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a)),
        _ => None,
    };
    let pg_cpu = pg_mark.spent(pg).server;
    let client_cpu = cpu::own_time().saturating_sub(client_before);

    let measured: Vec<&Answer> = answers.iter().filter(|a| a.index >= warmup_n).collect();
    let last_done = measured.iter().map(|a| a.done).max().unwrap_or(window_start);
    let last_sent = measured.iter().map(|a| a.done - a.latency + a.sent_lag).max().unwrap_or(window_start);
    let mut latencies_us: Vec<u64> =
        measured.iter().filter(|a| a.error.is_none()).map(|a| a.latency.as_micros() as u64).collect();
    latencies_us.sort_unstable();
    let errors: Vec<&String> = measured.iter().filter_map(|a| a.error.as_ref()).collect();
    let n = measured.len();
    let load = Load {
        requests: n,
        errors: errors.len(),
        error_samples: errors.iter().take(3).map(|e| (*e).clone()).collect(),
        latencies_us,
        achieved_rate: n as f64 / last_done.duration_since(window_start).as_secs_f64(),
        sent_rate: n.saturating_sub(1) as f64 / last_sent.duration_since(window_start).as_secs_f64().max(1e-9),
        worst_send_lag: measured.iter().map(|a| a.sent_lag).max().unwrap_or_default(),
    };
    Ok((load, (server_cpu, pg_cpu, client_cpu)))
}

fn print_report(args: &SearchArgs, o: &Outcome) {
    let l = &o.load;
    let n = l.requests as f64;
    let p99 = l.percentile_ms(99.0);
    let pass = l.errors == 0 && p99 < P99_TARGET_MS;
    println!();
    println!("coach-bench search: POST /api/search/search/index at {} requests/s", args.rate);
    println!();
    println!("catalogue: {}", o.catalogue);
    println!("sample:    {}", o.sample);
    println!();
    let rows = vec![
        vec![
            "requests (measured)".into(),
            format!("{} in {} s (+ {} s warm-up)", thousands(n), args.seconds, args.warmup),
        ],
        vec!["offered rate".into(), format!("{} requests/s", args.rate)],
        vec![
            "sent rate".into(),
            format!("{:.1} requests/s (worst send lag {:.1} ms)", l.sent_rate, l.worst_send_lag.as_secs_f64() * 1e3),
        ],
        vec!["achieved rate".into(), format!("{:.1} requests/s", l.achieved_rate)],
        vec!["errors (non-200 or failed)".into(), l.errors.to_string()],
        vec!["latency p50".into(), format!("{:.2} ms", l.percentile_ms(50.0))],
        vec!["latency p90".into(), format!("{:.2} ms", l.percentile_ms(90.0))],
        vec!["latency p99".into(), format!("{p99:.2} ms")],
        vec!["latency max".into(), format!("{:.2} ms", l.percentile_ms(100.0))],
        vec!["CPU per request: coach server".into(), cpu::per_op(o.server_cpu, n)],
        vec!["CPU per request: PostgreSQL (whole cluster)".into(), cpu::per_op(o.pg_cpu, n)],
        vec!["CPU per request: load generator".into(), cpu::per_op(Some(o.client_cpu), n)],
    ];
    print!("{}", report::markdown(&["figure", "value"], &rows));
    println!();
    for e in &l.error_samples {
        println!("- error: {e}");
    }
    for note in &o.notes {
        println!("- {note}");
    }
    println!();
    println!(
        "target p99 < {P99_TARGET_MS} ms with no errors: {} (p99 {p99:.2} ms, {} errors)",
        if pass { "PASS" } else { "FAIL" },
        l.errors
    );
}
