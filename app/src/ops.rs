//! The subcommands, and the connections they share.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use event_store::postgres::PgEventStore;
use event_store::EventStore;
use privacy::{Keyring, SealingStore};
use projections::{Projection, RebuildOutcome, Runner, RunnerConfig};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

use crate::cli::{Cli, Command, DailyReportArgs, FinanceCommand, ProjectionsCommand, ReportsCommand, StoreKind};
use crate::startup::Application;

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Serve(args) => Application::build(&cli, args).await?.run_until_stopped().await,
        Command::Migrate => {
            let pool = connect(&cli).await?;
            migrate(&pool).await
        }
        Command::Seed => {
            let pool = connect(&cli).await?;
            migrate(&pool).await?;
            let store = open_store(&cli, &pool)?;
            let report = fixtures::seed(&pool, store.as_ref()).await.context("seeding the demo data")?;
            println!("seeded: {}", if report.loaded.is_empty() { "nothing".into() } else { report.loaded.join(", ") });
            Ok(())
        }
        Command::Finance { command: FinanceCommand::Register(args) } => {
            let pool = connect(&cli).await?;
            let store = open_store(&cli, &pool)?;
            crate::finance_cli::register(store.as_ref(), args).await
        }
        Command::Finance { command: FinanceCommand::Jpk(args) } => {
            let pool = connect(&cli).await?;
            let store = open_store(&cli, &pool)?;
            crate::finance_cli::jpk(store.as_ref(), &pool, args).await
        }
        Command::Finance { command: FinanceCommand::Ksef { command } } => {
            let pool = connect(&cli).await?;
            let store = open_store(&cli, &pool)?;
            crate::ksef_cli::run(store.as_ref(), &pool, command).await
        }
        Command::Reports { command: ReportsCommand::Daily(args) } => {
            let pool = connect(&cli).await?;
            daily_report(&pool, args).await
        }
        Command::Privacy { command } => {
            let pool = connect(&cli).await?;
            let (store, keys) = open_sealed(&cli, &pool)?;
            crate::privacy_cli::run(store.as_ref(), &keys, &pool, command).await
        }
        Command::Projections { command } => {
            let pool = connect(&cli).await?;
            let store = open_store(&cli, &pool)?;
            match command {
                ProjectionsCommand::Rebuild { name } => rebuild(store, pool, name).await,
                ProjectionsCommand::Status => {
                    let status = projections::status(&pool, store.as_ref()).await?;
                    println!("{}", serde_json::to_string_pretty(&status)?);
                    Ok(())
                }
            }
        }
    }
}

/// The projections this product runs ([`projections::all`]).
pub fn registry() -> Vec<Arc<dyn Projection>> {
    projections::all()
}

/// `coach reports daily --date`: the day's sales report, unless it went before.
async fn daily_report(pool: &PgPool, args: &DailyReportArgs) -> anyhow::Result<()> {
    use command_api::processes::daily_report::{self, Outcome};
    if args.date > daily_report::due_day(chrono::Utc::now()) {
        bail!(
            "{} is not over yet in Warsaw (or not {} minutes past its end)",
            args.date,
            daily_report::GRACE.num_minutes()
        );
    }
    let settings =
        command_api::settings::SettingsCache::default().get(pool).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let mailer = crate::startup::mailer(&args.mail)?;
    match daily_report::send(pool, mailer.as_ref(), &settings, args.date).await? {
        Outcome::Sent { to, report } => println!(
            "sent the sales report of {} to {to}: {} route(s), {} order(s) paid, {} ticket(s) sold, {} returned",
            args.date,
            report.routes.len(),
            report.totals.orders_paid,
            report.totals.tickets_sold,
            report.totals.tickets_returned
        ),
        Outcome::AlreadySent { to, at } => {
            println!("the sales report of {} went to {to} at {at}; not sent again", args.date)
        }
        Outcome::NoAddress => bail!("no order-report address is set (the company's order_report_email); nothing sent"),
    }
    Ok(())
}

async fn rebuild(store: Arc<dyn EventStore>, pool: PgPool, name: &str) -> anyhow::Result<()> {
    let Some(projection) = registry().into_iter().find(|p| p.name() == name) else {
        let known: Vec<_> = registry().iter().map(|p| p.name()).collect();
        bail!("unknown projection {name:?}; known: {}", known.join(", "));
    };
    let started = std::time::Instant::now();
    match Runner::new(store, pool, RunnerConfig::default()).rebuild(projection.as_ref()).await? {
        RebuildOutcome::Rebuilt { events } => {
            println!("rebuilt {name} from {events} events in {:.2?}", started.elapsed())
        }
        RebuildOutcome::HandedOver => {
            println!("emptied {name}; the running projector that leads it is replaying it now")
        }
    }
    Ok(())
}

pub async fn connect(cli: &Cli) -> anyhow::Result<PgPool> {
    connect_sized(cli, cli.db_max_connections).await
}

/// A pool of at most `max_connections`.
pub async fn connect_sized(cli: &Cli, max_connections: u32) -> anyhow::Result<PgPool> {
    let Some(url) = cli.database_url.as_deref() else {
        bail!("DATABASE_URL is not set (./run starts a private PostgreSQL and sets it for you)");
    };
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        // No ping before each use: a broken connection fails its query and is dropped,
        // and the ping would cost a round trip on every append.
        .test_before_acquire(false)
        .connect(url)
        .await
        .context("connecting to PostgreSQL")
}

pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    schema::MIGRATOR.run(pool).await.context("applying migrations")?;
    tracing::info!("migrations applied");
    Ok(())
}

/// The event store `cli` names, behind the sealing of personal data (its keys in `pool`):
/// everything the product appends or reads goes through [`SealingStore`].
pub fn open_store(cli: &Cli, pool: &PgPool) -> anyhow::Result<Arc<dyn EventStore>> {
    Ok(open_sealed(cli, pool)?.0)
}

/// [`open_store`] and the keyring it seals with: an erasure goes through that keyring, so
/// the store forgets at once.
pub fn open_sealed(cli: &Cli, pool: &PgPool) -> anyhow::Result<(Arc<dyn EventStore>, Arc<Keyring>)> {
    let inner: Arc<dyn EventStore> = match cli.event_store {
        StoreKind::Postgres => Arc::new(
            PgEventStore::new(pool.clone())
                .with_min_round(Duration::from_millis(cli.subscription_min_round_ms))
                .with_busy_round(Duration::from_millis(cli.subscription_busy_round_ms)),
        ),
        StoreKind::Kurrentdb => open_kurrentdb(cli)?,
    };
    let journal = cli.privacy_journal.clone().map(privacy::Journal::new);
    // New keys commit ahead of the events only when the events are in this database.
    let commit = match cli.event_store {
        StoreKind::Postgres => privacy::KeyCommit::BeforeEventsHere,
        StoreKind::Kurrentdb => privacy::KeyCommit::Durable,
    };
    let keys = Keyring::committing(pool.clone(), commit).with_journal(journal).listen();
    Ok((Arc::new(SealingStore::new(inner, keys.clone())), keys))
}

#[cfg(feature = "kurrentdb")]
fn open_kurrentdb(cli: &Cli) -> anyhow::Result<Arc<dyn EventStore>> {
    let Some(url) = cli.kurrentdb_url.as_deref() else { bail!("KURRENTDB_URL is not set") };
    Ok(Arc::new(event_store::kurrentdb::KurrentDbEventStore::connect(url)?))
}

#[cfg(not(feature = "kurrentdb"))]
fn open_kurrentdb(_: &Cli) -> anyhow::Result<Arc<dyn EventStore>> {
    bail!("this coach was built without the kurrentdb feature (cargo build --features kurrentdb)")
}
