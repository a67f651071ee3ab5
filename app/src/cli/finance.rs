//! The finance commands: the VAT register, the month's JPK, and invoices in KSeF.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};

use super::{date, KsefArgs};

#[derive(Debug, Clone, Subcommand)]
pub enum FinanceCommand {
    /// The VAT sales register of the documents issued from `--from` to `--to`, as finance
    /// saw it at the end of `--as-of` (Warsaw): replayed from the invoice events recorded
    /// by then, so later corrections are not in it.
    Register(RegisterArgs),
    /// The month's JPK_V7M(3) (the sales records and the VAT-7(23) declaration), replayed
    /// from the events: to standard output, or `--out` (written whole or not at all). What
    /// it holds goes to standard error.
    Jpk(JpkArgs),
    /// Invoices in KSeF: the queue and its nearest deadline, or a round of the sender now.
    Ksef {
        #[command(subcommand)]
        command: KsefCommand,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum KsefCommand {
    /// The documents due for KSeF by state, and the nearest offline deadline.
    Status,
    /// Run a round of the sender now (what the server does every `KSEF_EVERY_SECONDS`);
    /// in `sandbox` mode the stand-in is the running server's (`--port`).
    Send {
        #[command(flatten)]
        ksef: KsefArgs,
        /// The port of the server whose stand-in is used in `sandbox` mode.
        #[arg(long, env = "PORT", default_value_t = 8080)]
        port: u16,
    },
    /// A dry run against `KSEF_ENV` (`test`, `demo`, `prod`, or `sandbox`: the running
    /// server's stand-in): authenticate with `KSEF_TOKEN`, read the limits and the public
    /// keys, open and close an interactive session without sending anything, and print
    /// what was found. Exit 1: KSeF refused or failed; 2: an unknown environment.
    Check {
        #[command(flatten)]
        ksef: KsefArgs,
        /// The port of the server whose stand-in is used in `sandbox` mode.
        #[arg(long, env = "PORT", default_value_t = 8080)]
        port: u16,
    },
    /// Enter an outage KSeF's operator announced (the deadlines of the documents not in
    /// KSeF follow it): `--kind unavailable` (due the next working day after its end) or
    /// `emergency` (7 working days from its end), its first and last day (YYYY-MM-DD,
    /// Warsaw). An announcement extended is entered again with its new end.
    Outage {
        #[arg(long)]
        kind: String,
        #[arg(long)]
        from: String,
        #[arg(long)]
        to: String,
        /// Where it was announced.
        #[arg(long, default_value = "")]
        note: String,
    },
}

#[derive(Debug, Clone, clap::Args)]
pub struct RegisterArgs {
    /// The day (YYYY-MM-DD, Warsaw) at whose end the register is rebuilt.
    #[arg(long, value_parser = date)]
    pub as_of: chrono::NaiveDate,
    /// The first issue date shown (YYYY-MM-DD, Warsaw).
    #[arg(long, value_parser = date)]
    pub from: chrono::NaiveDate,
    /// The last issue date shown (YYYY-MM-DD, Warsaw).
    #[arg(long, value_parser = date)]
    pub to: chrono::NaiveDate,
    /// `csv`: the Polish register (semicolons, amounts `123.45`); `json`: as the API
    /// answers it (amounts in grosz); `fa3`: one KSeF FA(3) XML file per document into
    /// the directory `--out`.
    #[arg(long, value_enum, default_value_t = RegisterFormat::Csv)]
    pub format: RegisterFormat,
    /// The file to write (written whole or not at all), standard output by default; with
    /// `--format fa3` the directory (created when missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Clone, clap::Args)]
pub struct JpkArgs {
    /// The month, `YYYY-MM` (from 2026-02 to the current one).
    #[arg(long)]
    pub month: String,
    /// The tax office's code (`KodUrzedu`, four digits the schema lists).
    #[arg(long, env = "JPK_TAX_OFFICE")]
    pub tax_office: String,
    /// A correction of a file filed before (`CelZlozenia` 2).
    #[arg(long)]
    pub correction: bool,
    /// The file to write; standard output by default.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RegisterFormat {
    Csv,
    Json,
    Fa3,
}
