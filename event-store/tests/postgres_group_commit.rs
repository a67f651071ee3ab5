//! Group commit of the PostgreSQL store: appends issued together share one transaction,
//! and each keeps its own expected-version check, idempotency and typed errors.
//!
//! `#[sqlx::test]` runs on a current-thread runtime, so appends started together with
//! `join_all` (behind a lead append, see [`append_all`]) are all queued before a committer
//! runs, and the first committer takes them as one group. That they really shared a transaction is checked where it matters: the
//! positions of the written appends carry the same transaction id.

use std::time::Duration;

use event_store::conformance::event;
use event_store::postgres::PgEventStore;
use event_store::{
    AppendResult, Direction, EventStore, ExpectedVersion, NewEvent, ReadFrom, Result, StoreError, StreamName,
};
use futures::future::join_all;
use sqlx::PgPool;

fn stream(name: &str) -> StreamName {
    StreamName::parse(name).expect("a valid stream name")
}

/// The transaction part of an opaque position (test-only knowledge of this store).
fn tx_of(r: &AppendResult) -> String {
    r.position.to_string().split_once('/').expect("tx/seq").0.to_owned()
}

/// Start `appends` together and answer their results in order. An append started while
/// nothing else is under way is written on its own, so a lead append to a stream of its own
/// goes first, and the others queue up behind it and form one group.
async fn append_all(
    store: &PgEventStore,
    appends: Vec<(StreamName, ExpectedVersion, Vec<NewEvent>)>,
) -> Vec<Result<AppendResult>> {
    let lead =
        (stream(&format!("group-lead-{}", uuid::Uuid::new_v4().simple())), ExpectedVersion::NoStream, vec![event(0)]);
    let all = std::iter::once(lead).chain(appends);
    let mut results = join_all(all.map(|(s, e, events)| async move { store.append(&s, e, events).await })).await;
    results.remove(0).expect("the lead append");
    results
}

async fn versions(store: &PgEventStore, s: &StreamName) -> Vec<u64> {
    store
        .read_stream(s, ReadFrom::Start, Direction::Forwards, 1000)
        .await
        .expect("read")
        .iter()
        .map(|e| e.version)
        .collect()
}

/// One append of a group expects the wrong version: it alone is refused, with the typed
/// error and the actual version; the others are written together.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_wrong_expected_version_fails_alone(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let bad = stream("group-bad");
    store.append(&bad, ExpectedVersion::NoStream, vec![event(0), event(1)]).await.expect("setup");

    let mut appends: Vec<_> =
        (0..6).map(|i| (stream(&format!("group-ok-{i}")), ExpectedVersion::NoStream, vec![event(i)])).collect();
    appends.insert(3, (bad.clone(), ExpectedVersion::Exact(0), vec![event(99)]));
    let results = append_all(&store, appends).await;

    match &results[3] {
        Err(StoreError::WrongExpectedVersion { stream, expected, actual }) => {
            assert_eq!((stream.as_str(), *expected, *actual), ("group-bad", ExpectedVersion::Exact(0), Some(1)));
        }
        other => panic!("expected WrongExpectedVersion, got {other:?}"),
    }
    let written: Vec<&AppendResult> =
        results.iter().enumerate().filter(|(i, _)| *i != 3).map(|(_, r)| r.as_ref().expect("written")).collect();
    assert!(written.iter().all(|r| r.next_expected_version == 0));
    assert!(written.iter().all(|r| tx_of(r) == tx_of(written[0])), "one transaction for the group");
    assert_eq!(versions(&store, &bad).await, vec![0, 1], "the refused append wrote nothing");
}

/// A repeated append inside a group succeeds without writing, whether its check fails
/// (exact version: the careful path sees the repeat) or holds (`Any`: the group's insert
/// clashes on the event id and every member is appended on its own).
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn idempotent_repeats_inside_a_group(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let exact = stream("group-repeat-exact");
    let any = stream("group-repeat-any");
    let first_exact = vec![event(0), event(1)];
    let first_any = vec![event(0)];
    let original_exact = store.append(&exact, ExpectedVersion::NoStream, first_exact.clone()).await.expect("first");
    let original_any = store.append(&any, ExpectedVersion::Any, first_any.clone()).await.expect("first");

    let repeats = [
        ((exact.clone(), ExpectedVersion::NoStream, first_exact), original_exact),
        ((any.clone(), ExpectedVersion::Any, first_any), original_any),
    ];
    for (repeat, original) in repeats {
        let mut appends: Vec<_> = (0..4)
            .map(|i| (stream(&format!("group-fresh-{}-{i}", repeat.0)), ExpectedVersion::NoStream, vec![event(i)]))
            .collect();
        appends.insert(1, repeat);
        let mut results = append_all(&store, appends).await;
        let repeated = results.remove(1).expect("the repeat succeeds");
        assert_eq!(repeated, original, "the repeat answers the original append");
        for r in results {
            assert_eq!(r.expect("the others are written").next_expected_version, 0);
        }
    }
    assert_eq!(versions(&store, &exact).await, vec![0, 1], "nothing new in the stream");
    assert_eq!(versions(&store, &any).await, vec![0], "nothing new in the stream");
}

/// Appends racing for the versions of one stream, among appends to other streams: every
/// version is won exactly once, the losers get the typed conflict, the others are written.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn concurrent_appends_to_one_stream_win_each_version_once(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let hot = stream("group-hot");
    for v in 0..10u64 {
        let expected = if v == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(v - 1) };
        let mut appends: Vec<_> = (0..8).map(|w| (hot.clone(), expected, vec![event(v * 100 + w)])).collect();
        appends.extend(
            (0..8).map(|w| (stream(&format!("group-cold-{v}-{w}")), ExpectedVersion::NoStream, vec![event(w)])),
        );
        let results = append_all(&store, appends).await;
        let mut winners = 0;
        for r in &results[..8] {
            match r {
                Ok(done) => {
                    winners += 1;
                    assert_eq!(done.next_expected_version, v);
                }
                Err(StoreError::WrongExpectedVersion { .. }) => {}
                Err(other) => panic!("expected a conflict, got {other}"),
            }
        }
        assert_eq!(winners, 1, "exactly one append wins version {v}");
        assert!(results[8..].iter().all(|r| r.as_ref().is_ok_and(|d| d.next_expected_version == 0)));
    }
    let stored = store.read_stream(&hot, ReadFrom::Start, Direction::Forwards, 100).await.expect("read");
    assert_eq!(stored.iter().map(|e| e.version).collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
    for e in &stored {
        let n = e.decode::<serde_json::Value>().expect("json")["n"].as_u64().expect("n");
        assert_eq!(n / 100, e.version, "the winner's event is stored at its version");
    }

    // Appends with `Any` to one stream all succeed, each at a version of its own.
    let any = stream("group-any");
    let results =
        append_all(&store, (0..20).map(|n| (any.clone(), ExpectedVersion::Any, vec![event(n)])).collect()).await;
    let mut won: Vec<u64> = results.into_iter().map(|r| r.expect("any succeeds").next_expected_version).collect();
    won.sort_unstable();
    assert_eq!(won, (0..20).collect::<Vec<_>>());
    assert_eq!(versions(&store, &any).await, (0..20).collect::<Vec<_>>());
}

/// Multi-event appends of one group: one transaction, and the global order keeps each
/// stream's versions in order.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_group_keeps_each_streams_order(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let appends: Vec<_> = (0..5)
        .map(|i| {
            (
                stream(&format!("group-order-{i}")),
                ExpectedVersion::NoStream,
                (0..4).map(|n| event(i * 10 + n)).collect(),
            )
        })
        .collect();
    let results: Vec<AppendResult> =
        append_all(&store, appends).await.into_iter().map(|r| r.expect("written")).collect();
    assert!(results.iter().all(|r| r.next_expected_version == 3 && tx_of(r) == tx_of(&results[0])));

    // Readable once no older transaction is in flight: wait for it, but not forever.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let all = loop {
        let all = store.read_all(None, 100).await.expect("read all");
        let mine: Vec<_> = all.into_iter().filter(|e| e.stream.starts_with("group-order-")).collect();
        if mine.len() >= 20 {
            break mine;
        }
        assert!(tokio::time::Instant::now() < deadline, "read_all never showed the group: {mine:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    for (i, r) in results.iter().enumerate() {
        let name = format!("group-order-{i}");
        let mine: Vec<_> = all.iter().filter(|e| e.stream == name).collect();
        assert_eq!(mine.iter().map(|e| e.version).collect::<Vec<_>>(), vec![0, 1, 2, 3], "versions in global order");
        assert_eq!(mine[3].position, r.position, "the answer is the position of the last event");
    }
}

/// A writer outside the group (here a transaction of `append_in`) holds a version one
/// member of the group wants: the group's statement waits for it, fails with a unique
/// violation when it commits, and the members are appended one by one; only the member
/// that lost gets the conflict. Two members sharing an event id: one is written, the
/// other gets the typed duplicate error.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_clash_with_an_outside_writer_falls_back_to_single_appends(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let taken = stream("group-taken");
    let mut tx = pool.begin().await.expect("begin");
    store.append_in(&mut tx, &taken, ExpectedVersion::NoStream, &[event(1)]).await.expect("append in");

    let group = {
        let store = store.clone();
        let taken = taken.clone();
        tokio::spawn(async move {
            let mut appends: Vec<_> = (0..4)
                .map(|i| (stream(&format!("group-free-{i}")), ExpectedVersion::NoStream, vec![event(i)]))
                .collect();
            appends.push((taken, ExpectedVersion::NoStream, vec![event(2)]));
            append_all(&store, appends).await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    tx.commit().await.expect("commit");
    store.wake_subscribers();
    let results = group.await.expect("the group task");
    assert!(results[..4].iter().all(|r| r.as_ref().is_ok_and(|d| d.next_expected_version == 0)), "{results:?}");
    assert!(matches!(results[4], Err(StoreError::WrongExpectedVersion { actual: Some(0), .. })), "{:?}", results[4]);
    let stored = store.read_stream(&taken, ReadFrom::Start, Direction::Forwards, 10).await.expect("read");
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].decode::<serde_json::Value>().expect("json")["n"], 1, "the outside writer's event");

    let shared = event(7);
    let results = append_all(
        &store,
        vec![
            (stream("group-dup-a"), ExpectedVersion::NoStream, vec![shared.clone()]),
            (stream("group-other"), ExpectedVersion::NoStream, vec![event(8)]),
            (stream("group-dup-b"), ExpectedVersion::NoStream, vec![shared]),
        ],
    )
    .await;
    assert!(results[1].is_ok());
    let dup_errors =
        [&results[0], &results[2]].iter().filter(|r| matches!(r, Err(StoreError::DuplicateEventId(_)))).count();
    assert_eq!(dup_errors, 1, "{results:?}");
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 2, "{results:?}");
}
