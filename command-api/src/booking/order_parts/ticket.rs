//! `PUT /order/ticket/save?id=`: change one ticket's course or return it.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, FieldError, Params};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::super::change::{change_ticket, Changed};
use super::super::returns::{return_one, Returned};
use super::{id_param, reason};
use crate::CommandState;

/// `PUT /order/ticket/save?id=`: a change of course or a return.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TicketSaveInput {
    /// Move the ticket to this course.
    #[serde(default)]
    pub course_id: Option<Uuid>,
    /// `returned`: return the ticket.
    #[serde(default)]
    pub status: Option<TicketStatusInput>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub reason: api_core::values::Sent<api_core::values::Text<500>>,
}

/// The status a ticket save sets: only `returned` (a return).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TicketStatusInput {
    Returned,
}

/// What a ticket save did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum TicketSaved {
    Changed(Changed),
    Returned(Returned),
}

/// Change a ticket's course or return it, on the customer's behalf (admin).
#[utoipa::path(put, path = "/api/order/ticket/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the ticket")),
    request_body = TicketSaveInput,
    responses((status = 200, description = "`{\"data\": Changed | Returned}`", body = Data<TicketSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket or course"),
        (status = 409, description = "returned or changed already, not paid, the course costs more, or no seats"),
        (status = 422, description = "neither or both of course_id and status, another route, after the cutoff, no reason, or id is not a UUID")))]
pub async fn save_ticket(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<TicketSaveInput>,
) -> Result<Data<TicketSaved>, ApiError> {
    let ticket_id = id_param(&params, "a ticket id")?;
    reason(&input.reason)?;
    let number: Option<String> = sqlx::query_scalar("select number from rm_tickets where ticket_id = $1")
        .bind(ticket_id)
        .fetch_optional(&state.pool)
        .await?;
    let number = number.ok_or_else(|| ApiError::NotFound("There is no such ticket.".into()))?;
    match (input.course_id, input.status) {
        (Some(course_id), None) => change_ticket(&state, Some(&admin), number, None, course_id)
            .await
            .map(|c| Data::new(TicketSaved::Changed(c))),
        (None, Some(TicketStatusInput::Returned)) => {
            return_one(&state, Some(&admin), number, None).await.map(|r| Data::new(TicketSaved::Returned(r)))
        }
        _ => Err(ApiError::Validation {
            message: "Say what to change: a course_id, or status \"returned\".".into(),
            errors: vec![FieldError::new(
                "course_id",
                api_core::codes::FIELD_INVALID,
                "Give a course_id or status \"returned\", not both.",
            )],
        }),
    }
}
