//! `coach finance register`: the VAT sales register replayed from the event store into a
//! file or standard output (see the `finance` crate for the rules and formats).
//!
//! A file is written beside its name first (`NAME.partial`) and renamed when the replay
//! has ended, so a failed replay never leaves half a register under the name asked for
//! (a path that is no regular file, such as `/dev/null`, is written in place).
//! The row count and the sums go to standard error.
//!
//! There is no `fa3` format yet: an FA(3) e-invoice must repeat the invoice's lines (one
//! per kind of ticket) and its payment, which the invoice events do not carry, so it
//! cannot be written from the register's replay alone; it needs the order's own events
//! too, as the per-document FA(3) of the invoices' endpoints does (`fa3_url`).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use event_store::EventStore;
use finance::{replay, CsvSink, JsonSink, RegisterQuery, Summary};

use crate::cli::{RegisterArgs, RegisterFormat};

pub async fn register(store: &dyn EventStore, args: &RegisterArgs) -> anyhow::Result<()> {
    let query = RegisterQuery::new(args.as_of, args.from, args.to)
        .with_context(|| format!("--from {} --to {}", args.from, args.to))?;
    let summary = match &args.out {
        None => write(store, &query, args.format, BufWriter::new(io::stdout())).await?,
        // Not a file of its own (`/dev/null`, a pipe): written in place.
        Some(path) if path.exists() && !path.is_file() => {
            let out = File::options().write(true).open(path).with_context(|| format!("opening {}", path.display()))?;
            write(store, &query, args.format, BufWriter::new(out)).await?
        }
        Some(path) => {
            let partial = partial_name(path);
            let file = File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
            match write(store, &query, args.format, BufWriter::new(file)).await {
                Ok(summary) => {
                    std::fs::rename(&partial, path).with_context(|| format!("renaming to {}", path.display()))?;
                    summary
                }
                Err(e) => {
                    let _ = std::fs::remove_file(&partial);
                    return Err(e);
                }
            }
        }
    };
    let t = summary.totals;
    eprintln!(
        "{} documents issued {} to {}, as of the end of {}: net {}, VAT {}, gross {}",
        summary.rows,
        query.from,
        query.to,
        query.as_of,
        pln(t.net),
        pln(t.vat),
        pln(t.gross)
    );
    Ok(())
}

async fn write<W: Write + Send>(
    store: &dyn EventStore,
    query: &RegisterQuery,
    format: RegisterFormat,
    out: W,
) -> anyhow::Result<Summary> {
    let (summary, mut out) = match format {
        RegisterFormat::Csv => {
            let mut sink = CsvSink::new(out)?;
            let summary = replay(store, query, &mut sink).await?;
            (summary, sink.into_inner()?)
        }
        RegisterFormat::Json => {
            let mut sink = JsonSink::new(out, query)?;
            let summary = replay(store, query, &mut sink).await?;
            (summary, sink.into_inner())
        }
    };
    out.flush().context("writing the register")?;
    Ok(summary)
}

fn partial_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

fn pln(grosz: i64) -> String {
    let mut text = String::new();
    finance::format::decimal(&mut text, grosz);
    text
}
