//! # coach
//!
//! The one binary of the product. `coach serve` runs the command API, the query API and
//! the projections in one process on one port and serves the web app; `--role` runs one
//! of them alone so they can be scaled apart. `coach migrate`, `coach seed` and
//! `coach projections rebuild|status` are the operator's tools. See `cli.rs` for every
//! setting (flags or environment).

mod cli;
mod ops;
mod routes;
mod startup;
mod telemetry;

use std::process::ExitCode;

use clap::Parser;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    telemetry::init(cli.log_format);
    match ops::run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "coach failed");
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
