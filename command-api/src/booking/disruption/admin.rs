//! The admin's side of a disrupted course (docs/disruptions.md; `SuperAdmin`):
//! cancel it (whole or from a stop onward, until it has arrived), announce its delay as
//! an expected departure (or in minutes), change or clear it, see every passenger's
//! state, send a passenger the message again, choose on a passenger's behalf (a phone
//! call), and pay the compensation owed when the choice came late.
//!
//! Cancelling and delaying are decisions of the course's seat inventory, through the
//! course's single writer (where its holds are decided, so no order slips in beside a
//! cancellation); the disruption process tells the passengers from the events.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::order::{disruption_view, ChosenBy};
use domain::seat_inventory::{
    decide_announce_delay, decide_cancel_course, AnnounceDelay, CancelCourse, DisruptError, SeatInventory,
};
use event_store::Metadata;
use query_api::booking::course_disruption::{self, passenger_body, DisruptedCourse, Disruption, DisruptionPassenger};
use serde::Deserialize;
use uuid::Uuid;

use super::choose::{choose, Wanted};
use super::{load_course, load_order};
use crate::streams::{course_stream, order_stream};
use crate::CommandState;

/// `POST /course/course/cancel`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CancelCourseInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
    /// Shown to the passengers: 3 to 500 characters (required).
    #[serde(default)]
    #[schema(min_length = 3, max_length = 500, required = true)]
    pub reason: String,
    /// Cancel from this stop onward (the course ends there; the passengers beyond it are
    /// told). Absent, or the first stop: the whole course. Not the last stop.
    #[schema(minimum = 1)]
    pub from_waypoint_id: Option<i64>,
}

/// `POST /course/course/delay`: the delay as the expected departure, or in minutes.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DelayInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
    /// Expected minutes late, 0 to 1440; 0 clears the delay. Required unless
    /// `expected_departure_at` is given.
    #[schema(value_type = i64, minimum = 0, maximum = 1440)]
    pub minutes: Option<i64>,
    /// When the course is now expected to leave its first stop: from its scheduled
    /// departure (which clears the delay) to 24 hours after it. Wins over `minutes`.
    pub expected_departure_at: Option<chrono::DateTime<Utc>>,
    /// Required (3 to 500 characters) when `minutes` > 0.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub reason: String,
}

/// `POST /course/course/disruption-resend`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResendInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
    #[schema(value_type = Uuid, required = true)]
    pub order_id: Option<Uuid>,
}

/// `POST /course/course/disruption-choose`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminChooseInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
    #[schema(value_type = Uuid, required = true)]
    pub order_id: Option<Uuid>,
    /// `move` or `refund`.
    #[schema(value_type = Choice, required = true)]
    pub choice: Option<Choice>,
    /// The new course, for `move`.
    pub to_course_id: Option<Uuid>,
}

/// `POST /course/course/departed`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DepartedInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
}

/// A course marked as having left.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Departed {
    pub course_id: Uuid,
    pub departed_at: chrono::DateTime<Utc>,
}

/// `POST /course/course/disruption-compensation`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CompensationInput {
    #[schema(value_type = Uuid, required = true)]
    pub course_id: Option<Uuid>,
    #[schema(value_type = Uuid, required = true)]
    pub order_id: Option<Uuid>,
}

/// What is chosen for a ticket of a disrupted course: a seat on another course of the
/// route, or the money back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    Move,
    Refund,
}

fn required<T>(value: Option<T>, field: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::refusal_on(field, api_core::codes::FIELD_BLANK, "This field is required."))
}

/// A reason as the passengers read it: 3 to 500 characters (counted as sent).
fn reason(text: &str) -> Result<String, ApiError> {
    let trimmed = text.trim();
    if text.chars().count() > 500 {
        return Err(ApiError::refusal_on("reason", api_core::codes::FIELD_TOO_LONG, "At most 500 characters.")
            .with_params(vec![("max", 500)]));
    }
    if trimmed.chars().count() < 3 {
        return Err(ApiError::refusal_on(
            "reason",
            api_core::codes::FIELD_TOO_SHORT,
            "Please give the reason (at least 3 characters).",
        )
        .with_params(vec![("min", 3)]));
    }
    Ok(trimmed.to_owned())
}

fn disrupt_error(e: DisruptError) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        DisruptError::NotOpened => ApiError::NotFound("There is no such course.".into()),
        DisruptError::AlreadyCancelled => ApiError::Conflict("The course was cancelled already.".into()),
        DisruptError::Arrived => ApiError::Conflict("The course has arrived.".into()),
        DisruptError::ReasonRequired => ApiError::invalid_field("reason", code, "Please give the reason."),
        DisruptError::NotAStop => {
            ApiError::invalid_field("from_waypoint_id", code, "Choose one of the course's stops before its last one.")
        }
    }
    .with_code(code)
}

/// Decide `decide` on the course through its writer, then answer its disruption.
async fn disrupt(
    state: &CommandState,
    admin: &api_core::auth::AuthUser,
    course_id: Uuid,
    decide: impl Fn(&SeatInventory) -> Result<Vec<domain::seat_inventory::SeatInventoryEvent>, DisruptError>
        + Send
        + 'static,
) -> Result<Disruption, ApiError> {
    let metadata = Metadata {
        correlation_id: Some(course_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    };
    // A new command each time: an announcement repeated is decided on the state it meets.
    let decision = Box::new(decide);
    state
        .courses
        .submit(course_stream(course_id)?, Uuid::now_v7(), metadata, decision)
        .await
        .map_err(|e| e.into_api(disrupt_error))?;
    course_view(state, course_id).await
}

/// The course's disruption as just decided, with its passengers as the read side shows
/// them (404 for an unknown course); once the read side shows the decision too, so the
/// admin's next read and the passengers' links say the same.
async fn course_view(state: &CommandState, course_id: Uuid) -> Result<Disruption, ApiError> {
    crate::visible::after_write(&state.pool, state.store.as_ref(), &course_stream(course_id)?, "availability").await?;
    let inventory = load_course(state, course_id).await?.ok_or_else(|| disrupt_error(DisruptError::NotOpened))?;
    course_disruption::course_view(&state.pool, &DisruptedCourse::from(&inventory)).await
}

#[utoipa::path(post, path = "/api/course/course/cancel", tag = "course", security(("bearer" = [])), request_body = CancelCourseInput,
    responses((status = 200, description = "`{\"data\": Disruption}`", body = Data<Disruption>),
        (status = 403, description = "admins only"), (status = 404, description = "no such course"),
        (status = 409, description = "`course.already_cancelled`, `course.arrived`"),
        (status = 422, description = "no course id, a bad reason, or a stop that is not one of the course's before its last (`course.not_a_stop`)")))]
pub async fn cancel_course(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<CancelCourseInput>,
) -> Result<Data<Disruption>, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let reason = reason(&input.reason)?;
    let cmd = CancelCourse {
        course_id,
        reason,
        by: admin.email.clone(),
        now: Utc::now(),
        from_waypoint: input.from_waypoint_id,
    };
    disrupt(&state, &admin, course_id, move |s| decide_cancel_course(&cmd, s)).await.map(Data::new)
}

#[utoipa::path(post, path = "/api/course/course/delay", tag = "course", security(("bearer" = [])), request_body = DelayInput,
    responses((status = 200, description = "`{\"data\": Disruption}`", body = Data<Disruption>),
        (status = 403, description = "admins only"), (status = 404, description = "no such course"),
        (status = 409, description = "`course.already_cancelled`"), (status = 422, description = "bad minutes, expected departure or reason")))]
pub async fn announce_delay(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<DelayInput>,
) -> Result<Data<Disruption>, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let (minutes, field) = match input.expected_departure_at {
        Some(expected) => {
            let inventory =
                load_course(&state, course_id).await?.ok_or_else(|| disrupt_error(DisruptError::NotOpened))?;
            ((expected - inventory.departure_at).num_minutes(), "expected_departure_at")
        }
        None => (required(input.minutes, "minutes")?, "minutes"),
    };
    let Ok(minutes @ 0..=1440) = u32::try_from(minutes) else {
        let message = if field == "minutes" {
            "From 0 to 1440 minutes."
        } else {
            "From the scheduled departure to 24 hours after it."
        };
        return Err(ApiError::refusal_on(field, api_core::codes::FIELD_OUT_OF_RANGE, message)
            .with_params(vec![("min", 0), ("max", 1440)]));
    };
    let reason = if minutes == 0 { String::new() } else { reason(&input.reason)? };
    let cmd = AnnounceDelay { course_id, minutes, reason, by: admin.email.clone(), now: Utc::now() };
    disrupt(&state, &admin, course_id, move |s| decide_announce_delay(&cmd, s)).await.map(Data::new)
}

#[utoipa::path(post, path = "/api/course/course/disruption-resend", tag = "course", security(("bearer" = [])), request_body = ResendInput,
    responses((status = 204, description = "sent again"), (status = 403, description = "admins only"),
        (status = 404, description = "the order has no ticket on this disrupted course"), (status = 422, description = "no ids, or not UUIDs")))]
pub async fn resend(
    State(state): State<CommandState>,
    AdminUser(_admin): AdminUser,
    AppJson(input): AppJson<ResendInput>,
) -> Result<StatusCode, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let order_id = required(input.order_id, "order_id")?;
    let not_found = || super::choose::choice_error(domain::order::DisruptionError::NotOnCourse);
    let inventory = load_course(&state, course_id).await?.ok_or_else(not_found)?;
    let order = load_order(&state, order_id).await?.ok_or_else(not_found)?;
    if inventory.disruption.is_none() || disruption_view::passenger(&order, course_id).is_none() {
        return Err(not_found());
    }
    let Some(disruption) = super::course_disruption(&inventory) else { return Err(not_found()) };
    if !super::notify(&state, order_id, &disruption, true).await {
        return Err(ApiError::Unavailable("The message could not be sent.".into()));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// A `choice` field as what was chosen.
pub(super) fn wanted(choice: Option<Choice>, to_course_id: Option<Uuid>) -> Result<Wanted, ApiError> {
    match choice {
        Some(Choice::Refund) => Ok(Wanted::Refund),
        Some(Choice::Move) => to_course_id.map(Wanted::Move).ok_or_else(|| {
            ApiError::refusal_on("to_course_id", api_core::codes::FIELD_BLANK, "Please choose a course.")
        }),
        None => Err(ApiError::refusal_on("choice", api_core::codes::FIELD_BLANK, "This field is required.")),
    }
}

#[utoipa::path(post, path = "/api/course/course/disruption-choose", tag = "course", security(("bearer" = [])), request_body = AdminChooseInput,
    responses((status = 200, description = "`{\"data\": DisruptionPassenger}`", body = Data<DisruptionPassenger>),
        (status = 403, description = "admins only"), (status = 404, description = "the order has no ticket on this disrupted course"),
        (status = 409, description = "`disruption.already_chosen`, `disruption.choice_closed`, `disruption.no_choice`, `seats.not_enough`"),
        (status = 422, description = "bad fields, or a course that is not one of the alternatives")))]
pub async fn choose_for(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<AdminChooseInput>,
) -> Result<Data<DisruptionPassenger>, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let order_id = required(input.order_id, "order_id")?;
    let wanted = wanted(input.choice, input.to_course_id)?;
    let order = choose(&state, order_id, course_id, wanted, ChosenBy::Office, Some(admin.id)).await?;
    // The admin's list, read next, shows the choice.
    crate::visible::after_write(&state.pool, state.store.as_ref(), &order_stream(order_id)?, "orders").await?;
    let view = disruption_view::passenger(&order, course_id)
        .ok_or_else(|| super::choose::choice_error(domain::order::DisruptionError::NotOnCourse))?;
    let mut passenger = passenger_body(&order, &view);
    // The new course's departure, as the admin's view shows it (not its whole stream replayed).
    if let (Wanted::Move(to), Some(moved)) = (wanted, passenger.moved_to.as_mut()) {
        if let Some(departure_at) = course_disruption::departures(&state.pool, &[to]).await?.get(&to) {
            moved.departure_at = *departure_at;
        }
    }
    Ok(Data::new(passenger))
}

#[utoipa::path(post, path = "/api/course/course/disruption-compensation", tag = "course", security(("bearer" = [])), request_body = CompensationInput,
    responses((status = 200, description = "`{\"data\": DisruptionPassenger}`", body = Data<DisruptionPassenger>),
        (status = 403, description = "admins only"),
        (status = 404, description = "the order has no ticket on this disrupted course, or owes no compensation (`disruption.no_compensation`)"),
        (status = 409, description = "`disruption.compensation_paid`"), (status = 422, description = "no ids, or not UUIDs")))]
pub async fn pay_compensation(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<CompensationInput>,
) -> Result<Data<DisruptionPassenger>, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let order_id = required(input.order_id, "order_id")?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = domain::order::PayCompensation { order_id, course_id, by_user_id: Some(admin.id), now };
    let result = crate::aggregate::execute::<crate::aggregate::OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id)?,
        Uuid::new_v5(&order_id, format!("compensation/{course_id}").as_bytes()),
        &metadata,
        |o| domain::order::decide_pay_compensation(&command, o),
    )
    .await;
    let order = match result {
        Ok((_, after)) => after.placed().cloned(),
        Err(crate::aggregate::ExecuteError::Refused(e)) => return Err(super::choose::choice_error(e)),
        Err(crate::aggregate::ExecuteError::Store(e)) => return Err(e.into()),
    };
    let not_on = || super::choose::choice_error(domain::order::DisruptionError::NotOnCourse);
    let order = order.ok_or_else(not_on)?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &order_stream(order_id)?, "orders").await?;
    let view = disruption_view::passenger(&order, course_id).ok_or_else(not_on)?;
    Ok(Data::new(passenger_body(&order, &view)))
}

#[utoipa::path(post, path = "/api/course/course/departed", tag = "course", security(("bearer" = [])), request_body = DepartedInput,
    responses((status = 200, description = "`{\"data\": Departed}`: marked (or marked before: the first mark stands)", body = Data<Departed>),
        (status = 401, description = "no token"), (status = 403, description = "not a driver or an admin"),
        (status = 404, description = "no such course"), (status = 409, description = "`course.already_cancelled`: cancelled whole"),
        (status = 422, description = "no course id, or not a UUID")))]
pub async fn mark_departed(
    State(state): State<CommandState>,
    api_core::auth::DriverUser(driver): api_core::auth::DriverUser,
    AppJson(input): AppJson<DepartedInput>,
) -> Result<Data<Departed>, ApiError> {
    let course_id = required(input.course_id, "course_id")?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(course_id),
        user_id: Some(driver.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let cmd = domain::seat_inventory::MarkDeparted { course_id, by: driver.email.clone(), now };
    let decision = Box::new(move |s: &SeatInventory| domain::seat_inventory::decide_mark_departed(&cmd, s));
    state
        .courses
        .submit(course_stream(course_id)?, Uuid::new_v5(&course_id, b"departed"), metadata, decision)
        .await
        .map_err(|e| e.into_api(disrupt_error))?;
    let inventory = load_course(&state, course_id).await?.ok_or_else(|| disrupt_error(DisruptError::NotOpened))?;
    Ok(Data::new(Departed { course_id, departed_at: inventory.departed_at.unwrap_or(now) }))
}
