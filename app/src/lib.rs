//! # coach
//!
//! The one binary of the product. `coach serve` runs the command API, the query API and
//! the projections in one process on one port and serves the web app (the projections on
//! a thread and a connection pool of their own, see `projector.rs`); `--role` runs one
//! of them alone so they can be scaled apart. The OpenAPI document of the whole API is
//! merged here from the two APIs' parts ([`openapi`]). `coach migrate`, `coach seed`,
//! `coach projections rebuild|status` and `coach finance register` are the operator's
//! tools. See `cli.rs` for every setting (flags or environment).

pub mod cli;
mod finance_cli;
mod guard;
mod ksef_cli;
pub mod ksef_sandbox;
pub mod ksef_setup;
pub mod openapi;
pub mod ops;
mod pages;
mod projector;
mod routes;
mod security;
pub mod startup;
pub mod telemetry;

pub use startup::Application;
