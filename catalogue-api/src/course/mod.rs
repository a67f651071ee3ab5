//! `/course/course`: the courses (one departure of a route, with its seats): listed
//! ([`list`]), saved one by one ([`save`]) or generated from the timetables
//! ([`generate`], which [`plan`]s them, and [`preview`] shows beforehand). [`list::Course`] is also the answer of a save.
//!
//! A course is where the catalogue meets the event store: its seats are the
//! event-sourced seat inventory in the stream `course-{id}` ([`inventory`]). The row is
//! written first and the stream opened second; `inventory_opened_at` is set only once
//! the stream exists, so a row never claims an inventory it does not have, and a failed
//! append is repaired by the next generate (or save) of that route's courses. Courses
//! without an inventory are not offered by the search.
//!
//! Every write needs a `SuperAdmin`.

pub mod generate;
pub mod inventory;
pub mod list;
mod plan;
pub mod preview;
pub mod save;

use axum::routing::post;
use axum::Router;

use command_api::CommandState;

pub fn router() -> Router<CommandState> {
    Router::new()
        .route("/course/course/save", post(save::create).put(save::update))
        .route("/course/course/generate", post(generate::generate))
}
