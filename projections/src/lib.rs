//! # projections
//!
//! Read models follow the event store: a [`Projection`] turns batches of events into rows
//! of PostgreSQL read tables, and the [`Runner`] feeds it.
//!
//! The guarantees, and how they are kept:
//! - **Checkpoint and rows commit together.** Each batch is applied in one transaction
//!   that also moves the projection's row in `projection_checkpoints`. A crash anywhere
//!   in a batch rolls back both, so the read table never runs ahead of or behind its
//!   checkpoint.
//! - **At least once, in order.** After a restart (or an error) the runner resubscribes
//!   from the stored checkpoint, so an event may be offered again only if its batch did
//!   not commit. Handlers are written to be idempotent anyway (upserts guarded by
//!   position), so replaying is harmless.
//! - **One active runner per projection.** A runner holds a PostgreSQL advisory lock for
//!   its projection on a connection of its own; other processes started with the
//!   projector role wait as hot standbys and take over when it goes away.
//! - **Disposable read models.** [`Runner::rebuild`] empties a projection's tables and
//!   its checkpoint in one transaction and replays every event.
//! - **Visible lag.** [`status`] reports, per projection, the events and seconds it is
//!   behind the store, for `/metrics` and `/status/projections`.

pub mod availability;
mod checkpoint;
pub mod complaints;
pub mod coupons;
pub mod course_seats;
pub mod holds;
pub mod invoices;
pub mod ksef;
pub mod ksef_deadlines;
pub mod ksef_outages;
pub mod ksef_sender;
pub mod orders;
mod rows;
mod runner;
pub mod sales;
pub mod scrub;
pub mod stamps;
mod status;
pub mod streams;
pub mod till;
pub mod timeline;
pub mod whose;

use async_trait::async_trait;
use event_store::{RecordedEvent, StoreError, SubscriptionFilter};
use sqlx::PgConnection;

pub use checkpoint::{reached, wait_until_reached};
pub use runner::{RebuildOutcome, Runner, RunnerConfig, Work};
pub use status::{status, ProjectionStatus};

/// Every read model this product runs, each once: what the projector leads, what a rebuild
/// may name, what the orders benchmark catches up.
pub fn all() -> Vec<std::sync::Arc<dyn Projection>> {
    use std::sync::Arc;
    vec![
        Arc::new(streams::StreamsProjection),
        Arc::new(availability::AvailabilityProjection),
        Arc::new(course_seats::CourseSeatsProjection),
        Arc::new(orders::OrdersProjection),
        Arc::new(coupons::CouponsProjection),
        Arc::new(stamps::StampsProjection),
        Arc::new(holds::HoldsProjection),
        Arc::new(invoices::InvoicesProjection),
        Arc::new(ksef::KsefProjection),
        Arc::new(timeline::OrderTimelineProjection),
        Arc::new(complaints::ComplaintsProjection),
        Arc::new(sales::SalesProjection),
        Arc::new(till::TillProjection),
    ]
}

/// A read model built from events.
#[async_trait]
pub trait Projection: Send + Sync + 'static {
    /// A stable, unique name: the key of its checkpoint.
    fn name(&self) -> &'static str;

    /// The events it needs; everything by default.
    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::All
    }

    /// Apply a batch of events, in order, inside the runner's transaction. Must be
    /// idempotent: a batch whose transaction did not commit is offered again.
    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError>;

    /// Remove every row this projection wrote (for a rebuild), inside the runner's
    /// transaction.
    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError>;
}

/// Why a batch could not be applied.
#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The handler refused an event (a bug or an unknown event version).
    #[error("projection {projection} failed: {reason}")]
    Handler { projection: &'static str, reason: String },
    /// Another process moved the checkpoint (a rebuild): start again from the stored one.
    #[error("the checkpoint was moved by another process")]
    CheckpointMoved,
    /// No projection of that name is registered.
    #[error("unknown projection {0}")]
    Unknown(String),
}
