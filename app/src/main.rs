//! The `coach` binary: parse the command line, set up logs, run. See the `app` crate.

use std::process::ExitCode;

use app::{cli::Cli, ops, telemetry};
use clap::Parser;

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
