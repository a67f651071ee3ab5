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
//! (timetables), [`course_details`] (their exceptions); and the two writes of a whole
//! list at once that the route editor uses, [`route_stop_list`] (a route's stops) and
//! [`route_price_grid`] (its prices), each one transaction.

pub mod course_details;
pub mod course_settings;
pub mod openapi;
pub mod route;
pub mod route_price;
pub mod route_price_grid;
pub mod route_remove;
pub mod route_stop_list;
pub mod route_waypoint;
pub mod route_waypoint_details;
pub mod waypoint;

use axum::routing::put;
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .merge(waypoint::router())
        .merge(route::router())
        .merge(api_core::resource::routes::<route_waypoint::RouteWaypoints, _>())
        .route("/route/route-waypoint/save-list", put(route_stop_list::save_list))
        .merge(api_core::resource::routes::<route_waypoint_details::RouteWaypointDetailsResource, _>())
        .merge(api_core::resource::routes::<route_price::RoutePrices, _>())
        .route("/route/route-price/save-grid", put(route_price_grid::save_grid))
        .merge(course_settings::router())
        .merge(api_core::resource::routes::<course_details::CourseDetailsResource, _>())
}

/// Whether `table` has a row `id` (a reference checked before a save, so the answer
/// names the field rather than a constraint).
async fn exists(conn: &mut sqlx::PgConnection, table: &str, id: i64) -> Result<bool, api_core::ApiError> {
    Ok(sqlx::query_scalar(&format!("select exists (select 1 from {table} where id = $1)"))
        .bind(id)
        .fetch_one(conn)
        .await?)
}
