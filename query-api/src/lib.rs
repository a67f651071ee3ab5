//! # query-api
//!
//! The axum routes that read: search, lists, details and accounts from the read tables
//! the projections keep, plus plain CRUD of catalogue and content (not event-sourced).
//! Lists follow the conventions of `DECISIONS.md` (`page`, `per-page`, `sort`,
//! `filter[field][op]`), errors the body of `api_core::ApiError`.
//!
//! This crate holds the wiring ([`QueryState`], [`router`]); the catalogue, content and
//! account endpoints arrive with the catalogue issue.

use axum::Router;
use sqlx::PgPool;

/// What query handlers need.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
}

/// The query routes, to be nested under `/api`.
pub fn router(state: QueryState) -> Router {
    Router::new().with_state(state)
}
