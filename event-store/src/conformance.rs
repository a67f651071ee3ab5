//! The conformance suite: the behaviour every [`EventStore`] must show.
//!
//! Each function is one case. It panics with a message when the store misbehaves, so a
//! test binary per store calls them one by one (`tests/postgres_conformance.rs`,
//! `tests/kurrentdb_conformance.rs`). Every case writes to streams under a fresh random
//! prefix and filters its subscriptions by that prefix, so the suite also runs against a
//! shared, non-empty server such as a KurrentDB node.
//!
//! The late-commit case needs two open transactions at once, which only a store with
//! client-side transactions has; the PostgreSQL test binary runs it on its own.

use std::time::Duration;

use futures::StreamExt;
use uuid::Uuid;

use crate::{
    Direction, EventStore, EventSubscription, ExpectedVersion, Lag, Metadata, NewEvent, Position, ReadFrom,
    RecordedEvent, StoreError, StreamName, SubscriptionFilter,
};

/// How long a case waits for a subscription to deliver.
const DELIVERY_TIMEOUT: Duration = Duration::from_secs(15);

/// A fresh, unique stream-name prefix for one case.
pub fn prefix() -> String {
    format!("conf{}-", Uuid::new_v4().simple())
}

/// An event of type `Tested` carrying `n`.
pub fn event(n: u64) -> NewEvent {
    let metadata = Metadata {
        correlation_id: Some(Uuid::new_v4()),
        causation_id: None,
        user_id: Some("tester".into()),
        occurred_at: chrono::Utc::now(),
    };
    NewEvent::json(Uuid::new_v4(), "Tested", &serde_json::json!({ "n": n }), metadata).expect("a valid event")
}

fn stream(name: String) -> StreamName {
    StreamName::parse(name).expect("a valid stream name")
}

fn n_of(e: &RecordedEvent) -> u64 {
    e.decode::<serde_json::Value>().expect("json")["n"].as_u64().expect("n")
}

fn assert_wrong_version<T: std::fmt::Debug>(result: Result<T, StoreError>, want_actual: Option<u64>) {
    match result {
        Err(StoreError::WrongExpectedVersion { actual, .. }) => assert_eq!(actual, want_actual, "actual version"),
        other => panic!("expected WrongExpectedVersion, got {other:?}"),
    }
}

/// Take `n` events from a subscription, failing after 15 seconds.
pub async fn take(sub: &mut EventSubscription, n: usize) -> Vec<RecordedEvent> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        match tokio::time::timeout(DELIVERY_TIMEOUT, sub.next()).await {
            Ok(Some(Ok(e))) => out.push(e),
            Ok(Some(Err(e))) => panic!("subscription failed: {e}"),
            Ok(None) => panic!("subscription ended after {} of {n} events", out.len()),
            Err(_) => panic!("timed out after {} of {n} events", out.len()),
        }
    }
    out
}

/// Assert that the subscription delivers nothing more within `wait`.
pub async fn assert_quiet(sub: &mut EventSubscription, wait: Duration) {
    if let Ok(Some(item)) = tokio::time::timeout(wait, sub.next()).await {
        panic!("expected no more events, got {item:?}");
    }
}

/// No stream / stream exists / exact / any, and the actual version in every refusal.
pub async fn expected_version_rules(store: &dyn EventStore) {
    let s = stream(format!("{}a", prefix()));

    assert_wrong_version(store.append(&s, ExpectedVersion::StreamExists, vec![event(0)]).await, None);
    assert_wrong_version(store.append(&s, ExpectedVersion::Exact(0), vec![event(0)]).await, None);

    let r = store.append(&s, ExpectedVersion::NoStream, vec![event(0)]).await.expect("first append");
    assert_eq!(r.next_expected_version, 0);
    assert_wrong_version(store.append(&s, ExpectedVersion::NoStream, vec![event(1)]).await, Some(0));

    let r = store.append(&s, ExpectedVersion::Exact(0), vec![event(1), event(2)]).await.expect("exact");
    assert_eq!(r.next_expected_version, 2);
    assert_wrong_version(store.append(&s, ExpectedVersion::Exact(0), vec![event(9)]).await, Some(2));
    assert_wrong_version(store.append(&s, ExpectedVersion::Exact(7), vec![event(9)]).await, Some(2));

    let r = store.append(&s, ExpectedVersion::StreamExists, vec![event(3)]).await.expect("stream exists");
    assert_eq!(r.next_expected_version, 3);
    let r = store.append(&s, ExpectedVersion::Any, vec![event(4)]).await.expect("any");
    assert_eq!(r.next_expected_version, 4);

    let fresh = stream(format!("{}b", prefix()));
    let r = store.append(&fresh, ExpectedVersion::Any, vec![event(0)]).await.expect("any on a new stream");
    assert_eq!(r.next_expected_version, 0);

    let all = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 100).await.expect("read");
    assert_eq!(all.iter().map(n_of).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4], "refused appends wrote nothing");
}

/// Repeating an append with the same ids and expected version writes nothing new.
pub async fn idempotent_appends(store: &dyn EventStore) {
    let s = stream(format!("{}idem", prefix()));
    let first = vec![event(0), event(1)];
    let r1 = store.append(&s, ExpectedVersion::NoStream, first.clone()).await.expect("first");
    let r2 = store.append(&s, ExpectedVersion::NoStream, first.clone()).await.expect("repeat succeeds");
    assert_eq!(r1.next_expected_version, r2.next_expected_version);

    let second = vec![event(2)];
    store.append(&s, ExpectedVersion::Exact(1), second.clone()).await.expect("second");
    store.append(&s, ExpectedVersion::Exact(1), second.clone()).await.expect("repeat of second succeeds");

    // A repeat that mixes written and new events is a conflict, not a partial write.
    let mixed = vec![first[0].clone(), event(99)];
    assert!(store.append(&s, ExpectedVersion::NoStream, mixed).await.is_err(), "mixed repeat is refused");

    let all = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 100).await.expect("read");
    assert_eq!(all.iter().map(n_of).collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(all[0].id, first[0].id);
}

/// Reads forwards and backwards, in pages; data and metadata survive the round trip.
pub async fn read_stream_both_ways_with_paging(store: &dyn EventStore) {
    let s = stream(format!("{}read", prefix()));
    let events: Vec<NewEvent> = (0..25).map(event).collect();
    store.append(&s, ExpectedVersion::NoStream, events.clone()).await.expect("append");

    let s_ref = &s;
    let page = |from, dir, limit| async move {
        store.read_stream(s_ref, from, dir, limit).await.expect("read").iter().map(|e| e.version).collect::<Vec<_>>()
    };
    assert_eq!(page(ReadFrom::Start, Direction::Forwards, 10).await, (0..10).collect::<Vec<_>>());
    assert_eq!(page(ReadFrom::Version(10), Direction::Forwards, 10).await, (10..20).collect::<Vec<_>>());
    assert_eq!(page(ReadFrom::Version(20), Direction::Forwards, 10).await, (20..25).collect::<Vec<_>>());
    assert_eq!(page(ReadFrom::End, Direction::Backwards, 10).await, (15..25).rev().collect::<Vec<_>>());
    assert_eq!(page(ReadFrom::Version(14), Direction::Backwards, 10).await, (5..15).rev().collect::<Vec<_>>());
    assert_eq!(page(ReadFrom::Version(4), Direction::Backwards, 10).await, (0..5).rev().collect::<Vec<_>>());
    assert!(page(ReadFrom::Version(25), Direction::Forwards, 10).await.is_empty());

    let first = &store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 1).await.expect("read")[0];
    assert_eq!(first.id, events[0].id);
    assert_eq!(first.event_type, "Tested");
    assert_eq!(first.stream, s.as_str());
    assert_eq!(first.metadata.correlation_id, events[0].metadata.correlation_id);
    assert_eq!(first.metadata.user_id.as_deref(), Some("tester"));
    assert_eq!(n_of(first), 0);

    let missing = stream(format!("{}missing", prefix()));
    match store.read_stream(&missing, ReadFrom::Start, Direction::Forwards, 10).await {
        Err(StoreError::StreamNotFound(name)) => assert_eq!(name, missing.as_str()),
        other => panic!("expected StreamNotFound, got {other:?}"),
    }
}

/// `read_all` pages through every stream in the order of the appends.
pub async fn read_all_in_global_order(store: &dyn EventStore) {
    let p = prefix();
    let start = store.head().await.expect("head").map(|h| h.position);
    let mut written = Vec::new();
    for n in 0..12u64 {
        let s = stream(format!("{p}{}", n % 3));
        store.append(&s, ExpectedVersion::Any, vec![event(n)]).await.expect("append");
        written.push(n);
    }
    let mut seen = Vec::new();
    let mut after = start;
    let mut last: Option<Position> = None;
    // A store may make an event readable a moment after its append returns (PostgreSQL
    // waits for older transactions in flight), so an empty page before the end is retried.
    let deadline = tokio::time::Instant::now() + DELIVERY_TIMEOUT;
    loop {
        let page = store.read_all(after, 4).await.expect("read all");
        if page.is_empty() {
            if seen.len() >= written.len() {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "read_all never reached the appends: {seen:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        for e in &page {
            if let Some(prev) = last {
                assert!(e.position > prev, "positions increase");
            }
            last = Some(e.position);
            if e.stream.starts_with(&p) {
                seen.push(n_of(e));
            }
        }
        after = page.last().map(|e| e.position);
    }
    assert_eq!(seen, written);
}

/// A subscription first delivers what is stored, then what is appended later.
pub async fn subscription_catches_up_then_follows_live(store: &dyn EventStore) {
    let p = prefix();
    let start = store.head().await.expect("head").map(|h| h.position);
    let s = stream(format!("{p}live"));
    store.append(&s, ExpectedVersion::NoStream, (0..5).map(event).collect()).await.expect("append");

    let filter = SubscriptionFilter::StreamPrefix(vec![p.clone()]);
    let mut sub = store.subscribe_all(start, filter).await.expect("subscribe");
    let caught_up = take(&mut sub, 5).await;
    assert_eq!(caught_up.iter().map(n_of).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);

    let other = stream(format!("{}unrelated", prefix()));
    store.append(&other, ExpectedVersion::NoStream, vec![event(100)]).await.expect("unrelated");
    store.append(&s, ExpectedVersion::Exact(4), vec![event(5), event(6)]).await.expect("append live");
    store.append(&s, ExpectedVersion::Exact(6), vec![event(7)]).await.expect("append live");
    let live = take(&mut sub, 3).await;
    assert_eq!(live.iter().map(n_of).collect::<Vec<_>>(), vec![5, 6, 7], "in order, filtered");
    assert_quiet(&mut sub, Duration::from_millis(300)).await;
}

/// Resuming from a stored checkpoint delivers exactly the events after it.
pub async fn subscription_resumes_from_checkpoint(store: &dyn EventStore) {
    let p = prefix();
    let start = store.head().await.expect("head").map(|h| h.position);
    let s = stream(format!("{p}resume"));
    store.append(&s, ExpectedVersion::NoStream, (0..6).map(event).collect()).await.expect("append");
    let filter = SubscriptionFilter::StreamPrefix(vec![p.clone()]);

    let checkpoint = {
        let mut sub = store.subscribe_all(start, filter.clone()).await.expect("subscribe");
        let first = take(&mut sub, 3).await;
        first[2].position.to_string() // stored as text, like a projection does
    };
    let resume_at: Position = checkpoint.parse().expect("a stored position parses back");
    let mut sub = store.subscribe_all(Some(resume_at), filter).await.expect("resume");
    let rest = take(&mut sub, 3).await;
    assert_eq!(rest.iter().map(n_of).collect::<Vec<_>>(), vec![3, 4, 5]);
    assert_quiet(&mut sub, Duration::from_millis(300)).await;
}

/// A subscription filtered by event type sees only those types.
pub async fn subscription_filters_by_event_type(store: &dyn EventStore) {
    let p = prefix();
    let start = store.head().await.expect("head").map(|h| h.position);
    let wanted = format!("Wanted{}", Uuid::new_v4().simple());
    let s = stream(format!("{p}types"));
    let mk = |ty: &str, n: u64| {
        NewEvent::json(Uuid::new_v4(), ty, &serde_json::json!({ "n": n }), Metadata::default()).expect("event")
    };
    store
        .append(&s, ExpectedVersion::NoStream, vec![mk("Other", 0), mk(&wanted, 1), mk("Other", 2), mk(&wanted, 3)])
        .await
        .expect("append");
    let mut sub = store.subscribe_all(start, SubscriptionFilter::EventType(vec![wanted.clone()])).await.expect("sub");
    let got = take(&mut sub, 2).await;
    assert_eq!(got.iter().map(n_of).collect::<Vec<_>>(), vec![1, 3]);
    assert!(got.iter().all(|e| e.event_type == wanted));
}

/// Many writers race for each version of one stream: one wins, the rest get the typed
/// conflict, and the stream holds exactly one event per version.
pub async fn concurrent_writers_on_one_stream(store: &dyn EventStore, writers: usize, versions: u64) {
    let s = stream(format!("{}race", prefix()));
    for v in 0..versions {
        let expected = if v == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(v - 1) };
        let attempts = (0..writers).map(|w| {
            let s = s.clone();
            async move { (w, store.append(&s, expected, vec![event(v * 1000 + w as u64)]).await) }
        });
        let results = futures::future::join_all(attempts).await;
        let mut winners = 0;
        for (w, result) in results {
            match result {
                Ok(r) => {
                    winners += 1;
                    assert_eq!(r.next_expected_version, v, "writer {w} won version {v}");
                }
                Err(StoreError::WrongExpectedVersion { .. }) => {}
                Err(other) => panic!("writer {w} at version {v}: expected a conflict, got {other}"),
            }
        }
        assert_eq!(winners, 1, "exactly one writer wins version {v}");
    }
    let all = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 10_000).await.expect("read");
    assert_eq!(all.iter().map(|e| e.version).collect::<Vec<_>>(), (0..versions).collect::<Vec<_>>());
    for e in &all {
        assert_eq!(n_of(e) / 1000, e.version, "the winner's event is stored at its version");
    }
}

/// Bad input gets typed errors, never a panic.
pub async fn bad_input_gets_typed_errors(store: &dyn EventStore) {
    let s = stream(format!("{}bad", prefix()));
    assert!(matches!(store.append(&s, ExpectedVersion::Any, vec![]).await, Err(StoreError::InvalidEvent(_))));
    assert!(matches!(StreamName::parse("$all"), Err(StoreError::InvalidStreamName(_))));
    assert!(matches!(
        NewEvent::from_json_text(Uuid::new_v4(), "Tested", "not json", Metadata::default()),
        Err(StoreError::InvalidEvent(_))
    ));
    match store.read_stream(&s, ReadFrom::End, Direction::Backwards, 1).await {
        Err(StoreError::StreamNotFound(_)) => {}
        other => panic!("expected StreamNotFound, got {other:?}"),
    }
    // A position no event has: the store says so instead of silently starting elsewhere.
    store.append(&s, ExpectedVersion::NoStream, vec![event(0)]).await.expect("append");
    let real = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 1).await.expect("read")[0].position;
    let bogus = Position::new(real.major().saturating_add(1_000_000_000), 3);
    match store.subscribe_all(Some(bogus), SubscriptionFilter::All).await {
        Err(StoreError::PositionNotFound(p)) => assert_eq!(p, bogus),
        Err(other) => panic!("expected PositionNotFound, got {other}"),
        Ok(_) => panic!("expected PositionNotFound, got a subscription"),
    }
}

/// `lag_after` answers for many readers at once what `count_after` and `read_all` answer
/// for each: the events after its position (capped) and the oldest one's time.
pub async fn lag_after_each_position(store: &dyn EventStore) {
    let s = stream(format!("{}lag", prefix()));
    // Five appends, one at a time, so each event has a time of its own.
    let mut at = Vec::new();
    for n in 0..5 {
        let expected = if n == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(n - 1) };
        at.push(store.append(&s, expected, vec![event(n)]).await.expect("append").position);
    }
    let deadline = tokio::time::Instant::now() + DELIVERY_TIMEOUT;
    while store.head().await.expect("head").is_none_or(|h| h.position < at[4]) {
        assert!(tokio::time::Instant::now() < deadline, "the head never reached the appends");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let events = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 5).await.expect("read");

    let positions = [Some(at[4]), Some(at[1]), Some(at[3]), Some(at[1])];
    let lags = store.lag_after(&positions, 1_000_000).await.expect("lag");
    assert_eq!(lags.len(), positions.len(), "one answer per position, in order");
    for (p, lag) in positions.iter().zip(&lags) {
        assert_eq!(lag.events, store.count_after(*p, 1_000_000).await.expect("count"), "as count_after counts");
    }
    assert_eq!(lags[0], Lag { events: 0, oldest_at: None }, "nothing after the last");
    assert_eq!(lags[1].events, 3);
    assert_eq!(lags[1].oldest_at, Some(events[2].recorded_at), "the oldest after the second is the third");
    assert_eq!(lags[2], Lag { events: 1, oldest_at: Some(events[4].recorded_at) });
    assert_eq!(lags[3], lags[1], "the same position, the same answer");

    // Capped: the lowest reader counts at most the cap, and the others still count theirs.
    // (Asked one position at a time, the oldest event's time comes from a read, which
    // PostgreSQL holds back while an older transaction anywhere is still in flight: until
    // then it is `None`.)
    let deadline = tokio::time::Instant::now() + DELIVERY_TIMEOUT;
    let capped = loop {
        let capped = store.lag_after(&[Some(at[0]), Some(at[3])], 2).await.expect("lag");
        if capped[1].oldest_at.is_some() || tokio::time::Instant::now() > deadline {
            break capped;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(capped.iter().map(|lag| lag.events).collect::<Vec<_>>(), vec![2, 1]);
    assert_eq!(capped[1].oldest_at, Some(events[4].recorded_at));
    assert!(store.lag_after(&[], 10).await.expect("lag").is_empty());
}

/// `head` and `count_after` describe what a subscriber still has to read.
pub async fn head_and_count(store: &dyn EventStore) {
    let s = stream(format!("{}head", prefix()));
    let r = store.append(&s, ExpectedVersion::NoStream, (0..3).map(event).collect()).await.expect("append");
    // The head is where a new subscriber may safely start, so a store may report it a
    // moment late (PostgreSQL waits for older transactions still in flight).
    let deadline = tokio::time::Instant::now() + DELIVERY_TIMEOUT;
    let head = loop {
        match store.head().await.expect("head") {
            Some(head) if head.position >= r.position => break head,
            _ if tokio::time::Instant::now() > deadline => panic!("the head never reached the append"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    let first = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 1).await.expect("read")[0].position;
    assert!(store.count_after(Some(first), 1_000_000).await.expect("count") >= 2);
    assert_eq!(store.count_after(Some(head.position), 10).await.expect("count"), 0);
    assert_eq!(store.count_after(None, 2).await.expect("count"), 2, "capped");
}
