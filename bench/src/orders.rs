//! `coach-bench orders`: `POST /api/order/order/place` of the real server under an
//! open-loop load, on one hot course and on courses spread wide, with the projections'
//! lag sampled meanwhile.
//!
//! `bench/run.sh orders` (options: `--hot-rate` 1500, `--spread-rate` 3000, `--paid-rate`
//! 300, `--rate` for all, `--phases hot,spread,paid`, `--seconds` 20, `--warmup` 3,
//! `--courses` 100, `--seats` 1000000, `--max-in-flight` 256, `--lag-interval-ms` 100,
//! `--pg-clients` 64, `--pg-seconds` 10, `--keep`; about 3 minutes). It creates a fresh
//! database, applies the migrations, seeds the demo (`fixtures::seed`), picks the stretch
//! Nisko → Kraków (else the first route's first stop to its last, with a price), and adds
//! 1 + `--courses` courses of that route three days ahead (and `--courses` more for the paid
//! phase), each seat inventory opened with `--seats` seats by the catalogue's own code (`catalogue_api::course::inventory::open`, the domain's
//! `InventoryOpened`; the bench database lifts the table's check of at most 1000 seats). It
//! catches every projection up and runs `VACUUM ANALYZE`, measures the raw PostgreSQL
//! single-insert rate on the same cluster (pgbench, the single-row INSERT script of the
//! event-store bench, `--pg-clients` clients for `--pg-seconds`), then starts `coach serve
//! --role all` (sandbox payments), places one unmeasured order (it must answer 201), and
//! runs the phases, each after the projections caught up and a CHECKPOINT:
//!
//! - **hot**: every order on one course (target: at least 1,500 orders/s, p99 under 25 ms);
//! - **spread**: orders spread uniformly over `--courses` courses (target: 3,000 orders/s,
//!   p99 under 100 ms, CPU per order of the server and PostgreSQL together at most 450 µs);
//! - **paid**: orders spread over `--courses` courses of their own at `--paid-rate` (300 a
//!   second), each paid as soon as it is placed (`POST /api/payment/sandbox/{token}/pay`, on
//!   the same slot, not in the latency), so the booking process issues the tickets and
//!   e-mails them through the outbox: what a paid order costs besides its placement, the
//!   outbox's and the personal data's statements apart (PostgreSQL by the tables they
//!   name), and a check that every paid order's ticket e-mail was sent. No rate or latency
//!   target: it shows the costs the issue asks to see separately.
//!
//! In each, the fed projections' lag p99 is to stay under 100 ms and each process manager's
//! (`booking-process`: the ticket e-mails, `ksef`, `disruption-process`) under 1 s. Each
//! phase also prints PostgreSQL's statements by time per order (`pg_stat_statements`, when
//! the cluster loads it: [`crate::statements`]).
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
//! virtual machine, what makes one run differ from the next). A phase that saturates the
//! cores (the paid one: the booking process turns any CPU left into tickets of orders placed
//! earlier) keeps its CPU per order placed near the cores' worth whatever a change saves, so
//! each phase is also measured whole: the bench waits until the work it left is done (the fed
//! projections caught up and, after the paid phase, every paid order's ticket e-mail sent) and
//! prints how long that took and the CPU per order (server, cluster) from the phase's first
//! request to then, warm-up included. Meanwhile
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

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, SubscriptionFilter};
use projections::Projection;
use rand::Rng;
use sqlx::PgPool;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::cpu;
use crate::raw;
use crate::report::{self, thousands};
use crate::server::Server;
use crate::setup::{self, BenchDb, Machine};
use crate::statements;

#[derive(Args)]
pub struct OrdersArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Orders per second offered in every phase (open loop: on schedule, whatever the
    /// answers take); overrides --hot-rate, --spread-rate and --paid-rate.
    #[arg(long)]
    rate: Option<f64>,
    /// Orders per second offered to the one hot course.
    #[arg(long, default_value_t = 1500.0)]
    hot_rate: f64,
    /// Orders per second offered to the courses spread wide.
    #[arg(long, default_value_t = 3000.0)]
    spread_rate: f64,
    /// Orders per second offered in the paid phase (each also paid at once).
    #[arg(long, default_value_t = 300.0)]
    paid_rate: f64,
    /// The phases to run, in order.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "hot,spread,paid")]
    phases: Vec<Phase>,
    /// Seconds of measured load per phase, after the warm-up.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Seconds of load before the measurement of each phase starts (not counted).
    #[arg(long, default_value_t = 3)]
    warmup: u64,
    /// Courses the spread phase's orders are spread over (uniformly at random).
    #[arg(long, default_value_t = 100)]
    courses: usize,
    /// Seats of every bench course's inventory.
    #[arg(long, default_value_t = 1_000_000)]
    seats: u32,
    /// Most requests in flight (and so most connections to the server); a request due
    /// while all are busy waits, and the wait counts in its latency.
    #[arg(long, default_value_t = 256)]
    max_in_flight: usize,
    /// Milliseconds between two samples of GET /status/projections.
    #[arg(long, default_value_t = 100)]
    lag_interval_ms: u64,
    /// pgbench clients of the raw single-insert figure.
    #[arg(long, default_value_t = 64)]
    pg_clients: usize,
    /// Seconds of the raw single-insert figure.
    #[arg(long, default_value_t = 10)]
    pg_seconds: u64,
    /// The `coach` binary [default: `coach` next to this binary, i.e. target/release/coach].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the bench database (and the server's log) at the end.
    #[arg(long)]
    keep: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Phase {
    /// Every order on one course.
    Hot,
    /// Orders spread uniformly over --courses courses.
    Spread,
    /// Orders spread over --courses courses of their own, each paid at once.
    Paid,
}

/// The targets.
// Issue 41's targets.
const HOT_RATE_TARGET: f64 = 1500.0;
const HOT_P99_TARGET_MS: f64 = 25.0;
const SPREAD_RATE_TARGET: f64 = 3000.0;
const SPREAD_P99_TARGET_MS: f64 = 100.0;
const LAG_P99_TARGET_S: f64 = 0.1;
/// CPU per order, the server's and PostgreSQL's together.
const CPU_PER_ORDER_TARGET_US: f64 = 450.0;
/// What acts on an order besides the read models: the booking process (the ticket
/// e-mails), the `ksef` projection the KSeF sender works from, and the disruption process.
const PROCESS_MANAGERS: [&str; 3] = ["booking-process", "ksef", "disruption-process"];
const PROCESS_LAG_P99_TARGET_S: f64 = 1.0;
/// An achieved rate within this fraction of the target counts as meeting it: a load
/// offered at exactly the target rate measures a hair below it (the last answers land
/// after the window's end).
const RATE_TOLERANCE: f64 = 0.01;
/// Passengers per order.
const SEATS_PER_ORDER: u64 = 1;

pub async fn run(args: OrdersArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    for rate in [args.rate.unwrap_or(1.0), args.hot_rate, args.spread_rate, args.paid_rate] {
        anyhow::ensure!(rate > 0.0 && rate.is_finite(), "rates must be above 0");
    }
    anyhow::ensure!(args.seconds > 0, "--seconds must be above 0");
    anyhow::ensure!(!args.phases.is_empty(), "--phases names no phase");
    anyhow::ensure!(args.courses > 0 && args.seats > 0, "--courses and --seats must be above 0");
    anyhow::ensure!(args.max_in_flight > 0 && args.lag_interval_ms > 0, "--max-in-flight, --lag-interval-ms above 0");
    anyhow::ensure!(args.pg_clients > 0 && args.pg_seconds > 0, "--pg-clients and --pg-seconds above 0");
    let coach = match &args.coach {
        Some(p) => p.clone(),
        None => std::env::current_exe().context("this binary's path")?.with_file_name("coach"),
    };
    anyhow::ensure!(coach.is_file(), "{} not found: build it with `cargo build --release -p app`", coach.display());
    let pgbench = setup::pg_tool("pgbench")?;

    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let result = bench(&args, &db, &coach, &pgbench).await;
    if args.keep {
        eprintln!("kept the bench database: {}", db.url);
    } else if let Err(e) = db.drop_database().await {
        eprintln!("could not drop the bench database {}: {e:#}", db.name);
    }
    print_report(&args, &result?);
    Ok(())
}

impl OrdersArgs {
    fn rate(&self, phase: Phase) -> f64 {
        self.rate.unwrap_or(match phase {
            Phase::Hot => self.hot_rate,
            Phase::Spread => self.spread_rate,
            Phase::Paid => self.paid_rate,
        })
    }
}

impl Phase {
    fn label(self, courses: usize) -> String {
        match self {
            Phase::Hot => "one hot course".into(),
            Phase::Spread => format!("{courses} courses"),
            Phase::Paid => format!("{courses} courses, paid"),
        }
    }
}

/// The stretch every order books: a route's first stop to its last.
#[derive(sqlx::FromRow)]
pub(crate) struct Stretch {
    pub(crate) route_id: i64,
    pub(crate) route_name: String,
    pub(crate) from: i64,
    pub(crate) from_name: String,
    pub(crate) to: i64,
    pub(crate) to_name: String,
    stops: i64,
    price: i64,
}

/// Everything measured, for the report.
struct Outcome {
    machine: Machine,
    catalogue: String,
    sample: String,
    raw: raw::Pgbench,
    raw_pg_cpu: Option<Duration>,
    phases: Vec<PhaseOutcome>,
    /// The projections that follow the streams an order writes, by name.
    fed: HashMap<String, bool>,
    checks: Vec<SeatCheck>,
    /// The paid phase's ticket e-mails, read back after the run.
    mails: Option<MailCheck>,
    caught_up: String,
    server_log: Vec<String>,
    notes: Vec<String>,
}

struct PhaseOutcome {
    phase: Phase,
    rate: f64,
    courses: Vec<Uuid>,
    load: Load,
    lag: Vec<LagSample>,
    /// The measured window, for the lag samples.
    window: (Instant, Instant),
    server_cpu: Option<Duration>,
    pg_cpu: Option<Duration>,
    client_cpu: Duration,
    /// The share of the machine's CPU the host took away during the measured window.
    stolen: Option<f64>,
    /// PostgreSQL's statements over the whole phase, warm-up included (`None`: the
    /// cluster does not load pg_stat_statements).
    statements: Option<Vec<statements::Statement>>,
    /// PostgreSQL's statements naming each of [`PARTS`]' tables over the phase: how many
    /// statements, their calls and milliseconds (empty without pg_stat_statements).
    parts: Vec<(&'static str, (i64, i64, f64))>,
    /// Per projection and process: seconds spent applying batches over the phase (warm-up
    /// included) and the batches, from the server's `/metrics`.
    work: BTreeMap<String, (f64, f64)>,
    /// The phase measured whole, with the work it left behind.
    whole: Whole,
}

/// A phase from its first request until the work it left is done ([`settle`]).
struct Whole {
    /// The server's and the cluster's CPU over that span.
    server_cpu: Option<Duration>,
    pg_cpu: Option<Duration>,
    /// From the phase's last answer until the fed projections caught up, and until the
    /// work was done (after the paid phase: its ticket e-mails sent too); `None`: not
    /// within [`SETTLE_PATIENCE`].
    caught_up: Option<Duration>,
    settled: Option<Duration>,
}

impl PhaseOutcome {
    /// The execution time of every statement of the phase, in milliseconds (0 without
    /// pg_stat_statements).
    fn statements_ms(&self) -> f64 {
        self.statements.iter().flatten().map(|s| s.total_ms).sum()
    }
}

/// The server's counters of each projection's batches: name → (seconds, batches).
async fn projection_work(client: &reqwest::Client, url: &str) -> Result<BTreeMap<String, (f64, f64)>> {
    let text = client.get(url).send().await.and_then(|r| r.error_for_status()).context("GET /metrics")?;
    let text = text.text().await.context("read /metrics")?;
    let mut work: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for line in text.lines() {
        let Some((metric, rest)) = line.split_once("{projection=\"") else { continue };
        let Some((name, value)) = rest.split_once("\"} ") else { continue };
        let Ok(value) = value.trim().parse::<f64>() else { continue };
        let entry = work.entry(name.to_owned()).or_default();
        match metric {
            "coach_projection_apply_seconds_total" => entry.0 = value,
            "coach_projection_batches_total" => entry.1 = value,
            _ => {}
        }
    }
    Ok(work)
}

fn work_since(
    before: &BTreeMap<String, (f64, f64)>,
    after: &BTreeMap<String, (f64, f64)>,
) -> BTreeMap<String, (f64, f64)> {
    after
        .iter()
        .map(|(name, (s, b))| {
            let (s0, b0) = before.get(name).copied().unwrap_or_default();
            (name.clone(), (s - s0, b - b0))
        })
        .collect()
}

/// Statements shown per phase, the costliest first.
const STATEMENTS_SHOWN: i64 = 25;

/// The parts of the product whose PostgreSQL cost each phase also shows on its own, by the
/// table their statements name: the message outbox (every e-mail and text message) and the
/// personal data's keys (the seal of every order's personal fields).
const PARTS: [(&str, &str); 2] = [("the message outbox", "outbox"), ("personal data's keys", "privacy_keys")];

async fn bench(args: &OrdersArgs, db: &BenchDb, coach: &Path, pgbench: &Path) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let started = Instant::now();
    let pool = db.pool(8, true).await?;
    setup::check_connections(&pool, u32::try_from(args.pg_clients).unwrap_or(u32::MAX).saturating_add(48)).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let machine = Machine::read(&pool, pgbench).await?;
    let store = PgEventStore::new(pool.clone());

    eprintln!("seeding the demo catalogue ...");
    let seeded = fixtures::seed(&pool, &store).await.context("seed the demo data")?;
    eprintln!("  {}", seeded.loaded.join(", "));
    let stretch = stretch(&pool).await?;
    let hot = create_courses(&pool, &store, &stretch, 1, 0, args.seats).await?;
    let spread = create_courses(&pool, &store, &stretch, args.courses, 1, args.seats).await?;
    let paid = if args.phases.contains(&Phase::Paid) {
        create_courses(&pool, &store, &stretch, args.courses, 2, args.seats).await?
    } else {
        Vec::new()
    };
    eprintln!(
        "  opened {} bench courses of {} seats each",
        hot.len() + spread.len() + paid.len(),
        thousands(f64::from(args.seats))
    );
    // Bring every projection up to the head now, so the server's runners start idle and
    // the lag measured is the load's.
    setup::wait_for_horizon(&pool, Duration::from_secs(30)).await?;
    let runner = projections::Runner::new(
        Arc::new(PgEventStore::new(pool.clone())) as Arc<dyn EventStore>,
        pool.clone(),
        projections::RunnerConfig::default(),
    );
    let mut fed = HashMap::new();
    let mut fed_projections = Vec::new();
    let (course_stream, order_stream) = (format!("course-{}", hot[0]), format!("order-{}", Uuid::new_v4()));
    for p in projections::all() {
        runner.catch_up(p.as_ref()).await.with_context(|| format!("catch up {}", p.name()))?;
        let filter = p.filter();
        let is_fed = filter.matches(&course_stream, "SeatsHeld") || filter.matches(&order_stream, "OrderPlaced");
        fed.insert(p.name().to_owned(), is_fed);
        if is_fed {
            fed_projections.push(p);
        }
    }
    sqlx::raw_sql("vacuum analyze").execute(&pool).await.context("VACUUM ANALYZE")?;
    let events: i64 =
        sqlx::query_scalar("select count(*) from es_events").fetch_one(&pool).await.context("count the events")?;
    let catalogue = format!(
        "{} (route {}), {} → {} ({} stops, {} per seat); hot: 1 course, spread: {} courses, {} seats each; \
         {} events in the store; set up in {:.1} s",
        stretch.route_name,
        stretch.route_id,
        stretch.from_name,
        stretch.to_name,
        stretch.stops,
        pln(stretch.price),
        args.courses,
        thousands(f64::from(args.seats)),
        thousands(events as f64),
        started.elapsed().as_secs_f64()
    );
    eprintln!("catalogue: {catalogue}");
    let backend: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.context("backend pid")?;
    let pg = cpu::Server::from_backend(backend);

    // The raw figure, before the server starts.
    raw::create_table(&pool).await?;
    let scripts = raw::Scripts::write(1)?;
    eprintln!("raw: pgbench, single-row INSERT transactions, {} clients, {} s ...", args.pg_clients, args.pg_seconds);
    setup::checkpoint(&pool).await;
    let mark = cpu::Mark::now(pg);
    let raw = raw::pgbench(pgbench, &db.url, &scripts.single, args.pg_clients, args.pg_seconds).await?;
    let raw_pg_cpu = mark.spent(pg).server;
    eprintln!("  {} tx/s, avg {:.2} ms", thousands(raw.tps), raw.latency_avg_ms);
    // Gone before the load: left, its 200,000 fresh rows were vacuumed and analysed by
    // autovacuum in the middle of the next phase, and that (12 % of the machine's samples
    // in perf) was counted as PostgreSQL's CPU per order.
    raw::drop_table(&pool).await?;
    setup::checkpoint(&pool).await;

    let mut server = Server::start(coach, &db.url, "orders", args.keep).await?;
    let result = async {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(args.max_in_flight)
            .timeout(Duration::from_secs(10))
            // The sandbox answers a payment with 303 to the shop's page: counted, not followed.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("build the HTTP client")?;
        let base = format!("http://127.0.0.1:{}", server.port);
        let place_url = format!("{base}/api/order/order/place");
        let pay_url = format!("{base}/api/payment/sandbox");
        let status_url = format!("{base}/status/projections");
        let metrics_url = format!("{base}/metrics");
        let sample = sample(&client, &place_url, &stretch, hot[0]).await?;
        eprintln!("sample: {sample}");
        let mut phases = Vec::new();
        for &phase in &args.phases {
            let courses = match phase {
                Phase::Hot => hot.clone(),
                Phase::Spread => spread.clone(),
                Phase::Paid => paid.clone(),
            };
            let took = wait_caught_up(&pool, &fed_projections, Duration::from_secs(60)).await?;
            eprintln!("  projections caught up ({:.1} s)", took.as_secs_f64());
            setup::checkpoint(&pool).await;
            let rate = args.rate(phase);
            eprintln!(
                "load, {}: {rate} orders/s for {} s warm-up + {} s measured ...",
                phase.label(args.courses),
                args.warmup,
                args.seconds
            );
            let stop = CancellationToken::new();
            let sampler =
                tokio::spawn(sample_lag(status_url.clone(), Duration::from_millis(args.lag_interval_ms), stop.clone()));
            let bodies = Bodies { courses: courses.clone(), from: stretch.from, to: stretch.to, tag: phase_tag(phase) };
            let counting = statements::reset(&pool).await;
            let work_before = projection_work(&client, &metrics_url).await?;
            let pay = (phase == Phase::Paid).then_some(pay_url.as_str());
            let whole_from = (cpu::process(server.pid), cpu::Mark::now(pg));
            let measured = load(args, rate, &client, (&place_url, pay), &bodies, server.pid, pg).await;
            stop.cancel();
            let statements = if counting { Some(statements::top(&pool, STATEMENTS_SHOWN).await?) } else { None };
            let mut parts = Vec::new();
            if counting {
                for (part, table) in PARTS {
                    parts.push((part, statements::naming(&pool, table).await?));
                }
            }
            let work = work_since(&work_before, &projection_work(&client, &metrics_url).await?);
            let lag = sampler.await.context("the lag sampler")?;
            let (load, window, (server_cpu, pg_cpu, client_cpu, stolen)) = measured?;
            eprintln!(
                "  {:.1} orders/s achieved, p50 {:.2} ms, p99 {:.2} ms, {} not 201",
                load.achieved_rate,
                load.percentile_ms(50.0),
                load.percentile_ms(99.0),
                load.requests - load.placed
            );
            let paid = (phase == Phase::Paid).then_some(load.paid_all);
            let (caught_up, settled) = settle(&pool, &fed_projections, paid).await?;
            let whole = Whole {
                server_cpu: whole_from.0.zip(cpu::process(server.pid)).map(|(from, to)| to.saturating_sub(from)),
                pg_cpu: whole_from.1.spent(pg).server,
                caught_up,
                settled,
            };
            eprintln!("  its work done {}", after_phase(whole.settled));
            phases.push(PhaseOutcome {
                phase,
                rate,
                courses,
                load,
                lag,
                window,
                server_cpu,
                pg_cpu,
                client_cpu,
                stolen,
                statements,
                parts,
                work,
                whole,
            });
        }
        // Each phase waited for its work to be done ([`settle`]): the last one's wait is the
        // catch-up after the run.
        let caught_up = match phases.last().map(|p| p.whole.caught_up) {
            Some(Some(took)) => format!("the projections caught up {:.1} s after the last phase", took.as_secs_f64()),
            _ => match wait_caught_up(&pool, &fed_projections, Duration::from_secs(120)).await {
                Ok(took) => format!("the projections caught up {:.1} s after the last phase", took.as_secs_f64()),
                Err(e) => format!("the projections did NOT catch up after the last phase: {e:#}"),
            },
        };
        eprintln!("{caught_up}");
        let mut mails = None;
        if let Some(p) = phases.iter().find(|p| p.phase == Phase::Paid) {
            mails = Some(ticket_mails(&pool, p.load.paid_all, Duration::from_secs(120)).await?);
        }
        Ok::<_, anyhow::Error>((sample, phases, caught_up, mails))
    }
    .await;
    let errors = match &result {
        Ok((_, phases, _, _)) => phases.iter().any(|p| p.load.errors_all > 0 || p.load.pay_errors_all > 0),
        Err(_) => true,
    };
    server.stop(errors).await;
    let (sample, phases, caught_up, mails) = result?;
    let server_log = if errors { server.log_excerpt() } else { Vec::new() };

    eprintln!("checking the seats sold ...");
    let mut checks = Vec::new();
    for p in &phases {
        // The sample order went to the hot course.
        let placed = p.load.placed_all as u64 + u64::from(p.phase == Phase::Hot);
        checks.push(seat_check(&pool, p.phase, &p.courses, placed, p.load.unanswered_all).await?);
    }
    let mut notes = vec![
        format!(
            "load generator: this process, open loop (latency from each request's scheduled send time), reqwest \
             with keep-alive, at most {} requests in flight, 10 s timeout, a request still waiting for a slot 10 s \
             after it was due is dropped (never sent; counted in the latency at 10 s); bodies: {} → {}, one passenger \
             (no discount), no coupon, no invoice, no Idempotency-Key, a guest customer with both consents and a \
             distinct e-mail per order",
            args.max_in_flight, stretch.from_name, stretch.to_name
        ),
        format!(
            "server: {} serve --role all (HTTP, commands, queries, projections and reactions in one process; \
             sandbox payments), projections caught up before each phase",
            coach.display()
        ),
        format!(
            "projection lag: GET /status/projections every {} ms during each phase (its seconds_behind: the age of \
             the oldest event after a projection's checkpoint, of any stream; a filtered projection's checkpoint \
             also moves past the events it skips, at most every 100 ms); the figure per sample is the worst of \
             the projections an order feeds ({}); the others follow streams no order writes, and their figure \
             shows how closely their checkpoints follow the store (see the table). \"Caught up\" (before each \
             phase, after the run) is read from the database instead: no event of a fed projection's own filter \
             after its checkpoint",
            args.lag_interval_ms,
            fed_names(&fed, true).join(", ")
        ),
        format!(
            "raw: pgbench -n -M prepared -c {} -j 2 -T {}, one INSERT of one event-shaped row per transaction into \
             bench_raw_events (crate docs, event-store bench), on the same cluster before the server started",
            args.pg_clients, args.pg_seconds
        ),
    ];
    if pg.is_none() {
        notes.push("PostgreSQL CPU: n/a (the cluster's processes are not visible in /proc here)".into());
    }
    notes.push(format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()));
    pool.close().await;
    Ok(Outcome {
        machine,
        catalogue,
        sample,
        raw,
        raw_pg_cpu,
        phases,
        fed,
        checks,
        mails,
        caught_up,
        server_log,
        notes,
    })
}

fn fed_names(fed: &HashMap<String, bool>, wanted: bool) -> Vec<String> {
    let mut names: Vec<String> = fed.iter().filter(|(_, f)| **f == wanted).map(|(n, _)| n.clone()).collect();
    names.sort();
    names
}

fn phase_tag(phase: Phase) -> &'static str {
    match phase {
        Phase::Hot => "hot",
        Phase::Spread => "spread",
        Phase::Paid => "paid",
    }
}

/// "49,00 zł".
fn pln(grosz: i64) -> String {
    format!("{},{:02} zł", grosz / 100, grosz % 100)
}

/// Nisko → Kraków when the demo has it; else the first route's first stop to its last.
pub(crate) async fn stretch(pool: &PgPool) -> Result<Stretch> {
    let stretch: Option<Stretch> = sqlx::query_as(
        "with ends as ( \
           select r.id, r.name, \
                  (select waypoint_id from route_waypoints where route_id = r.id order by position limit 1) as first, \
                  (select waypoint_id from route_waypoints where route_id = r.id order by position desc limit 1) as last, \
                  (select count(*) from route_waypoints where route_id = r.id) as stops \
           from routes r where r.active) \
         select e.id as route_id, e.name as route_name, e.first as \"from\", wf.name as from_name, \
                e.last as \"to\", wl.name as to_name, e.stops, p.price \
         from ends e \
         join waypoints wf on wf.id = e.first \
         join waypoints wl on wl.id = e.last \
         join route_prices p on p.route_id = e.id and p.from_waypoint_id = e.first and p.to_waypoint_id = e.last \
         where e.stops >= 2 \
         order by (e.name = 'Nisko – Kraków') desc, e.id limit 1",
    )
    .fetch_optional(pool)
    .await
    .context("find the stretch")?;
    stretch.context("the seeded catalogue has no route with a priced first-to-last stretch")
}

/// `n` new courses of the stretch's route, three days ahead (at whole minutes plus 17
/// seconds: never a timetable's departure), their inventories opened with `seats` seats
/// by the catalogue's own code (the `InventoryOpened` event, as generate appends it).
/// The course row is inserted with 1000 seats, the most its table allows, and the bench
/// database then drops that check: the `course_seats` projection copies the inventory's
/// seats into the row, and with the check it failed on every batch and stood still (it
/// did until issue 41, lagging by tens of seconds in every run), so its work went
/// unmeasured. Orders read the inventory.
pub(crate) async fn create_courses(
    pool: &PgPool,
    store: &PgEventStore,
    stretch: &Stretch,
    n: usize,
    batch: i64,
    seats: u32,
) -> Result<Vec<Uuid>> {
    use catalogue_api::course::inventory;
    sqlx::query("alter table courses drop constraint if exists courses_seats_check")
        .execute(pool)
        .await
        .context("lift the bench database's seats check")?;
    let ids: Vec<Uuid> = (0..n).map(|_| Uuid::new_v4()).collect();
    let pending: Vec<inventory::PendingCourse> = sqlx::query_as(
        "insert into courses (id, route_id, departure_at, seats) \
         select id, $2, date_trunc('hour', now()) + interval '3 days' \
                        + make_interval(days => $3::int, mins => (ord - 1)::int, secs => 17), 1000 \
         from unnest($1::uuid[]) with ordinality as t(id, ord) \
         returning id, route_id, departure_at, seats",
    )
    .bind(&ids)
    .bind(stretch.route_id)
    .bind(batch as i32)
    .fetch_all(pool)
    .await
    .context("create the bench courses")?;
    anyhow::ensure!(pending.len() == n, "created {} courses of {n}", pending.len());
    let pending = pending
        .into_iter()
        .map(|c| inventory::PendingCourse { seats: i32::try_from(seats).unwrap_or(i32::MAX), ..c })
        .collect();
    let stops = inventory::route_stops(pool, &[stretch.route_id]).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let opened = inventory::open(pool, store, pending, &stops, None).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    anyhow::ensure!(
        opened.opened == n && opened.refused.is_empty(),
        "opened {} inventories of {n}: {:?}",
        opened.opened,
        opened.refused
    );
    Ok(ids)
}

/// How the order bodies are drawn.
struct Bodies {
    courses: Vec<Uuid>,
    from: i64,
    to: i64,
    tag: &'static str,
}

impl Bodies {
    fn body(&self, index: usize, rng: &mut impl Rng) -> String {
        let course = self.courses[rng.random_range(0..self.courses.len())];
        booking_body(course, self.from, self.to, &format!("{}.{index}", self.tag))
    }
}

/// A complete booking state: one passenger, a guest, no invoice, no coupon.
fn booking_body(course: Uuid, from: i64, to: i64, who: &str) -> String {
    serde_json::json!({
        "course": { "course_id": course, "from": { "id": from }, "to": { "id": to } },
        "courseReturn": {},
        "tickets": [{ "qty": SEATS_PER_ORDER, "discount_id": null }],
        "customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": format!("jan.kowalski.{who}@example.test"),
            "phone": "+48 600 100 200", "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": 0
        },
        "invoice": { "is_selected": 0, "country": "PL" },
        "coupon": { "code": null, "value": 0 }
    })
    .to_string()
}

/// One unmeasured order on the hot course: it must answer 201.
async fn sample(client: &reqwest::Client, url: &str, stretch: &Stretch, course: Uuid) -> Result<String> {
    let started = Instant::now();
    let body = booking_body(course, stretch.from, stretch.to, "sample");
    let r = client
        .post(url)
        .header("content-type", "application/json")
        .body(body.clone())
        .send()
        .await
        .context("the sample order")?;
    let status = r.status();
    let text = r.text().await.context("the sample order's answer")?;
    let took = started.elapsed();
    if status != reqwest::StatusCode::CREATED {
        bail!("the sample order answered {status}: {body} -> {}", text.chars().take(500).collect::<String>());
    }
    let v: serde_json::Value = serde_json::from_str(&text).context("the sample answer is not JSON")?;
    let d = &v["data"];
    Ok(format!(
        "201 in {:.1} ms: status {}, total {}, to pay {}, payment_url {}",
        took.as_secs_f64() * 1e3,
        d["status"].as_str().unwrap_or("?"),
        d["total_formatted"].as_str().unwrap_or("?"),
        d["to_pay_formatted"].as_str().unwrap_or("?"),
        d["payment_url"].as_str().unwrap_or("?")
    ))
}

/// What one phase's load measured.
struct Load {
    /// Measured requests (scheduled after the warm-up).
    requests: usize,
    /// Measured requests answered 201.
    placed: usize,
    /// Measured answers by status.
    by_status: BTreeMap<u16, usize>,
    /// Measured requests sent that got no answer (timeouts, connection errors).
    failed: usize,
    /// Measured requests never sent: they waited [`QUEUE_LIMIT`] for a slot.
    dropped: usize,
    /// A few answers other than 201 and failures, for the notes.
    error_samples: Vec<String>,
    /// Latency of each measured 201, and of each dropped request at its give-up time (a
    /// lower bound), sorted, in microseconds.
    latencies_us: Vec<u64>,
    /// 201 answers that arrived inside the measured window, per second.
    achieved_rate: f64,
    /// Actually sent per second in the window (how well the schedule was kept).
    sent_rate: f64,
    /// Largest delay between a request's scheduled and actual send.
    worst_send_lag: Duration,
    /// Every request of the phase, warm-up included: sent without an answer, answered 201.
    unanswered_all: usize,
    placed_all: usize,
    /// Every request of the phase sent and not answered 201 (an error, or no answer).
    errors_all: usize,
    /// 201 answers from the start of the measured window to the last answer (the span of
    /// the CPU figures), whichever request they answer.
    placed_since_mark: usize,
    /// The paid phase: orders paid (the sandbox answered 303), every request of the phase.
    paid_all: usize,
    /// The paid phase: payments that failed (another status, or no answer).
    pay_errors_all: usize,
}

impl Load {
    fn percentile_ms(&self, p: f64) -> f64 {
        percentile(&self.latencies_us, p).map_or(f64::NAN, |us| us as f64 / 1000.0)
    }
}

/// Nearest rank.
fn percentile<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let i = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[i.clamp(1, sorted.len()) - 1])
}

struct Answer {
    index: usize,
    /// False when dropped: no slot freed within [`QUEUE_LIMIT`].
    sent: bool,
    sent_lag: Duration,
    done: Instant,
    latency: Duration,
    /// The status, or why there was none.
    status: Result<u16, String>,
    /// The start of an answer other than 201.
    body: Option<String>,
    /// The paid phase: the payment's status (303 expected) or why there was none.
    paid: Option<Result<u16, String>>,
}

/// CPU of the server, of PostgreSQL and of this process, and the share stolen (percent).
type CpuMarks = (Option<Duration>, Option<Duration>, Duration, Option<f64>);

/// How long a due request waits for one of the `--max-in-flight` slots before it is
/// dropped (never sent), so that a server far behind the offered rate cannot stretch a
/// phase without end. As long as the client's timeout.
const QUEUE_LIMIT: Duration = Duration::from_secs(10);

/// The open-loop load: request `i` is due at `start + i / rate`, sent then (or as soon as
/// one of `max_in_flight` slots frees, or dropped after [`QUEUE_LIMIT`]), and timed from
/// when it was due. `urls`: where to place, and in the paid phase where the sandbox takes
/// payments (each placed order is then paid on the same slot, after its latency is taken).
async fn load(
    args: &OrdersArgs,
    rate: f64,
    client: &reqwest::Client,
    (url, pay): (&str, Option<&str>),
    bodies: &Bodies,
    server_pid: u32,
    pg: Option<cpu::Server>,
) -> Result<(Load, (Instant, Instant), CpuMarks)> {
    let warmup_n = (rate * args.warmup as f64).round() as usize;
    let total = warmup_n + (rate * args.seconds as f64).round() as usize;
    let slots = Arc::new(Semaphore::new(args.max_in_flight));
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Answer>();
    let mut rng = rand::rng();
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let mut mark = None;
    for index in 0..total {
        let due = start + Duration::from_secs_f64(index as f64 / rate);
        tokio::time::sleep_until(due).await;
        if index == warmup_n {
            mark =
                Some((Instant::now(), cpu::process(server_pid), cpu::Mark::now(pg), cpu::own_time(), cpu::Host::now()));
        }
        let due = due.into_std();
        let body = bodies.body(index, &mut rng);
        let (client, url, tx, slots) = (client.clone(), url.to_owned(), tx.clone(), slots.clone());
        let pay = pay.map(str::to_owned);
        tokio::spawn(async move {
            let Ok(Ok(_slot)) = tokio::time::timeout(QUEUE_LIMIT, slots.acquire_owned()).await else {
                let done = Instant::now();
                let latency = done.duration_since(due);
                let status = Err("dropped: no free slot".to_owned());
                let _ = tx.send(Answer {
                    index,
                    sent: false,
                    sent_lag: latency,
                    done,
                    latency,
                    status,
                    body: None,
                    paid: None,
                });
                return;
            };
            let sent_lag = due.elapsed();
            let result = client.post(&url).header("content-type", "application/json").body(body).send().await;
            let (status, body, placed) = match result {
                Ok(r) => {
                    let status = r.status().as_u16();
                    match r.bytes().await {
                        Ok(b) if status == 201 => (Ok(status), None, Some(b)),
                        Ok(b) => (Ok(status), Some(String::from_utf8_lossy(&b).chars().take(300).collect()), None),
                        Err(e) => (Err(format!("reading the answer ({status}): {e}")), None, None),
                    }
                }
                Err(e) => (Err(format!("{e}")), None, None),
            };
            let done = Instant::now();
            let latency = done.duration_since(due);
            let paid = match (pay, placed) {
                (Some(pay), Some(answer)) => Some(pay_for(&client, &pay, &answer).await),
                _ => None,
            };
            let _ = tx.send(Answer { index, sent: true, sent_lag, done, latency, status, body, paid });
        });
    }
    drop(tx);
    let mut answers = Vec::with_capacity(total);
    while let Some(a) = rx.recv().await {
        answers.push(a);
    }
    let (window_start, server_before, pg_mark, client_before, host_before) = mark.context("no measured requests")?;
    let stolen = host_before.and_then(|h| h.stolen_since());
    let server_cpu = match (server_before, cpu::process(server_pid)) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a)),
        _ => None,
    };
    let pg_cpu = pg_mark.spent(pg).server;
    let client_cpu = cpu::own_time().saturating_sub(client_before);

    let measured: Vec<&Answer> = answers.iter().filter(|a| a.index >= warmup_n).collect();
    let last_done = measured.iter().map(|a| a.done).max().unwrap_or(window_start);
    let sent: Vec<&&Answer> = measured.iter().filter(|a| a.sent).collect();
    let last_sent = sent.iter().map(|a| a.done - a.latency + a.sent_lag).max().unwrap_or(window_start);
    let mut latencies_us: Vec<u64> =
        measured.iter().filter(|a| a.status == Ok(201) || !a.sent).map(|a| a.latency.as_micros() as u64).collect();
    latencies_us.sort_unstable();
    let mut by_status = BTreeMap::new();
    let (mut failed, mut dropped) = (0, 0);
    let mut error_samples: Vec<String> = Vec::new();
    for a in &measured {
        match &a.status {
            Ok(s) => *by_status.entry(*s).or_insert(0) += 1,
            Err(_) if a.sent => failed += 1,
            Err(_) => dropped += 1,
        }
        if let Some(paid) = a.paid.as_ref().filter(|p| **p != Ok(303)) {
            if error_samples.len() < 5 {
                error_samples.push(format!("the payment: {paid:?}"));
            }
        }
        if a.status != Ok(201) && a.sent && error_samples.len() < 5 {
            error_samples.push(match (&a.status, &a.body) {
                (Ok(s), Some(b)) => format!("{s}: {b}"),
                (Ok(s), None) => format!("{s}"),
                (Err(e), _) => format!("no answer: {e}"),
            });
        }
    }
    let n = measured.len();
    let placed = measured.iter().filter(|a| a.status == Ok(201)).count();
    // Throughput: the 201s answered inside the measured window, whichever request they
    // answer (unbiased: the warm-up's late answers stand in for the window's own late ones,
    // and a server falling behind shows its service rate).
    let window_end = window_start + Duration::from_secs(args.seconds);
    let answered_in_window =
        answers.iter().filter(|a| a.status == Ok(201) && a.done >= window_start && a.done < window_end).count();
    let load = Load {
        requests: n,
        placed,
        by_status,
        failed,
        dropped,
        error_samples,
        latencies_us,
        achieved_rate: answered_in_window as f64 / args.seconds as f64,
        sent_rate: sent.len().saturating_sub(1) as f64 / last_sent.duration_since(window_start).as_secs_f64().max(1e-9),
        worst_send_lag: sent.iter().map(|a| a.sent_lag).max().unwrap_or_default(),
        unanswered_all: answers.iter().filter(|a| a.sent && a.status.is_err()).count(),
        placed_all: answers.iter().filter(|a| a.status == Ok(201)).count(),
        errors_all: answers.iter().filter(|a| a.sent && a.status != Ok(201)).count(),
        placed_since_mark: answers.iter().filter(|a| a.status == Ok(201) && a.done >= window_start).count(),
        paid_all: answers.iter().filter(|a| a.paid == Some(Ok(303))).count(),
        pay_errors_all: answers.iter().filter(|a| a.paid.as_ref().is_some_and(|p| *p != Ok(303))).count(),
    };
    Ok((load, (window_start, last_done), (server_cpu, pg_cpu, client_cpu, stolen)))
}

/// Pay for a placed order as its customer would: the sandbox's payment of the token at the
/// end of the answer's `payment_url`. The status (303 when paid), or why there was none.
async fn pay_for(client: &reqwest::Client, pay: &str, answer: &[u8]) -> Result<u16, String> {
    let placed: serde_json::Value = serde_json::from_slice(answer).map_err(|e| format!("the 201 is not JSON: {e}"))?;
    let token = placed["data"]["payment_url"]
        .as_str()
        .and_then(|u| u.rsplit('/').next())
        .ok_or("the 201 has no payment_url")?;
    let r = client.post(format!("{pay}/{token}/pay")).send().await.map_err(|e| format!("{e}"))?;
    Ok(r.status().as_u16())
}

/// The paid phase's ticket e-mails, read back from the outbox after the run.
struct MailCheck {
    /// Orders paid (the sandbox answered 303).
    paid: usize,
    /// E-mails to the paid phase's customers: sent (or delivered), and in all.
    sent: i64,
    queued: i64,
    /// How long after the run's end the last of them was sent (or the wait gave up).
    waited: Duration,
}

impl MailCheck {
    fn pass(&self) -> bool {
        self.sent == self.paid as i64 && self.queued == self.sent
    }
}

/// Wait (at most `patience`) until every paid order's ticket e-mail has left the outbox:
/// one e-mail per order to its customer (the paid phase's addresses are its own), sent.
async fn ticket_mails(pool: &PgPool, paid: usize, patience: Duration) -> Result<MailCheck> {
    let started = Instant::now();
    loop {
        let (sent, queued): (i64, i64) = sqlx::query_as(
            "select count(*) filter (where state in ('sent', 'delivered')), count(*) from outbox \
             where channel = 'email' and recipient like '%jan.kowalski.paid.%'",
        )
        .fetch_one(pool)
        .await
        .context("count the ticket e-mails")?;
        let check = MailCheck { paid, sent, queued, waited: started.elapsed() };
        if check.sent >= paid as i64 || started.elapsed() > patience {
            return Ok(check);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// One answer of GET /status/projections.
struct LagSample {
    at: Instant,
    took: Duration,
    /// Per projection: seconds and events behind. Empty when the call failed.
    projections: Vec<(String, f64, u64)>,
    error: Option<String>,
}

/// GET /status/projections every `interval` until stopped, on a connection of its own.
async fn sample_lag(url: String, interval: Duration, stop: CancellationToken) -> Vec<LagSample> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build().unwrap_or_default();
    let mut samples = Vec::new();
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stop.cancelled() => break,
            _ = tick.tick() => {}
        }
        let at = Instant::now();
        let answer = async {
            let r = client.get(&url).send().await?;
            let status = r.status();
            let text = r.text().await?;
            anyhow::ensure!(status.is_success(), "{status}: {}", text.chars().take(200).collect::<String>());
            parse_status(&text)
        }
        .await;
        let took = at.elapsed();
        samples.push(match answer {
            Ok(projections) => LagSample { at, took, projections, error: None },
            Err(e) => LagSample { at, took, projections: Vec::new(), error: Some(format!("{e:#}")) },
        });
    }
    samples
}

/// `{"data": {"projections": [{"status": {"name", "seconds_behind", "events_behind", ..}}]}}`.
fn parse_status(text: &str) -> Result<Vec<(String, f64, u64)>> {
    let v: serde_json::Value = serde_json::from_str(text).context("GET /status/projections is not JSON")?;
    let rows = v["data"]["projections"].as_array().context("no data.projections in GET /status/projections")?;
    rows.iter()
        .map(|row| {
            let s = &row["status"];
            Ok((
                s["name"].as_str().context("a projection without a name")?.to_owned(),
                s["seconds_behind"].as_f64().context("no seconds_behind")?,
                s["events_behind"].as_u64().context("no events_behind")?,
            ))
        })
        .collect()
}

/// How long [`settle`] waits for a phase's work to be done.
const SETTLE_PATIENCE: Duration = Duration::from_secs(120);

/// Wait until the work a phase left is done: the fed projections caught up and, after the
/// paid phase (`paid`: its orders paid), every paid order's ticket e-mail sent. How long
/// each took from now; `None` when it was not done within [`SETTLE_PATIENCE`].
async fn settle(
    pool: &PgPool,
    fed: &[Arc<dyn Projection>],
    paid: Option<usize>,
) -> Result<(Option<Duration>, Option<Duration>)> {
    let started = Instant::now();
    let Ok(caught_up) = wait_caught_up(pool, fed, SETTLE_PATIENCE).await else { return Ok((None, None)) };
    let Some(paid) = paid else { return Ok((Some(caught_up), Some(caught_up))) };
    let mails = ticket_mails(pool, paid, SETTLE_PATIENCE.saturating_sub(started.elapsed())).await?;
    let sent = mails.sent >= paid as i64;
    Ok((Some(caught_up), sent.then(|| started.elapsed())))
}

/// "after 12.3 s", or that the wait gave up.
fn after_phase(took: Option<Duration>) -> String {
    took.map_or_else(
        || format!("not within {} s", SETTLE_PATIENCE.as_secs()),
        |t| format!("{:.1} s after", t.as_secs_f64()),
    )
}

/// How far [`wait_caught_up`] counts a projection's events left when it gives up.
const CAUGHT_UP_COUNT: i64 = 1_000;

/// Wait until no projection of `fed` has an event of its own left after its checkpoint;
/// answers how long it took. (Not GET /status/projections: its `events_behind` counts
/// every event after a checkpoint, and a filtered projection's checkpoint moves past the
/// events it skips only now and then, so it may show a few events "behind" that the
/// projection does not want.) It asks ten times a second whether any is left, on the
/// cores the projections catch up on, so it asks for one event only; the events left are
/// counted (up to [`CAUGHT_UP_COUNT`]) only for the message when it gives up.
async fn wait_caught_up(pool: &PgPool, fed: &[Arc<dyn Projection>], patience: Duration) -> Result<Duration> {
    let started = Instant::now();
    loop {
        let mut caught_up = true;
        for p in fed {
            if events_left(pool, p.as_ref(), 1).await?.1 != 0 {
                caught_up = false;
                break;
            }
        }
        if caught_up {
            return Ok(started.elapsed());
        }
        if started.elapsed() > patience {
            let mut behind = Vec::new();
            for p in fed {
                let (position, left) = events_left(pool, p.as_ref(), CAUGHT_UP_COUNT).await?;
                if left != 0 {
                    let at_least = if left >= CAUGHT_UP_COUNT { "at least " } else { "" };
                    let at = position.as_deref().unwrap_or("start");
                    behind.push(format!("{} at {at}: {at_least}{left} events", p.name()));
                }
            }
            bail!("still behind after {} s: {}", patience.as_secs(), behind.join(", "));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A projection's checkpoint and how many events of its own filter follow it, counted up
/// to `limit` (-1: no checkpoint yet). Read from the checkpoint on, in the store's order, so
/// by its (tx_id, seq) index: with `position is null or ...` the index could not be used
/// and every call read the whole table (23 ms a call, 24 s of PostgreSQL's time in one
/// catch-up of the paid phase), and without the order a limit of one made the planner
/// choose to read the table from its start (19 ms a call).
async fn events_left(pool: &PgPool, p: &dyn Projection, limit: i64) -> Result<(Option<String>, i64)> {
    let (prefixes, types, all) = match p.filter() {
        SubscriptionFilter::All => (Vec::new(), Vec::new(), true),
        SubscriptionFilter::StreamPrefix(prefixes) => (prefixes, Vec::new(), false),
        SubscriptionFilter::EventType(types) => (Vec::new(), types, false),
    };
    let found = sqlx::query_as(
        "select c.position, (select count(*) from (select 1 from es_events e \
           where (e.tx_id, e.seq) > (split_part(coalesce(c.position, '0/0'), '/', 1)::bigint, \
                                     split_part(coalesce(c.position, '0/0'), '/', 2)::bigint) \
             and ($2 or e.event_type = any($4) \
                  or exists (select 1 from unnest($3::text[]) p where starts_with(e.stream_id, p))) \
           order by e.tx_id, e.seq limit $5) t) \
         from projection_checkpoints c where c.name = $1",
    )
    .bind(p.name())
    .bind(all)
    .bind(&prefixes)
    .bind(&types)
    .bind(limit)
    .fetch_optional(pool)
    .await
    .with_context(|| format!("read the checkpoint of {}", p.name()))?;
    Ok(found.unwrap_or((None, -1)))
}

/// The lag figures of one phase's samples in its measured window.
struct LagStats {
    samples: usize,
    failed: usize,
    /// Worst fed projection per sample, sorted, seconds.
    worst: Vec<f64>,
    /// Per projection: seconds behind sorted, most events behind.
    by_projection: BTreeMap<String, (Vec<f64>, u64)>,
    /// Latency of the status calls, sorted, ms.
    took_ms: Vec<f64>,
}

fn lag_stats(p: &PhaseOutcome, fed: &HashMap<String, bool>) -> LagStats {
    let (from, to) = p.window;
    let inside: Vec<&LagSample> = p.lag.iter().filter(|s| s.at >= from && s.at <= to).collect();
    let mut worst = Vec::new();
    let mut by_projection: BTreeMap<String, (Vec<f64>, u64)> = BTreeMap::new();
    let mut took_ms: Vec<f64> = inside.iter().map(|s| s.took.as_secs_f64() * 1e3).collect();
    for s in inside.iter().filter(|s| s.error.is_none()) {
        let mut w = 0.0f64;
        for (name, seconds, events) in &s.projections {
            let entry = by_projection.entry(name.clone()).or_default();
            entry.0.push(*seconds);
            entry.1 = entry.1.max(*events);
            if fed.get(name).copied().unwrap_or(false) {
                w = w.max(*seconds);
            }
        }
        worst.push(w);
    }
    worst.sort_by(f64::total_cmp);
    took_ms.sort_by(f64::total_cmp);
    for (v, _) in by_projection.values_mut() {
        v.sort_by(f64::total_cmp);
    }
    LagStats {
        samples: inside.len(),
        failed: inside.iter().filter(|s| s.error.is_some()).count(),
        worst,
        by_projection,
        took_ms,
    }
}

fn ms3(sorted: &[f64], scale: f64) -> String {
    match (percentile(sorted, 50.0), percentile(sorted, 99.0), percentile(sorted, 100.0)) {
        (Some(a), Some(b), Some(c)) => format!("{:.0} / {:.0} / {:.0} ms", a * scale, b * scale, c * scale),
        _ => "n/a".into(),
    }
}

/// Seats held versus orders placed, for one phase's courses.
struct SeatCheck {
    phase: Phase,
    /// 201 answers (warm-up and sample included).
    placed: u64,
    /// Requests that got no answer (they may or may not have placed an order).
    unanswered: usize,
    /// From the course streams: SeatsHeld seats minus SeatsReleased seats, and the counts.
    held: i64,
    held_events: i64,
    released_events: i64,
    /// OrderPlaced events whose outbound course is one of these.
    order_events: i64,
    /// rm_course_availability: the fullest segment of each course, summed.
    availability: i64,
    /// rm_orders rows on these courses.
    order_rows: i64,
}

impl SeatCheck {
    fn pass(&self) -> bool {
        let want = (self.placed * SEATS_PER_ORDER) as i64;
        self.held == want
            && self.availability == want
            && self.order_events == self.placed as i64
            && self.order_rows == self.placed as i64
    }
}

async fn seat_check(
    pool: &PgPool,
    phase: Phase,
    courses: &[Uuid],
    placed: u64,
    unanswered: usize,
) -> Result<SeatCheck> {
    let streams: Vec<String> = courses.iter().map(|c| format!("course-{c}")).collect();
    let (held, held_events, released_events): (i64, i64, i64) = sqlx::query_as(
        "select coalesce(sum(case event_type when 'SeatsHeld' then (data->>'seats')::bigint \
                                             when 'SeatsReleased' then -(data->>'seats')::bigint else 0 end), 0)::bigint, \
                count(*) filter (where event_type = 'SeatsHeld'), count(*) filter (where event_type = 'SeatsReleased') \
         from es_events where stream_id = any($1)",
    )
    .bind(&streams)
    .fetch_one(pool)
    .await
    .context("read the seats held")?;
    let order_events: i64 = sqlx::query_scalar(
        "select count(*) from es_events where event_type = 'OrderPlaced' \
         and (data->'outbound'->>'course_id')::uuid = any($1)",
    )
    .bind(courses)
    .fetch_one(pool)
    .await
    .context("count the orders placed")?;
    let availability: i64 = sqlx::query_scalar(
        "select coalesce(sum((select max(l) from unnest(segment_loads) l)), 0)::bigint \
         from rm_course_availability where course_id = any($1)",
    )
    .bind(courses)
    .fetch_one(pool)
    .await
    .context("read rm_course_availability")?;
    let order_rows: i64 = sqlx::query_scalar("select count(*) from rm_orders where outbound_course_id = any($1)")
        .bind(courses)
        .fetch_one(pool)
        .await
        .context("count rm_orders")?;
    Ok(SeatCheck {
        phase,
        placed,
        unanswered,
        held,
        held_events,
        released_events,
        order_events,
        availability,
        order_rows,
    })
}

fn verdict(met: bool) -> &'static str {
    if met {
        "MET"
    } else {
        "MISSED"
    }
}

fn print_report(args: &OrdersArgs, o: &Outcome) {
    let m = &o.machine;
    println!();
    println!("coach-bench orders: POST /api/order/order/place under an open-loop load");
    println!();
    println!("machine:    {} cores ({}), {} memory", m.nproc, m.cpu, m.memory);
    println!(
        "postgresql: {}; fsync={}, synchronous_commit={}, wal_sync_method={}, shared_buffers={}, max_connections={}",
        m.server_version, m.fsync, m.synchronous_commit, m.wal_sync_method, m.shared_buffers, m.max_connections
    );
    println!("catalogue:  {}", o.catalogue);
    println!("sample:     {}", o.sample);
    println!();

    let lags: Vec<LagStats> = o.phases.iter().map(|p| lag_stats(p, &o.fed)).collect();
    let mut header = vec!["figure".to_owned()];
    header.extend(o.phases.iter().map(|p| p.phase.label(args.courses)));
    let raw_cell = format!("{} tx/s", thousands(o.raw.tps));
    let row = |name: &str, f: &dyn Fn(&PhaseOutcome, &LagStats) -> String| -> Vec<String> {
        let mut r = vec![name.to_owned()];
        r.extend(o.phases.iter().zip(&lags).map(|(p, l)| f(p, l)));
        r
    };
    let rows = vec![
        row("orders (measured)", &|p, _| {
            format!("{} in {} s (+ {} s warm-up)", thousands(p.load.requests as f64), args.seconds, args.warmup)
        }),
        row("offered rate", &|p, _| format!("{} orders/s", p.rate)),
        row("sent rate", &|p, _| {
            format!("{:.1}/s (worst send lag {:.1} ms)", p.load.sent_rate, p.load.worst_send_lag.as_secs_f64() * 1e3)
        }),
        row("achieved rate (201 answers)", &|p, _| format!("{:.1} orders/s", p.load.achieved_rate)),
        row("  vs raw PostgreSQL single INSERTs", &|p, _| {
            format!("{:.2} x {raw_cell}", p.load.achieved_rate / o.raw.tps)
        }),
        row("answers by status", &|p, _| {
            p.load
                .by_status
                .iter()
                .map(|(s, n)| format!("{s}: {}", thousands(*n as f64)))
                .collect::<Vec<_>>()
                .join(", ")
        }),
        row("orders paid at once (sandbox: 303) / payments failed", &|p, _| match p.phase {
            Phase::Paid => format!("{} / {}", thousands(p.load.paid_all as f64), p.load.pay_errors_all),
            _ => "-".into(),
        }),
        row("requests sent without an answer", &|p, _| p.load.failed.to_string()),
        row("requests dropped (no free slot in 10 s)", &|p, _| p.load.dropped.to_string()),
        row("latency p50 (201s; dropped: give-up time)", &|p, _| format!("{:.2} ms", p.load.percentile_ms(50.0))),
        row("latency p90", &|p, _| format!("{:.2} ms", p.load.percentile_ms(90.0))),
        row("latency p99", &|p, _| format!("{:.2} ms", p.load.percentile_ms(99.0))),
        row("latency max", &|p, _| format!("{:.2} ms", p.load.percentile_ms(100.0))),
        row("projection lag p50 / p99 / max (worst fed)", &|_, l| ms3(&l.worst, 1e3)),
        row("  lag samples (failed)", &|_, l| format!("{} ({})", l.samples, l.failed)),
        row("  GET /status/projections p50 / p99 / max", &|_, l| ms3(&l.took_ms, 1.0)),
        row("host CPU stolen (share of the machine, measured window)", &|p, _| {
            p.stolen.map_or("n/a".into(), |s| format!("{s:.1} %"))
        }),
        row("CPU per order placed: coach server", &|p, _| cpu::per_op(p.server_cpu, p.load.placed_since_mark as f64)),
        row("CPU per order placed: PostgreSQL (whole cluster)", &|p, _| {
            cpu::per_op(p.pg_cpu, p.load.placed_since_mark as f64)
        }),
        row("CPU per order placed: load generator", &|p, _| {
            cpu::per_op(Some(p.client_cpu), p.load.placed_since_mark as f64)
        }),
        row("its work done (fed projections caught up; paid: e-mails sent)", &|p, _| after_phase(p.whole.settled)),
        row("CPU per order, the phase whole: coach server", &|p, _| {
            cpu::per_op(p.whole.server_cpu, p.load.placed_all as f64)
        }),
        row("CPU per order, the phase whole: PostgreSQL (whole cluster)", &|p, _| {
            cpu::per_op(p.whole.pg_cpu, p.load.placed_all as f64)
        }),
    ];
    print!("{}", report::markdown(&header.iter().map(String::as_str).collect::<Vec<_>>(), &rows));
    println!();
    println!(
        "raw PostgreSQL, same cluster, same run: pgbench single-row INSERT transactions, {} clients, {} s: \
         {} tx/s (avg latency {:.2} ms), PostgreSQL CPU {} per insert",
        args.pg_clients,
        args.pg_seconds,
        thousands(o.raw.tps),
        o.raw.latency_avg_ms,
        cpu::per_op(o.raw_pg_cpu, o.raw.transactions as f64)
    );
    println!();

    println!("projection lag by projection, seconds behind (p50 / p99 / max) and most events behind:");
    println!();
    let mut names: Vec<&String> = lags.iter().flat_map(|l| l.by_projection.keys()).collect();
    names.sort();
    names.dedup();
    let mut lag_header = vec!["projection".to_owned(), "fed by orders".to_owned()];
    lag_header.extend(o.phases.iter().map(|p| p.phase.label(args.courses)));
    let lag_rows: Vec<Vec<String>> = names
        .iter()
        .map(|name| {
            let fed = match o.fed.get(*name) {
                Some(true) => "yes",
                Some(false) => "no",
                None => "no (a process manager, its own runner)",
            };
            let mut r = vec![(*name).clone(), fed.to_owned()];
            r.extend(lags.iter().map(|l| match l.by_projection.get(*name) {
                Some((s, events)) => format!("{}, {} events", ms3(s, 1e3), thousands(*events as f64)),
                None => "-".into(),
            }));
            r
        })
        .collect();
    print!("{}", report::markdown(&lag_header.iter().map(String::as_str).collect::<Vec<_>>(), &lag_rows));
    println!();

    println!(
        "time applying batches per order placed (wall time, BEGIN to COMMIT, waits for PostgreSQL included; the \
         whole phase, warm-up included; from the server's /metrics):"
    );
    println!();
    let mut work_header = vec!["projection or process".to_owned()];
    work_header.extend(o.phases.iter().map(|p| p.phase.label(args.courses)));
    let mut work_names: Vec<&String> = o.phases.iter().flat_map(|p| p.work.keys()).collect();
    work_names.sort();
    work_names.dedup();
    let work_rows: Vec<Vec<String>> = work_names
        .iter()
        .map(|name| {
            let mut r = vec![(*name).clone()];
            r.extend(o.phases.iter().map(|p| match p.work.get(*name) {
                Some((seconds, batches)) => {
                    let orders = (p.load.placed_all as f64).max(1.0);
                    format!("{:.1} us ({} batches)", seconds * 1e6 / orders, thousands(*batches))
                }
                None => "-".into(),
            }));
            r
        })
        .collect();
    print!("{}", report::markdown(&work_header.iter().map(String::as_str).collect::<Vec<_>>(), &work_rows));
    println!();

    for p in &o.phases {
        let label = p.phase.label(args.courses);
        let Some(statements) = &p.statements else {
            println!("PostgreSQL by statement, {label}: n/a (pg_stat_statements is not in shared_preload_libraries)");
            println!();
            continue;
        };
        // Warm-up included: the statements are counted from the phase's first request.
        let orders = p.load.placed_all as f64;
        println!(
            "PostgreSQL by statement, {label} (pg_stat_statements over the whole phase, warm-up included, per order \
             placed in it: {}; execution time only, without commits and round trips):",
            thousands(orders)
        );
        println!();
        let header = ["us per order", "share", "calls per order", "rows per call", "statement"];
        print!("{}", report::markdown(&header, &statements::rows(statements, orders)));
        println!();
        for (part, (statements, calls, ms)) in &p.parts {
            println!(
                "- {part}: {:.1} us per order ({:.1} % of the statements' time; {statements} statements, {:.2} calls \
                 per order)",
                ms * 1e3 / orders.max(1.0),
                100.0 * ms / p.statements_ms().max(1e-9),
                *calls as f64 / orders.max(1.0)
            );
        }
        if !p.parts.is_empty() {
            println!();
        }
    }

    println!("seats sold, read back after the run ({}):", o.caught_up);
    println!();
    let mut check_header = vec!["figure".to_owned()];
    check_header.extend(o.checks.iter().map(|c| c.phase.label(args.courses)));
    let check_row = |name: &str, f: &dyn Fn(&SeatCheck) -> String| -> Vec<String> {
        let mut r = vec![name.to_owned()];
        r.extend(o.checks.iter().map(f));
        r
    };
    let check_rows = vec![
        check_row("orders placed (201 answers, warm-up and sample included)", &|c| thousands(c.placed as f64)),
        check_row("requests sent without an answer (may have placed one)", &|c| c.unanswered.to_string()),
        check_row("expected seats (orders x 1 passenger)", &|c| thousands((c.placed * SEATS_PER_ORDER) as f64)),
        check_row("seats held, course streams (SeatsHeld - SeatsReleased)", &|c| thousands(c.held as f64)),
        check_row("  SeatsHeld / SeatsReleased events", &|c| {
            format!("{} / {}", thousands(c.held_events as f64), thousands(c.released_events as f64))
        }),
        check_row("seats taken, rm_course_availability", &|c| thousands(c.availability as f64)),
        check_row("OrderPlaced events on these courses", &|c| thousands(c.order_events as f64)),
        check_row("rm_orders rows on these courses", &|c| thousands(c.order_rows as f64)),
        check_row("result", &|c| if c.pass() { "PASS".into() } else { "FAIL".into() }),
    ];
    print!("{}", report::markdown(&check_header.iter().map(String::as_str).collect::<Vec<_>>(), &check_rows));
    println!();
    if let Some(m) = &o.mails {
        println!(
            "ticket e-mails of the paid phase, read from the outbox: {} orders paid, {} e-mails sent of {} queued, \
             the last read sent {:.1} s after the projections caught up",
            thousands(m.paid as f64),
            thousands(m.sent as f64),
            thousands(m.queued as f64),
            m.waited.as_secs_f64()
        );
        println!();
    }

    for p in &o.phases {
        for e in &p.load.error_samples {
            println!("- {}: {e}", p.phase.label(args.courses));
        }
    }
    for line in &o.server_log {
        println!("- {line}");
    }
    for note in &o.notes {
        println!("- {note}");
    }
    println!();

    let mut targets: Vec<(String, bool)> = Vec::new();
    for (p, l) in o.phases.iter().zip(&lags) {
        let label = p.phase.label(args.courses);
        let clean = p.load.placed == p.load.requests;
        match p.phase {
            Phase::Hot => {
                let rate = p.load.achieved_rate;
                targets.push((
                    format!(
                        "{label}: at least {} orders/s: {rate:.1} orders/s{}",
                        thousands(HOT_RATE_TARGET),
                        if clean { String::new() } else { format!(", {} not 201", p.load.requests - p.load.placed) }
                    ),
                    rate >= HOT_RATE_TARGET * (1.0 - RATE_TOLERANCE) && clean,
                ));
                let p99 = p.load.percentile_ms(99.0);
                targets
                    .push((format!("{label}: p99 under {HOT_P99_TARGET_MS} ms: {p99:.2} ms"), p99 < HOT_P99_TARGET_MS));
            }
            Phase::Spread => {
                let rate = p.load.achieved_rate;
                targets.push((
                    format!(
                        "{label}: at least {} orders/s: {rate:.1} orders/s{}",
                        thousands(SPREAD_RATE_TARGET),
                        if clean { String::new() } else { format!(", {} not 201", p.load.requests - p.load.placed) }
                    ),
                    rate >= SPREAD_RATE_TARGET * (1.0 - RATE_TOLERANCE) && clean,
                ));
                let p99 = p.load.percentile_ms(99.0);
                targets.push((
                    format!("{label}: p99 under {SPREAD_P99_TARGET_MS} ms: {p99:.2} ms"),
                    p99 < SPREAD_P99_TARGET_MS,
                ));
                let placed = p.load.placed_since_mark as f64;
                let cpu = p.server_cpu.zip(p.pg_cpu).map(|(s, g)| (s + g).as_secs_f64() * 1e6 / placed.max(1.0));
                targets.push((
                    format!(
                        "{label}: CPU per order (server + PostgreSQL) at most {CPU_PER_ORDER_TARGET_US} us: {}",
                        cpu.map_or("n/a".into(), |us| format!("{us:.0} us"))
                    ),
                    cpu.is_some_and(|us| us <= CPU_PER_ORDER_TARGET_US),
                ));
            }
            Phase::Paid => {
                if let Some(m) = &o.mails {
                    targets.push((
                        format!(
                            "{label}: every paid order's ticket e-mail sent once: {} sent, {} queued, for {} paid",
                            thousands(m.sent as f64),
                            thousands(m.queued as f64),
                            thousands(m.paid as f64)
                        ),
                        m.pass() && p.load.pay_errors_all == 0,
                    ));
                }
            }
        }
        for name in PROCESS_MANAGERS {
            let lag99 = l.by_projection.get(name).and_then(|(s, _)| percentile(s, 99.0));
            targets.push((
                format!(
                    "{label}: {name} lag p99 under {:.0} s: {}",
                    PROCESS_LAG_P99_TARGET_S,
                    lag99.map_or("no samples".into(), |s| format!("{:.0} ms", s * 1e3))
                ),
                lag99.is_some_and(|s| s < PROCESS_LAG_P99_TARGET_S),
            ));
        }
        let lag99 = percentile(&l.worst, 99.0);
        targets.push((
            format!(
                "{label}: projection lag p99 under {:.0} ms: {}",
                LAG_P99_TARGET_S * 1e3,
                lag99.map_or("no samples".into(), |s| format!("{:.0} ms", s * 1e3))
            ),
            lag99.is_some_and(|s| s < LAG_P99_TARGET_S) && l.failed == 0,
        ));
    }
    for c in &o.checks {
        targets.push((
            format!(
                "{}: seats held == orders placed x {SEATS_PER_ORDER}: {} seats for {} orders",
                c.phase.label(args.courses),
                thousands(c.held as f64),
                thousands(c.placed as f64)
            ),
            c.pass(),
        ));
    }
    let offered_below: Vec<String> = o
        .phases
        .iter()
        .filter(|p| match p.phase {
            Phase::Hot => p.rate < HOT_RATE_TARGET,
            Phase::Spread => p.rate < SPREAD_RATE_TARGET,
            Phase::Paid => false,
        })
        .map(|p| p.phase.label(args.courses))
        .collect();
    println!("targets (issue 41; a rate within {:.0}% of its target counts):", RATE_TOLERANCE * 100.0);
    for (text, met) in &targets {
        println!("- {}: {text}", verdict(*met));
    }
    if !offered_below.is_empty() {
        println!("- (offered below the target rate: {}; the rate targets cannot be met)", offered_below.join(", "));
    }
    println!();
    println!("{} of {} targets met", targets.iter().filter(|(_, m)| *m).count(), targets.len());
}
