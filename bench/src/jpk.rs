//! `coach-bench jpk`: the month's JPK_V7M(3) replayed from 1,000,000 sales.
//!
//! `bench/run.sh jpk` (options: `--sales` 1000000, `--invoice-every` 10, `--desk-every` 5,
//! `--return-every` 20, `--no-cli`, `--keep`). It creates a fresh database, applies the
//! migrations, seeds the company, and writes the fixture straight into `es_events` with
//! SQL (50,000 sales per statement, each its own transaction; a benchmark fixture, not how
//! the product appends), every sale in November 2026 in its own stream `order-{uuid}`:
//! `OrderPlaced` (version 0; the JSON `OrderEvent` serialises to, with a customer, a leg
//! and a line, an invoice asked for on every `--invoice-every`-th, paid at the desk in
//! cash on every `--desk-every`-th), `OrderPaid` (1), and for an invoiced sale
//! `InvoiceIssued` (2) and `KsefAccepted` (3), for every `--return-every`-th other sale a
//! `TicketReturned` (2). A sample is decoded as `OrderEvent` first.
//!
//! Timed: the file made in process (`finance::jpk::generate` into the XML writer, to
//! /dev/null) with its peak memory (VmHWM after a reset), its rows and tax checked against
//! what SQL computes from the fixture; then `target/release/coach finance jpk` under
//! `/usr/bin/time` into a file, start to exit with its max RSS, and that file validated
//! with xmllint against the schema in `finance/jpk/`. Targets: under 30 s and 200 MiB.

use std::collections::{BTreeMap, HashMap};
use std::io::BufWriter;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use domain::order::OrderEvent;
use event_store::postgres::PgEventStore;
use finance::jpk::{self, Company, JpkRequest, Month};
use sqlx::PgPool;

use crate::register::PeakMemory;
use crate::report::{self, thousands};
use crate::setup::{self, BenchDb, Machine};

#[derive(Args)]
pub struct JpkArgs {
    /// A URL of the cluster to use; the bench creates (and drops) its own database there.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Sales in the month (one order each).
    #[arg(long, default_value_t = 1_000_000)]
    sales: u64,
    /// Every n-th sale asks for an invoice (issued and accepted by KSeF).
    #[arg(long, default_value_t = 10)]
    invoice_every: u64,
    /// Every n-th sale is made at the desk, in cash.
    #[arg(long, default_value_t = 5)]
    desk_every: u64,
    /// Every n-th sale without an invoice has a ticket returned.
    #[arg(long, default_value_t = 20)]
    return_every: u64,
    /// The `coach` binary [default: next to this one]; `--no-cli` skips it.
    #[arg(long)]
    coach: Option<PathBuf>,
    #[arg(long)]
    no_cli: bool,
    /// Keep the bench database at the end.
    #[arg(long)]
    keep: bool,
}

const SECONDS_TARGET: f64 = 30.0;
const MIB_TARGET: f64 = 200.0;
const CHUNK: u64 = 50_000;
const MONTH: Month = Month { year: 2026, month: 11 };

pub async fn run(args: JpkArgs) -> Result<()> {
    let database_url = args.database_url.clone().context("no database: pass --database-url or set DATABASE_URL")?;
    anyhow::ensure!(args.sales > 0 && args.invoice_every > 0 && args.desk_every > 0 && args.return_every > 0);
    let coach = match (&args.coach, args.no_cli) {
        (_, true) => None,
        (Some(p), false) => Some(p.clone()),
        (None, false) => Some(std::env::current_exe().context("this binary's path")?.with_file_name("coach")),
    };
    let db = BenchDb::create(&database_url).await?;
    eprintln!("bench database: {}", db.name);
    let outcome = db.finish(args.keep, bench(&args, &db, coach).await).await?;
    print_report(&args, &outcome);
    Ok(())
}

struct Outcome {
    machine: Machine,
    events: i64,
    fill: Duration,
    rows: u64,
    tax_due: i64,
    in_process: (f64, f64, f64),
    cli: Option<(f64, f64, u64, String)>,
    notes: Vec<String>,
}

async fn bench(args: &JpkArgs, db: &BenchDb, coach: Option<PathBuf>) -> Result<Outcome> {
    let load_at_start = setup::loadavg();
    let pool = db.pool(8, true).await?;
    schema::MIGRATOR.run(&pool).await.context("apply the schema migrations")?;
    sqlx::query(
        "insert into companies (name, invoice_prefix, tax_id, address, postal_code, city, country, invoice_email) \
         values ('Nisko Bus sp. z o.o.', 'FV', '8652556348', 'ul. Kolejowa 12', '37-400', 'Nisko', 'PL', \
                 'faktury@niskobus.example')",
    )
    .execute(&pool)
    .await?;
    let machine = Machine::read(&pool, &setup::pg_tool("pgbench")?).await?;
    eprintln!("filling es_events: {} sales ...", thousands(args.sales as f64));
    let started = Instant::now();
    fill(&pool, args).await?;
    let fill = started.elapsed();
    eprintln!("  {:.1} s; VACUUM ANALYZE ...", fill.as_secs_f64());
    sqlx::raw_sql("vacuum analyze es_events").execute(&pool).await?;
    setup::wait_for_horizon(&pool, Duration::from_secs(60)).await?;
    check_sample(&pool).await?;
    let events: i64 = sqlx::query_scalar("select count(*) from es_events").fetch_one(&pool).await?;
    let (expected_rows, expected_tax) = expected(&pool).await?;

    let store = PgEventStore::new(pool.clone());
    let company = Company {
        nip: "8652556348".into(),
        name: "Nisko Bus sp. z o.o.".into(),
        email: "faktury@niskobus.example".into(),
        vat_rate: 8,
    };
    let request = JpkRequest {
        month: MONTH,
        tax_office: "1811".into(),
        purpose: 1,
        created_at: api_core::time::warsaw(chrono::Utc::now()),
    };
    setup::checkpoint(&pool).await;
    eprintln!("the file in process, to /dev/null ...");
    let peak = PeakMemory::reset()?;
    let started = Instant::now();
    let mut writer = jpk::jpk_writer(BufWriter::new(std::fs::File::create("/dev/null")?), &request, &company);
    let summary = jpk::generate(&store, MONTH, 8, &HashMap::new(), &mut writer).await?;
    drop(writer);
    let seconds = started.elapsed().as_secs_f64();
    let (peak_mib, start_mib) = peak.read()?;
    if (summary.rows, summary.tax_due) != (expected_rows, expected_tax) {
        bail!(
            "the file has {} rows and {} tax, the fixture {expected_rows} and {expected_tax}",
            summary.rows,
            summary.tax_due
        );
    }
    eprintln!("  {seconds:.2} s, peak {peak_mib:.1} MiB, {} rows", summary.rows);
    let cli = match coach {
        Some(coach) => Some(run_cli(&coach, db).await?),
        None => None,
    };
    let notes = vec![
        format!("load average at the start {load_at_start}, at the end {}", setup::loadavg()),
        format!(
            "the file's {} rows and tax due ({} grosz) equal what SQL computes from the fixture",
            thousands(expected_rows as f64),
            thousands(expected_tax as f64)
        ),
    ];
    Ok(Outcome {
        machine,
        events,
        fill,
        rows: summary.rows,
        tax_due: summary.tax_due,
        in_process: (seconds, peak_mib, start_mib),
        cli,
        notes,
    })
}

/// The fixture (see the module's guide).
async fn fill(pool: &PgPool, args: &JpkArgs) -> Result<()> {
    let placed = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, 0, md5('placed-' || g)::uuid, 'OrderPlaced',
          json_build_object('type', 'OrderPlaced', 'order_id', o.id, 'hash_id', md5('hash-' || g),
            'number', 'NB-2026-' || lpad(g::text, 7, '0'),
            'placed_at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'expires_at', to_char((t.at + interval '15 minutes') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'user_id', null,
            'customer', json_build_object('first_name', 'Jan', 'last_name', 'Kowalski ' || (g % 1000),
              'email', 'jan' || g || '@example.test', 'phone', '+48600' || lpad((g % 1000000)::text, 6, '0'),
              'notify_by_sms', false, 'language', 'pl'),
            'invoice', case when g % $3 = 0 then json_build_object('country', 'PL', 'vat_number', '5260250274',
              'company_name', 'Firma ' || (g % 5000) || ' Sp. z o.o.', 'address', 'ul. Kolejowa 1',
              'postal_code', '37-400', 'city', 'Nisko') end,
            'outbound', json_build_object('kind', 'outbound', 'course_id', md5('course-' || (g % 3000))::uuid,
              'route_id', 1, 'route_name', 'Nisko – Kraków', 'from_waypoint_id', 1, 'from_name', 'Nisko, Dworzec',
              'to_waypoint_id', 11, 'to_name', 'Kraków, MDA', 'departure_at', '2026-12-13T04:00:00Z',
              'arrival_at', '2026-12-13T07:55:00Z', 'unit_price', x.total, 'hold_id', md5('hold-' || g)::uuid),
            'back', null,
            'lines', json_build_array(json_build_object('line', 1, 'quantity', 1, 'discount', null,
              'outbound_price', x.total, 'back_price', null, 'total', x.total)),
            'coupon', null, 'total', x.total, 'to_pay', x.total,
            'payment', json_build_object('provider', case when g % $4 = 0 then 'cash' else 'przelewy24' end,
              'session_id', o.id, 'token', md5('token-' || g))),
          '{}'::json
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-11-01 00:00:00+01' + g * ($5::double precision * interval '1 second') as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total) x";
    let paid = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, 1, md5('paid-' || g)::uuid, 'OrderPaid',
          json_build_object('type', 'OrderPaid', 'order_id', o.id,
            'paid_at', to_char((t.at + interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'amount', x.total,
            'transaction_id', case when g % $4 = 0 then 'cash-' || o.id else (1000000 + g)::text end,
            'session_id', o.id,
            'tickets', json_build_array(json_build_object('ticket_id', md5('ticket-' || g)::uuid,
              'number', 'NK-2026-' || lpad(g::text, 7, '0'), 'code', upper(substr(md5('code-' || g), 1, 12)),
              'leg', 'outbound', 'line', 1, 'price', x.total, 'coupon_part', 0)),
            'reheld', json_build_array()),
          '{}'::json
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-11-01 00:00:00+01' + g * ($5::double precision * interval '1 second') as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total) x
        where $3 > 0";
    let invoiced = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, v.version, md5(v.kind || '-' || g)::uuid, v.kind, v.data, '{}'::json
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-11-01 00:00:00+01' + g * ($5::double precision * interval '1 second') as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total) x
        cross join lateral (values
          (2, 'InvoiceIssued', json_build_object('type', 'InvoiceIssued', 'order_id', o.id, 'number', 'FV/2026/11/' || g,
            'issued_at', to_char((t.at + interval '2 minutes') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'total', x.total, 'vat_rate', 8,
            'sale_date', to_char((t.at + interval '1 minute') at time zone 'Europe/Warsaw', 'YYYY-MM-DD'),
            'seller', json_build_object('name', 'Nisko Bus sp. z o.o.', 'tax_id', '8652556348',
              'address', 'ul. Kolejowa 12', 'postal_code', '37-400', 'city', 'Nisko', 'country', 'PL'),
            'buyer', json_build_object('country', 'PL', 'vat_number', '5260250274',
              'company_name', 'Firma ' || (g % 5000) || ' Sp. z o.o.', 'address', 'ul. Kolejowa 1',
              'postal_code', '37-400', 'city', 'Nisko'),
            'net', (x.total * 200 + 108) / 216, 'vat', x.total - (x.total * 200 + 108) / 216, 'ksef', true)),
          (3, 'KsefAccepted', json_build_object('type', 'KsefAccepted', 'order_id', o.id,
            'document', 'FV/2026/11/' || g, 'session_ref', 's', 'invoice_ref', 'i',
            'ksef_number', '8652556348-20261115-' || upper(substr(md5('k' || g), 1, 12)) || '-' || upper(substr(md5('k' || g), 13, 2)),
            'at', to_char((t.at + interval '3 minutes') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')))
        ) v(version, kind, data)
        where g % $3 = 0 and $4 > 0";
    let returned = "
        insert into es_events (stream_id, version, event_id, event_type, data, metadata)
        select 'order-' || o.id, 2, md5('returned-' || g)::uuid, 'TicketReturned',
          json_build_object('type', 'TicketReturned', 'order_id', o.id, 'ticket_id', md5('ticket-' || g)::uuid,
            'number', 'NK-2026-' || lpad(g::text, 7, '0'),
            'returned_at', to_char((t.at + interval '2 hours') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
            'by_user_id', null, 'price', x.total, 'fee', x.total / 10, 'coupon_refund', 0,
            'money_refund', x.total - x.total / 10),
          '{}'::json
        from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select md5('order-' || g)::uuid as id) o
        cross join lateral (select timestamptz '2026-11-01 00:00:00+01' + g * ($5::double precision * interval '1 second') as at) t
        cross join lateral (select 1800 + (g % 60) * 100 as total) x
        where g % $3 <> 0 and g % $4 = 0";
    // The sales spread over the first 29.5 days of November.
    let spacing = 29.5 * 86_400.0 / args.sales as f64;
    let mut lo = 1;
    while lo <= args.sales {
        let hi = (lo + CHUNK - 1).min(args.sales);
        let (lo_i, hi_i) = (lo as i64, hi as i64);
        let (inv, desk, ret) = (args.invoice_every as i64, args.desk_every as i64, args.return_every as i64);
        for (statement, third, fourth) in
            [(placed, inv, desk), (paid, inv, desk), (invoiced, inv, desk), (returned, inv, ret)]
        {
            sqlx::query(statement)
                .bind(lo_i)
                .bind(hi_i)
                .bind(third)
                .bind(fourth)
                .bind(spacing)
                .execute(pool)
                .await
                .context("fill")?;
        }
        eprint!("\r  sales {} of {}", thousands(hi as f64), thousands(args.sales as f64));
        lo = hi + 1;
    }
    eprintln!();
    Ok(())
}

/// A sample of every type decoded as the product's own `OrderEvent`.
async fn check_sample(pool: &PgPool) -> Result<()> {
    let sample: Vec<(String, String)> = sqlx::query_as(
        "select event_type, data::text from es_events where seq % 997 = 0 \
          and event_type <> 'KsefAccepted' limit 3000",
    )
    .fetch_all(pool)
    .await?;
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for (event_type, data) in &sample {
        let event: OrderEvent = serde_json::from_str(data)
            .with_context(|| format!("the fixture's {event_type} does not decode: {data}"))?;
        anyhow::ensure!(event.event_type() == event_type);
        *kinds.entry(event_type.clone()).or_default() += 1;
    }
    eprintln!("  sample decoded as OrderEvent: {kinds:?}");
    Ok(())
}

/// The rows and tax due the file must have, from the fixture by SQL: one row per invoice,
/// one per Warsaw day and channel of the rest (their gross split at 8 % per row).
async fn expected(pool: &PgPool) -> Result<(u64, i64)> {
    let (invoices, invoice_vat): (i64, i64) = sqlx::query_as(
        "select count(*), coalesce(sum((data->>'vat')::bigint), 0)::bigint from es_events where event_type = 'InvoiceIssued'",
    )
    .fetch_one(pool)
    .await?;
    let days: Vec<(i64,)> = sqlx::query_as(
        "with o as (select data->>'order_id' as id, (data->>'total')::bigint as total, \
                           data->'payment'->>'provider' = 'cash' as desk \
                      from es_events where event_type = 'OrderPlaced' and json_typeof(data->'invoice') = 'null'), \
              m as (select o.desk, ((e.data->>'paid_at')::timestamptz at time zone 'Europe/Warsaw')::date as day, o.total as gross \
                      from es_events e join o on o.id = e.data->>'order_id' where e.event_type = 'OrderPaid' \
                    union all \
                    select o.desk, ((e.data->>'returned_at')::timestamptz at time zone 'Europe/Warsaw')::date, \
                           -((e.data->>'price')::bigint - (e.data->>'fee')::bigint) \
                      from es_events e join o on o.id = e.data->>'order_id' where e.event_type = 'TicketReturned') \
         select sum(gross)::bigint from m where day >= '2026-11-01' and day < '2026-12-01' group by desk, day",
    )
    .fetch_all(pool)
    .await?;
    let day_vat: i64 = days.iter().map(|(g,)| domain::money::vat_split(*g, 8).vat).sum();
    Ok((invoices as u64 + days.len() as u64, invoice_vat + day_vat))
}

/// `coach finance jpk` into a file under `/usr/bin/time`, then the file through xmllint.
async fn run_cli(coach: &std::path::Path, db: &BenchDb) -> Result<(f64, f64, u64, String)> {
    eprintln!("coach finance jpk ...");
    let out = std::env::temp_dir().join(format!("coach-bench-jpk-{}.xml", std::process::id()));
    let args = ["finance", "jpk", "--month", "2026-11", "--tax-office", "1811", "--out"].map(std::ffi::OsString::from);
    let args: Vec<std::ffi::OsString> = args.into_iter().chain([out.clone().into_os_string()]).collect();
    let run = crate::timed::run_coach(coach, &db.url, &args, std::process::Stdio::null()).await?;
    let (elapsed, mib) = (run.seconds, run.mib);
    let size = std::fs::metadata(&out)?.len();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("finance").join("jpk");
    let check = std::process::Command::new("xmllint")
        .env("XML_CATALOG_FILES", root.join("catalog.xml"))
        .args(["--noout", "--nonet", "--schema"])
        .arg(root.join("schemat_JPK_V7M(3)_v1-0E.xsd"))
        .arg(&out)
        .output()
        .context("xmllint (apt-get install libxml2-utils)")?;
    let verdict = String::from_utf8_lossy(&check.stderr).lines().last().unwrap_or_default().to_owned();
    let _ = std::fs::remove_file(&out);
    anyhow::ensure!(check.status.success(), "the file does not validate: {verdict}");
    eprintln!("  {elapsed:.2} s, {mib:.1} MiB, {size} bytes; {verdict}");
    Ok((elapsed, mib, size, verdict))
}

fn print_report(args: &JpkArgs, o: &Outcome) {
    let m = &o.machine;
    println!();
    println!("coach-bench jpk");
    println!();
    println!("machine:    {} cores ({}), {} memory", m.nproc, m.cpu, m.memory);
    println!("postgresql: {}; fsync={}, synchronous_commit={}", m.server_version, m.fsync, m.synchronous_commit);
    println!(
        "fixture:    {} sales of November 2026 ({} events: every {}th invoiced and in KSeF, every {}th at the desk, \
         every {}th of the rest with a ticket returned), written by SQL in {:.1} s",
        thousands(args.sales as f64),
        thousands(o.events as f64),
        args.invoice_every,
        args.desk_every,
        args.return_every,
        o.fill.as_secs_f64()
    );
    println!();
    let verdict = |pass: bool| if pass { "PASS" } else { "FAIL" }.to_owned();
    let (seconds, peak, start) = o.in_process;
    let mut cells = vec![
        vec![
            format!("the month's file in process ({} rows)", thousands(o.rows as f64)),
            format!("{seconds:.2} s"),
            format!("< {SECONDS_TARGET:.0} s"),
            verdict(seconds < SECONDS_TARGET),
        ],
        vec![
            "  peak memory, VmHWM".to_owned(),
            format!("{peak:.1} MiB (start {start:.1})"),
            format!("< {MIB_TARGET:.0} MiB"),
            verdict(peak < MIB_TARGET),
        ],
    ];
    if let Some((seconds, rss, size, verdict_text)) = &o.cli {
        cells.push(vec![
            "coach finance jpk, start to exit".to_owned(),
            format!("{seconds:.2} s ({:.1} MB file; {verdict_text})", *size as f64 / 1e6),
            format!("< {SECONDS_TARGET:.0} s"),
            verdict(*seconds < SECONDS_TARGET),
        ]);
        cells.push(vec![
            "  its peak memory (max RSS, /usr/bin/time)".to_owned(),
            format!("{rss:.1} MiB"),
            format!("< {MIB_TARGET:.0} MiB"),
            verdict(*rss < MIB_TARGET),
        ]);
    }
    print!("{}", report::markdown(&["figure", "measured", "target", "result"], &cells));
    println!();
    println!("- tax due {} grosz", thousands(o.tax_due as f64));
    for note in &o.notes {
        println!("- {note}");
    }
}
