//! `POST /order/order/change-course`: move a ticket to another course of the same route
//! and stops (once per ticket, until the cutoff before departure).
//!
//! A process over two streams: hold one seat on the new course, then record the change
//! in the order (which checks once-only, route, stops and cutoff); if the order refuses,
//! the new seat is released. The old seat goes back at once, and again (harmlessly) by
//! the reactions to `TicketCourseChanged`.
//!
//! A dearer course's difference is paid like a new payment (`DECISIONS.md`): the seat on
//! the new course is held, a gateway transaction registered for the difference (session
//! `{order}-c{n}`), and the order records `TicketChangeRequested`; the answer says where
//! to pay and until when. The ticket moves (and the old seat goes back) only when the
//! payment's notification arrives ([`crate::payments`]); when the payment time runs out
//! the change is dropped and the new seat released ([`crate::processes::expiry`]).

use api_core::auth::MaybeUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{Duration, Utc};
use domain::money::format_pln;
use domain::order::{
    self, ChangeTicketCourse, ChangeTicketCourseError, Leg, OrderEvent, OrderState, PaymentRef, TicketState,
};
use domain::seat_inventory::{HoldSeats, ReleaseReason, ReleaseSeats};
use event_store::Metadata;
use payment::RegisterTransaction;
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
    #[schema(value_type = api_core::values::Line<40>, required = true)]
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
    /// The new price less the old: refunded when negative, to pay first when positive.
    pub price_difference: i64,
    pub price_difference_formatted: String,
    /// `changed` (the ticket is on the new course), or `awaiting_payment` (a dearer
    /// course: the ticket moves once the difference is paid at `payment_url`).
    pub status: String,
    /// Where to pay the difference of a dearer course.
    pub payment_url: Option<String>,
    /// Until when the new seat waits for the payment.
    pub pay_by: Option<chrono::DateTime<Utc>>,
}

#[utoipa::path(post, path = "/api/order/order/change-course", tag = "order", security((), ("bearer" = [])), request_body = ChangeInput,
    responses((status = 200, description = "`{\"data\": Changed}`", body = Data<Changed>),
        (status = 403, description = "someone else's ticket"), (status = 404, description = "no such ticket or course"), (status = 409, description = "changed already (or a change waits for its payment), returned, used, or no seats"), (status = 503, description = "the payment gateway cannot be reached (a dearer course)"), (status = 422, description = "another route or stops, or after the cutoff")))]
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
        payment: None,
        pay_within_minutes: settings.payment_time.get(),
    };
    // Check first (nothing held yet), so a refusal costs no seat. A dearer course is
    // told by the difference it costs: its payment is registered after the seat is held.
    let dearer = match order::decide_change_course(&command_stub, &loaded.state) {
        Ok(_) => None,
        Err(ChangeTicketCourseError::CostsMore(difference)) => Some(difference),
        Err(e) => return Err(change_error(e, cutoff)),
    };

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
    crate::failpoint("change-after-hold");

    let mut command = command_stub;
    let command_id = match dearer {
        None => Uuid::new_v5(&ticket.ticket.ticket_id, b"change-course"),
        Some(difference) => {
            let session_id = order::next_change_session(placed);
            let registered = register_difference(state, placed, &ticket, &session_id, difference, user).await;
            let token = match registered {
                Ok(token) => token,
                Err(e) => {
                    release_new_seat(&holds, order_id, target.course_id, new_hold).await;
                    return Err(e);
                }
            };
            crate::failpoint("change-after-payment");
            command.payment = Some(PaymentRef {
                provider: state.gateway.provider().to_owned(),
                session_id: session_id.clone(),
                token,
            });
            Uuid::new_v5(&ticket.ticket.ticket_id, format!("change-course/{session_id}").as_bytes())
        }
    };
    let recorded = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_change_course(&command, o)
    })
    .await;
    let (events, after) = match recorded {
        Ok(done) => {
            crate::failpoint("change-after-append");
            done
        }
        Err(e) => {
            release_new_seat(&holds, order_id, target.course_id, new_hold).await;
            return Err(match e {
                ExecuteError::Refused(e) => change_error(e, cutoff),
                ExecuteError::Store(e) => e.into(),
            });
        }
    };
    let changed = |difference: i64, status: &str, payment_url: Option<String>, pay_by| Changed {
        number: number.clone(),
        course_id: target.course_id,
        departure_at: target.departure_at,
        price_difference: difference,
        price_difference_formatted: format_pln(difference),
        status: status.into(),
        payment_url,
        pay_by,
    };
    match events.first() {
        Some(OrderEvent::TicketChangeRequested { price_difference, payment, expires_at, .. }) => {
            let url = crate::payments::payment_url(state, payment);
            Ok(changed(*price_difference, "awaiting_payment", Some(url), Some(*expires_at)))
        }
        Some(OrderEvent::TicketCourseChanged { price_difference, .. }) => {
            if let Some(placed) = after.placed() {
                effects::after_change(state, placed, ticket.ticket.ticket_id, &ticket.course, &metadata).await;
            }
            // The ticket page reads the ticket again at once: it must show the new course
            // (and its new QR code), not the old one until a reload.
            crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, "orders").await?;
            Ok(changed(*price_difference, "changed", None, None))
        }
        // Recorded before (the same command again): as the order is now.
        _ => Ok(changed(0, "changed", None, None)),
    }
}

/// The seat held on the new course goes back (the change was refused, or its payment
/// could not be registered).
async fn release_new_seat(holds: &Holds, order_id: Uuid, course_id: Uuid, hold_id: Uuid) {
    let release = ReleaseSeats {
        hold_id,
        release_id: Uuid::new_v5(&hold_id, b"change-refused"),
        seats: None,
        reason: ReleaseReason::CourseChanged,
    };
    if let Err(err) = holds.release(course_id, release).await {
        tracing::warn!(%order_id, error = %err, "could not release the seat of a refused course change");
    }
}

/// Registers the transaction of a change's difference with the gateway; answers its token.
/// The customer comes back to the ticket's page (the owner) or to the order's page.
async fn register_difference(
    state: &CommandState,
    order: &OrderState,
    ticket: &TicketState,
    session_id: &str,
    difference: i64,
    user: Option<&api_core::auth::AuthUser>,
) -> Result<String, ApiError> {
    let settings = state.settings.get(&state.pool).await?;
    let back = match user {
        Some(u) if order.user_id == Some(u.id) => format!("/user/your-tickets/{}", ticket.ticket.ticket_id),
        _ => format!("/order/success/{}", order.hash_id),
    };
    let registration = state
        .gateway
        .register(RegisterTransaction {
            session_id: session_id.to_owned(),
            amount: difference,
            currency: "PLN".into(),
            description: format!(
                "{} {}: dopłata do zmiany kursu biletu {}",
                settings.company_name,
                order.display_number(),
                ticket.ticket.number
            ),
            email: order.customer.email.clone(),
            url_return: format!("{}{back}", state.public_url),
            url_status: format!("{}/api/payment/notify/{}", state.public_url, state.gateway.provider()),
            language: payment::Language::Pl,
        })
        .await
        .map_err(|e| ApiError::Unavailable(format!("registering the payment of the difference: {e}")))?;
    Ok(registration.token)
}

fn change_error(e: ChangeTicketCourseError, cutoff: u32) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    let params = domain::ErrorCode::params(&e);
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
            "This course costs {} more: the difference is paid first.",
            format_pln(difference)
        )),
        ChangeTicketCourseError::ChangePending => {
            ApiError::Conflict("A change of this ticket waits for its payment.".into())
        }
    }
    .with_code(code)
    .with_params(params)
}
