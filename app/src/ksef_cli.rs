//! `coach finance ksef status|send`: the KSeF queue as the finance office sees it, and a
//! round of the sender now (the same round the server runs on its timer; the round's
//! advisory lock keeps it from running beside the server's).

use std::net::{Ipv4Addr, SocketAddr};

use event_store::EventStore;
use sqlx::PgPool;

use crate::cli::KsefCommand;

pub async fn run(store: &dyn EventStore, pool: &PgPool, command: &KsefCommand) -> anyhow::Result<()> {
    match command {
        KsefCommand::Status => status(pool).await,
        KsefCommand::Send { ksef, port } => {
            let setup =
                crate::ksef_setup::setup(ksef, pool, SocketAddr::new(Ipv4Addr::LOCALHOST.into(), *port)).await?;
            let report = command_api::processes::ksef::round::round_with(store, pool, &setup.link).await?;
            if report.busy {
                println!("another process is running a round now; nothing done");
            }
            for (what, documents) in [
                ("sent", &report.sent),
                ("resumed", &report.resumed),
                ("accepted", &report.accepted),
                ("rejected", &report.rejected),
                ("offline", &report.went_offline),
                ("waiting for their invoice's number", &report.waiting_for_invoice),
                ("UPO received", &report.upos),
            ] {
                if !documents.is_empty() {
                    println!("{what}: {}", documents.join(", "));
                }
            }
            if let Some(trouble) = &report.trouble {
                anyhow::bail!("{trouble}");
            }
            Ok(())
        }
    }
}

/// The queue by state and the nearest deadline of an offline document.
async fn status(pool: &PgPool) -> anyhow::Result<()> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select state, count(*) from rm_ksef_documents group by state order by state")
            .fetch_all(pool)
            .await?;
    if rows.is_empty() {
        println!("no document is due for KSeF");
    }
    for (state, count) in rows {
        println!("{state}: {count}");
    }
    let nearest: Option<(String, chrono::NaiveDate)> = sqlx::query_as(
        "select document_number, deadline from rm_ksef_documents \
          where state in ('waiting', 'offline', 'sent') and deadline is not null order by deadline, queue_position limit 1",
    )
    .fetch_optional(pool)
    .await?;
    if let Some((document, deadline)) = nearest {
        println!("nearest deadline: {deadline} ({document})");
    }
    Ok(())
}
