//! `coach finance ksef status|send|check|outage`: the KSeF queue as the finance office sees
//! it (with why each document at risk is stuck, the announced outages and the sender's
//! trouble), a round of the sender now (the same round the server runs on its timer; the
//! round's advisory lock keeps it from running beside the server's), a dry run against an
//! environment (`ksef_check`), and an outage the Ministry announced entered.

use std::net::{Ipv4Addr, SocketAddr};

use event_store::EventStore;
use projections::ksef_deadlines::Stuck;
use sqlx::PgPool;

use crate::cli::KsefCommand;

pub async fn run(store: &dyn EventStore, pool: &PgPool, command: &KsefCommand) -> anyhow::Result<()> {
    match command {
        KsefCommand::Status => status(pool).await,
        KsefCommand::Send { ksef, port } => {
            let setup =
                crate::ksef_setup::setup(ksef, pool, SocketAddr::new(Ipv4Addr::LOCALHOST.into(), *port)).await?;
            let report = command_api::processes::ksef::round::round_with(store, pool, &setup.link).await;
            // One round and done: its interactive session is not kept.
            setup.link.close_session().await;
            setup.link.note_limits(pool).await;
            let report = report?;
            if report.busy {
                println!("another process is running a round now; nothing done");
            }
            for (what, documents) in [
                ("sent", &report.sent),
                ("resumed", &report.resumed),
                ("accepted", &report.accepted),
                ("rejected", &report.rejected),
                ("to be sent again (KSeF did not process them)", &report.try_again),
                ("held up (KSeF refused to take them in; see their trouble)", &report.blocked),
                ("waiting out a failed send's backoff", &report.backing_off),
                ("offline", &report.went_offline),
                ("waiting for their invoice's number", &report.waiting_for_invoice),
                ("UPO received", &report.upos),
                ("waiting for the next batch session", &report.held),
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
        KsefCommand::Check { ksef, port } => crate::ksef_check::check(pool, ksef, *port).await,
        KsefCommand::Outage { kind, from, to, note } => outage(pool, kind, from, to, note).await,
    }
}

/// Enter an announced outage (nothing is entered when the input is wrong).
async fn outage(pool: &PgPool, kind: &str, from: &str, to: &str, note: &str) -> anyhow::Result<()> {
    use command_api::booking::ksef_outage::{enter, parse};
    let outage = parse(kind, from, to).map_err(|e| anyhow::anyhow!("--{}: {e}; nothing entered", e.field()))?;
    let user = std::env::var("USER").unwrap_or_default();
    let id = enter(pool, &outage, note, &format!("cli:{user}")).await?;
    println!("outage {id} entered: {} from {} to {}", outage.kind.code(), outage.from, outage.to);
    Ok(())
}

/// The queue by state, the nearest deadline of an offline document KSeF does not hold
/// yet, and an alert line for each one due within one working day.
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
    // Only a document KSeF does not hold yet has a deadline to meet (one sent and taken
    // in met it); the alerts are those due within one working day.
    if let Some((document, deadline)) = projections::ksef_deadlines::nearest_deadline(pool).await? {
        println!("nearest deadline: {deadline} ({document})");
    }
    let today = api_core::time::warsaw_today();
    for near in projections::ksef_deadlines::near_deadlines(pool, today, 1000).await? {
        let when = if near.deadline < today { "overdue since" } else { "due" };
        // The state says why for an offline or started document; the others name it.
        let why = match (&near.why, near.why.detail()) {
            (Stuck::Offline | Stuck::Unconfirmed, _) => String::new(),
            (_, Some(detail)) => format!(": {} ({detail})", near.why.code()),
            (_, None) => format!(": {}", near.why.code()),
        };
        println!("ALERT: {} ({}) {when} {}{why}", near.document_number, near.state, near.deadline);
    }
    for outage in projections::ksef_outages::rows(pool).await? {
        println!(
            "outage {}: {} {} to {} (entered by {} at {})",
            outage.id, outage.kind, outage.starts_on, outage.ends_on, outage.entered_by, outage.entered_at
        );
    }
    if let Some(trouble) = projections::ksef_outages::sender_trouble(pool).await? {
        println!("sender trouble since {}: {}", trouble.since, trouble.message);
    }
    oldest_waiting(pool).await?;
    sender_status(pool).await
}

/// The oldest document KSeF does not hold yet (waiting, offline or sent), and since when.
async fn oldest_waiting(pool: &PgPool) -> anyhow::Result<()> {
    if let Some(oldest) = projections::ksef_sender::oldest_waiting(pool).await? {
        let since = api_core::time::warsaw(oldest.issued_at).format("%Y-%m-%d %H:%M");
        println!("oldest not in KSeF: {} ({}) issued {since}", oldest.document_number, oldest.state);
    }
    Ok(())
}

/// The session in use and the calls left, as the sending process last noted them.
async fn sender_status(pool: &PgPool) -> anyhow::Result<()> {
    let Some(status) = projections::ksef_sender::status(pool).await? else {
        println!("the sender has not run a round yet");
        return Ok(());
    };
    let at = api_core::time::warsaw(status.noted_at).format("%Y-%m-%d %H:%M:%S");
    match &status.session {
        Some(session) => {
            println!("session in use (as of {at}): {}, opened {}", session.reference, session.opened_at.to_rfc3339());
        }
        None => println!("no interactive session open (as of {at})"),
    }
    for op in &status.operations {
        let windows: Vec<String> =
            op.windows.iter().map(|w| format!("{} {}/{} left", w.window, w.left, w.budget)).collect();
        let blocked = op.blocked_until.map(|u| format!(", blocked until {}", u.to_rfc3339())).unwrap_or_default();
        println!("calls left {}: {}{blocked}", op.operation, windows.join(", "));
    }
    Ok(())
}
