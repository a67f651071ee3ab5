//! `POST /order/order/change-course`: move a ticket to another course of the same route
//! and stops (once per ticket, until the cutoff before departure).
//!
//! A process over two streams: hold one seat on the new course, then record the change
//! in the order (which checks once-only, route, stops and cutoff); if the order refuses,
//! the new seat is released. The old seat goes back at once, and again (harmlessly) by
//! the reactions to `TicketCourseChanged`.

use api_core::auth::MaybeUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{Duration, Utc};
use domain::money::format_pln;
use domain::order::{self, ChangeTicketCourse, ChangeTicketCourseError, Leg, OrderEvent};
use domain::seat_inventory::{HoldSeats, ReleaseReason, ReleaseSeats};
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::catalogue::course_leg;
use super::returns::access_error;
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::holds::Holds;
use crate::payments::order_of_ticket;
use crate::processes::effects;
use crate::streams::order_stream;
use crate::CommandState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChangeInput {
    /// The ticket's number (required; blanks are refused).
    #[schema(
        required = true,
        pattern = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$"
    )]
    #[serde(default)]
    number: String,
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
    pub price_difference: i64,
    pub price_difference_formatted: String,
}

#[utoipa::path(post, path = "/api/order/order/change-course", tag = "order", security((), ("bearer" = [])), request_body = ChangeInput,
    responses((status = 200, description = "`{\"data\": Changed}`", body = Data<Changed>),
        (status = 403, description = "someone else's ticket"), (status = 404, description = "no such ticket or course"), (status = 409, description = "changed already, returned, no seats, or the new course costs more"), (status = 422, description = "another route or stops, or after the cutoff")))]
pub async fn change_course(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    AppJson(input): AppJson<ChangeInput>,
) -> Result<Data<Changed>, ApiError> {
    let number = input.number.trim().to_uppercase();
    if number.is_empty() {
        return Err(ApiError::invalid_field("number", "Please enter the ticket number.")
            .with_code(api_core::codes::FIELD_BLANK));
    }
    let new_course = input.course_id.ok_or_else(|| {
        ApiError::invalid_field("course_id", "Please choose a course.").with_code(api_core::codes::FIELD_BLANK)
    })?;
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    change_ticket(&state, user.as_ref(), number, code, new_course).await.map(Data::new)
}

/// Move the ticket `number` to `new_course`, for the holder of its `code`, its owner, or
/// an admin acting for the customer (an order-waypoint or ticket save does this for
/// each ticket it moves).
pub(crate) async fn change_ticket(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    number: String,
    code: Option<String>,
    new_course: Uuid,
) -> Result<Changed, ApiError> {
    let not_found = || {
        ApiError::NotFound("There is no ticket with this number.".into())
            .with_code(domain::ErrorCode::code(&ChangeTicketCourseError::TicketNotFound))
    };
    let order_id = order_of_ticket(state, &number).await?.ok_or_else(not_found)?;
    let stream = order_stream(order_id)?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    let placed = loaded.state.placed().ok_or_else(not_found)?;
    let ticket = placed.ticket_by_number(&number).ok_or_else(not_found)?.clone();
    let by_user_id = user.as_ref().map(|u| u.id);
    // An admin changes the course on the customer's behalf without the code.
    let by_staff = user.as_ref().is_some_and(|u| u.role == api_core::auth::Role::SuperAdmin);

    let target =
        course_leg(&state.pool, "course_id", new_course, ticket.course.from_waypoint_id, ticket.course.to_waypoint_id)
            .await?;
    if !target.sale_open {
        return Err(ApiError::invalid_field("course_id", "This course is not on sale.")
            .with_code(domain::ErrorCode::code(&domain::seat_inventory::HoldError::NotOpened)));
    }
    let settings = state.settings.get(&state.pool).await?;
    let cutoff = settings.return_cutoff.get();
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command_stub = ChangeTicketCourse {
        order_id,
        number: number.clone(),
        code: code.clone(),
        by_user_id,
        by_staff,
        to_course: Leg {
            kind: ticket.course.kind,
            course_id: target.course_id,
            hold_id: Uuid::new_v5(&ticket.ticket.ticket_id, b"change-hold"),
            route_id: target.route_id,
            route_name: target.route_name.clone(),
            from_waypoint_id: target.from_waypoint_id,
            from_name: target.from_name.clone(),
            to_waypoint_id: target.to_waypoint_id,
            to_name: target.to_name.clone(),
            departure_at: target.departure_at,
            arrival_at: target.arrival_at,
            unit_price: target.unit_price,
        },
        now,
        cutoff_minutes: cutoff,
    };
    // Check first (nothing held yet), so a refusal costs no seat.
    order::decide_change_course(&command_stub, &loaded.state).map_err(|e| change_error(e, cutoff))?;

    let holds = Holds::new(state, metadata.clone());
    let new_hold = command_stub.to_course.hold_id;
    holds
        .hold(HoldSeats {
            course_id: target.course_id,
            hold_id: new_hold,
            from_waypoint: target.from_waypoint_id,
            to_waypoint: target.to_waypoint_id,
            seats: 1,
            expires_at: target.departure_at + Duration::hours(1),
            now,
            sale_cutoff_minutes: cutoff,
        })
        .await
        .map_err(|e| e.for_field("course_id"))?;

    let command_id = Uuid::new_v5(&ticket.ticket.ticket_id, b"change-course");
    let recorded = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_change_course(&command_stub, o)
    })
    .await;
    let (events, after) = match recorded {
        Ok(done) => done,
        Err(e) => {
            let release = ReleaseSeats {
                hold_id: new_hold,
                release_id: Uuid::new_v5(&new_hold, b"change-refused"),
                seats: None,
                reason: ReleaseReason::CourseChanged,
            };
            if let Err(err) = holds.release(target.course_id, release).await {
                tracing::warn!(%order_id, error = %err, "could not release the seat of a refused course change");
            }
            return Err(match e {
                ExecuteError::Refused(e) => change_error(e, cutoff),
                ExecuteError::Store(e) => e.into(),
            });
        }
    };
    let difference = match events.first() {
        Some(OrderEvent::TicketCourseChanged { price_difference, .. }) => *price_difference,
        _ => 0,
    };
    if let Some(placed) = after.placed() {
        effects::after_change(state, placed, ticket.ticket.ticket_id, &ticket.course, &metadata).await;
    }
    Ok(Changed {
        number,
        course_id: target.course_id,
        departure_at: target.departure_at,
        price_difference: difference,
        price_difference_formatted: format_pln(difference),
    })
}

fn change_error(e: ChangeTicketCourseError, cutoff: u32) -> ApiError {
    let code = domain::ErrorCode::code(&e);
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
            ApiError::invalid_field("course_id", "The ticket is for this course already.")
        }
        ChangeTicketCourseError::DifferentRoute | ChangeTicketCourseError::DifferentStops => {
            ApiError::invalid_field("course_id", "Choose a course of the same route between the same stops.")
        }
        ChangeTicketCourseError::TooLate(_) => ApiError::invalid_field(
            "number",
            &format!("A course can be changed until {cutoff} minutes before departure."),
        ),
        ChangeTicketCourseError::CostsMore(difference) => ApiError::Conflict(format!(
            "This course costs {} more. A change that costs more cannot be paid online: please contact the carrier.",
            format_pln(difference)
        )),
    }
    .with_code(code)
}
