//! The catalogue's part of `/api/openapi.json` (merged with the other areas by
//! [`crate::openapi`]). The course writes (save, generate) are documented by the command
//! API, which serves them.

use utoipa::OpenApi;

use super::common::Deleted;
use super::course::Course;
use super::course_details::{CourseDetails, CourseDetailsInput};
use super::course_settings::{CourseSettings, CourseSettingsInput};
use super::route::{HomeRoute, Route, RouteInput, StopName};
use super::route_price::{RoutePrice, RoutePriceInput};
use super::route_waypoint::{RouteWaypoint, RouteWaypointInput};
use super::route_waypoint_details::{RouteWaypointDetails, RouteWaypointDetailsInput};
use super::search::{Connection, SearchInput, SearchResult, StopRef};
use super::waypoint::{Waypoint, WaypointInput, WaypointOption};
use super::{
    course, course_details, course_settings, route, route_price, route_waypoint, route_waypoint_details, search,
    waypoint,
};

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
        course::all, course::one,
        search::index,
    ),
    components(schemas(
        Deleted, Waypoint, WaypointInput, WaypointOption, Route, RouteInput, HomeRoute, StopName, RouteWaypoint,
        RouteWaypointInput, RouteWaypointDetails, RouteWaypointDetailsInput, RoutePrice, RoutePriceInput,
        CourseSettings, CourseSettingsInput, CourseDetails, CourseDetailsInput, Course, SearchInput, SearchResult,
        Connection, StopRef,
    )),
    tags(
        (name = "route", description = "Stops, routes, their stops, prices and timetables"),
        (name = "course", description = "Courses and their generation"),
        (name = "search", description = "Connections between two stops"),
    )
)]
pub struct CatalogueApi;

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
            "/api/course/course/all",
            "/api/search/search/index",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        // 34 before the course writes (`/course/course/save`, `/course/course/generate`)
        // moved to the command API, whose document now holds them.
        assert_eq!(doc.paths.paths.len(), 32, "every path of the catalogue, save counted once");
    }
}
