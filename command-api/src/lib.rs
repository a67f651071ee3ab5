//! # command-api
//!
//! The axum routes that change state. Each command loads its aggregate from its stream,
//! lets the pure `domain` decide, and appends the resulting events with the expected
//! version it read (a lost race answers `409`). Process managers that span streams
//! (placing an order: hold seats, spend a coupon, record the order) live here too, as
//! steps with compensation, never one transaction across streams.
//!
//! This crate holds the wiring the booking commands plug into: [`CommandState`] (the
//! event store and the pool) and [`router`]. The booking commands themselves (place,
//! cancel, return, change course, payment notifications) arrive with the booking issue.

use std::sync::Arc;

use axum::Router;
use event_store::EventStore;
use sqlx::PgPool;

/// What command handlers need.
#[derive(Clone)]
pub struct CommandState {
    pub store: Arc<dyn EventStore>,
    pub pool: PgPool,
}

/// The command routes, to be nested under `/api`.
pub fn router(state: CommandState) -> Router {
    Router::new().with_state(state)
}
