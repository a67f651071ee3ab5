#![cfg(feature = "kurrentdb")]
//! The sealing cases on a KurrentDB server, the keys in PostgreSQL (`DATABASE_URL`, the
//! test's fresh database). No server is started here: point `KURRENTDB_URL` at one and run
//! the ignored tests:
//!
//! ```text
//! KURRENTDB_URL='kurrentdb://admin:changeit@localhost:2113?tls=false' \
//!     cargo test -p privacy --features kurrentdb --test kurrentdb_sealing -- --ignored
//! ```

use std::sync::Arc;

use event_store::kurrentdb::KurrentDbEventStore;
use event_store::EventStore;
use privacy::Keyring;
use sqlx::PgPool;

fn store() -> Arc<dyn EventStore> {
    let url = std::env::var("KURRENTDB_URL").unwrap_or_else(|_| panic!("KURRENTDB_URL is not set"));
    Arc::new(KurrentDbEventStore::connect(&url).unwrap_or_else(|e| panic!("cannot use KURRENTDB_URL: {e}")))
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
#[ignore = "needs a KurrentDB server: set KURRENTDB_URL and run with --ignored"]
async fn personal_values_are_sealed_at_rest(pool: PgPool) {
    privacy::conformance::personal_values_are_sealed_at_rest(store(), Arc::new(Keyring::new(pool))).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
#[ignore = "needs a KurrentDB server: set KURRENTDB_URL and run with --ignored"]
async fn an_erased_subject_reads_erased_everywhere(pool: PgPool) {
    privacy::conformance::an_erased_subject_reads_erased_everywhere(store(), pool).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
#[ignore = "needs a KurrentDB server: set KURRENTDB_URL and run with --ignored"]
async fn an_event_after_erasure_is_written_erased(pool: PgPool) {
    privacy::conformance::an_event_after_erasure_is_written_erased(store(), Arc::new(Keyring::new(pool))).await;
}
