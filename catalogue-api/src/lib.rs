//! # catalogue-api
//!
//! The catalogue and the site's content as plain CRUD tables (not event-sourced), and
//! the courses generated from the catalogue, whose seats are event-sourced:
//!
//! - [`catalogue`]: stops, routes, their stops and details, prices, timetables and their
//!   exceptions: each resource a declaration over the edge kit's one generic router
//!   (`api_core::resource`), plus what a resource really adds (the search dropdown of
//!   stops, the home page's routes, copying a timetable);
//! - [`content`]: company settings, discounts and where they apply, banners, menus and
//!   pages, with the HTML admins write sanitised; each a declaration too (banners and the
//!   company rows keep their own reads, which depend on who asks);
//! - [`course`]: the course list, and saving and generating courses. A course's seats
//!   are the seat inventory in the stream `course-{id}`: opening or changing it goes
//!   through the command side's one load-decide-append path (`command_api::aggregate`
//!   and the course streams' single writer), never a copy of it; the row's `seats`
//!   follow the stream through the `course_seats` projection.
//!
//! Reads are public unless a handler says otherwise; writes need a `SuperAdmin`.
//! Two routers, because the process roles serve them apart: [`router`] (the CRUD and the
//! course reads, over a [`CatalogueState`]) and [`course_router`] (the course writes,
//! over the command API's state, served where the commands are). [`openapi::document`]
//! is this crate's part of the OpenAPI document, which the `app` crate merges.

pub mod catalogue;
pub mod content;
pub mod course;
pub mod openapi;

use axum::extract::FromRef;
use axum::Router;
use command_api::CommandState;
use sqlx::PgPool;

/// What the CRUD handlers need: the database.
#[derive(Clone)]
pub struct CatalogueState {
    pub pool: PgPool,
}

impl FromRef<CatalogueState> for PgPool {
    fn from_ref(state: &CatalogueState) -> PgPool {
        state.pool.clone()
    }
}

/// The catalogue and content routes and the course reads, to be nested under `/api`.
pub fn router(state: CatalogueState) -> Router {
    Router::new()
        .merge(catalogue::router())
        .merge(content::router())
        .merge(course::list::router())
        .merge(course::preview::router())
        .with_state(state)
}

/// The course writes (save, generate), to be nested under `/api` where the command API
/// is served.
pub fn course_router(commands: CommandState) -> Router {
    course::router().with_state(commands)
}
