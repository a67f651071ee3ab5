//! The conformance suite against the PostgreSQL store, each case in a fresh database,
//! plus the cases only a store with client-side transactions can show.

use std::time::Duration;

use event_store::conformance::{self, assert_quiet, event, take};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, StreamName, SubscriptionFilter};
use sqlx::PgPool;

macro_rules! conformance_cases {
    ($($case:ident $(($($arg:expr),*))?),* $(,)?) => {$(
        #[sqlx::test(migrator = "schema::MIGRATOR")]
        async fn $case(pool: PgPool) {
            let store = PgEventStore::new(pool);
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
);

/// Two transactions append; the one holding the lower position commits last. The
/// subscriber must not run ahead of it: it receives both, in order, exactly once.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn late_commit_is_never_skipped(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let early = StreamName::parse("late-a").unwrap();
    let later = StreamName::parse("late-b").unwrap();
    let mut sub = store.subscribe_all(None, SubscriptionFilter::All).await.unwrap();

    // Transaction A appends first (lower transaction id and sequence), stays open.
    let mut tx_a = pool.begin().await.unwrap();
    let pos_a = store.append_in(&mut tx_a, &early, ExpectedVersion::NoStream, &[event(1)]).await.unwrap().position;
    // Transaction B appends after it and commits at once.
    let mut tx_b = pool.begin().await.unwrap();
    let pos_b = store.append_in(&mut tx_b, &later, ExpectedVersion::NoStream, &[event(2)]).await.unwrap().position;
    tx_b.commit().await.unwrap();
    store.wake_subscribers();
    assert!(pos_a < pos_b, "A holds the lower position");

    // B is committed and visible, but delivering it now would let a checkpoint pass A.
    assert_quiet(&mut sub, Duration::from_millis(400)).await;
    assert!(store.read_all(None, 10).await.unwrap().is_empty(), "read_all waits for A too");

    tx_a.commit().await.unwrap();
    store.wake_subscribers();
    let got = take(&mut sub, 2).await;
    assert_eq!(got.iter().map(|e| e.stream.as_str()).collect::<Vec<_>>(), vec!["late-a", "late-b"]);
    assert_eq!((got[0].position, got[1].position), (pos_a, pos_b));
    assert_quiet(&mut sub, Duration::from_millis(300)).await;
}

/// A transaction that rolls back leaves no event and does not block readers.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn rolled_back_appends_leave_nothing(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let s = StreamName::parse("rolled-back").unwrap();
    let mut tx = pool.begin().await.unwrap();
    store.append_in(&mut tx, &s, ExpectedVersion::NoStream, &[event(1)]).await.unwrap();
    tx.rollback().await.unwrap();
    store.append(&s, ExpectedVersion::NoStream, vec![event(2)]).await.unwrap();
    let mut sub = store.subscribe_all(None, SubscriptionFilter::All).await.unwrap();
    let got = take(&mut sub, 1).await;
    assert_eq!((got[0].version, got[0].decode::<serde_json::Value>().unwrap()["n"].as_u64()), (0, Some(2)));
    assert_quiet(&mut sub, Duration::from_millis(300)).await;
}

/// PostgreSQL also refuses an event id reused in another stream (KurrentDB does not
/// check this, so it is not part of the shared suite).
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn event_ids_are_unique_across_streams(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let e = event(1);
    store.append(&StreamName::parse("one").unwrap(), ExpectedVersion::NoStream, vec![e.clone()]).await.unwrap();
    let again = store.append(&StreamName::parse("two").unwrap(), ExpectedVersion::NoStream, vec![e]).await;
    assert!(matches!(again, Err(event_store::StoreError::DuplicateEventId(_))), "{again:?}");
}

/// Appends from a second store instance (another process, in effect) wake a live
/// subscriber through NOTIFY: the reader's poll interval is an hour, so only a
/// notification can deliver the event.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn other_processes_wake_subscribers(pool: PgPool) {
    let reader = PgEventStore::new(pool.clone()).with_poll_interval(Duration::from_secs(3600));
    let writer = PgEventStore::new(pool);
    let mut sub = reader.subscribe_all(None, SubscriptionFilter::All).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await; // let the listener start
    let s = StreamName::parse("elsewhere").unwrap();
    writer.append(&s, ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    let got = take(&mut sub, 1).await;
    assert_eq!(got[0].stream, "elsewhere");
}
