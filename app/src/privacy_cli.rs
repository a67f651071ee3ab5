//! `coach privacy erase|sweep|reapply|seal-stored`: erasure of personal data on a request
//! by letter or at the desk, the retention schedule run "as of" a day (so it can be tested
//! and audited), the erasures made again after a backup was restored, and the one-off
//! sealing of events stored before sealing.
//! The rules are `command_api::erasure`'s and the domain's; this prints what was done.

use chrono::{Months, Utc};
use command_api::erasure::{self, Request};
use event_store::EventStore;
use privacy::Keyring;
use sqlx::PgPool;

use crate::cli::PrivacyCommand;

/// `keys` is the keyring `store` seals with (`ops::open_sealed`).
pub async fn run(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    command: &PrivacyCommand,
) -> anyhow::Result<()> {
    match command {
        PrivacyCommand::Erase { order, reason } => {
            let request = Request { actor: privacy::Actor::Admin, by: None, reason, now: Utc::now() };
            let outcome = erasure::erase_order(store, keys, pool, *order, &request).await?;
            for subject in &outcome.erased {
                println!("erased: {subject}");
            }
            for kept in &outcome.kept {
                println!("kept: {} until {} ({})", kept.subject, kept.until.to_rfc3339(), kept.why.code());
            }
            if outcome.erased.is_empty() && outcome.kept.is_empty() {
                println!("nothing to erase: erased before");
            }
            Ok(())
        }
        PrivacyCommand::Reapply => {
            if keys.journal().is_none() {
                anyhow::bail!("PRIVACY_JOURNAL is not set: there is no journal of erasures to read");
            }
            let again = erasure::reapply(store, keys, pool).await?;
            println!("erased again from the journal: {again} subjects (the others were in the database)");
            Ok(())
        }
        PrivacyCommand::SealStored { after, page } => {
            if store.kind() != "postgres" {
                anyhow::bail!("sealing stored events in place needs the PostgreSQL store (EVENT_STORE=postgres)");
            }
            let done = privacy::migrate::seal_stored(pool, keys, *after, *page).await?;
            println!(
                "sealed {} of {} events with personal values; last position {} (run again with --after {} to resume)",
                done.sealed, done.read, done.last, done.last
            );
            Ok(())
        }
        PrivacyCommand::Sweep { as_of, keep_months } => {
            let as_of = as_of.and_time(chrono::NaiveTime::MIN).and_utc();
            let report = erasure::sweep(store, keys, pool, as_of, Months::new(*keep_months)).await?;
            println!(
                "swept as of {}: {} orders looked at, {} customers, {} invoice buyers and {} complaints erased; \
                 {} erasures asked for earlier made now",
                as_of.date_naive(),
                report.orders,
                report.customers_erased,
                report.buyers_erased,
                report.complaints_erased,
                report.requested_erased
            );
            Ok(())
        }
    }
}
