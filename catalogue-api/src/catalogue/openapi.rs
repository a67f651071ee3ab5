//! The catalogue's part of `/api/openapi.json` (merged with the other areas by
//! [`crate::openapi`]).

use utoipa::OpenApi;

use api_core::resource::openapi::paths;
use api_core::resource::Deleted;

use super::course_details::CourseDetailsResource;
use super::course_settings::{self, CourseSettings, Timetables};
use super::route::{self, HomeRoute, Routes, StopName};
use super::route_price::RoutePrices;
use super::route_waypoint::RouteWaypoints;
use super::route_waypoint_details::RouteWaypointDetailsResource;
use super::waypoint::{self, WaypointOption, Waypoints};

/// What the declared resources do not write themselves: their extra routes.
#[derive(OpenApi)]
#[openapi(
    paths(
        waypoint::search_dropdown,
        route::home_routes,
        course_settings::duplicate,
    ),
    components(schemas(Deleted, WaypointOption, HomeRoute, StopName, CourseSettings)),
    tags(
        (name = "route", description = "Stops, routes, their stops, prices and timetables"),
    )
)]
pub struct CatalogueApi;

/// The catalogue's paths and schemas: the declared resources' (written from their
/// declarations) and the rest.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = CatalogueApi::openapi();
    doc.merge(paths::<Waypoints>());
    doc.merge(paths::<Routes>());
    doc.merge(paths::<RouteWaypoints>());
    doc.merge(paths::<RouteWaypointDetailsResource>());
    doc.merge(paths::<RoutePrices>());
    doc.merge(paths::<CourseDetailsResource>());
    doc.merge(paths::<Timetables>());
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_path_is_documented() {
        let doc = document();
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
