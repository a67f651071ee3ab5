//! # coach
//!
//! The one binary of the product. `coach serve` runs the command API, the query API and
//! the projections in one process on one port and serves the web app (the projections on
//! a thread and a connection pool of their own, see `projector.rs`); `--role` runs one
//! of them alone so they can be scaled apart. The OpenAPI document of the whole API is
//! merged here from the two APIs' parts ([`openapi`]). `coach migrate`, `coach seed`,
//! `coach projections rebuild|status`, `coach finance register` and `coach finance ksef
//! status|send|check|outage` and `coach privacy erase|sweep` are the operator's tools. See `cli.rs` for every setting (flags or environment).

pub mod cli;
mod finance_cli;
mod guard;
mod ksef_check;
mod ksef_cli;
pub mod ksef_sandbox;
pub mod ksef_setup;
pub mod openapi;
pub mod ops;
mod pages;
mod privacy_cli;
mod projector;
mod routes;
mod security;
pub mod startup;
pub mod telemetry;

pub use startup::Application;

/// An error whose command ends with its own exit code (`coach finance ksef check`: 2 for
/// an unknown environment), not the usual 1.
#[derive(Debug)]
pub struct ExitWith {
    pub code: u8,
    pub message: String,
}

impl std::fmt::Display for ExitWith {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExitWith {}
