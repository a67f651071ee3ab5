//! `/course/course`: the courses (one departure of a route, with its seats): listed
//! ([`list`]), saved one by one ([`save`]) or generated from the timetables
//! ([`generate`], which [`plan`]s them, and [`preview`] shows beforehand). [`list::Course`] is also the answer of a save.
//!
//! A course is where the catalogue meets the event store: its seats are the
//! event-sourced seat inventory in the stream `course-{id}` ([`inventory`]), and once it
//! is open the row's `seats` follow that stream through the `course_seats` projection
//! (never written here, so no crash can leave the two apart for good). The row is
//! written first and the stream opened second; `inventory_opened_at` is set only once
//! the stream exists, so a row never claims an inventory it does not have, and a failed
//! append (or a crash) is repaired by the next generate (or save) of that route's
//! courses, and without either by the [`recovery`] sweep. Courses without an inventory
//! are not offered by the search.
//!
//! Every write needs a `SuperAdmin`.

mod follow;
pub mod generate;
pub mod inventory;
pub mod list;
mod plan;
pub mod preview;
pub mod recovery;
pub mod save;
pub mod save_process;

use axum::routing::post;
use axum::Router;

use command_api::CommandState;

pub fn router() -> Router<CommandState> {
    Router::new()
        .route("/course/course/save", post(save::create).put(save::update))
        .route("/course/course/generate", post(generate::generate))
}
