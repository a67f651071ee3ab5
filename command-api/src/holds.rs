//! Seats: holding, confirming and releasing them on a course's inventory, through the
//! course's single writer ([`crate::writer`]), so concurrent orders for one course share
//! appends instead of racing for versions. They answer the domain's refusal
//! ([`SeatError`]); the handlers turn it into an answer.

use std::sync::Arc;

use api_core::ApiError;
use domain::ids::{confirm_command_id, hold_command_id, release_command_id};
use domain::seat_inventory::{
    decide_confirm, decide_hold, decide_release, ConfirmHold, HoldError, HoldSeats, ReleaseSeats, SeatInventoryEvent,
};
use event_store::{Metadata, StreamName};
use uuid::Uuid;

use crate::aggregate::{stream_of, InventoryAgg};
use crate::writer::{StreamWriters, WriteError, WriterFailure};
use crate::CommandState;

/// The seat commands of one request or process step.
pub struct Holds {
    writers: Arc<StreamWriters<InventoryAgg>>,
    metadata: Metadata,
}

/// Why a seat command appended nothing: the inventory refused it ([`HoldError`]), or the
/// writer failed. Processes log it; a handler makes it an answer ([`SeatError::for_field`]).
pub type SeatError = WriteError<HoldError>;

impl WriteError<HoldError> {
    /// The answer of a form whose course field is `field`: the inventory's refusal as
    /// [`hold_error`] reads it, tied to that field.
    pub fn for_field(self, field: &str) -> ApiError {
        self.into_api(hold_error).on_field(field)
    }
}

impl Holds {
    pub fn new(state: &CommandState, metadata: Metadata) -> Self {
        Holds { writers: state.courses.clone(), metadata }
    }

    pub async fn hold(&self, cmd: HoldSeats) -> Result<Vec<SeatInventoryEvent>, SeatError> {
        let stream = stream(cmd.course_id)?;
        let command_id = hold_command_id(cmd.hold_id);
        self.writers.submit(stream, command_id, self.metadata.clone(), Box::new(move |s| decide_hold(&cmd, s))).await
    }

    pub async fn confirm(&self, course_id: Uuid, cmd: ConfirmHold) -> Result<Vec<SeatInventoryEvent>, SeatError> {
        let stream = stream(course_id)?;
        let command_id = confirm_command_id(cmd.hold_id);
        self.writers.submit(stream, command_id, self.metadata.clone(), Box::new(move |s| decide_confirm(&cmd, s))).await
    }

    pub async fn release(&self, course_id: Uuid, cmd: ReleaseSeats) -> Result<Vec<SeatInventoryEvent>, SeatError> {
        let stream = stream(course_id)?;
        let command_id = release_command_id(cmd.release_id, cmd.hold_id);
        self.writers.submit(stream, command_id, self.metadata.clone(), Box::new(move |s| decide_release(&cmd, s))).await
    }
}

/// The stream of a course (a name the store refuses is a writer failure: our bug).
fn stream(course_id: Uuid) -> Result<StreamName, SeatError> {
    stream_of::<InventoryAgg>(&course_id).map_err(|e| WriterFailure::Store(Arc::new(e)).into())
}

/// A refusal of the inventory as an answer.
pub fn hold_error(e: HoldError) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        HoldError::NotEnoughSeats { available } => ApiError::Conflict(if available == 0 {
            "There are no seats left on this course.".into()
        } else {
            format!("Only {available} seats are left on this course.")
        }),
        HoldError::SaleClosed => ApiError::invalid_field("course", code, "Sales for this course have closed."),
        HoldError::CourseCancelled => ApiError::invalid_field("course", code, "This course was cancelled."),
        HoldError::NotOpened => ApiError::invalid_field("course", code, "This course is not on sale."),
        HoldError::UnknownStop(_) => ApiError::invalid_field("course", code, "The course does not stop there."),
        HoldError::WrongDirection => {
            ApiError::invalid_field("course", code, "The destination must come after the boarding stop.")
        }
        HoldError::NoSeatsRequested => {
            ApiError::invalid_field("tickets", code, "There should be at least one ticket in the order")
        }
        HoldError::HoldNotFound | HoldError::HoldReleased => {
            ApiError::Conflict("The seats of this reservation are no longer held.".into())
        }
    }
    .with_code(code)
}
