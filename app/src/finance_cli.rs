//! `coach finance register`: the VAT sales register replayed from the event store into a
//! file or standard output (see the `finance` crate for the rules and formats).
//!
//! A file is written beside its name first (`NAME.partial`) and renamed when the replay
//! has ended, so a failed replay never leaves half a register under the name asked for
//! (a path that is no regular file, such as `/dev/null`, is written in place).
//! The row count and the sums go to standard error.
//!
//! `--format fa3` writes one FA(3) XML file per document into the directory `--out`
//! (`finance::fa3`); a document whose data cannot make a valid file is named on standard
//! error with its reason, the others are written, and the command fails at the end.

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
    if args.format == RegisterFormat::Fa3 {
        let dir =
            args.out.as_ref().context("--format fa3 writes a file per document: name the directory with --out")?;
        return fa3(store, &query, dir).await;
    }
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
    report(&query, &summary);
    Ok(())
}

async fn fa3(store: &dyn EventStore, query: &RegisterQuery, dir: &Path) -> anyhow::Result<()> {
    let outcome = finance::fa3::export_fa3(store, query, dir).await?;
    for (number, why) in &outcome.failed {
        eprintln!("not written: {number}: {why}");
    }
    eprintln!("{} FA(3) files written to {}", outcome.written.len(), dir.display());
    report(query, &outcome.summary);
    if !outcome.failed.is_empty() {
        anyhow::bail!("{} of {} documents could not be written as FA(3)", outcome.failed.len(), outcome.summary.rows);
    }
    Ok(())
}

fn report(query: &RegisterQuery, summary: &Summary) {
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
        RegisterFormat::Fa3 => anyhow::bail!("FA(3) files go to a directory, not to one stream"),
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

/// `coach finance jpk`: the month's JPK_V7M(3) (see `finance::jpk`).
pub async fn jpk(store: &dyn EventStore, pool: &sqlx::PgPool, args: &crate::cli::JpkArgs) -> anyhow::Result<()> {
    use finance::jpk::{self, month, JpkRequest};
    let today = api_core::time::warsaw_today();
    let month = month::parse_month(&args.month, today).with_context(|| format!("--month {}", args.month))?;
    let tax_office =
        month::tax_office(&args.tax_office).with_context(|| format!("--tax-office {}", args.tax_office))?;
    let company = month::company(pool).await?.context("the company settings")?;
    let z = month::z_reports(pool, month).await?;
    let request = JpkRequest {
        month,
        tax_office,
        purpose: if args.correction { 2 } else { 1 },
        created_at: api_core::time::warsaw(chrono::Utc::now()),
    };
    let summary = match &args.out {
        None => {
            let mut writer = jpk::jpk_writer(BufWriter::new(io::stdout()), &request, &company);
            jpk::generate(store, month, company.vat_rate, &z, &mut writer).await?
        }
        Some(path) => {
            let partial = partial_name(path);
            let file = File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
            let mut writer = jpk::jpk_writer(BufWriter::new(file), &request, &company);
            match jpk::generate(store, month, company.vat_rate, &z, &mut writer).await {
                Ok(summary) => {
                    drop(writer);
                    std::fs::rename(&partial, path).with_context(|| format!("renaming to {}", path.display()))?;
                    summary
                }
                Err(e) => {
                    drop(writer);
                    let _ = std::fs::remove_file(&partial);
                    return Err(e.into());
                }
            }
        }
    };
    eprintln!(
        "JPK_V7M(3) {}-{:02}: {} row(s): {} invoice(s), {} correction(s) ({} FP), {} day document(s); \
         tax due {} (P_38 {} zł, P_51 {} zł)",
        month.year,
        month.month,
        summary.rows,
        summary.invoices,
        summary.corrections,
        summary.fp,
        summary.day_documents,
        domain::money::format_pln(summary.tax_due),
        summary.p38,
        summary.p51,
    );
    if !summary.not_in_ksef.is_empty() {
        eprintln!("not in KSeF yet (marked OFF): {}", summary.not_in_ksef.join(", "));
    }
    Ok(())
}
