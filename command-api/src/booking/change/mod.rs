//! `POST /order/order/change-course`: move a ticket to another course of the same route
//! and stops (once per ticket, until the cutoff before departure).
//!
//! A process over two streams, with a durable record of its steps (`course_changes`,
//! [`crate::processes::course_changes`]) so that one interrupted by a crash finishes or
//! undoes itself when the next process starts:
//!
//! | step | what it takes | given back (refusal, or the sweep when the order did not record it) |
//! | --- | --- | --- |
//! | 0. the record | the ticket, for this change only | closed |
//! | 1. a seat on the new course (hold named by the record) | one seat | released (`change_undo_id`) |
//! | 2. a dearer course: the difference's payment registered (session `{order}-c{n}`, named by the record) | nothing yet | never paid: the session is not the order's |
//! | 3. the order records the change | the change | — (the order is the arbiter) |
//! | 4. the old seat back, the new one confirmed (`course_changed_release_id`, as the reactions) | — | — |
//!
//! A dearer course's difference is paid like a new payment
//! (docs/returns.md, 'A dearer course is paid first'): the order records
//! `TicketChangeRequested` and the answer says where to pay and until when. The ticket
//! moves (and the old seat goes back) only when the payment's notification arrives
//! ([`crate::payments`]); when the payment time runs out the change is dropped and the new
//! seat released ([`crate::processes::expiry`]).

mod leg;
mod steps;

use api_core::auth::MaybeUser;
use api_core::values::{Sent, TicketNumber};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::Utc;
use domain::money::format_pln;
use domain::order::ChangeTicketCourseError;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::returns::access_error;
use crate::CommandState;

pub(crate) use leg::move_leg;
pub(crate) use steps::change_ticket;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChangeInput {
    /// The ticket's number (required; blanks are refused).
    #[schema(inline, required = true)]
    #[serde(default)]
    number: Sent<TicketNumber>,
    #[serde(default)]
    code: Option<String>,
    /// The course to move to (required).
    #[schema(value_type = Uuid, required = true)]
    course_id: Option<Uuid>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Changed {
    pub number: String,
    pub course_id: Uuid,
    pub departure_at: chrono::DateTime<Utc>,
    /// The new price less the old: refunded when negative, to pay first when positive.
    pub price_difference: i64,
    pub price_difference_formatted: String,
    /// `changed` (the ticket is on the new course), or `awaiting_payment` (a dearer
    /// course: the ticket moves once the difference is paid at `payment_url`).
    pub status: String,
    /// Where to pay the difference of a dearer course.
    pub payment_url: Option<String>,
    /// Until when the new seat waits for the payment.
    pub pay_by: Option<chrono::DateTime<Utc>>,
}

#[utoipa::path(post, path = "/api/order/order/change-course", tag = "order", security((), ("bearer" = [])), request_body = ChangeInput,
    responses((status = 200, description = "`{\"data\": Changed}`", body = Data<Changed>),
        (status = 403, description = "someone else's ticket"), (status = 404, description = "no such ticket or course"), (status = 409, description = "changed already (or a change waits for its payment), returned, used, or no seats"), (status = 503, description = "the payment gateway cannot be reached (a dearer course)"), (status = 422, description = "another route or stops, or after the cutoff")))]
pub async fn change_course(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    AppJson(input): AppJson<ChangeInput>,
) -> Result<Data<Changed>, ApiError> {
    let number = crate::booking::ticket_number::required(&input.number, "number")?;
    let new_course = input
        .course_id
        .ok_or_else(|| ApiError::refusal_on("course_id", api_core::codes::FIELD_BLANK, "Please choose a course."))?;
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    steps::change_ticket(&state, user.as_ref(), number, code, new_course).await.map(Data::new)
}

pub(super) fn change_error(e: ChangeTicketCourseError, cutoff: u32) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    let params = domain::ErrorCode::params(&e);
    match e {
        ChangeTicketCourseError::NotFound | ChangeTicketCourseError::TicketNotFound => {
            ApiError::NotFound("There is no ticket with this number.".into())
        }
        ChangeTicketCourseError::Denied(e) => access_error(e),
        ChangeTicketCourseError::AlreadyChanged => {
            ApiError::Conflict("The course of this ticket was changed already; it can be changed once.".into())
        }
        ChangeTicketCourseError::TicketReturned => ApiError::Conflict("This ticket was returned.".into()),
        ChangeTicketCourseError::Used => {
            ApiError::Conflict("This ticket was used: a passenger boarded with it.".into())
        }
        ChangeTicketCourseError::NotPaid => ApiError::Conflict("Only tickets of a paid order can be changed.".into()),
        ChangeTicketCourseError::SameCourse => {
            ApiError::invalid_field("course_id", code, "The ticket is for this course already.")
        }
        ChangeTicketCourseError::DifferentRoute | ChangeTicketCourseError::DifferentStops => {
            ApiError::invalid_field("course_id", code, "Choose a course of the same route between the same stops.")
        }
        ChangeTicketCourseError::TooLate(_) => ApiError::invalid_field(
            "number",
            code,
            &format!("A course can be changed until {cutoff} minutes before departure."),
        ),
        ChangeTicketCourseError::CostsMore(difference) => ApiError::Conflict(format!(
            "This course costs {} more: the difference is paid first.",
            format_pln(difference)
        )),
        ChangeTicketCourseError::ChangePending => {
            ApiError::Conflict("A change of this ticket waits for its payment.".into())
        }
    }
    .with_code(code)
    .with_params(params)
}
