//! The catalogue's part of `/api/openapi.json` (merged with the other areas by
//! [`crate::openapi`]).

use utoipa::OpenApi;

use super::course_details::{CourseDetails, CourseDetailsInput};
use super::course_settings::{CourseSettings, CourseSettingsInput};
use super::route::{HomeRoute, Route, RouteInput, StopName};
use super::route_price::{RoutePrice, RoutePriceInput};
use super::route_waypoint::{RouteWaypoint, RouteWaypointInput};
use super::route_waypoint_details::{RouteWaypointDetails, RouteWaypointDetailsInput};
use super::waypoint::{Waypoint, WaypointInput, WaypointOption};
use super::{course_details, course_settings, route, route_price, route_waypoint, route_waypoint_details, waypoint};
use api_core::resource::Deleted;

/// Stops, routes, prices, timetables, courses and the search.
#[derive(OpenApi)]
#[openapi(
    paths(
        waypoint::all, waypoint::one, waypoint::create, waypoint::update, waypoint::search_dropdown,
        route::all, route::one, route::create, route::update, route::home_routes,
        route_waypoint::all, route_waypoint::one, route_waypoint::create, route_waypoint::update,
        route_waypoint::remove,
        route_waypoint_details::all, route_waypoint_details::one, route_waypoint_details::create,
        route_waypoint_details::update, route_waypoint_details::remove,
        route_price::all, route_price::one, route_price::create, route_price::update, route_price::remove,
        course_settings::all, course_settings::one, course_settings::create, course_settings::update,
        course_settings::duplicate, course_settings::remove,
        course_details::all, course_details::one, course_details::create, course_details::update,
        course_details::remove,
    ),
    components(schemas(
        Deleted, Waypoint, WaypointInput, WaypointOption, Route, RouteInput, HomeRoute, StopName, RouteWaypoint,
        RouteWaypointInput, RouteWaypointDetails, RouteWaypointDetailsInput, RoutePrice, RoutePriceInput,
        CourseSettings, CourseSettingsInput, CourseDetails, CourseDetailsInput,
    )),
    tags(
        (name = "route", description = "Stops, routes, their stops, prices and timetables"),
    )
)]
pub struct CatalogueApi;

/// The catalogue's paths and schemas.
pub fn document() -> utoipa::openapi::OpenApi {
    CatalogueApi::openapi()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_path_is_documented() {
        let doc = CatalogueApi::openapi();
        for path in [
            "/api/route/waypoint/search-dropdown",
            "/api/route/route/home-routes",
            "/api/route/route-course-settings/duplicate",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        // 34 before the course writes (`/course/course/save`, `/course/course/generate`)
        // moved to the command API; 29 since the course list (`all`, `one`) joined the
        // course writes in `crate::course` (checked in `crate::openapi`) and the search
        // stayed in the query API (checked there).
        assert_eq!(doc.paths.paths.len(), 29, "every path of the catalogue, save counted once");
    }
}
