#![cfg(feature = "kurrentdb")]
//! The conformance suite against a KurrentDB server.
//!
//! No server is started here: point `KURRENTDB_URL` at one and run the ignored tests, e.g.
//!
//! ```text
//! KURRENTDB_URL='kurrentdb://admin:changeit@localhost:2113?tls=false' \
//!     cargo test -p event-store --features kurrentdb --test kurrentdb_conformance -- --ignored
//! ```
//!
//! Every case writes under a fresh random stream prefix and filters by it, so the server
//! may be shared and non-empty. The cases only a store with client-side transactions can
//! show (late commit, rollback) and PostgreSQL's unique event ids across streams have no
//! counterpart here (see the `kurrentdb` module's guide).

use event_store::conformance;
use event_store::kurrentdb::KurrentDbEventStore;

/// The store on the server `KURRENTDB_URL` names.
fn store() -> KurrentDbEventStore {
    let url = std::env::var("KURRENTDB_URL").unwrap_or_else(|_| {
        panic!(
            "KURRENTDB_URL is not set: point it at a KurrentDB server, e.g. \
             KURRENTDB_URL='kurrentdb://admin:changeit@localhost:2113?tls=false'"
        )
    });
    // The message leaves the URL out: it holds the password.
    KurrentDbEventStore::connect(&url).unwrap_or_else(|e| panic!("cannot use KURRENTDB_URL: {e}"))
}

macro_rules! conformance_cases {
    ($($case:ident $(($($arg:expr),*))?),* $(,)?) => {$(
        #[tokio::test]
        #[ignore = "needs a KurrentDB server: set KURRENTDB_URL and run with --ignored"]
        async fn $case() {
            let store = store();
            conformance::$case(&store $($(, $arg)*)?).await;
        }
    )*};
}

conformance_cases!(
    expected_version_rules,
    idempotent_appends,
    read_stream_both_ways_with_paging,
    read_all_in_global_order,
    subscription_catches_up_then_follows_live,
    subscription_resumes_from_checkpoint,
    subscription_filters_by_event_type,
    concurrent_writers_on_one_stream(16, 25),
    bad_input_gets_typed_errors,
    head_and_count,
    lag_after_each_position,
);
