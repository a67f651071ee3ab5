//! The `coach` binary: parse the command line, set up logs, run. See the `app` crate.

use std::process::ExitCode;

use app::{cli::Cli, ops, telemetry};
use clap::Parser;

/// mimalloc rather than the system's allocator: a request allocates and frees many small
/// buffers (JSON, headers, rows), and under load glibc's malloc took about an eighth of
/// the server's CPU (`perf` of the orders benchmark: `_int_malloc`, `malloc_consolidate`,
/// `unlink_chunk`); mimalloc's per-thread free lists make those paths short.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    telemetry::init(cli.log_format);
    match ops::run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "coach failed");
            eprintln!("error: {e:#}");
            e.downcast_ref::<app::ExitWith>().map_or(ExitCode::FAILURE, |exit| ExitCode::from(exit.code))
        }
    }
}
