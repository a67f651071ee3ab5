//! The catalogue endpoints through HTTP: stops, routes, their stops, details and prices,
//! timetables and their exceptions, courses (and their seat-inventory streams), search.

mod course_details;
mod course_settings;
mod courses;
mod flaky_store;
mod generate;
mod prices;
mod route_waypoint_details;
mod route_waypoints;
mod routes;
mod search;
mod support;
mod waypoints;
