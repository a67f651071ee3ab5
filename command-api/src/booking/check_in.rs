//! `POST /order/ticket/check-in` (Driver, SuperAdmin): a passenger boards.
//!
//! The driver sends what was scanned (`{"qr": "NB1.…"}`, the ticket's signed code) or
//! what was typed: the ticket's number (`{"number": "NK-…", "course_id": "…"}`) or the
//! 12-character code printed under its QR code (`{"code": "…", "course_id": "…"}`),
//! for a QR code that does not scan. A scanned code is checked
//! against the carrier's key first: a forged or altered one is refused before any order
//! is read. Then the order decides (`domain::order::decide_check_in`): a ticket boards its
//! own course, on its day, once.
//!
//! A driver's phone checks tickets offline and sends its check-ins when the network is
//! back; each carries its own `check_in_id`, so a check-in sent twice is recorded once
//! and answered the same both times (`again: true` the second time). Two drivers
//! checking one ticket at once append to the order's stream at the same version: one
//! wins, the other is told the ticket was used.

use api_core::auth::DriverUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::order::{self, CheckInError, CheckInTicket, OrderState, TicketStatus};
use domain::ErrorCode;
use event_store::Metadata;
use serde::{Deserialize, Serialize};
use ticket_token::TokenError;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::payments::order_of_ticket;
use crate::streams::order_stream;
use crate::CommandState;

/// What the driver scanned or typed.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInInput {
    /// The scanned QR code: the ticket's signed code (`NB1.…`).
    #[schema(max_length = 2000, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    qr: Option<String>,
    /// The ticket's number, typed (with `course_id`).
    #[schema(max_length = 40, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    number: Option<String>,
    /// The code printed on the ticket under its QR code (12 characters), typed (with
    /// `course_id`).
    #[schema(max_length = 40, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    code: Option<String>,
    /// The course the driver runs. Required with `number` or `code`; with `qr`, when given, the
    /// code's course must be this one.
    #[serde(default)]
    course_id: Option<Uuid>,
    /// The driver's own id of this check-in: sent again, it is answered as before and
    /// records nothing new. One is made when it is left out.
    #[serde(default)]
    check_in_id: Option<Uuid>,
}

/// A passenger who boarded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CheckedIn {
    pub number: String,
    pub course_id: Uuid,
    pub check_in_id: Uuid,
    pub used_at: DateTime<Utc>,
    /// The passenger's name given for the ticket, else the name the order was placed in.
    pub passenger: String,
    pub from_name: String,
    pub to_name: String,
    pub discount_name: Option<String>,
    /// This check-in had been recorded before (its queue was sent again).
    pub again: bool,
}

#[utoipa::path(post, path = "/api/order/ticket/check-in", tag = "order", security(("bearer" = [])), request_body = CheckInInput,
    responses((status = 200, description = "`{\"data\": CheckedIn}`: the passenger boards", body = Data<CheckedIn>),
        (status = 401, description = "no token"), (status = 403, description = "not a driver or an admin"),
        (status = 404, description = "no such ticket"),
        (status = 409, description = "the ticket was used already, returned, or its order is not paid"),
        (status = 422, description = "a forged, altered or unreadable code; no code and no number; or the ticket is for another course, a later one, or one that has ended")))]
#[tracing::instrument(skip(state, user, input), fields(user_id = %user.id))]
pub async fn check_in(
    State(state): State<CommandState>,
    DriverUser(user): DriverUser,
    AppJson(input): AppJson<CheckInInput>,
) -> Result<Data<CheckedIn>, ApiError> {
    let (number, course_id, field) = what_was_shown(&state, &input).await?;
    let order_id = order_of_ticket(&state, &number).await?.ok_or_else(not_found)?;
    let now = Utc::now();
    let check_in_id = input.check_in_id.unwrap_or_else(Uuid::new_v4);
    let command = CheckInTicket { order_id, number: number.clone(), course_id, check_in_id, by_user_id: user.id, now };
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: Some(user.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let stream = order_stream(order_id)?;
    let command_id = Uuid::new_v5(&order_id, format!("check-in/{check_in_id}").as_bytes());
    let result = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_check_in(&command, o)
    })
    .await
    .map_err(|e| match e {
        ExecuteError::Refused(e) => check_in_error(e, field),
        ExecuteError::Store(e) => e.into(),
    });
    let (events, after) = match result {
        Ok(done) => done,
        Err(e) if e.code() == CheckInError::OtherCourse.code() => {
            // Name the course the ticket is for, so the driver can tell the passenger.
            return Err(other_course(&state, order_id, &number, field).await);
        }
        Err(e) => return Err(e),
    };
    let order = after.placed().ok_or_else(not_found)?;
    answer(order, &number, check_in_id, events.is_empty())
}

/// The ticket's number, the course it is to board and the field that said so.
async fn what_was_shown(state: &CommandState, input: &CheckInInput) -> Result<(String, Uuid, &'static str), ApiError> {
    if let Some(qr) = input.qr.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let claims = state.tickets.verifier().verify(qr).map_err(|e| {
            let code = match e {
                TokenError::BadSignature | TokenError::UnknownKey => api_core::codes::TICKET_FORGED,
                TokenError::Malformed | TokenError::UnsupportedVersion => api_core::codes::TICKET_UNREADABLE,
            };
            let message = format!("{}{}.", e.to_string()[..1].to_uppercase(), &e.to_string()[1..]);
            ApiError::refusal_on("qr", code, &message)
        })?;
        if input.course_id.is_some_and(|c| c != claims.c) {
            return Err(check_in_error(CheckInError::OtherCourse, "qr"));
        }
        return Ok((claims.n, claims.c, "qr"));
    }
    let code = input.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (number, field) = match code {
        Some(code) => {
            let number = ticket_of_code(state, code).await?.ok_or_else(not_found)?;
            (number, "code")
        }
        None => (compact(input.number.as_deref().unwrap_or_default()), "number"),
    };
    let mut errors = Vec::new();
    if number.is_empty() {
        errors.push(api_core::FieldError::new(
            "number",
            api_core::codes::FIELD_BLANK,
            "Scan the ticket's code, or type its number.",
        ));
    }
    if input.course_id.is_none() {
        errors.push(api_core::FieldError::new(
            "course_id",
            api_core::codes::FIELD_BLANK,
            "Choose the course the ticket boards.",
        ));
    }
    match input.course_id {
        Some(course_id) if errors.is_empty() => Ok((number, course_id, field)),
        _ => Err(ApiError::Validation { message: "Scan the ticket's code, or type its number.".into(), errors }),
    }
}

/// The number of the ticket whose printed code is `code` (kept beside the numbers when
/// they are drawn, so a ticket just sold is found without waiting for a read model).
async fn ticket_of_code(state: &CommandState, code: &str) -> Result<Option<String>, ApiError> {
    sqlx::query_scalar("select number from ticket_numbers where code = $1 order by number desc limit 1")
        .bind(compact(code))
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("finding the ticket: {e}")))
}

fn answer(order: &OrderState, number: &str, check_in_id: Uuid, again: bool) -> Result<Data<CheckedIn>, ApiError> {
    let ticket = order.ticket_by_number(number).ok_or_else(not_found)?;
    let used = match (&ticket.used, ticket.status) {
        (Some(used), TicketStatus::Used) => used,
        // The order recorded nothing and the ticket is not used: cannot follow a decision.
        _ => return Err(ApiError::Conflict("The ticket was not checked in.".into())),
    };
    let discount_name = order.line(ticket.ticket.line).and_then(|l| l.discount.as_ref()).map(|d| d.name.clone());
    Ok(Data::new(CheckedIn {
        number: ticket.ticket.number.clone(),
        course_id: used.course_id,
        check_in_id,
        used_at: used.used_at,
        passenger: ticket
            .ticket
            .passenger
            .clone()
            .unwrap_or_else(|| format!("{} {}", order.customer.first_name, order.customer.last_name)),
        from_name: ticket.course.from_name.clone(),
        to_name: ticket.course.to_name.clone(),
        discount_name,
        again,
    }))
}

/// A code or number as typed, without the spaces a driver types to read it in groups
/// (`K7QX 2M4P`), in capitals.
fn compact(typed: &str) -> String {
    typed.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase()
}

fn not_found() -> ApiError {
    ApiError::NotFound("There is no ticket with this number.".into()).with_code(CheckInError::TicketNotFound.code())
}

/// "This ticket is for another course", naming it: its route, stops and departure.
async fn other_course(state: &CommandState, order_id: Uuid, number: &str, field: &'static str) -> ApiError {
    let refusal = check_in_error(CheckInError::OtherCourse, field);
    let loaded = match aggregate::load::<OrderAgg>(
        state.store.as_ref(),
        &match order_stream(order_id) {
            Ok(s) => s,
            Err(_) => return refusal,
        },
    )
    .await
    {
        Ok(loaded) => loaded,
        Err(_) => return refusal,
    };
    let Some(ticket) = loaded.state.placed().and_then(|o| o.ticket_by_number(number)) else { return refusal };
    let c = &ticket.course;
    let when = api_core::time::warsaw(c.departure_at).format("%d.%m.%Y %H:%M");
    ApiError::invalid_field(
        field,
        CheckInError::OtherCourse.code(),
        &format!("This ticket is for another course: {} ({} → {}), {when}.", c.route_name, c.from_name, c.to_name),
    )
    .with_code(CheckInError::OtherCourse.code())
}

/// The order's refusal as an answer; `field` is what the driver gave (`qr`, `number` or
/// `code`).
fn check_in_error(e: CheckInError, field: &'static str) -> ApiError {
    let code = e.code();
    match e {
        CheckInError::NotFound | CheckInError::TicketNotFound => not_found(),
        CheckInError::Returned => ApiError::Conflict("This ticket was returned.".into()),
        CheckInError::AlreadyUsed { at } => ApiError::Conflict(format!(
            "This ticket was used already, at {}.",
            api_core::time::warsaw(at).format("%H:%M %d.%m.%Y")
        )),
        CheckInError::NotPaid => ApiError::Conflict("The ticket's order is not paid (cancelled or expired).".into()),
        CheckInError::OtherCourse => ApiError::invalid_field(field, code, "This ticket is for another course."),
        CheckInError::TooEarly => ApiError::invalid_field(
            field,
            code,
            &format!(
                "This ticket is for a later course: boarding opens {} hours before departure.",
                order::BOARDING_OPENS_HOURS
            ),
        ),
        CheckInError::Expired => ApiError::invalid_field(field, code, "This ticket's course has ended."),
    }
    .with_code(code)
}
