//! # event-store
//!
//! Where the events of every aggregate live: one [`EventStore`] trait and its adapters.
//!
//! - [`postgres::PgEventStore`], the default: one `es_events` table (see
//!   `schema/migrations`); appends in one round trip each, group-committed under load
//!   (concurrent appends to different streams share one statement and one transaction,
//!   each with its own expected-version check, and answer only after the commit), with
//!   the `es_append` function settling idempotent repeats and conflicts; a catch-up reader
//!   that never skips an event whose transaction commits late (it reads below the oldest
//!   appending transaction still in flight); and live subscriptions woken by
//!   `LISTEN/NOTIFY` with polling as a safety net.
//! - `kurrentdb::KurrentDbEventStore` (cargo feature `kurrentdb`), the production store
//!   on KurrentDB/EventStoreDB through the official `kurrentdb` gRPC client.
//! - [`conformance`], the one suite of behaviour every store must pass. The PostgreSQL
//!   store runs it in `tests/postgres_conformance.rs`; the KurrentDB store runs the same
//!   functions when `KURRENTDB_URL` is set.
//!
//! The contract, in short:
//! - `append(stream, expected, events)` checks the expected version and writes all the
//!   events or none. Repeating an append with the same event ids and the same expected
//!   version succeeds and writes nothing (idempotent, as EventStoreDB does it).
//! - Positions are opaque ([`Position`]): compare, store, resume; never compute.
//! - `subscribe_all(from, filter)` delivers every event after `from` exactly once and in
//!   order, first catching up and then following live appends.

pub mod conformance;
mod error;
mod model;
pub mod postgres;

#[cfg(feature = "kurrentdb")]
pub mod kurrentdb;

use async_trait::async_trait;
use futures::stream::BoxStream;

pub use error::{Result, StoreError};
pub use model::{
    AppendResult, Direction, ExpectedVersion, Head, Lag, Metadata, NewEvent, Position, ReadFrom, RecordedEvent,
    StreamName, SubscriptionFilter, SubscriptionItem, MAX_EVENT_TYPE, MAX_STREAM_NAME,
};

/// [`EventStore::lag_after`] from `count_after` and `read_all`, a position at a time.
pub async fn lag_one_by_one<S: EventStore + ?Sized>(
    store: &S,
    positions: &[Option<Position>],
    cap: u64,
) -> Result<Vec<Lag>> {
    let mut out = Vec::with_capacity(positions.len());
    for &at in positions {
        let events = store.count_after(at, cap).await?;
        let oldest_at = match events {
            0 => None,
            _ => store.read_all(at, 1).await?.first().map(|e| e.recorded_at),
        };
        out.push(Lag { events, oldest_at });
    }
    Ok(out)
}

/// A live, never-ending stream of events: first the stored ones after the starting
/// position, then new ones as they are appended. Dropping it ends the subscription.
pub type EventSubscription = BoxStream<'static, Result<RecordedEvent>>;

/// [`EventSubscription`] with progress: the events, and now and then a
/// [`SubscriptionItem::Checkpoint`] past the events the filter skipped.
pub type CheckpointedSubscription = BoxStream<'static, Result<SubscriptionItem>>;

/// An append-only store of event streams with a global order.
#[async_trait]
pub trait EventStore: Send + Sync + 'static {
    /// Append `events` to `stream` if its version is `expected`; all or nothing.
    ///
    /// Fails with [`StoreError::WrongExpectedVersion`] when the check does not hold, unless
    /// the same event ids were appended at the same place before (then it succeeds and
    /// writes nothing).
    async fn append(
        &self,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult>;

    /// Up to `limit` events of one stream, from `from`, in `direction`.
    /// Fails with [`StoreError::StreamNotFound`] when the stream has no events.
    async fn read_stream(
        &self,
        stream: &StreamName,
        from: ReadFrom,
        direction: Direction,
        limit: usize,
    ) -> Result<Vec<RecordedEvent>>;

    /// Up to `limit` events of all streams in global order, after `after` (exclusive;
    /// `None` reads from the first event).
    async fn read_all(&self, after: Option<Position>, limit: usize) -> Result<Vec<RecordedEvent>>;

    /// Subscribe to all streams after `after` (exclusive; `None` from the first event).
    /// Fails with [`StoreError::PositionNotFound`] when `after` is no event's position.
    async fn subscribe_all(&self, after: Option<Position>, filter: SubscriptionFilter) -> Result<EventSubscription>;

    /// [`EventStore::subscribe_all`], with checkpoints: a filtered subscription whose
    /// events are rare can then store how far it has read, not only where its last
    /// event was, so its lag is the store's and a restart does not read the skipped
    /// events again. (EventStoreDB's filtered subscriptions send such checkpoints.)
    /// A store that cannot tell delivers the events only, which is what this default
    /// does.
    async fn subscribe_all_checkpointed(
        &self,
        after: Option<Position>,
        filter: SubscriptionFilter,
    ) -> Result<CheckpointedSubscription> {
        use futures::{StreamExt, TryStreamExt};
        Ok(self.subscribe_all(after, filter).await?.map_ok(SubscriptionItem::Event).boxed())
    }

    /// The newest committed event, if any: the target of a catch-up and the reference
    /// for lag. (A reader may need a moment more to reach it: PostgreSQL delivers it
    /// once every older appending transaction in flight has finished.)
    async fn head(&self) -> Result<Option<Head>>;

    /// How many committed events there are after `after`, counting at most `cap`.
    async fn count_after(&self, after: Option<Position>, cap: u64) -> Result<u64>;

    /// [`Lag`] after each of `positions` (the checkpoints of many readers), in their
    /// order: the events counted up to `cap` as [`EventStore::count_after`] counts them,
    /// and the oldest one's time. This default asks for each position in turn
    /// ([`lag_one_by_one`]); PostgreSQL answers them all with one scan of the store's end.
    async fn lag_after(&self, positions: &[Option<Position>], cap: u64) -> Result<Vec<Lag>> {
        lag_one_by_one(self, positions, cap).await
    }

    /// A name for logs and status pages ("postgres", "kurrentdb").
    fn kind(&self) -> &'static str;
}
