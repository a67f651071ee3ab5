//! `PUT /order/order-waypoint/save?id=`: move a leg of an order to another course, as one
//! admin command ([`crate::booking::change::move_leg`]): every valid ticket of the leg
//! moves, or none does; the order records who moved it, why and when (`LegMoved`).

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use domain::order::{LegKind, TicketStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::super::change::{move_leg, Changed};
use super::{id_param, load_order, reason};
use crate::CommandState;

/// Which leg of the order moves, as the request names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LegKindInput {
    Outbound,
    Back,
}

impl From<LegKindInput> for LegKind {
    fn from(kind: LegKindInput) -> Self {
        match kind {
            LegKindInput::Outbound => LegKind::Outbound,
            LegKindInput::Back => LegKind::Back,
        }
    }
}

/// `PUT /order/order-waypoint/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderWaypointInput {
    /// `outbound` (default) or `back`.
    #[serde(default)]
    pub kind: Option<LegKindInput>,
    /// The course to move the leg to (required).
    #[schema(value_type = Uuid, required = true)]
    #[serde(default)]
    pub course_id: Option<Uuid>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(inline, required = true)]
    pub reason: api_core::values::Sent<api_core::values::Text<500>>,
}

/// What a leg's move did: each ticket's change.
#[derive(Debug, Serialize, ToSchema)]
pub struct LegMoved {
    pub order_id: Uuid,
    pub kind: String,
    pub tickets: Vec<Changed>,
}

/// Move a leg of an order (every valid ticket of it) to another course (admin).
#[utoipa::path(put, path = "/api/order/order-waypoint/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the order")),
    request_body = OrderWaypointInput,
    responses((status = 200, description = "`{\"data\": LegMoved}`", body = Data<LegMoved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order, leg or course"),
        (status = 409, description = "a ticket was changed or returned already, the course costs more, not enough seats, or another change of a ticket is under way: nothing moved"),
        (status = 422, description = "another route or stops, after the cutoff, no course or reason, or id is not a UUID")))]
pub async fn save_waypoint(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderWaypointInput>,
) -> Result<Data<LegMoved>, ApiError> {
    let order_id = id_param(&params, "an order id")?;
    let kind = input.kind.map_or(LegKind::Outbound, LegKind::from);
    let course_id = input
        .course_id
        .ok_or_else(|| ApiError::invalid_field("course_id", api_core::codes::FIELD_BLANK, "Please choose a course."))?;
    let reason = reason(&input.reason)?;
    let order = load_order(&state, order_id).await?;
    if order.leg(kind).is_none() {
        return Err(ApiError::NotFound("The order has no return leg.".into()));
    }
    if !order.tickets.iter().any(|t| t.ticket.leg == kind && t.status == TicketStatus::Valid) {
        return Err(ApiError::Conflict("The leg has no valid ticket to move.".into()));
    }
    if let Some(changed) =
        order.tickets.iter().find(|t| t.ticket.leg == kind && t.status == TicketStatus::Valid && t.course_changed)
    {
        return Err(ApiError::Conflict(format!(
            "The course of ticket {} was changed already; it can be changed once.",
            changed.ticket.number
        )));
    }
    // One command for the whole leg: it moves, or nothing does.
    let tickets = move_leg(&state, &admin, &order, kind, course_id, reason).await?;
    let kind = match kind {
        LegKind::Outbound => "outbound",
        LegKind::Back => "back",
    };
    Ok(Data::new(LegMoved { order_id, kind: kind.into(), tickets }))
}
