//! Checkpointed subscriptions of the PostgreSQL store: a filtered subscription tells its
//! reader how far it has read, past the events the filter skipped, at real events'
//! positions that it can resume from.

use std::time::Duration;

use event_store::conformance::event;
use event_store::postgres::PgEventStore;
use event_store::{
    CheckpointedSubscription, EventStore, ExpectedVersion, Position, StreamName, SubscriptionFilter, SubscriptionItem,
};
use futures::StreamExt;
use sqlx::PgPool;

const WAIT: Duration = Duration::from_secs(10);

fn stream(name: &str) -> StreamName {
    StreamName::parse(name).expect("a valid stream name")
}

/// Items until one reaches `position` (an event or a checkpoint at or past it).
async fn until(sub: &mut CheckpointedSubscription, position: Position) -> Vec<SubscriptionItem> {
    let mut items = Vec::new();
    loop {
        let item = match tokio::time::timeout(WAIT, sub.next()).await {
            Ok(Some(Ok(item))) => item,
            Ok(Some(Err(e))) => panic!("subscription failed: {e}"),
            Ok(None) => panic!("subscription ended"),
            Err(_) => panic!("nothing reached {position} within {WAIT:?}; got {items:?}"),
        };
        let reached = item.position() >= position;
        items.push(item);
        if reached {
            return items;
        }
    }
}

fn events_of(items: &[SubscriptionItem]) -> Vec<String> {
    items
        .iter()
        .filter_map(|i| match i {
            SubscriptionItem::Event(e) => Some(e.stream.clone()),
            SubscriptionItem::Checkpoint(_) => None,
        })
        .collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_filtered_subscription_checkpoints_past_skipped_events(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let wanted = store.append(&stream("order-1"), ExpectedVersion::NoStream, vec![event(0)]).await.unwrap();
    let mut skipped = Vec::new();
    for n in 0..20 {
        let name = format!("course-{n}");
        skipped.push(store.append(&stream(&name), ExpectedVersion::NoStream, vec![event(n)]).await.unwrap());
    }
    let last_skipped = skipped.last().unwrap().position;
    let filter = SubscriptionFilter::StreamPrefix(vec!["order-".into()]);

    let mut sub = store.subscribe_all_checkpointed(None, filter.clone()).await.unwrap();
    let items = until(&mut sub, last_skipped).await;
    assert_eq!(events_of(&items), vec!["order-1"], "only the wanted event is delivered");
    let SubscriptionItem::Checkpoint(checkpoint) = items.last().unwrap() else {
        panic!("the last item is a checkpoint: {items:?}")
    };
    assert_eq!(checkpoint.position, last_skipped, "at the last skipped event, a real event's position");
    assert!(items.windows(2).all(|w| w[0].position() < w[1].position()), "in order: {items:?}");
    assert!(checkpoint.position > wanted.position);

    // Live: a new wanted event comes after the checkpoint, then later skipped ones are
    // checkpointed too.
    let live = store.append(&stream("order-2"), ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    let more = store.append(&stream("course-99"), ExpectedVersion::NoStream, vec![event(2)]).await.unwrap();
    let items = until(&mut sub, more.position).await;
    assert_eq!(events_of(&items), vec!["order-2"]);
    assert!(items.iter().all(|i| i.position() > checkpoint.position && i.position() <= more.position));
    assert!(items.iter().any(|i| i.position() == live.position));
    drop(sub);

    // The checkpoint is a position to resume from: the next wanted event, nothing before.
    let mut resumed = store.subscribe_all_checkpointed(Some(checkpoint.position), filter).await.unwrap();
    let items = until(&mut resumed, live.position).await;
    assert_eq!(events_of(&items), vec!["order-2"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unfiltered_subscription_delivers_events_only(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let mut last = None;
    for n in 0..5 {
        last = Some(store.append(&stream(&format!("s-{n}")), ExpectedVersion::NoStream, vec![event(n)]).await.unwrap());
    }
    let mut sub = store.subscribe_all_checkpointed(None, SubscriptionFilter::All).await.unwrap();
    let items = until(&mut sub, last.unwrap().position).await;
    assert_eq!(events_of(&items).len(), 5);
    assert!(items.iter().all(|i| matches!(i, SubscriptionItem::Event(_))), "{items:?}");
}
