//! # query-api
//!
//! The axum routes that read: search, lists, details and accounts from the read tables
//! the projections keep, plus plain CRUD of catalogue and content (not event-sourced).
//! Nothing here appends an event: there is no event store in [`QueryState`], and the
//! catalogue writes that open or change a course's seat inventory (saving and generating
//! courses) are the command API's (`command_api::catalogue`).
//! Lists follow the conventions of `DECISIONS.md` (`api_core::list`), errors the body of
//! `api_core::ApiError`, successes `{"data": …}` (`api_core::Data`).
//!
//! Areas, one module each: [`accounts`] (register, confirm, login, logout, passwords, my
//! account), [`booking`] (orders, tickets, coupons and stamps from the booking read
//! models), [`catalogue`] (stops, routes, prices, timetables, courses, search),
//! [`content`] (company settings, discounts, banners, menus, pages). [`openapi`] is this
//! API's part of the OpenAPI document, which the `app` crate merges and serves.

pub mod accounts;
pub mod booking;
pub mod catalogue;
pub mod content;
pub mod openapi;

use std::sync::Arc;

use api_core::mail::Mailer;
use axum::extract::FromRef;
use axum::Router;
use sqlx::PgPool;

/// What query handlers need.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
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
        .with_state(state)
}
