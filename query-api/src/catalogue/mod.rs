//! The catalogue: stops, routes, their stops, prices and timetables, the courses
//! generated from them, and the search for connections.
//!
//! Plain CRUD over the catalogue tables (`schema/migrations/0020_catalogue.sql`). Where
//! the catalogue meets the event store, the writes are the command API's: saving and
//! generating courses open or change their seat inventories (the streams `course-{id}`,
//! `command_api::catalogue::course`); here the courses are only listed ([`course`]), and
//! the search reads the seats left from the `availability` read model (see [`search`]).
//!
//! Who may do what: every read here is public (the stops, routes, prices, timetables and
//! courses are what the site shows to guests); every write needs a `SuperAdmin`
//! (`AdminUser`: `401` without a token, `403` for anyone else). The search is public.
//!
//! One file per resource: [`waypoint`], [`route`] (and the home page's routes),
//! [`route_waypoint`], [`route_waypoint_details`], [`route_price`], [`course_settings`]
//! (timetables), [`course_details`] (their exceptions), [`course`], [`search`]. What they
//! share ([`common`]: the request's fields and parameters, constraint answers, Warsaw
//! time) is public because the command API's course writes read their requests the same way.

pub mod common;
pub mod course;
pub mod course_details;
pub mod course_settings;
pub mod openapi;
pub mod route;
pub mod route_price;
pub mod route_waypoint;
pub mod route_waypoint_details;
pub mod search;
pub mod waypoint;

use axum::Router;

use crate::QueryState;

pub fn router() -> Router<QueryState> {
    Router::new()
        .merge(waypoint::router())
        .merge(route::router())
        .merge(route_waypoint::router())
        .merge(route_waypoint_details::router())
        .merge(route_price::router())
        .merge(course_settings::router())
        .merge(course_details::router())
        .merge(course::router())
        .merge(search::router())
}
