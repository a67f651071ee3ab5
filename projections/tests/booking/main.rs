//! The booking projections (`orders`, `coupons`, `stamps`, `holds`, `ksef`, `sales`) through the runner,
//! against PostgreSQL: the rows the events give, and for each projection the same tables
//! after every event is offered twice and after a rebuild.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use domain::coupon::{CouponEvent, CouponOrigin};
use domain::money::Reduction;
use domain::order::{
    AppliedDiscount, CouponUse, Customer, InvoiceRequest, Leg, LegKind, OrderEvent, PaymentRef, Ticket, TicketLine,
};
use domain::seat_inventory::{ReleaseReason, SeatInventoryEvent, Stop};
use domain::stamp_card::StampCardEvent;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::coupons::CouponsProjection;
use projections::holds::HoldsProjection;
use projections::orders::OrdersProjection;
use projections::sales::SalesProjection;
use projections::stamps::StampsProjection;
use projections::{Projection, RebuildOutcome, Runner, RunnerConfig};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

fn runner(pool: &PgPool) -> (Arc<dyn EventStore>, Runner) {
    let store: Arc<dyn EventStore> = Arc::new(PgEventStore::new(pool.clone()));
    // Batches of 2: folds start from rows that earlier batches wrote.
    let config = RunnerConfig {
        batch_size: 2,
        max_backoff: Duration::from_millis(200),
        verify_interval: Duration::from_millis(100),
        // As the projector runs them: batches commit without waiting for the flush.
        durable: false,
    };
    (store.clone(), Runner::new(store, pool.clone(), config))
}

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap() + chrono::Duration::minutes(minutes)
}

/// Append `events` to `stream`, after `after` events; as `user` in the metadata.
async fn append<E: Serialize>(
    store: &dyn EventStore,
    stream: &str,
    after: u64,
    events: &[(&str, E)],
    user: Option<&str>,
) {
    let stream = StreamName::parse(stream.to_string()).unwrap();
    let expected = if after == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(after - 1) };
    let metadata = Metadata { user_id: user.map(str::to_string), occurred_at: at(0), ..Metadata::default() };
    let new = events.iter().map(|(t, e)| NewEvent::json(Uuid::new_v4(), t, e, metadata.clone()).unwrap()).collect();
    store.append(&stream, expected, new).await.unwrap();
}

async fn order_events(store: &dyn EventStore, order: Uuid, after: u64, events: Vec<OrderEvent>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::order::stream_name(order), after, &typed, Some("admin-1")).await;
}

/// Every row of `table`, as JSON, in `order`.
async fn table(pool: &PgPool, table: &str, order: &str) -> Vec<Value> {
    sqlx::query_scalar(&format!("select to_jsonb(t) from {table} t order by {order}")).fetch_all(pool).await.unwrap()
}

/// The projection's tables, each in a stable order.
async fn tables(pool: &PgPool, of: &[(&str, &str)]) -> Vec<Vec<Value>> {
    let mut all = Vec::new();
    for (name, order) in of {
        all.push(table(pool, name, order).await);
    }
    all
}

/// Catch up; then offer every event again (rows kept) and rebuild: the tables stay the same.
async fn assert_replayable(pool: &PgPool, runner: &Runner, p: &dyn Projection, of: &[(&str, &str)]) -> Vec<Vec<Value>> {
    runner.catch_up(p).await.unwrap();
    let first = tables(pool, of).await;
    assert!(first.iter().all(|t| !t.is_empty()), "every table has rows: {first:?}");

    sqlx::query("update projection_checkpoints set position = null where name = $1")
        .bind(p.name())
        .execute(pool)
        .await
        .unwrap();
    runner.catch_up(p).await.unwrap();
    assert_eq!(tables(pool, of).await, first, "{}: replaying every event again changes nothing", p.name());

    assert!(matches!(runner.rebuild(p).await.unwrap(), RebuildOutcome::Rebuilt { .. }));
    assert_eq!(tables(pool, of).await, first, "{}: a rebuild gives the same tables", p.name());
    first
}

mod coupons;
mod holds;
mod ksef;
mod orders;
mod sales;
mod stamps;
