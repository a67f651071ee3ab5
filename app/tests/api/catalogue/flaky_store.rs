//! An event store that fails on demand, and the app over it: for the tests of what a
//! failed append leaves behind.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use event_store::postgres::PgEventStore;
use event_store::{
    AppendResult, Direction, EventStore, EventSubscription, ExpectedVersion, Head, NewEvent, Position, ReadFrom,
    RecordedEvent, StoreError, StreamName, SubscriptionFilter,
};
use sqlx::PgPool;

use super::helpers::{spawn_over, TestApp};

/// The PostgreSQL store, except that the next `fail` appends fail as if it were down.
pub struct FlakyStore {
    inner: PgEventStore,
    /// How many of the next appends fail.
    pub fail: AtomicUsize,
}

#[async_trait]
impl EventStore for FlakyStore {
    async fn append(
        &self,
        s: &StreamName,
        e: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult, StoreError> {
        if self.fail.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
            return Err(StoreError::Unavailable("injected failure".into()));
        }
        self.inner.append(s, e, events).await
    }
    async fn read_stream(
        &self,
        s: &StreamName,
        f: ReadFrom,
        d: Direction,
        l: usize,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.inner.read_stream(s, f, d, l).await
    }
    async fn read_all(&self, a: Option<Position>, l: usize) -> Result<Vec<RecordedEvent>, StoreError> {
        self.inner.read_all(a, l).await
    }
    async fn subscribe_all(&self, a: Option<Position>, f: SubscriptionFilter) -> Result<EventSubscription, StoreError> {
        self.inner.subscribe_all(a, f).await
    }
    async fn head(&self) -> Result<Option<Head>, StoreError> {
        self.inner.head().await
    }
    async fn count_after(&self, a: Option<Position>, cap: u64) -> Result<u64, StoreError> {
        self.inner.count_after(a, cap).await
    }
    fn kind(&self) -> &'static str {
        "flaky"
    }
}

/// `spawn_app` over a [`FlakyStore`].
pub async fn spawn_flaky(pool: PgPool) -> (TestApp, Arc<FlakyStore>) {
    let store = Arc::new(FlakyStore { inner: PgEventStore::new(pool.clone()), fail: AtomicUsize::new(0) });
    let app = spawn_over(pool, store.clone()).await;
    (app, store)
}
