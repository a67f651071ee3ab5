//! The server under test: `coach serve` as a child process, started on a free port and
//! stopped with SIGTERM, for the benchmarks that measure it through HTTP (search, orders).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// The server under test, a child process.
pub struct Server {
    child: tokio::process::Child,
    pub pid: u32,
    pub port: u16,
    pub log: PathBuf,
    data_dir: PathBuf,
    keep_log: bool,
}

impl Server {
    /// `coach serve` (all roles) on a free port of 127.0.0.1, with its log and data in a
    /// temporary folder named after `bench`; answers once `/ready` does.
    pub async fn start(coach: &Path, database_url: &str, bench: &str, keep_log: bool) -> Result<Server> {
        Self::start_as(coach, database_url, bench, keep_log, "all").await
    }

    /// [`Server::start`] in the given `--role` (`all`, `query`, ...).
    pub async fn start_as(coach: &Path, database_url: &str, bench: &str, keep_log: bool, role: &str) -> Result<Server> {
        Self::start_with(coach, database_url, bench, keep_log, role, &[]).await
    }

    /// [`Server::start_as`] with these environment variables set (e.g. `KSEF_ENV`).
    pub async fn start_with(
        coach: &Path,
        database_url: &str,
        bench: &str,
        keep_log: bool,
        role: &str,
        env: &[(&str, &str)],
    ) -> Result<Server> {
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).context("find a free port")?.port();
        let dir = std::env::temp_dir().join(format!("coach-bench-{bench}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
        let log = dir.join("server.log");
        let out = std::fs::File::create(&log).with_context(|| format!("create {}", log.display()))?;
        let err = out.try_clone()?;
        eprintln!("starting {} serve --role {role} on port {port} (log: {}) ...", coach.display(), log.display());
        let mut child = tokio::process::Command::new(coach)
            .args(["serve", "--role", role, "--host", "127.0.0.1", "--port", &port.to_string()])
            .arg("--database-url")
            .arg(database_url)
            .arg("--data-dir")
            .arg(dir.join("data"))
            .env("NO_COLOR", "1")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("start {}", coach.display()))?;
        let pid = child.id().context("the server's pid")?;
        let ready = format!("http://127.0.0.1:{port}/ready");
        let client = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Some(status) = child.try_wait()? {
                bail!("the server exited ({status}) before it was ready; see {}", log.display());
            }
            if let Ok(r) = client.get(&ready).timeout(Duration::from_secs(2)).send().await {
                if r.status().is_success() {
                    break;
                }
            }
            if started.elapsed() > Duration::from_secs(60) {
                let _ = child.kill().await;
                bail!("the server was not ready within 60 s; see {}", log.display());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        eprintln!("  ready after {:.1} s", started.elapsed().as_secs_f64());
        Ok(Server { child, pid, port, log, data_dir: dir, keep_log })
    }

    /// SIGTERM, then SIGKILL after 10 s. The log is kept when asked to, or when the
    /// server answered errors.
    pub async fn stop(&mut self, errors: bool) {
        if let Ok(pid) = i32::try_from(self.pid) {
            // SAFETY: kill has no memory preconditions; the pid is our own child, not yet reaped.
            unsafe { libc::kill(pid, libc::SIGTERM) };
        }
        if tokio::time::timeout(Duration::from_secs(10), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
        if self.keep_log || errors {
            self.keep_log = true;
            eprintln!("kept the server's log: {}", self.log.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.data_dir);
        }
    }

    /// The server log's warnings and errors (the first 15 and the last 5, ANSI colours
    /// stripped), and where the whole log is.
    pub fn log_excerpt(&self) -> Vec<String> {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<String> =
            text.lines().map(strip_ansi).filter(|l| l.contains("WARN") || l.contains("ERROR")).collect();
        let mut out = vec![format!("server log: {} ({} warning/error lines)", self.log.display(), lines.len())];
        if lines.len() <= 20 {
            out.extend(lines);
        } else {
            out.extend(lines[..15].iter().cloned());
            out.push(format!("... {} more ...", lines.len() - 20));
            out.extend(lines[lines.len() - 5..].iter().cloned());
        }
        out
    }
}

fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters final-byte.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
