//! Seats: holding, confirming and releasing them on a course's inventory, through the
//! course's single writer ([`crate::writer`]), so concurrent orders for one course share
//! appends instead of racing for versions.

use std::sync::Arc;

use api_core::ApiError;
use domain::seat_inventory::{
    decide_confirm, decide_hold, decide_release, ConfirmHold, HoldError, HoldSeats, ReleaseSeats, SeatInventoryEvent,
};
use event_store::Metadata;
use uuid::Uuid;

use crate::aggregate::InventoryAgg;
use crate::booking::place::course_stream;
use crate::writer::StreamWriters;
use crate::CommandState;

/// The seat commands of one request or process step.
pub struct Holds {
    writers: Arc<StreamWriters<InventoryAgg>>,
    metadata: Metadata,
}

/// A seat command refused, before it is tied to a form field.
#[derive(Debug)]
pub struct HoldFailure(pub ApiError);

impl HoldFailure {
    /// The refusal as the answer of a form whose course field is `field`.
    pub fn for_field(self, field: &str) -> ApiError {
        self.0.on_field(field)
    }
}

impl std::fmt::Display for HoldFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Holds {
    pub fn new(state: &CommandState, metadata: Metadata) -> Self {
        Holds { writers: state.courses.clone(), metadata }
    }

    pub async fn hold(&self, cmd: HoldSeats) -> Result<Vec<SeatInventoryEvent>, HoldFailure> {
        let stream = course_stream(cmd.course_id).map_err(HoldFailure)?;
        let command_id = Uuid::new_v5(&cmd.hold_id, b"hold");
        self.writers
            .submit(
                stream,
                command_id,
                self.metadata.clone(),
                Box::new(move |s| decide_hold(&cmd, s).map_err(hold_error)),
            )
            .await
            .map_err(HoldFailure)
    }

    pub async fn confirm(&self, course_id: Uuid, cmd: ConfirmHold) -> Result<Vec<SeatInventoryEvent>, HoldFailure> {
        let stream = course_stream(course_id).map_err(HoldFailure)?;
        let command_id = Uuid::new_v5(&cmd.hold_id, b"confirm");
        self.writers
            .submit(
                stream,
                command_id,
                self.metadata.clone(),
                Box::new(move |s| decide_confirm(&cmd, s).map_err(hold_error)),
            )
            .await
            .map_err(HoldFailure)
    }

    pub async fn release(&self, course_id: Uuid, cmd: ReleaseSeats) -> Result<Vec<SeatInventoryEvent>, HoldFailure> {
        let stream = course_stream(course_id).map_err(HoldFailure)?;
        let command_id = Uuid::new_v5(&cmd.release_id, cmd.hold_id.as_bytes());
        self.writers
            .submit(
                stream,
                command_id,
                self.metadata.clone(),
                Box::new(move |s| decide_release(&cmd, s).map_err(hold_error)),
            )
            .await
            .map_err(HoldFailure)
    }
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
        HoldError::SaleClosed => ApiError::invalid_field("course", "Sales for this course have closed."),
        HoldError::NotOpened => ApiError::invalid_field("course", "This course is not on sale."),
        HoldError::UnknownStop(_) => ApiError::invalid_field("course", "The course does not stop there."),
        HoldError::WrongDirection => {
            ApiError::invalid_field("course", "The destination must come after the boarding stop.")
        }
        HoldError::NoSeatsRequested => {
            ApiError::invalid_field("tickets", "There should be at least one ticket in the order")
        }
        HoldError::HoldNotFound | HoldError::HoldReleased => {
            ApiError::Conflict("The seats of this reservation are no longer held.".into())
        }
    }
    .with_code(code)
}
