//! The catalogue: stops, routes, their stops, prices and timetables (the courses are
//! [`crate::course`]; the search is the query API's).
//!
//! Plain CRUD over the catalogue tables (`schema/migrations/0020_catalogue.sql`), each
//! resource declared once over the edge kit's generic router (`api_core::resource`).
//!
//! Who may do what: every read here is public (the stops, routes, prices and timetables
//! are what the site shows to guests); every write needs a `SuperAdmin` (`AdminUser`:
//! `401` without a token, `403` for anyone else).
//!
//! One file per resource: [`waypoint`], [`route`] (and the home page's routes),
//! [`route_waypoint`], [`route_waypoint_details`], [`route_price`], [`course_settings`]
//! (timetables), [`course_details`] (their exceptions).

pub mod course_details;
pub mod course_settings;
pub mod openapi;
pub mod route;
pub mod route_price;
pub mod route_waypoint;
pub mod route_waypoint_details;
pub mod waypoint;

use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .merge(waypoint::router())
        .merge(route::router())
        .merge(route_waypoint::router())
        .merge(route_waypoint_details::router())
        .merge(route_price::router())
        .merge(course_settings::router())
        .merge(course_details::router())
}
