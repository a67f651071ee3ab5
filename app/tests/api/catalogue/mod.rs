//! The course writes through HTTP (saving and generating courses, each with its
//! seat-inventory stream), with the catalogue they need: served by the command API since
//! they append to the event store, while the stops, routes and timetables they read are
//! the query API's, so these tests run both, as the application mounts them.

mod course_seats;
mod courses;
mod flaky_store;
mod generate;
mod helpers;
mod route_lists;
mod route_names;
mod support;
