//! The passenger's side of a disrupted course (public;
//! docs/disruptions.md, 'A long delay or a cancellation offers a choice'):
//! the choice behind the message's link (the offer itself is read on the query side,
//! `query_api::booking::course_disruption::offer`, and the choice answers with it). The link's signed token names the
//! order and the course ([`ticket_token::TicketVerifier::verify_link`]) and is the only
//! authority asked for, as a ticket's code is for a return: a guest chooses with it too.
//! A forged, malformed or unknown token answers `404 disruption.link_invalid`, the same
//! for each, so a guess learns nothing.

use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::Utc;
use domain::order::{disruption_view, ChosenBy};
use query_api::booking::course_disruption::offer::{link_invalid, offer, verify};
use query_api::booking::course_disruption::{DisruptedCourse, DisruptionOffer};
use serde::Deserialize;
use uuid::Uuid;

use super::choose::choose;
use super::{course_disruption, load_course, load_order};
use crate::streams::order_stream;
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

/// The disrupted course the link names, when it names an order with seats on it (else
/// `link_invalid`).
async fn named(state: &CommandState, order_id: Uuid, course_id: Uuid) -> Result<DisruptedCourse, ApiError> {
    let inventory = load_course(state, course_id).await?.ok_or_else(link_invalid)?;
    course_disruption(&inventory).ok_or_else(link_invalid)?;
    let order = load_order(state, order_id).await?.ok_or_else(link_invalid)?;
    disruption_view::passenger(&order, course_id).ok_or_else(link_invalid)?;
    Ok(DisruptedCourse::from(&inventory))
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
    let (order_id, course_id) = verify(&state.tickets.verifier(), &input.token)?;
    // An unknown order or a course that is not disrupted: the link names nothing to choose.
    let course = named(&state, order_id, course_id).await?;
    let wanted = super::admin::wanted(input.choice, input.to_course_id)?;
    let order = choose(&state, order_id, course_id, wanted, ChosenBy::Passenger, None).await?;
    // The page's next read shows the choice; the answer is the offer on the order just decided.
    crate::visible::after_write(&state.pool, state.store.as_ref(), &order_stream(order_id)?, "orders").await?;
    offer(&state.pool, &order, &course, Utc::now(), None).await?.map(Data::new).ok_or_else(link_invalid)
}
