//! # coach-bench
//!
//! Benchmarks of the booking system, run by hand (not timed tests). One command:
//!
//! ```text
//! bench/run.sh            # the full run, about 6 minutes
//! bench/run.sh --quick    # a smoke run with small sizes, about 30 seconds
//! ```
//!
//! `bench/run.sh` builds this binary in release mode, starts a private PostgreSQL cluster
//! with `scripts/pg.sh` when `DATABASE_URL` is not set (one kept for benchmarks, port
//! 54339, stopped again afterwards: the store's readers never pass the oldest open
//! transaction of the whole cluster, so a test idling in a transaction on the development
//! cluster would stall the replay), and runs `coach-bench event-store "$@"`.
//!
//! Each subcommand is a module of its own, whose documentation says what it measures and
//! how: `coach-bench event-store` ([`store_bench`]), `search` ([`search`]), `orders`
//! ([`orders`]), `register` ([`register`]), `order-list` ([`order_list`]), `dashboard`
//! ([`dashboard`]), `ksef` ([`ksef`]) and `ksef-load` ([`ksef_load`]); `bench/run.sh SUBCOMMAND [OPTIONS]` runs one.
//! The rest are their shared parts: the database and the machine ([`setup`]), the
//! server ([`server`]), the report's tables ([`report`]), CPU time ([`cpu`]), and the
//! event-store bench's appends, raw figures and replays ([`appends`], [`raw`], [`replay`]).

mod appends;
mod cpu;
mod dashboard;
mod jpk;
mod ksef;
mod ksef_load;
mod order_list;
mod orders;
mod raw;
mod register;
mod replay;
mod report;
mod search;
mod server;
mod setup;
mod statements;
mod store_bench;
mod timed;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "coach-bench", about = "Benchmarks of the coach-ticket booking system")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The PostgreSQL event store (appends, batch appends, replay, replay memory) against
    /// raw PostgreSQL (pgbench, psql \copy) on the same cluster.
    EventStore(store_bench::EventStoreArgs),
    /// `POST /api/search/search/index` of the real server (`coach serve`) on the demo
    /// catalogue scaled to 50 routes x 60 days, under an open-loop load: p50/p99 latency
    /// and CPU per request.
    Search(search::SearchArgs),
    /// `POST /api/order/order/place` of the real server under an open-loop load: one hot
    /// course at 1,000 orders/s, then 100 courses at 2,000 orders/s; latency, projection
    /// lag, seats sold, beside the raw PostgreSQL single-insert rate.
    Orders(orders::OrdersArgs),
    /// The finance VAT register replayed from 1,000,000 invoice events (800,000 invoices,
    /// 200,000 corrections) into CSV: seconds and peak memory, in process and through
    /// `coach finance register`.
    Register(register::RegisterArgs),
    /// The month's JPK_V7M(3) replayed from 1,000,000 sales (every tenth with an invoice in
    /// KSeF, every fifth at the desk, returns): seconds and peak memory, in process and
    /// through `coach finance jpk`, the file validated against the official schema.
    Jpk(jpk::JpkArgs),
    /// `GET /api/order/order/all` of the real server (`--role query`) over 1,000,000
    /// orders written into the read model: p50/p95/p99 of every filter, every sort, a few
    /// combinations and deep pages, and what the list's indexes cost the writer.
    OrderList(order_list::OrderListArgs),
    /// After a KSeF outage, a backlog of 10,000 invoices (office sales with a company
    /// invoice) sent through the stand-in of `coach serve` within KSeF's production rate
    /// limits: time to issue, time to all accepted (or extrapolated), what bounds it.
    Ksef(ksef::KsefArgs),
    /// 600 company invoices issued over 10 minutes (one a second), sent as they are issued
    /// through the stand-in of `coach serve` with KSeF's production limits on: every one
    /// accepted, the sessions opened, zero 429s, the longest time to a KSeF number.
    KsefLoad(ksef_load::KsefLoadArgs),
    /// `GET /api/admin/home` of the real server (`--role query`), the admin panel's home
    /// page, over the order-list bench's 1,000,000 orders and the home page's read models
    /// written at that scale: p50/p95/p99 against p99 under 200 ms.
    Dashboard(dashboard::DashboardArgs),
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("start the runtime")?;
    match cli.command {
        Command::EventStore(args) => runtime.block_on(store_bench::run(args)),
        Command::Search(args) => runtime.block_on(search::run(args)),
        Command::Orders(args) => runtime.block_on(orders::run(args)),
        Command::Register(args) => runtime.block_on(register::run(args)),
        Command::Jpk(args) => runtime.block_on(jpk::run(args)),
        Command::OrderList(args) => runtime.block_on(order_list::run(args)),
        Command::Ksef(args) => runtime.block_on(ksef::run(args)),
        Command::KsefLoad(args) => runtime.block_on(ksef_load::run(args)),
        Command::Dashboard(args) => runtime.block_on(dashboard::run(args)),
    }
}
