//! The passenger's side of a disrupted course (public;
//! docs/disruptions.md, 'A long delay or a cancellation offers a choice'):
//! the offer behind the message's link, and the choice. The link's signed token names the
//! order and the course ([`ticket_token::TicketVerifier::verify_link`]) and is the only
//! authority asked for, as a ticket's code is for a return: a guest chooses with it too.
//! A forged, malformed or unknown token answers `404 disruption.link_invalid`, the same
//! for each, so a guess learns nothing.

use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use domain::order::ChosenBy;
use serde::Deserialize;
use uuid::Uuid;

use super::choose::choose;
use super::view::{self, DisruptionOffer};
use super::{load_course, load_order};
use crate::CommandState;

/// `POST /order/disruption/choose`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChooseInput {
    /// The token of the message's link.
    #[serde(default)]
    #[schema(max_length = 400)]
    pub token: String,
    /// `move` or `refund`.
    #[schema(value_type = super::admin::Choice, required = true)]
    pub choice: Option<super::admin::Choice>,
    /// The new course, for `move` (one of the offer's alternatives).
    pub to_course_id: Option<Uuid>,
}

fn link_invalid() -> ApiError {
    ApiError::NotFound("This link is not valid.".into()).with_code(api_core::codes::DISRUPTION_LINK_INVALID)
}

/// The order and course a token names, when it is genuine.
fn verify(state: &CommandState, token: &str) -> Result<(Uuid, Uuid), ApiError> {
    if token.len() > 400 {
        return Err(link_invalid());
    }
    state.tickets.verifier().verify_link(token).map_err(|_| link_invalid())
}

/// The offer of the order and course the token names.
async fn offer_of(state: &CommandState, order_id: Uuid, course_id: Uuid) -> Result<DisruptionOffer, ApiError> {
    let inventory = load_course(state, course_id).await?.ok_or_else(link_invalid)?;
    let order = load_order(state, order_id).await?.ok_or_else(link_invalid)?;
    view::offer(state, &order, &inventory).await?.ok_or_else(link_invalid)
}

#[utoipa::path(get, path = "/api/order/disruption/one", tag = "order",
    params(("token" = api_core::values::Text<400>, Query, description = "the token of the message's link")),
    responses((status = 200, description = "`{\"data\": DisruptionOffer}`", body = Data<DisruptionOffer>),
        (status = 404, description = "`disruption.link_invalid`: a forged, malformed or unknown token"),
        (status = 422, description = "no token")))]
pub async fn one(State(state): State<CommandState>, params: Params) -> Result<Data<DisruptionOffer>, ApiError> {
    let (order_id, course_id) = verify(&state, params.required("token")?)?;
    offer_of(&state, order_id, course_id).await.map(Data::new)
}

#[utoipa::path(post, path = "/api/order/disruption/choose", tag = "order", request_body = ChooseInput,
    responses((status = 200, description = "`{\"data\": DisruptionOffer}` after the choice", body = Data<DisruptionOffer>),
        (status = 404, description = "`disruption.link_invalid`"),
        (status = 409, description = "`disruption.already_chosen`, `disruption.choice_closed`, `disruption.no_choice`, `seats.not_enough`"),
        (status = 422, description = "`to_course_id` missing for a move, or not one of the alternatives")))]
pub async fn choose_by_link(
    State(state): State<CommandState>,
    AppJson(input): AppJson<ChooseInput>,
) -> Result<Data<DisruptionOffer>, ApiError> {
    let (order_id, course_id) = verify(&state, &input.token)?;
    // An unknown order or a course that is not disrupted: the link names nothing to choose.
    offer_of(&state, order_id, course_id).await?;
    let wanted = super::admin::wanted(input.choice, input.to_course_id)?;
    choose(&state, order_id, course_id, wanted, ChosenBy::Passenger, None).await?;
    offer_of(&state, order_id, course_id).await.map(Data::new)
}
