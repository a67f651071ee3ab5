//! `spawn_app`: the real application on a random port, on the test's own database.

use std::path::PathBuf;
use std::time::Duration;

use app::cli::{Cli, Command};
use app::Application;
use clap::Parser;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    _running: Running,
}

/// The URL of the database behind `pool` (a `#[sqlx::test]` database).
pub fn database_url(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let db = pool.connect_options().get_database().expect("a database name").to_string();
    let (server, _) = base.rsplit_once('/').expect("a URL with a database");
    format!("{server}/{db}")
}

/// A web build with one page, standing in for web/dist.
fn web_dist() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("coach-dist-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // One inline script, as the build writes (its hash is in the pages' security policy).
    let index = "<!doctype html><title>Nisko Bus</title><script>boot()</script><div id=root></div>";
    std::fs::write(dir.join("index.html"), index).expect("index.html");
    // A hashed asset and its brotli copy, as `npm run build` leaves them (the copy's bytes
    // only need to be told apart here).
    std::fs::create_dir_all(dir.join("assets")).expect("assets dir");
    std::fs::write(dir.join("assets/index-Ab12.js"), "console.log('plain');").expect("asset");
    std::fs::write(dir.join("assets/index-Ab12.js.br"), "brotli bytes").expect("asset.br");
    dir
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    let app = build_app(pool.clone()).await;
    let address = format!("http://127.0.0.1:{}", app.port());
    TestApp { address, client: reqwest::Client::new(), _running: run(app, &pool) }
}

/// Runs `app` until the test lets go of the returned [`Running`].
pub fn run(app: Application, pool: &PgPool) -> Running {
    let running = Running::over(pool);
    tokio::spawn(app.run_until(running.stop.clone().cancelled_owned()));
    running
}

/// An app of the test, in its process, stopped when the test ends; and then its database
/// dropped at once, with the sessions the app still holds (its listeners, its processes'
/// connections, which outlive its stop). `#[sqlx::test]` drops the database after the test
/// too, but without ending those sessions: PostgreSQL waits five seconds for them, gives
/// up, and the test took five seconds more and left its database for the next run. A test
/// that fails keeps its database, as `#[sqlx::test]` keeps it.
pub struct Running {
    stop: CancellationToken,
    database: Option<String>,
}

impl Running {
    /// For what runs over `pool`'s database until [`Running::stop`] is cancelled.
    pub fn over(pool: &PgPool) -> Running {
        Running { stop: CancellationToken::new(), database: Some(database_url(pool)) }
    }

    /// Cancelled when the test ends.
    pub fn stop(&self) -> CancellationToken {
        self.stop.clone()
    }

    /// For a test whose app is a `coach` process of its own (killed when the test ends).
    pub fn elsewhere() -> Running {
        Running { stop: CancellationToken::new(), database: None }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.cancel();
        let Some(url) = self.database.take() else { return };
        if std::thread::panicking() {
            return;
        }
        // The test's runtime may be the current thread: the drop runs on a thread of its own.
        let dropped = std::thread::spawn(move || drop_database(&url)).join();
        if let Err(e) | Ok(Err(e)) = dropped.map_err(|_| "the drop panicked".to_string()) {
            eprintln!("the test's database was left for #[sqlx::test] to drop: {e}");
        }
    }
}

/// `drop database … with (force)` of the database at `url`, from the server's `postgres`.
fn drop_database(url: &str) -> Result<(), String> {
    use sqlx::{Connection, Executor};
    let (server, name) = url.rsplit_once('/').ok_or("a URL with a database")?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let mut conn = sqlx::PgConnection::connect(&format!("{server}/postgres")).await.map_err(|e| e.to_string())?;
        conn.execute(format!("drop database if exists \"{name}\" with (force)").as_str())
            .await
            .map_err(|e| e.to_string())?;
        conn.close().await.map_err(|e| e.to_string())
    })
}

/// The application on a random port, built but not started.
pub async fn build_app(pool: PgPool) -> Application {
    let url = database_url(&pool);
    let dist = web_dist();
    let cli = Cli::try_parse_from([
        "coach",
        "serve",
        "--port",
        "0",
        "--database-url",
        &url,
        "--web-dist",
        dist.to_str().expect("utf-8 path"),
    ])
    .expect("valid arguments");
    let Command::Serve(args) = &cli.command else { unreachable!("serve was parsed") };
    Application::build(&cli, args).await.expect("the app builds")
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).send().await.expect("request")
    }
}

/// Append `n` single-event streams through a store on the same database.
pub async fn append_streams(store: &dyn EventStore, n: usize) {
    for i in 0..n {
        let stream = StreamName::parse(format!("order-{}", Uuid::new_v4())).expect("name");
        let event = NewEvent::json(Uuid::new_v4(), "Tested", &serde_json::json!({ "i": i }), Metadata::default())
            .expect("event");
        store.append(&stream, ExpectedVersion::NoStream, vec![event]).await.expect("append");
    }
}

/// Poll `check` until it holds, for up to 20 seconds.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A port nobody listens on now, for a `coach` process of a test (and its restart).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("address").port()
}

/// Waits until the `coach` process on `port` answers `/health`.
pub async fn wait_ready(client: &reqwest::Client, port: u16) {
    eventually("the process to answer /health", || async {
        client.get(format!("http://127.0.0.1:{port}/health")).send().await.is_ok_and(|r| r.status() == 200)
    })
    .await;
}
