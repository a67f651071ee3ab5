//! The bench's own database, the PostgreSQL tools it runs, and the machine it runs on.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{Connection, PgConnection};

/// A fresh database created for one run, dropped at the end unless kept.
pub struct BenchDb {
    /// Its name, `coach_bench_<pid>`.
    pub name: String,
    /// Its URL, for `pgbench` and `psql`.
    pub url: String,
    /// Its connection options, for the store's pool.
    pub options: PgConnectOptions,
    /// The database named in DATABASE_URL, used to create and drop the bench database.
    admin: PgConnectOptions,
    /// DATABASE_URL without its password, for messages.
    shown: String,
}

impl BenchDb {
    /// Create `coach_bench_<pid>` on the cluster of `database_url` (dropping a stale one
    /// of the same name first).
    pub async fn create(database_url: &str) -> Result<Self> {
        Self::named(database_url, &format!("coach_bench_{}", std::process::id()), false).await.map(|(db, _)| db)
    }

    /// The database `name` (letters, digits and `_`) on the cluster of `database_url`:
    /// created afresh (a stale one dropped first), or, with `reuse`, the one already there
    /// if there is one. Answers whether it was there already.
    pub async fn named(database_url: &str, name: &str, reuse: bool) -> Result<(Self, bool)> {
        anyhow::ensure!(
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "a bench database name is letters, digits and _: {name:?}"
        );
        let shown = redact(database_url);
        let admin = PgConnectOptions::from_str(database_url)
            .with_context(|| format!("the database URL {shown:?} is not a PostgreSQL URL"))?;
        let mut url =
            url::Url::parse(database_url).with_context(|| format!("the database URL {shown:?} is not a URL"))?;
        url.set_path(&format!("/{name}"));
        let mut conn = connect_admin(&admin, &shown).await?;
        let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
            .bind(name)
            .fetch_one(&mut conn)
            .await
            .context("look for the bench database")?;
        if !(reuse && exists) {
            sqlx::raw_sql(&format!("drop database if exists {name} with (force)"))
                .execute(&mut conn)
                .await
                .with_context(|| format!("drop the stale database {name}"))?;
            sqlx::raw_sql(&format!("create database {name}"))
                .execute(&mut conn)
                .await
                .with_context(|| format!("create the bench database {name} (the user needs CREATEDB)"))?;
        }
        let _ = conn.close().await;
        let options = admin.clone().database(name);
        Ok((BenchDb { name: name.to_owned(), url: url.to_string(), options, admin, shown }, reuse && exists))
    }

    /// A pool on the bench database with room for `connections` connections; otherwise
    /// sqlx's defaults, as the app's pool (`ping` before each acquire unless told not to).
    pub async fn pool(&self, connections: u32, test_before_acquire: bool) -> Result<PgPool> {
        PgPoolOptions::new()
            .max_connections(connections)
            .min_connections(0)
            .test_before_acquire(test_before_acquire)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(self.options.clone())
            .await
            .with_context(|| format!("connect to the bench database {}", self.name))
    }

    /// Ends a run on this database, whatever its outcome: keeps it (`keep`, and says where)
    /// or drops it, then answers the run's outcome.
    pub async fn finish<T>(&self, keep: bool, outcome: Result<T>) -> Result<T> {
        if keep {
            eprintln!("kept the bench database: {}", self.url);
        } else if let Err(e) = self.drop_database().await {
            eprintln!("could not drop the bench database {}: {e:#}", self.name);
        }
        outcome
    }

    /// Drop the bench database, ending any session still connected to it.
    pub async fn drop_database(&self) -> Result<()> {
        let mut conn = connect_admin(&self.admin, &self.shown).await?;
        sqlx::raw_sql(&format!("drop database if exists {} with (force)", self.name))
            .execute(&mut conn)
            .await
            .with_context(|| format!("drop the bench database {}", self.name))?;
        let _ = conn.close().await;
        Ok(())
    }
}

async fn connect_admin(admin: &PgConnectOptions, shown: &str) -> Result<PgConnection> {
    PgConnection::connect_with(admin).await.with_context(|| {
        format!("cannot connect to {shown} (is PostgreSQL running? bench/run.sh starts a private cluster)")
    })
}

/// The URL without its password.
pub fn redact(database_url: &str) -> String {
    match url::Url::parse(database_url) {
        Ok(mut url) => {
            if url.password().is_some() {
                let _ = url.set_password(Some("***"));
            }
            url.to_string()
        }
        Err(_) => "<unparsable URL>".to_owned(),
    }
}

/// A PostgreSQL client program: `$PG_BIN/NAME`, the PostgreSQL 15 directory, /usr/bin,
/// then `$PATH`.
pub fn pg_tool(name: &str) -> Result<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(bin) = std::env::var_os("PG_BIN") {
        dirs.push(PathBuf::from(bin));
    }
    dirs.push(PathBuf::from("/usr/lib/postgresql/15/bin"));
    dirs.push(PathBuf::from("/usr/bin"));
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    dirs.iter().map(|d| d.join(name)).find(|p| is_executable(p)).with_context(|| {
        format!(
            "{name} not found in $PG_BIN, /usr/lib/postgresql/15/bin or $PATH (apt-get install postgresql-client-15)"
        )
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
}

/// The load averages (1, 5, 15 minutes) from /proc/loadavg.
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// What the figures were measured on.
pub struct Machine {
    pub nproc: usize,
    pub cpu: String,
    pub memory: String,
    pub server_version: String,
    pub fsync: String,
    pub synchronous_commit: String,
    pub wal_sync_method: String,
    pub shared_buffers: String,
    pub max_connections: String,
    pub pgbench: String,
}

impl Machine {
    pub async fn read(pool: &PgPool, pgbench: &Path) -> Result<Self> {
        let (server_version, fsync, synchronous_commit, wal_sync_method, shared_buffers, max_connections): (
            String,
            String,
            String,
            String,
            String,
            String,
        ) = sqlx::query_as(
            "select current_setting('server_version'), current_setting('fsync'), \
             current_setting('synchronous_commit'), current_setting('wal_sync_method'), \
             current_setting('shared_buffers'), current_setting('max_connections')",
        )
        .fetch_one(pool)
        .await
        .context("read the server settings")?;
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let cpu = cpuinfo
            .lines()
            .find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_owned()))
            .unwrap_or_else(|| "unknown".into());
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let memory = meminfo
            .lines()
            .find_map(|l| l.strip_prefix("MemTotal:"))
            .and_then(|v| v.trim().trim_end_matches(" kB").parse::<u64>().ok())
            .map(|kib| format!("{:.1} GiB", kib as f64 / 1024.0 / 1024.0))
            .unwrap_or_else(|| "unknown".into());
        let pgbench = std::process::Command::new(pgbench)
            .arg("--version")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_else(|_| "unknown".into());
        let nproc = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        Ok(Machine {
            nproc,
            cpu,
            memory,
            server_version,
            fsync,
            synchronous_commit,
            wal_sync_method,
            shared_buffers,
            max_connections,
            pgbench,
        })
    }
}

/// Write dirty pages out now, so that every measured phase starts alike (its first writes
/// after a checkpoint pay the full-page images). Needs superuser; skipped otherwise.
pub async fn checkpoint(pool: &PgPool) {
    if let Err(e) = sqlx::raw_sql("checkpoint").execute(pool).await {
        eprintln!("  (could not CHECKPOINT before the phase: {e})");
    }
}

/// Fail clearly when the cluster cannot take the connections the run needs.
pub async fn check_connections(pool: &PgPool, needed: u32) -> Result<()> {
    let max: i64 = sqlx::query_scalar("select current_setting('max_connections')::bigint")
        .fetch_one(pool)
        .await
        .context("read max_connections")?;
    if max < i64::from(needed) {
        bail!("the cluster allows {max} connections; this run needs about {needed} (raise max_connections)");
    }
    Ok(())
}

/// Sessions whose open transaction appends events (marked by the name 'es-appending',
/// see migration 0122), and prepared transactions: each holds back the store's read
/// horizon (`es_read_horizon`), so no reader of "all" passes the events appended after it
/// began.
pub async fn horizon_holders(pool: &PgPool) -> Result<Vec<String>> {
    let rows: Vec<(String, String, String, f64, String)> = sqlx::query_as(
        "select a.pid::text, coalesce(a.datname, '?'), coalesce(a.state, '?'), \
                coalesce(extract(epoch from now() - a.xact_start), 0)::float8, left(coalesce(a.query, ''), 80) \
           from pg_stat_activity a \
          where a.application_name = 'es-appending' and a.backend_xid is not null \
            and a.pid <> pg_backend_pid() \
         union all \
         select 'prepared ' || gid, database, 'prepared', extract(epoch from now() - prepared)::float8, '' \
           from pg_prepared_xacts \
         order by 4 desc",
    )
    .fetch_all(pool)
    .await
    .context("list the open transactions")?;
    Ok(rows
        .into_iter()
        .map(|(pid, db, state, age, query)| format!("pid {pid} in database {db}, {state} for {age:.0} s: {query}"))
        .collect())
}

/// Wait (up to `patience`) until every event in the store lies below the read horizon;
/// fail naming the transactions that hold it back otherwise.
pub async fn wait_for_horizon(pool: &PgPool, patience: Duration) -> Result<()> {
    let started = std::time::Instant::now();
    loop {
        let (horizon, newest): (i64, Option<i64>) =
            sqlx::query_as("select es_read_horizon(), (select max(tx_id) from es_events)")
                .fetch_one(pool)
                .await
                .context("read the horizon")?;
        if newest.is_none_or(|n| n < horizon) {
            return Ok(());
        }
        if started.elapsed() > patience {
            let holders = horizon_holders(pool).await?;
            bail!(
                "the store's readers cannot reach its last events: transaction {horizon} is still open on the \
                 cluster, so the read horizon stays below the events' transactions. Appending \
                 transactions:\n  {}\n\
                 Close them, or run on a cluster of your own (bench/run.sh without DATABASE_URL starts one).",
                holders.join("\n  ")
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The `coach` binary a bench starts: the one given, else the one beside this binary
/// (`bench/run.sh` builds both in release).
pub fn coach_binary(given: Option<&Path>) -> Result<PathBuf> {
    let coach = match given {
        Some(path) => path.to_path_buf(),
        None => std::env::current_exe().context("this binary's path")?.with_file_name("coach"),
    };
    anyhow::ensure!(coach.is_file(), "{} not found: build it with `cargo build --release -p app`", coach.display());
    Ok(coach)
}
