//! The catalogue endpoints through HTTP: stops, routes, their stops, details and prices,
//! timetables and their exceptions, search. (The courses' saves and generation, which
//! open their seat-inventory streams, are the command API's: their tests, with the
//! course list, are in `app/tests/api/catalogue`.)

mod course_details;
mod course_settings;
mod prices;
mod route_waypoint_details;
mod route_waypoints;
mod routes;
mod search;
mod support;
mod waypoints;
