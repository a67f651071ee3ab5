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
    lag_after_each_position,
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

/// A transaction that writes other rows and appends nothing (a projection's round, a
/// process's batch) holds no reader back: events appended and committed while it is open
/// are read at once, by `read_all` and by a live subscriber.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn transactions_that_do_not_append_hold_no_reader_back(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let mut sub = store.subscribe_all(None, SubscriptionFilter::All).await.unwrap();
    let mut round = pool.begin().await.unwrap();
    sqlx::query("insert into projection_checkpoints (name) values ('a-long-round')")
        .execute(&mut *round)
        .await
        .unwrap();
    let writer_xid: i64 =
        sqlx::query_scalar("select pg_current_xact_id()::text::bigint").fetch_one(&mut *round).await.unwrap();

    let s = StreamName::parse("while-a-round-runs").unwrap();
    let appended = store.append(&s, ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    let append_xid: i64 = sqlx::query_scalar("select tx_id from es_events").fetch_one(&pool).await.unwrap();
    assert!(append_xid > writer_xid, "the append's transaction is the younger one");

    let got = take(&mut sub, 1).await;
    assert_eq!((got[0].stream.as_str(), got[0].position), ("while-a-round-runs", appended.position));
    let all = store.read_all(None, 10).await.unwrap();
    assert_eq!(all.iter().map(|e| e.position).collect::<Vec<_>>(), vec![appended.position]);
    round.rollback().await.unwrap();
}

/// Events must be the first rows a transaction writes: one that wrote something else first
/// had its transaction id before it could mark itself as appending, so a reader could
/// already have passed that id. The store refuses the append and the transaction's rows
/// are rolled back with it; the same append in a transaction of its own succeeds.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_transaction_that_wrote_first_cannot_append(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let s = StreamName::parse("too-late").unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("insert into projection_checkpoints (name) values ('wrote-first')").execute(&mut *tx).await.unwrap();
    let refused = store.append_in(&mut tx, &s, ExpectedVersion::NoStream, &[event(1)]).await;
    match &refused {
        Err(event_store::StoreError::Unavailable(message)) => {
            assert!(message.contains("events must be the first rows a transaction writes"), "{message}")
        }
        other => panic!("expected the append to be refused, got {other:?}"),
    }
    drop(tx);
    let written: i64 = sqlx::query_scalar("select count(*) from es_events").fetch_one(&pool).await.unwrap();
    assert_eq!(written, 0);

    let mut tx = pool.begin().await.unwrap();
    store.append_in(&mut tx, &s, ExpectedVersion::NoStream, &[event(1)]).await.unwrap();
    sqlx::query("insert into projection_checkpoints (name) values ('after-the-events')")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.read_all(None, 10).await.unwrap().len(), 1);
}

/// The sequence behind `seq` takes a transaction id whenever it logs itself (every 32
/// values, and first after a checkpoint), before the insert's rows are built: appends in
/// transactions of their own are never mistaken for a transaction that wrote first.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn sequence_logging_never_refuses_an_append(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    sqlx::query("checkpoint").execute(&pool).await.unwrap();
    for i in 0..100u64 {
        let s = StreamName::parse(format!("one-by-one-{i}")).unwrap();
        let mut tx = pool.begin().await.unwrap();
        store.append_in(&mut tx, &s, ExpectedVersion::NoStream, &[event(i)]).await.unwrap();
        tx.commit().await.unwrap();
    }
    assert_eq!(store.read_all(None, 200).await.unwrap().len(), 100);
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

/// The live end is read once for all the store's subscribers (the shared reader): many of
/// them, filtered differently, started before and while writers append concurrently, each
/// get exactly the events their filter selects, in the global order, once; one started
/// from the beginning afterwards (behind the shared window's start) reads the same from the
/// table.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn subscribers_sharing_the_live_reader_each_get_their_events_once_in_order(pool: PgPool) {
    use event_store::NewEvent;
    let store = PgEventStore::new(pool.clone());
    let typed = |kind: &str, n: u64| -> NewEvent {
        let e = event(n);
        NewEvent { event_type: kind.to_owned(), ..e }
    };
    let filters = [
        SubscriptionFilter::All,
        SubscriptionFilter::EventType(vec!["Even".into()]),
        SubscriptionFilter::StreamPrefix(vec!["odd-".into()]),
    ];
    // Some events before anyone subscribes: the shared window opens after them.
    for n in 0..10u64 {
        let kind = if n % 2 == 0 { "Even" } else { "Odd" };
        let stream = StreamName::parse(format!("{}-{n}", kind.to_lowercase())).unwrap();
        store.append(&stream, ExpectedVersion::Any, vec![typed(kind, n)]).await.unwrap();
    }
    let mut subs = Vec::new();
    for filter in filters.iter().chain(filters.iter()) {
        subs.push(store.subscribe_all(None, filter.clone()).await.unwrap());
    }
    let writers = (0..4u64).map(|w| {
        let store = store.clone();
        tokio::spawn(async move {
            for i in 0..50u64 {
                let n = 10 + w * 50 + i;
                let kind = if n % 2 == 0 { "Even" } else { "Odd" };
                let stream = StreamName::parse(format!("{}-{n}", kind.to_lowercase())).unwrap();
                store.append(&stream, ExpectedVersion::Any, vec![typed(kind, n)]).await.unwrap();
            }
        })
    });
    for writer in futures::future::join_all(writers).await {
        writer.unwrap();
    }
    // Readable once every older transaction of the cluster has finished (other tests').
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let all = loop {
        let all = store.read_all(None, 1000).await.unwrap();
        if all.len() == 210 || tokio::time::Instant::now() > deadline {
            break all;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(all.len(), 210);
    // Subscribed late, from the start: behind the shared reader's window.
    for filter in &filters {
        subs.push(store.subscribe_all(None, filter.clone()).await.unwrap());
    }
    let filters_again: Vec<&SubscriptionFilter> = filters.iter().chain(filters.iter()).chain(filters.iter()).collect();
    for (sub, filter) in subs.iter_mut().zip(filters_again) {
        let expected: Vec<_> = all.iter().filter(|e| filter.matches(&e.stream, &e.event_type)).collect();
        let got = take(sub, expected.len()).await;
        let got_positions: Vec<_> = got.iter().map(|e| e.position).collect();
        let expected_positions: Vec<_> = expected.iter().map(|e| e.position).collect();
        assert_eq!(got_positions, expected_positions, "{filter:?}");
        assert_quiet(sub, Duration::from_millis(200)).await;
    }
}
