//! `PUT /order/order-waypoint/save?id=`: move a leg of an order to another course.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use domain::order::{LegKind, TicketStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::super::change::{change_ticket, Changed};
use super::{id_param, load_order, reason};
use crate::aggregate::{self};
use crate::CommandState;

/// `PUT /order/order-waypoint/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderWaypointInput {
    /// `outbound` (default) or `back`.
    #[serde(default)]
    #[schema(value_type = Option<String>, pattern = "^(outbound|back)$")]
    pub kind: Option<String>,
    /// The course to move the leg to (required).
    #[schema(value_type = Uuid, required = true)]
    #[serde(default)]
    pub course_id: Option<Uuid>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(value_type = api_core::values::Text<500>, required = true)]
    pub reason: String,
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
        (status = 409, description = "a ticket was changed or returned already, the course costs more, or not enough seats"),
        (status = 422, description = "another route or stops, after the cutoff, no course or reason, or id is not a UUID")))]
pub async fn save_waypoint(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderWaypointInput>,
) -> Result<Data<LegMoved>, ApiError> {
    let order_id = id_param(&params, "an order id")?;
    let kind = match input.kind.as_deref().map(str::trim) {
        None | Some("") | Some("outbound") => LegKind::Outbound,
        Some("back") => LegKind::Back,
        Some(_) => return Err(ApiError::invalid_field("kind", "kind is outbound or back.")),
    };
    let course_id = input.course_id.ok_or_else(|| ApiError::invalid_field("course_id", "Please choose a course."))?;
    reason(&input.reason)?;
    let order = load_order(&state, order_id).await?;
    if order.leg(kind).is_none() {
        return Err(ApiError::NotFound("The order has no return leg.".into()));
    }
    let numbers: Vec<String> = order
        .tickets
        .iter()
        .filter(|t| t.ticket.leg == kind && t.status == TicketStatus::Valid)
        .map(|t| t.ticket.number.clone())
        .collect();
    if numbers.is_empty() {
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
    // Enough seats for the whole leg on the course's own stream, or none is moved.
    let leg = order.leg(kind).cloned().ok_or_else(|| ApiError::NotFound("The order has no such leg.".into()))?;
    let stream = event_store::StreamName::parse(domain::seat_inventory::stream_name(course_id))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let inventory = aggregate::load::<crate::aggregate::InventoryAgg>(state.store.as_ref(), &stream).await?;
    let free = match &inventory.state {
        domain::seat_inventory::SeatInventory::Opened(inv) => {
            match (inv.stop_index(leg.from_waypoint_id), inv.stop_index(leg.to_waypoint_id)) {
                (Some(from), Some(to)) => inv.available(from, to),
                _ => None,
            }
        }
        domain::seat_inventory::SeatInventory::Unopened => {
            return Err(ApiError::NotFound("There is no such course on sale.".into()));
        }
    };
    if free.is_some_and(|free| (free as usize) < numbers.len()) {
        return Err(ApiError::Conflict(format!("The course has not enough seats for {} passengers.", numbers.len())));
    }
    let admin_user = admin;
    let mut tickets = Vec::with_capacity(numbers.len());
    for number in numbers {
        match change_ticket(&state, Some(&admin_user), number, None, course_id).await {
            Ok(changed) => tickets.push(changed),
            // The first is refused before anything moved; a later refusal (a seat taken
            // meanwhile) says which moved, and each moved ticket stays a valid change.
            Err(e) if tickets.is_empty() => return Err(e),
            Err(e) => {
                let moved: Vec<String> = tickets.iter().map(|t: &Changed| t.number.clone()).collect();
                return Err(ApiError::Conflict(format!("Moved {} only; then: {e}", moved.join(", "))));
            }
        }
    }
    let kind = match kind {
        LegKind::Outbound => "outbound",
        LegKind::Back => "back",
    };
    Ok(Data::new(LegMoved { order_id, kind: kind.into(), tickets }))
}
