//! `coach` run once under `/usr/bin/time`: wall time from start to exit and the peak
//! resident memory of the `coach` process. (Not `getrusage` of a child of this process:
//! Linux counts a child's peak from before its exec too, and a child forked from this
//! bench starts as large as the bench.)

use std::ffi::OsString;
use std::path::Path;
use std::process::Stdio;

use anyhow::{bail, Context, Result};

/// What one run took: seconds, peak MiB, and what it said on stderr.
pub(crate) struct Timed {
    pub seconds: f64,
    pub mib: f64,
    pub said: String,
}

/// Run `coach ARGS` against `database_url` under `/usr/bin/time`, its stdout to `stdout`.
pub(crate) async fn run_coach(coach: &Path, database_url: &str, args: &[OsString], stdout: Stdio) -> Result<Timed> {
    let time = Path::new("/usr/bin/time");
    anyhow::ensure!(time.is_file(), "/usr/bin/time is missing (apt-get install time), or pass --no-cli");
    let what = args.iter().take(2).map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" ");
    let output = tokio::process::Command::new(time)
        .args(["-f", "coach-bench: %e %M"])
        .arg(coach)
        .args(args)
        .env("DATABASE_URL", database_url)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .await
        .with_context(|| format!("run coach {what}"))?;
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        bail!("coach {what} failed: {said}");
    }
    let figures =
        said.lines().find_map(|l| l.strip_prefix("coach-bench: ")).context("no figures from /usr/bin/time")?;
    let (seconds, kib) = figures.split_once(' ').context("figures from /usr/bin/time")?;
    let (seconds, kib): (f64, f64) = (seconds.parse()?, kib.trim().parse()?);
    Ok(Timed { seconds, mib: kib / 1024.0, said })
}
