//! The admin's steps on a complaint, each an event of its own with who and when:
//! `POST /complaint/complaint/acknowledge` (still under consideration), `…/accept`,
//! `…/reject`, and `…/answer` with the final answer's text (e-mailed to the customer by
//! [`super::mails`]). The domain says which step the complaint's stage allows.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::Utc;
use domain::complaint::{self, AnswerComplaint, ComplaintEvent, RespondToComplaint, Response};
use event_store::Metadata;
use projections::complaints::ComplaintsProjection;
use projections::Projection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{refusal, stream, ComplaintAgg};
use crate::aggregate::{self, ExecuteError};
use crate::CommandState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ComplaintStepInput {
    /// The complaint.
    id: Uuid,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ComplaintAnswerInput {
    /// The complaint.
    id: Uuid,
    /// The final answer, as the customer will read it: 1 to 5000 characters.
    #[schema(max_length = 5000, min_length = 1)]
    text: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ComplaintStepped {
    pub id: Uuid,
    /// received, acknowledged, accepted, rejected or answered.
    pub state: &'static str,
}

/// Run `decide` on complaint `id` as `admin`; the complaint's stage after it.
async fn step(
    state: &CommandState,
    admin: Uuid,
    id: Uuid,
    decide: impl FnMut(&ComplaintAgg) -> Result<Vec<ComplaintEvent>, complaint::ComplaintError>,
) -> Result<Data<ComplaintStepped>, ApiError> {
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(id),
        user_id: Some(admin.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let stream = stream(id)?;
    let (_, after) =
        aggregate::execute::<ComplaintAgg, _, _>(state.store.as_ref(), &stream, Uuid::now_v7(), &metadata, decide)
            .await
            .map_err(|e| match e {
                ExecuteError::Refused(e) => refusal(e),
                ExecuteError::Store(e) => e.into(),
            })?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, ComplaintsProjection.name()).await?;
    let stage = after.filed().map(|f| f.stage().as_str()).unwrap_or("received");
    Ok(Data::new(ComplaintStepped { id, state: stage }))
}

async fn respond(
    state: &CommandState,
    admin: Uuid,
    id: Uuid,
    response: Response,
) -> Result<Data<ComplaintStepped>, ApiError> {
    let command = RespondToComplaint { complaint_id: id, response, by: admin, at: Utc::now() };
    step(state, admin, id, |c| complaint::decide_respond(&command, c)).await
}

/// `POST /complaint/complaint/acknowledge` (admin): tell the customer it is being considered.
#[utoipa::path(post, path = "/api/complaint/complaint/acknowledge", tag = "complaint", security(("bearer" = [])),
    request_body = ComplaintStepInput,
    responses((status = 200, description = "`{\"data\": ComplaintStepped}`", body = Data<ComplaintStepped>),
        (status = 403, description = "admins only"), (status = 404, description = "no such complaint"),
        (status = 409, description = "accepted, rejected or answered already")))]
pub async fn acknowledge(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<ComplaintStepInput>,
) -> Result<Data<ComplaintStepped>, ApiError> {
    respond(&state, admin.id, input.id, Response::UnderConsideration).await
}

/// `POST /complaint/complaint/accept` (admin).
#[utoipa::path(post, path = "/api/complaint/complaint/accept", tag = "complaint", security(("bearer" = [])),
    request_body = ComplaintStepInput,
    responses((status = 200, description = "`{\"data\": ComplaintStepped}`", body = Data<ComplaintStepped>),
        (status = 403, description = "admins only"), (status = 404, description = "no such complaint"),
        (status = 409, description = "rejected or answered already")))]
pub async fn accept(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<ComplaintStepInput>,
) -> Result<Data<ComplaintStepped>, ApiError> {
    respond(&state, admin.id, input.id, Response::Accepted).await
}

/// `POST /complaint/complaint/reject` (admin).
#[utoipa::path(post, path = "/api/complaint/complaint/reject", tag = "complaint", security(("bearer" = [])),
    request_body = ComplaintStepInput,
    responses((status = 200, description = "`{\"data\": ComplaintStepped}`", body = Data<ComplaintStepped>),
        (status = 403, description = "admins only"), (status = 404, description = "no such complaint"),
        (status = 409, description = "accepted or answered already")))]
pub async fn reject(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<ComplaintStepInput>,
) -> Result<Data<ComplaintStepped>, ApiError> {
    respond(&state, admin.id, input.id, Response::Rejected).await
}

/// `POST /complaint/complaint/answer` (admin): the final answer, e-mailed to the customer.
#[utoipa::path(post, path = "/api/complaint/complaint/answer", tag = "complaint", security(("bearer" = [])),
    request_body = ComplaintAnswerInput,
    responses((status = 200, description = "`{\"data\": ComplaintStepped}`", body = Data<ComplaintStepped>),
        (status = 403, description = "admins only"), (status = 404, description = "no such complaint"),
        (status = 409, description = "not accepted or rejected yet, or answered already"),
        (status = 422, description = "no text, or more than 5000 characters")))]
pub async fn answer(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<ComplaintAnswerInput>,
) -> Result<Data<ComplaintStepped>, ApiError> {
    let command = AnswerComplaint { complaint_id: input.id, text: input.text, by: admin.id, at: Utc::now() };
    step(&state, admin.id, input.id, |c| complaint::decide_answer(&command, c)).await
}
