//! `coach-bench ksef`: a backlog of invoices issued while KSeF was down, sent through
//! the KSeF stand-in once it is back, within the documented production rate limits
//!. `ksef/issue.rs` issues the invoices,
//! `ksef/drain.rs` watches the queue drain and checks what KSeF received.
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

mod drain;
pub(crate) mod issue;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use event_store::postgres::PgEventStore;
use serde_json::json;

use crate::orders::{create_courses, stretch};
use crate::report::{self, thousands};
use crate::server::Server;
use crate::setup::{self, BenchDb, Machine};

#[derive(Args)]
pub struct KsefArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Invoices issued during the outage (office sales, one company buyer each).
    #[arg(long, default_value_t = 10_000)]
    invoices: usize,
    /// Seconds to watch the backlog drain once KSeF is back; when they run out before
    /// every invoice is accepted, the figure is extrapolated (and the report says so).
    #[arg(long, default_value_t = 480)]
    timeout: u64,
    /// Seconds allowed to issue the invoices and see them all queued offline.
    #[arg(long, default_value_t = 1200)]
    issue_timeout: u64,
    /// Courses the sales are spread over (each opened with enough seats).
    #[arg(long, default_value_t = 20)]
    courses: usize,
    /// Office sales in flight at once.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// The server's `KSEF_EVERY_SECONDS`: how often a sender round starts.
    #[arg(long, default_value_t = 1)]
    every: u64,
    /// The `coach` binary [default: `coach` next to this binary, i.e. target/release/coach].
    #[arg(long)]
    coach: Option<PathBuf>,
    /// Keep the bench database and the server's log.
    #[arg(long)]
    keep: bool,
}

/// The documented production limit of `POST /sessions/online/{ref}/invoices`
/// (`limity/limity-api.md`): per minute and per hour.
const SEND_PER_MINUTE: f64 = 30.0;
const SEND_PER_HOUR: f64 = 180.0;
/// ... and of `POST /sessions/batch` (and its close).
const BATCH_PER_MINUTE: f64 = 20.0;
const BATCH_PER_HOUR: f64 = 60.0;
/// The sender's threshold (`command_api::processes::ksef::BATCH_OVER`): a longer queue goes by batch.
const BATCH_OVER: usize = 30;

pub async fn run(args: KsefArgs) -> Result<()> {
    let database_url = args
        .database_url
        .clone()
        .context("no database: pass --database-url or set DATABASE_URL (bench/run.sh starts a private cluster)")?;
    anyhow::ensure!(args.invoices > 0 && args.courses > 0, "--invoices and --courses must be above 0");
    anyhow::ensure!(args.concurrency > 0 && args.timeout > 0, "--concurrency and --timeout must be above 0");
    let coach = setup::coach_binary(args.coach.as_deref())?;
    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let result = db.finish(args.keep, bench(&args, &db, &coach).await).await?;
    print_report(&args, &result);
    Ok(())
}

/// Everything measured, for the report.
struct Outcome {
    machine: Machine,
    issue: issue::Issued,
    drain: drain::Drained,
    notes: Vec<String>,
}

async fn bench(args: &KsefArgs, db: &BenchDb, coach: &std::path::Path) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(8, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    let machine = Machine::read(&pool, &setup::pg_tool("pgbench")?).await?;
    let store = PgEventStore::new(pool.clone());
    eprintln!("seeding the demo data (coach seed) ...");
    fixtures::seed(&pool, &store).await.context("seed the demo data")?;
    let stretch = stretch(&pool).await?;
    let seats = u32::try_from(args.invoices / args.courses + 10).context("too many invoices per course")?;
    let courses = create_courses(&pool, &store, &stretch, args.courses, 0, seats).await?;
    eprintln!("  {} courses {} → {}, {seats} seats each", courses.len(), stretch.from_name, stretch.to_name);
    setup::wait_for_horizon(&pool, Duration::from_secs(30)).await?;

    let every = args.every.to_string();
    let env = [("KSEF_ENV", "sandbox"), ("KSEF_EVERY_SECONDS", every.as_str())];
    let mut server = Server::start_with(coach, &db.url, "ksef", args.keep, "all", &env).await?;
    let base = format!("http://127.0.0.1:{}", server.port);
    let result = async {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build()?;
        let stand_in = format!("{base}/ksef-sandbox/v2");
        faults(&client, &stand_in, json!({ "down": true })).await?;
        eprintln!("KSeF is down; issuing {} invoices (office sales, cash, company buyers) ...", args.invoices);
        let plan = issue::Plan { courses: &courses, from: stretch.from, to: stretch.to, concurrency: args.concurrency };
        let issued = issue::issue(&client, &base, &pool, &plan, args.invoices, args.issue_timeout).await?;
        let before = drain::stats(&client, &stand_in).await?;
        anyhow::ensure!(before.invoices_received == 0, "the stand-in received invoices while down: {before:?}");
        eprintln!("KSeF is back (production rate limits); watching the backlog for up to {} s ...", args.timeout);
        faults(&client, &stand_in, json!({ "down": false, "rateLimits": "production" })).await?;
        let back = Instant::now();
        let drained = drain::watch(&client, &stand_in, &pool, args.invoices, back, args.timeout).await?;
        Ok::<_, anyhow::Error>((issued, drained))
    }
    .await;
    let log = std::fs::read_to_string(&server.log).unwrap_or_default();
    server.stop(result.is_err()).await;
    let (issue, mut drain) = result?;
    drain.count_log(&log);
    let notes = vec![
        format!(
            "KSEF_ENV=sandbox: `coach serve` serves the stand-in at /ksef-sandbox/v2 on its own port and sends to it; \
             a sender round every {} s (KSEF_EVERY_SECONDS)",
            args.every
        ),
        format!("load average (1/5/15 min) at start {load_at_start}, at end {}", setup::loadavg()),
        "2-core machine shared with other engineers' builds during the run: the issue time moves with the load, \
         and so does a batch drain (an interactive drain is bound by KSeF's limits, not by this machine)"
            .into(),
    ];
    pool.close().await;
    Ok(Outcome { machine, issue, drain, notes })
}

/// `POST {stand_in}/sandbox/faults`.
pub(crate) async fn faults(client: &reqwest::Client, stand_in: &str, body: serde_json::Value) -> Result<()> {
    let r = client.post(format!("{stand_in}/sandbox/faults")).json(&body).send().await.context("set the faults")?;
    anyhow::ensure!(r.status().is_success(), "POST /sandbox/faults {body} answered {}", r.status());
    Ok(())
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 3600.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s >= 120.0 {
        format!("{:.1} min", s / 60.0)
    } else {
        format!("{s:.1} s")
    }
}

fn print_report(args: &KsefArgs, o: &Outcome) {
    let (m, i, d) = (&o.machine, &o.issue, &o.drain);
    let n = args.invoices as f64;
    println!();
    println!("coach-bench ksef --invoices {} --timeout {}", args.invoices, args.timeout);
    println!();
    println!("machine:    {} cores ({}), {} memory", m.nproc, m.cpu, m.memory);
    println!("postgresql: {}; fsync={}, synchronous_commit={}", m.server_version, m.fsync, m.synchronous_commit);
    println!();
    let mut rows = vec![
        vec![
            "issue: office sales answered 201".into(),
            format!("{} in {}", thousands(i.sold as f64), secs(i.sales)),
            format!("{} sales/s, {} in flight", thousands(i.sold as f64 / i.sales.as_secs_f64()), args.concurrency),
        ],
        vec![
            "issue: every invoice issued and queued".into(),
            secs(i.queued),
            "rm_ksef_documents rows, from the first sale".into(),
        ],
        vec!["issue: every invoice offline".into(), secs(i.offline), "KsefWentOffline recorded by the rounds".into()],
    ];
    let window = d.elapsed.as_secs_f64();
    let done = d.accepted == args.invoices;
    rows.push(vec![
        "KSeF back → accepted".into(),
        format!("{} of {} in {}", thousands(d.accepted as f64), thousands(n), secs(d.elapsed)),
        if done { "all accepted".into() } else { format!("stopped at --timeout {} s", args.timeout) },
    ]);
    rows.push(vec![
        "throughput over the window".into(),
        format!("{:.2} invoices/s ({:.1}/min)", d.accepted as f64 / window, d.accepted as f64 / window * 60.0),
        format!("rejected {}, sent or started, status unread {}", d.rejected, d.sent),
    ]);
    rows.push(vec![
        "sent in the first minute / the best minute".into(),
        format!("{} / {}", d.first_minute, d.best_minute),
        format!("documented limit {SEND_PER_MINUTE}/min, {SEND_PER_HOUR}/h per send"),
    ]);
    if !done {
        let at_limit = n / SEND_PER_HOUR;
        // What reached KSeF (sent, whether or not its status was read yet).
        let reached = (d.accepted + d.rejected + d.sent) as f64;
        let at_measured = if reached > 0.0 { n / reached * window / 3600.0 } else { f64::INFINITY };
        rows.push(vec![
            format!("EXTRAPOLATED time for {}", thousands(n)),
            format!("{at_limit:.1} h at {SEND_PER_HOUR}/h"),
            format!("{at_measured:.1} h at this window's send rate (which includes the first minutes' burst)"),
        ]);
    }
    rows.push(vec![
        "stand-in: sessions / received / accepted".into(),
        format!(
            "{} / {} / {}",
            d.after.sessions,
            thousands(d.after.invoices_received as f64),
            d.after.invoices_accepted
        ),
        format!("hashes received more than once: {}", d.after.duplicates),
    ]);
    rows.push(vec![
        "sender: 429s waited out / rounds with trouble".into(),
        format!("{} / {}", d.waited_429, d.troubled_rounds),
        "from the server log".into(),
    ]);
    rows.push(vec![
        "sender: batch sessions sent".into(),
        d.batch_sessions.to_string(),
        format!("from the server log; a queue over {BATCH_OVER} documents goes by batch"),
    ]);
    rows.push(vec![
        "check: KSeF numbers".into(),
        format!("{} distinct, {} valid", d.distinct_numbers, d.valid_numbers),
        match (d.accepted, d.numbers_ok()) {
            (0, _) => "n/a: none accepted in the queue".into(),
            (_, true) => "PASS".into(),
            (_, false) => "FAIL".into(),
        },
    ]);
    print!("{}", report::markdown(&["figure", "value", "note"], &rows));
    println!();
    if d.batch_sessions > 0 {
        println!(
            "what bounds it: the sender sent the backlog in {} batch session(s) (10,000 invoices a",
            d.batch_sessions
        );
        println!(
            "session; opening and closing one is limited to {BATCH_PER_MINUTE}/min and {BATCH_PER_HOUR}/h), so KSeF's"
        );
        println!(
            "limits allow {} invoices an hour: the drain is bound by the work itself (rendering,",
            thousands(BATCH_PER_HOUR * 10_000.0)
        );
        println!("recording each step on its order's stream, the stand-in's processing), not by the limits.");
    } else {
        println!("what bounds it: the sender sent interactively (one online session per round, one");
        println!("`POST /sessions/online/{{ref}}/invoices` per invoice), so KSeF's limit on that call,");
        println!(
            "{SEND_PER_MINUTE}/min and {SEND_PER_HOUR}/h (production), bounds the drain: {} invoices take",
            thousands(n)
        );
        if n > SEND_PER_HOUR {
            println!("about {:.1} h however fast this machine is.", n / SEND_PER_HOUR);
        } else {
            // Within one hour's quota: 30 a minute, the first 30 at once.
            println!("at least {:.0} min however fast this machine is.", (n / SEND_PER_MINUTE).ceil() - 1.0);
        }
    }
    if d.after.invoices_accepted > d.accepted as u64 {
        println!();
        println!(
            "KSeF accepted {} invoices the queue does not show accepted yet: the sender reads the statuses",
            d.after.invoices_accepted - d.accepted as u64
        );
        println!("only in a round KSeF did not stop (a 429 it will not wait out stops the round before its poll).");
    }
    println!();
    println!("progress (seconds after KSeF came back: accepted/sent, sent counting the accepted):");
    println!("  {}", d.samples.join(", "));
    for note in &o.notes {
        println!("- {note}");
    }
}
