//! Command line and settings. Every setting is a flag and an environment variable.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

mod finance;

pub use finance::{FinanceCommand, JpkArgs, KsefCommand, RegisterArgs, RegisterFormat};

#[derive(Debug, Clone, Parser)]
#[command(name = "coach", version, about = "Coach-ticket booking: APIs, projections and the web app in one binary")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// PostgreSQL URL (read models, catalogue, and the default event store).
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,

    /// Largest number of database connections this process opens.
    #[arg(long, env = "DB_MAX_CONNECTIONS", default_value_t = 32, global = true)]
    pub db_max_connections: u32,

    /// Largest number of database connections of the projections' own pool (with
    /// `--role all` or `projector`), on top of `DB_MAX_CONNECTIONS`.
    #[arg(long, env = "PROJECTOR_DB_MAX_CONNECTIONS", default_value_t = 16, global = true)]
    pub projector_db_max_connections: u32,

    /// Where events are stored.
    #[arg(long, env = "EVENT_STORE", value_enum, default_value_t = StoreKind::Postgres, global = true)]
    pub event_store: StoreKind,

    /// The PostgreSQL store's shortest time between two live reads of one subscriber, in
    /// milliseconds: a projection's lag may grow by this much; under load each projection
    /// reads and commits once per interval instead of once per append.
    #[arg(long, env = "SUBSCRIPTION_MIN_ROUND_MS", default_value_t = 20, global = true)]
    pub subscription_min_round_ms: u64,

    /// The PostgreSQL store's shortest time between two rounds of its shared reader of the
    /// live end after a busy round (64 events or more), in milliseconds: under a heavy
    /// load every projection served by it reads and commits once per interval, with more
    /// events each time. Quiet rounds keep `SUBSCRIPTION_MIN_ROUND_MS`.
    #[arg(long, env = "SUBSCRIPTION_BUSY_ROUND_MS", default_value_t = 60, global = true)]
    pub subscription_busy_round_ms: u64,

    /// KurrentDB connection string, for `--event-store kurrentdb`.
    #[arg(long, env = "KURRENTDB_URL", global = true, hide_env_values = true)]
    pub kurrentdb_url: Option<String>,
    /// A file every erasure of personal data is also written to, kept apart from the
    /// database and its backups: a restored backup erases again at start what it names
    /// (docs/personal-data.md). Without it, erasures are not journalled.
    #[arg(long, env = "PRIVACY_JOURNAL", global = true)]
    pub privacy_journal: Option<PathBuf>,

    /// Log lines as text or JSON.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Serve the APIs and the web app, and run the projections.
    Serve(Box<ServeArgs>),
    /// Apply the database migrations.
    Migrate,
    /// Load the demo data into an empty database.
    Seed,
    /// Operate the projections.
    Projections {
        #[command(subcommand)]
        command: ProjectionsCommand,
    },
    /// Finance: the VAT sales register.
    Finance {
        #[command(subcommand)]
        command: FinanceCommand,
    },
    /// Reports to the company's offices.
    Reports {
        #[command(subcommand)]
        command: ReportsCommand,
    },
    /// Personal data under RODO: erasure on request and on the retention schedule.
    Privacy {
        #[command(subcommand)]
        command: PrivacyCommand,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum PrivacyCommand {
    /// Erase what may go now of one order's personal data (a request by letter or at the
    /// desk); says what stays and until when.
    Erase {
        /// The order's id.
        #[arg(long)]
        order: uuid::Uuid,
        /// Why (kept in the register of erasures, with when).
        #[arg(long)]
        reason: String,
    },
    /// The retention schedule as of a day: erase the personal data of orders whose
    /// journeys ended more than `--keep-months` before (and invoice buyers whose tax
    /// period has ended).
    Sweep {
        /// The day to sweep as of (YYYY-MM-DD, from its first instant, UTC).
        #[arg(long, value_parser = date)]
        as_of: chrono::NaiveDate,
        /// Months the customer's data stay after the journey: the 1-year claim period of
        /// the contract of carriage plus the complaint window.
        #[arg(long, env = "PRIVACY_KEEP_MONTHS", default_value_t = 13, value_parser = clap::value_parser!(u32).range(1..=1200))]
        keep_months: u32,
    },
    /// Erase again what the journal of erasures (`PRIVACY_JOURNAL`) names and the database
    /// does not hold: after a backup of the database was restored (`serve` does it at start).
    Reapply,
    /// Seal, once, the personal values of events stored in plain text before sealing
    /// (PostgreSQL store; idempotent: run it again after a stop, or from `--after`).
    SealStored {
        /// Start after this position (`es_events.seq`, as a previous run printed it).
        #[arg(long, default_value_t = 0)]
        after: i64,
        /// Events per transaction.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(i64).range(1..=100_000))]
        page: i64,
    },
}

#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port to listen on (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Which part of the product this process runs.
    #[arg(long, env = "ROLE", value_enum, default_value_t = Role::All)]
    pub role: Role,
    /// The built web app (`npm run build` in web/).
    #[arg(long, env = "WEB_DIST", default_value = "web/dist")]
    pub web_dist: PathBuf,
    #[command(flatten)]
    pub mail: MailArgs,
    /// Seconds after placing an unpaid online order gets the e-mail with the link to pay;
    /// by default half its reservation.
    #[arg(long, env = "PAYMENT_REMINDER_SECONDS")]
    pub payment_reminder_seconds: Option<u64>,
    /// The site's public address, for links in e-mails and the payment gateway's return
    /// address; by default `http://<host>:<the port it listens on>`.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The register of VAT payers ("Biała lista") whose answers fill a company's data from
    /// its NIP: its address (`https://wl-api.mf.gov.pl`), `sandbox` (the built-in stand-in,
    /// served at `/wl-sandbox`: a few known companies, for development and tests) or `off`.
    #[arg(long, env = "WL_API_URL", default_value = "https://wl-api.mf.gov.pl")]
    pub wl_api_url: String,
    /// The payment gateway: `sandbox` (built in, the default) or `przelewy24`.
    #[arg(long, env = "PAYMENT_PROVIDER", default_value = "sandbox")]
    pub payment_provider: String,
    /// Przelewy24: the API address (its sandbox or production).
    #[arg(long, env = "P24_URL", default_value = "https://sandbox.przelewy24.pl")]
    pub p24_url: String,
    #[arg(long, env = "P24_MERCHANT_ID", default_value_t = 0)]
    pub p24_merchant_id: i64,
    #[arg(long, env = "P24_POS_ID", default_value_t = 0)]
    pub p24_pos_id: i64,
    #[arg(long, env = "P24_API_KEY", default_value = "", hide_env_values = true)]
    pub p24_api_key: String,
    #[arg(long, env = "P24_CRC", default_value = "", hide_env_values = true)]
    pub p24_crc: String,
    /// The built-in sandbox gateway's CRC key (its notifications are signed with it).
    #[arg(long, env = "SANDBOX_CRC", default_value = "sandbox-crc", hide_env_values = true)]
    pub sandbox_crc: String,
    /// The Ed25519 key that signs the tickets' QR codes: a 32-byte seed in base64 (e.g.
    /// `openssl rand -base64 32`). Every process of a deployment needs the same one.
    /// Without it, a key generated once is kept in the database (development).
    #[arg(long, env = "TICKET_SIGNING_KEY", hide_env_values = true)]
    pub ticket_signing_key: Option<String>,
    /// Apply migrations before serving.
    #[arg(long, env = "MIGRATE_ON_START", default_value_t = true, action = clap::ArgAction::Set)]
    pub migrate: bool,
    #[command(flatten)]
    pub ksef: KsefArgs,
}

/// Where invoices are sent in KSeF. The token is read from `KSEF_TOKEN` only (never a
/// flag, never logged).
#[derive(Debug, Clone, clap::Args)]
pub struct KsefArgs {
    /// `off` (nothing is sent), `sandbox` (the built-in stand-in, served at
    /// `/ksef-sandbox/v2`), `test`, `demo` or `prod` (the Ministry's environments).
    #[arg(long = "ksef-env", env = "KSEF_ENV", default_value = "sandbox")]
    pub env: String,
    /// The API's address (`…/v2`) where it differs from the environment's.
    #[arg(long = "ksef-url", env = "KSEF_URL")]
    pub url: Option<String>,
    /// The seller's NIP (the session's context); by default the company's NIP.
    #[arg(long = "ksef-nip", env = "KSEF_NIP")]
    pub nip: Option<String>,
    /// The offline certificate (PEM) and its private key (PEM), for KOD II.
    #[arg(long = "ksef-offline-cert", env = "KSEF_OFFLINE_CERT")]
    pub offline_cert: Option<PathBuf>,
    #[arg(long = "ksef-offline-key", env = "KSEF_OFFLINE_KEY")]
    pub offline_key: Option<PathBuf>,
    /// Seconds between two rounds of the sender; 0: only when asked (`coach finance ksef send`).
    #[arg(long = "ksef-every", env = "KSEF_EVERY_SECONDS", default_value_t = 10)]
    pub every_seconds: u64,
}

/// Where the product's files and e-mails go (`serve`, and the commands that send mail).
#[derive(Debug, Clone, clap::Args)]
pub struct MailArgs {
    /// Where the product keeps its files (development e-mails under `mail/`, text
    /// messages under `sms/`).
    #[arg(long, env = "DATA_DIR", default_value = ".data")]
    pub data_dir: PathBuf,
    /// SMTP server for e-mails, e.g. `smtps://user:pass@smtp.example.com`; without it
    /// e-mails are written as `.eml` files under `DATA_DIR/mail`.
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the product's e-mails.
    #[arg(long, env = "MAIL_FROM", default_value = "Nisko Bus <no-reply@niskobus.example>")]
    pub mail_from: String,
    /// Where text messages go: `file` (files under `DATA_DIR/sms`, the default) or
    /// `smsapi` (SMSAPI.pl's REST API).
    #[arg(long, env = "SMS_PROVIDER", default_value = "file")]
    pub sms_provider: String,
    /// SMSAPI.pl: the OAuth token (from the environment only).
    #[arg(long, env = "SMSAPI_TOKEN", default_value = "", hide_env_values = true)]
    pub smsapi_token: String,
    /// SMSAPI.pl: the API's address.
    #[arg(long, env = "SMSAPI_URL", default_value = "https://api.smsapi.pl")]
    pub smsapi_url: String,
    /// SMSAPI.pl: the sender name registered there (empty: the account's default).
    #[arg(long, env = "SMSAPI_FROM", default_value = "")]
    pub smsapi_from: String,
    /// SMSAPI.pl: `test=1` on every message (checked by the gateway, never sent).
    #[arg(long, env = "SMSAPI_TEST", default_value_t = false)]
    pub smsapi_test: bool,
    /// SMSAPI.pl: the secret in the delivery reports' address
    /// (`/api/sms/smsapi-report?key=…`); empty: no delivery reports are asked for.
    #[arg(long, env = "SMSAPI_CALLBACK_KEY", default_value = "", hide_env_values = true)]
    pub smsapi_callback_key: String,
}

#[derive(Debug, Clone, Subcommand)]
pub enum ProjectionsCommand {
    /// Empty one projection's read tables and replay every event into them.
    Rebuild { name: String },
    /// Show each projection's checkpoint and lag.
    Status,
}

#[derive(Debug, Clone, Subcommand)]
pub enum ReportsCommand {
    /// The daily sales report of one finished Warsaw day to the order-report office
    /// (`companies.order_report_email`), as the server sends it after midnight; once per
    /// day: a day already reported is not sent again.
    Daily(DailyReportArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct DailyReportArgs {
    /// The day (YYYY-MM-DD, Warsaw); it must be over.
    #[arg(long, value_parser = date)]
    pub date: chrono::NaiveDate,
    #[command(flatten)]
    pub mail: MailArgs,
}

/// A date written exactly `YYYY-MM-DD`.
pub(crate) fn date(text: &str) -> Result<chrono::NaiveDate, String> {
    ::finance::http::parse_date(text).ok_or_else(|| format!("{text:?} is not a date YYYY-MM-DD"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Role {
    /// Command API, query API, projections and web app in one process.
    All,
    /// Only the command API.
    Command,
    /// Only the query API and the web app.
    Query,
    /// Only the projections (with health and metrics endpoints).
    Projector,
}

impl Role {
    pub fn serves_commands(self) -> bool {
        matches!(self, Role::All | Role::Command)
    }
    pub fn serves_queries(self) -> bool {
        matches!(self, Role::All | Role::Query)
    }
    pub fn runs_projections(self) -> bool {
        matches!(self, Role::All | Role::Projector)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StoreKind {
    Postgres,
    Kurrentdb,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}
