//! The spec's remaining order saves, each a command on the order (or its stamp card)
//! with an event of its own, never an edit of a read table:
//!
//! - `PUT /order/order-user/save?id=` `{user_id, reason}`: give an order placed without an
//!   account to the customer's account (its tickets show there; a paid order's tickets
//!   earn their stamps). An order that has an account keeps it (`409`).
//! - `PUT /order/order-waypoint/save?id=` `{kind, course_id, reason}`: move a leg of the
//!   order (every valid ticket of it) to another course of the same route and stops, as
//!   the customer's change of course would, on their behalf. All its tickets are checked
//!   first, so a refusal moves none.
//! - `PUT /order/ticket/save?id=` `{course_id}` or `{status: "returned"}`: change one
//!   ticket's course or return it, on the customer's behalf.
//! - `POST /course/stamp/save` `{user_id, ticket_number}` and `PUT /course/stamp/save?id=`
//!   `{ticket_number, stamped}`: give or take back the stamp of a paid ticket of the
//!   user's own order (a repair; the reactions stamp paid tickets by themselves).

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data, FieldError, Params};
use axum::extract::State;
use chrono::Utc;
use domain::order::{self, AssignOrderToUser, EditError, LegKind, TicketStatus};
use domain::ErrorCode;
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::change::{change_ticket, Changed};
use super::returns::{return_one, Returned};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

fn id_param(params: &Params, what: &str) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw).map_err(|_| ApiError::invalid_field("id", &format!("id must be {what} (a UUID)")))
}

fn reason(reason: &str) -> Result<String, ApiError> {
    if reason.trim().is_empty() {
        return Err(ApiError::invalid_field("reason", "Please say why.").with_code(api_core::codes::FIELD_BLANK));
    }
    if reason.chars().count() > 500 {
        return Err(
            ApiError::invalid_field("reason", "At most 500 characters.").with_code(api_core::codes::FIELD_TOO_LONG)
        );
    }
    Ok(reason.trim().to_owned())
}

async fn load_order(state: &CommandState, order_id: Uuid) -> Result<order::OrderState, ApiError> {
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    loaded
        .state
        .placed()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code()))
}

/// `PUT /order/order-user/save?id=`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderUserInput {
    /// The customer's account (required).
    #[schema(value_type = Uuid, required = true)]
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(value_type = api_core::values::Text<500>, required = true)]
    pub reason: String,
}

/// What an order-user save did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderUserSaved {
    pub order_id: Uuid,
    pub user_id: Uuid,
}

/// Give an order placed without an account to a customer's account (admin).
#[utoipa::path(put, path = "/api/order/order-user/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the order")),
    request_body = OrderUserInput,
    responses((status = 200, description = "`{\"data\": OrderUserSaved}`", body = Data<OrderUserSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order or account"), (status = 409, description = "the order belongs to an account already"),
        (status = 422, description = "no account or reason given, or id is not a UUID")))]
pub async fn save_user(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<OrderUserInput>,
) -> Result<Data<OrderUserSaved>, ApiError> {
    let order_id = id_param(&params, "an order id")?;
    let user_id = input.user_id.ok_or_else(|| ApiError::invalid_field("user_id", "Please choose the account."))?;
    let reason = reason(&input.reason)?;
    let exists: bool = sqlx::query_scalar("select exists(select 1 from users where id = $1)")
        .bind(user_id)
        .fetch_one(&state.pool)
        .await?;
    if !exists {
        return Err(ApiError::NotFound("There is no such account.".into()));
    }
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = AssignOrderToUser { order_id, user_id, by_user_id: Some(admin.id), reason, now };
    let command_id = Uuid::new_v5(&order_id, format!("assign/{user_id}").as_bytes());
    match aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id)?,
        command_id,
        &metadata,
        |o| order::decide_assign_user(&command, o),
    )
    .await
    {
        Ok(_) | Err(ExecuteError::Refused(EditError::Unchanged)) => Ok(Data::new(OrderUserSaved { order_id, user_id })),
        Err(ExecuteError::Refused(EditError::NotFound)) => {
            Err(ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code()))
        }
        Err(ExecuteError::Refused(e)) => Err(ApiError::Conflict(format!("{e}.")).with_code(e.code())),
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}

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

/// `PUT /order/ticket/save?id=`: a change of course or a return.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TicketSaveInput {
    /// Move the ticket to this course.
    #[serde(default)]
    pub course_id: Option<Uuid>,
    /// `returned`: return the ticket.
    #[serde(default)]
    #[schema(value_type = Option<String>, pattern = "^returned$")]
    pub status: Option<String>,
    /// Why: 1 to 500 characters.
    #[serde(default)]
    #[schema(value_type = api_core::values::Text<500>, required = true)]
    pub reason: String,
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
    match (input.course_id, input.status.as_deref().map(str::trim)) {
        (Some(course_id), None) => change_ticket(&state, Some(&admin), number, None, course_id)
            .await
            .map(|c| Data::new(TicketSaved::Changed(c))),
        (None, Some("returned")) => {
            return_one(&state, Some(&admin), number, None).await.map(|r| Data::new(TicketSaved::Returned(r)))
        }
        _ => Err(ApiError::Validation {
            message: "Say what to change: a course_id, or status \"returned\".".into(),
            errors: vec![FieldError::new("course_id", "Give a course_id or status \"returned\", not both.")],
        }),
    }
}

/// `POST /course/stamp/save`, `PUT /course/stamp/save?id={user}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StampInput {
    /// The account (required on POST; the `id` of a PUT).
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// A paid ticket of the user's own order (required).
    #[serde(default)]
    #[schema(value_type = api_core::values::Line<40>, required = true)]
    pub ticket_number: String,
    /// `true` (default) gives the stamp, `false` takes it back.
    #[serde(default)]
    pub stamped: Option<bool>,
}

/// What a stamp save did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StampSaved {
    pub user_id: Uuid,
    pub ticket_number: String,
    pub stamped: bool,
}

/// Give the stamp of a paid ticket of the user's own order (admin).
#[utoipa::path(post, path = "/api/course/stamp/save", tag = "order", security(("bearer" = [])), request_body = StampInput,
    responses((status = 200, description = "`{\"data\": StampSaved}`", body = Data<StampSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket"), (status = 409, description = "not the user's ticket, or not a valid paid ticket"),
        (status = 422, description = "user_id or ticket_number missing")))]
pub async fn create_stamp(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<StampInput>,
) -> Result<Data<StampSaved>, ApiError> {
    let user_id = input.user_id.ok_or_else(|| ApiError::invalid_field("user_id", "Please choose the account."))?;
    stamp(&state, admin.id, user_id, &input.ticket_number, input.stamped.unwrap_or(true)).await.map(Data::new)
}

/// Give or take back the stamp of a ticket of the user's own order (admin).
#[utoipa::path(put, path = "/api/course/stamp/save", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query, description = "the user")),
    request_body = StampInput,
    responses((status = 200, description = "`{\"data\": StampSaved}`", body = Data<StampSaved>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket"), (status = 409, description = "not the user's ticket, or not a valid paid ticket"),
        (status = 422, description = "ticket_number missing, or id is not a UUID")))]
pub async fn update_stamp(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    params: Params,
    AppJson(input): AppJson<StampInput>,
) -> Result<Data<StampSaved>, ApiError> {
    let user_id = id_param(&params, "a user id")?;
    stamp(&state, admin.id, user_id, &input.ticket_number, input.stamped.unwrap_or(true)).await.map(Data::new)
}

async fn stamp(
    state: &CommandState,
    admin: Uuid,
    user_id: Uuid,
    number: &str,
    stamped: bool,
) -> Result<StampSaved, ApiError> {
    let number = number.trim().to_uppercase();
    if number.is_empty() {
        return Err(ApiError::invalid_field("ticket_number", "Please enter the ticket number."));
    }
    let order_id = crate::payments::order_of_ticket(state, &number)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no ticket with this number.".into()))?;
    let order = load_order(state, order_id).await?;
    if order.user_id != Some(user_id) {
        return Err(ApiError::Conflict("The ticket is not of this user's order.".into()));
    }
    let ticket = order
        .ticket_by_number(&number)
        .ok_or_else(|| ApiError::NotFound("There is no ticket with this number.".into()))?;
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    };
    if stamped {
        if ticket.status != TicketStatus::Valid {
            return Err(ApiError::Conflict("Only a valid ticket of a paid order earns a stamp.".into()));
        }
        // The command's id names the card's version, so a stamp given again after it was
        // taken back is a new command, and a retry of this one is not.
        let card = event_store::StreamName::parse(domain::stamp_card::stream_name(user_id))
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let version = aggregate::load::<crate::aggregate::StampCardAgg>(state.store.as_ref(), &card).await?.version;
        let command_id = Uuid::new_v5(&ticket.ticket.ticket_id, format!("stamp/admin/{version:?}").as_bytes());
        crate::processes::effects::add_stamp(state, user_id, order_id, ticket.ticket.ticket_id, command_id, &metadata)
            .await
            .map_err(|e| ApiError::Conflict(format!("The stamp could not be given: {e}.")))?;
    } else {
        crate::processes::effects::remove_stamp(state, user_id, ticket.ticket.ticket_id, &metadata).await;
    }
    Ok(StampSaved { user_id, ticket_number: number, stamped })
}
