//! The catalogue endpoints through HTTP: stops, routes, their stops, details and prices,
//! timetables and their exceptions. (The courses' saves and generation, which open their
//! seat-inventory streams through the command side, need the whole application: their
//! tests, with the course list, are in `app/tests/api/catalogue`; the search's are the
//! query API's.)

mod course_details;
mod course_settings;
mod price_grid;
mod prices;
mod route_waypoint_details;
mod route_waypoints;
mod routes;
mod stop_list;
mod support;
mod waypoints;
