//! An event store that fails on demand, and the app over it: for the tests of what a
//! failed append leaves behind.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use api_core::auth::Role;
use api_core::mail::FileMailer;
use async_trait::async_trait;
use event_store::postgres::PgEventStore;
use event_store::{
    AppendResult, Direction, EventStore, EventSubscription, ExpectedVersion, Head, NewEvent, Position, ReadFrom,
    RecordedEvent, StoreError, StreamName, SubscriptionFilter,
};
use query_api::{router, QueryState};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{create_user, TestApp};

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
    let mail_dir = std::env::temp_dir().join(format!("coach-test-mail-{}", Uuid::new_v4()));
    let state = QueryState {
        pool: pool.clone(),
        store: store.clone(),
        mailer: Arc::new(FileMailer::new(&mail_dir, "Nisko Bus <no-reply@example.com>")),
        public_url: "http://127.0.0.1:8080".into(),
    };
    let app = axum::Router::new().nest("/api", router(state));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).await
    });
    let (_, admin_token) = create_user(&pool, "admin@example.test", "Ada", Role::SuperAdmin).await;
    let (user_id, user_token) = create_user(&pool, "user@example.test", "Jan", Role::User).await;
    let app = TestApp { address, client: reqwest::Client::new(), pool, mail_dir, admin_token, user_token, user_id };
    (app, store)
}
