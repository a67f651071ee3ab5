//! # query-api
//!
//! The axum routes that read: search, lists, details and accounts from the read tables
//! the projections keep, plus plain CRUD of catalogue and content (not event-sourced).
//! Lists follow the conventions of `DECISIONS.md` (`api_core::list`), errors the body of
//! `api_core::ApiError`, successes `{"data": …}` (`api_core::Data`).
//!
//! Areas, one module each: [`accounts`] (register, confirm, login, logout, passwords, my
//! account), [`booking`] (orders, tickets, coupons and stamps from the booking read
//! models), [`catalogue`] (stops, routes, prices, timetables, courses, search),
//! [`content`] (company settings, discounts, banners, menus, pages).

pub mod accounts;
pub mod booking;
pub mod catalogue;
pub mod content;
pub mod openapi;

use std::sync::Arc;

use api_core::mail::Mailer;
use axum::extract::FromRef;
use axum::Router;
use event_store::EventStore;
use sqlx::PgPool;

/// What query handlers need.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
    /// For the few catalogue writes that open event streams (a new course's seats).
    pub store: Arc<dyn EventStore>,
    pub mailer: Arc<dyn Mailer>,
    /// The site's address, for links in e-mails (e.g. `http://127.0.0.1:8080`).
    pub public_url: String,
}

impl FromRef<QueryState> for PgPool {
    fn from_ref(state: &QueryState) -> PgPool {
        state.pool.clone()
    }
}

/// The query routes, to be nested under `/api`.
pub fn router(state: QueryState) -> Router {
    Router::new()
        .merge(accounts::router())
        .merge(booking::router())
        .merge(catalogue::router())
        .merge(content::router())
        .merge(openapi::router())
        .with_state(state)
}
