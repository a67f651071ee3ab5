//! The catalogue's writes that reach the event store. The catalogue is plain CRUD (the
//! query API serves it), except for courses: a course's seats are the event-sourced seat
//! inventory in the stream `course-{id}`, so saving and generating courses live here,
//! where every seat-inventory write goes through the command side's one path
//! ([`crate::aggregate`], [`crate::writer`]).

pub mod course;

use axum::Router;

use crate::CommandState;

/// The catalogue's command routes.
pub fn router() -> Router<CommandState> {
    course::router()
}
