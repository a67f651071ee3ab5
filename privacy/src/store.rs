//! [`SealingStore`]: any [`EventStore`] with personal values sealed on the way in and
//! opened (or read as erased) on the way out. Every reader (aggregates, projections,
//! process managers, finance's replays) goes through it, so "erased" is answered in one
//! place, whichever store holds the events.

use std::sync::Arc;

use async_trait::async_trait;
use event_store::{
    AppendResult, CheckpointedSubscription, Direction, EventStore, EventSubscription, ExpectedVersion, Head, Lag,
    NewEvent, Position, ReadFrom, RecordedEvent, Result, StoreError, StreamName, SubscriptionFilter, SubscriptionItem,
};
use futures::{stream, StreamExt};
use serde_json::value::RawValue;
use sqlx::PgPool;

use crate::keys::{KeyError, Keyring};
use crate::transform::{self, open_event, Plan, TransformError};

/// How many events a subscription opens together (one key lookup for all of them).
const OPEN_CHUNK: usize = 256;

/// An event store whose personal values are sealed with their subjects' keys.
#[derive(Debug, Clone)]
pub struct SealingStore<S: ?Sized> {
    inner: Arc<S>,
    keys: Arc<Keyring>,
}

impl<S: EventStore + ?Sized> SealingStore<S> {
    pub fn new(inner: Arc<S>, keys: Arc<Keyring>) -> Self {
        SealingStore { inner, keys }
    }

    /// The keyring it seals with (erasure goes through it, so this process forgets at once).
    pub fn keys(&self) -> &Arc<Keyring> {
        &self.keys
    }
}

impl SealingStore<event_store::postgres::PgEventStore> {
    /// The PostgreSQL store with its keys in the same database. Its keyring does not
    /// listen for other processes' erasures (a listener holds a connection of the pool for
    /// good): for tests and one-off commands; a serving process opens its store with
    /// [`Keyring::listening`].
    pub fn over_postgres(pool: PgPool) -> Self {
        let keys = Arc::new(Keyring::committing(pool.clone(), crate::KeyCommit::BeforeEventsHere));
        SealingStore::new(Arc::new(event_store::postgres::PgEventStore::new(pool)), keys)
    }
}

fn unavailable(e: KeyError) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

fn invalid(e: TransformError) -> StoreError {
    match e {
        TransformError::Json(e) => StoreError::InvalidEvent(e.to_string()),
        TransformError::Seal(e) => StoreError::Unavailable(e.to_string()),
    }
}

/// Opens, in place, every sealed value of `events`, with one key lookup for all of them
/// (none when no event holds a sealed value).
async fn open_in_place<'a>(keys: &Keyring, events: impl Iterator<Item = &'a mut RecordedEvent>) -> Result<()> {
    let mut events: Vec<&mut RecordedEvent> = events.collect();
    let mut subjects = Vec::new();
    for event in &events {
        for subject in transform::sealed_subjects(&event.data) {
            if !subjects.contains(&subject) {
                subjects.push(subject);
            }
        }
    }
    if subjects.is_empty() {
        return Ok(());
    }
    let keys = keys.to_open(&subjects).await.map_err(unavailable)?;
    for event in &mut events {
        if let std::borrow::Cow::Owned(opened) = open_event(&event.data, &keys) {
            event.data = opened;
        }
    }
    Ok(())
}

async fn open_all(keys: &Keyring, mut events: Vec<RecordedEvent>) -> Result<Vec<RecordedEvent>> {
    open_in_place(keys, events.iter_mut()).await?;
    Ok(events)
}

/// The items of a subscription chunk with their events opened, in order (no copy of them).
async fn open_items(keys: &Keyring, mut items: Vec<Result<SubscriptionItem>>) -> Vec<Result<SubscriptionItem>> {
    let events = items.iter_mut().filter_map(|item| match item {
        Ok(SubscriptionItem::Event(event)) => Some(event),
        _ => None,
    });
    match open_in_place(keys, events).await {
        Ok(()) => items,
        Err(e) => vec![Err(e)],
    }
}

#[async_trait]
impl<S: EventStore + ?Sized> EventStore for SealingStore<S> {
    async fn append(
        &self,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult> {
        let mut plans = Vec::with_capacity(events.len());
        let mut subjects = Vec::new();
        for event in &events {
            let plan = Plan::new(&event.event_type, event.data.get()).map_err(invalid)?;
            for subject in plan.iter().flat_map(Plan::subjects) {
                if !subjects.contains(subject) {
                    subjects.push(subject.clone());
                }
            }
            plans.push(plan);
        }
        if subjects.is_empty() {
            return self.inner.append(stream, expected, events).await;
        }
        let keys = self.keys.to_seal(&subjects).await.map_err(unavailable)?;
        let mut sealed = Vec::with_capacity(events.len());
        for (mut event, plan) in events.into_iter().zip(plans) {
            if let Some(plan) = plan {
                let data = plan.seal(&keys).map_err(invalid)?;
                event.data = RawValue::from_string(data).map_err(|e| StoreError::InvalidEvent(e.to_string()))?;
            }
            sealed.push(event);
        }
        self.inner.append(stream, expected, sealed).await
    }

    async fn read_stream(
        &self,
        stream: &StreamName,
        from: ReadFrom,
        direction: Direction,
        limit: usize,
    ) -> Result<Vec<RecordedEvent>> {
        let events = self.inner.read_stream(stream, from, direction, limit).await?;
        open_all(&self.keys, events).await
    }

    async fn read_all(&self, after: Option<Position>, limit: usize) -> Result<Vec<RecordedEvent>> {
        let events = self.inner.read_all(after, limit).await?;
        open_all(&self.keys, events).await
    }

    async fn subscribe_all(&self, after: Option<Position>, filter: SubscriptionFilter) -> Result<EventSubscription> {
        let items = self.inner.subscribe_all(after, filter).await?.map(|r| r.map(SubscriptionItem::Event));
        let keys = self.keys.clone();
        let opened = opened(items.boxed(), keys).map(|item| {
            item.and_then(|item| match item {
                SubscriptionItem::Event(event) => Ok(event),
                SubscriptionItem::Checkpoint(_) => {
                    Err(StoreError::Unavailable("a checkpoint in an event stream".into()))
                }
            })
        });
        Ok(opened.boxed())
    }

    async fn subscribe_all_checkpointed(
        &self,
        after: Option<Position>,
        filter: SubscriptionFilter,
    ) -> Result<CheckpointedSubscription> {
        let items = self.inner.subscribe_all_checkpointed(after, filter).await?;
        Ok(opened(items, self.keys.clone()).boxed())
    }

    async fn head(&self) -> Result<Option<Head>> {
        self.inner.head().await
    }

    async fn count_after(&self, after: Option<Position>, cap: u64) -> Result<u64> {
        self.inner.count_after(after, cap).await
    }

    async fn lag_after(&self, positions: &[Option<Position>], cap: u64) -> Result<Vec<Lag>> {
        self.inner.lag_after(positions, cap).await
    }

    fn kind(&self) -> &'static str {
        self.inner.kind()
    }
}

/// A subscription's items with their events opened, a ready chunk at a time.
fn opened(
    items: CheckpointedSubscription,
    keys: Arc<Keyring>,
) -> impl futures::Stream<Item = Result<SubscriptionItem>> {
    items
        .ready_chunks(OPEN_CHUNK)
        .then(move |chunk| {
            let keys = keys.clone();
            async move { stream::iter(open_items(&keys, chunk).await) }
        })
        .flatten()
}
