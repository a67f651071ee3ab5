//! The change of course as a process of recorded steps (the table in [`super`]).
//!
//! [`change_ticket`] checks the change first (nothing taken yet), writes the change's
//! record ([`course_changes::start`]), then runs the steps: the seat on the new course,
//! the payment of a dearer course's difference, the order, the old seat. A step that is
//! refused gives back what the ones before it took and closes the record; a step whose
//! outcome is unknown (the store failed mid-append) or whose undo failed leaves the record
//! open, and the recovery sweep finishes or undoes it by what the order says
//! ([`course_changes::resume`]).

use api_core::ApiError;
use chrono::{Duration, Utc};
use domain::ids::change_hold_id;
use domain::order::TicketState;
use domain::order::{self, ChangeTicketCourse, ChangeTicketCourseError, OrderEvent, OrderState, PaymentRef};
use domain::seat_inventory::HoldSeats;
use event_store::{Metadata, StreamName};
use payment::RegisterTransaction;
use uuid::Uuid;

use super::{change_error, Changed};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::catalogue::course_leg;
use crate::holds::Holds;
use crate::payments::order_of_ticket;
use crate::processes::course_changes::{self, ChangeRecord, Outcome};
use crate::streams::order_stream;
use crate::CommandState;

/// A change checked and ready to run: the order, the ticket, the order's command.
struct Plan {
    stream: StreamName,
    order: OrderState,
    ticket: TicketState,
    command: ChangeTicketCourse,
    /// A dearer course's difference, paid before the ticket moves.
    dearer: Option<i64>,
    metadata: Metadata,
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
    let change_id = Uuid::new_v4();
    let plan = prepare(state, user, number, code, new_course, change_hold_id(change_id)).await?;
    let session_id = match plan.dearer {
        Some(_) => Some(course_changes::next_session(&state.pool, &plan.order).await?),
        None => None,
    };
    let record = ChangeRecord {
        change_id,
        order_id: plan.order.order_id,
        ticket_id: plan.ticket.ticket.ticket_id,
        from_course_id: plan.ticket.course.course_id,
        from_hold_id: plan.ticket.course.hold_id,
        to_course_id: plan.command.to_course.course_id,
        to_hold_id: plan.command.to_course.hold_id,
        session_id,
    };
    course_changes::start(&state.pool, &record).await?;
    run(state, &plan, &record, user).await
}

/// Load the order and the course, and check the change (a refusal here costs nothing).
async fn prepare(
    state: &CommandState,
    user: Option<&api_core::auth::AuthUser>,
    number: String,
    code: Option<String>,
    new_course: Uuid,
    hold_id: Uuid,
) -> Result<Plan, ApiError> {
    let not_found = || {
        ApiError::NotFound("There is no ticket with this number.".into())
            .with_code(domain::ErrorCode::code(&ChangeTicketCourseError::TicketNotFound))
    };
    let order_id = order_of_ticket(state, &number).await?.ok_or_else(not_found)?;
    let stream = order_stream(order_id)?;
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await?;
    let placed = loaded.state.placed().ok_or_else(not_found)?;
    let ticket = placed.ticket_by_number(&number).ok_or_else(not_found)?.clone();
    let by_user_id = user.map(|u| u.id);
    // An admin changes the course on the customer's behalf without the code.
    let by_staff = user.is_some_and(|u| u.role == api_core::auth::Role::SuperAdmin);
    let (from, to) = (ticket.course.from_waypoint_id, ticket.course.to_waypoint_id);
    let target = course_leg(&state.course_legs, "course_id", new_course, from, to).await?;
    if !target.sale_open {
        return Err(ApiError::refusal_on(
            "course_id",
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::NotOpened),
            "This course is not on sale.",
        ));
    }
    let settings = state.settings.get(&state.pool).await?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let command = ChangeTicketCourse {
        order_id,
        number,
        code,
        by_user_id,
        by_staff,
        to_course: target.leg(ticket.course.kind, hold_id),
        now,
        cutoff_minutes: settings.return_cutoff.get(),
        payment: None,
        pay_within_minutes: settings.payment_time.get(),
    };
    // A dearer course is told by the difference it costs: its payment is registered
    // after the seat is held.
    let dearer = match order::decide_change_course(&command, &loaded.state) {
        Ok(_) => None,
        Err(ChangeTicketCourseError::CostsMore(difference)) => Some(difference),
        Err(e) => return Err(change_error(e, command.cutoff_minutes)),
    };
    Ok(Plan { stream, order: placed.clone(), ticket, command, dearer, metadata })
}

/// The steps, after the record. Each refusal gives back what was taken.
async fn run(
    state: &CommandState,
    plan: &Plan,
    record: &ChangeRecord,
    user: Option<&api_core::auth::AuthUser>,
) -> Result<Changed, ApiError> {
    let holds = Holds::new(state, plan.metadata.clone());
    // 1. The seat on the new course.
    if let Err(e) = holds.hold(hold_command(plan)).await {
        give_back(state, &holds, record, Outcome::Refused).await;
        return Err(e.for_field("course_id"));
    }
    crate::failpoint("change-after-hold");
    // 2. The payment of a dearer course's difference.
    let mut command = plan.command.clone();
    let ticket_id = plan.ticket.ticket.ticket_id;
    let command_id = match (plan.dearer, &record.session_id) {
        (Some(difference), Some(session_id)) => {
            let registered = register_difference(state, plan, session_id, difference, user).await;
            let token = match registered {
                Ok(token) => token,
                Err(e) => {
                    give_back(state, &holds, record, Outcome::Undone).await;
                    return Err(e);
                }
            };
            crate::failpoint("change-after-payment");
            let provider = state.gateway.provider().to_owned();
            command.payment = Some(PaymentRef { provider, session_id: session_id.clone(), token });
            Uuid::new_v5(&ticket_id, format!("change-course/{session_id}").as_bytes())
        }
        _ => Uuid::new_v5(&ticket_id, b"change-course"),
    };
    // 3. The order, unless the recovery sweep took this process for dead and undid the
    // steps meanwhile.
    if !course_changes::still_open(&state.pool, record.change_id).await? {
        return Err(ApiError::Unavailable("The change took too long and was undone; please try again.".into()));
    }
    let store = state.store.as_ref();
    let recorded = aggregate::execute::<OrderAgg, _, _>(store, &plan.stream, command_id, &plan.metadata, |o| {
        order::decide_change_course(&command, o)
    })
    .await;
    let (events, _) = match recorded {
        Ok(done) => done,
        Err(ExecuteError::Refused(e)) => {
            give_back(state, &holds, record, Outcome::Refused).await;
            return Err(change_error(e, command.cutoff_minutes));
        }
        // Whether the order recorded it is unknown: the recovery sweep reads the order
        // and finishes or undoes the change (the record stays open).
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    };
    crate::failpoint("change-after-append");
    // 4. The old seat, once the ticket moved.
    settle(state, plan, record, &holds, events.first()).await
}

/// After the order's answer: the old seat goes back when the ticket moved, and the
/// record is closed.
async fn settle(
    state: &CommandState,
    plan: &Plan,
    record: &ChangeRecord,
    holds: &Holds,
    event: Option<&OrderEvent>,
) -> Result<Changed, ApiError> {
    let to = &plan.command.to_course;
    let changed = |difference: i64, status: &str, payment_url: Option<String>, pay_by| Changed {
        number: plan.command.number.clone(),
        course_id: to.course_id,
        departure_at: to.departure_at,
        price_difference: difference,
        price_difference_formatted: domain::money::format_pln(difference),
        status: status.into(),
        payment_url,
        pay_by,
    };
    match event {
        Some(OrderEvent::TicketChangeRequested { price_difference, payment, expires_at, .. }) => {
            course_changes::finish(&state.pool, record.change_id, Outcome::AwaitingPayment).await;
            let url = crate::payments::payment_url(state, payment);
            Ok(changed(*price_difference, "awaiting_payment", Some(url), Some(*expires_at)))
        }
        Some(OrderEvent::TicketCourseChanged { price_difference, .. }) => {
            match course_changes::settle_moved(holds, record).await {
                Ok(()) => {
                    crate::failpoint("change-after-release");
                    course_changes::finish(&state.pool, record.change_id, Outcome::Changed).await;
                }
                Err(e) => tracing::warn!(change_id = %record.change_id, error = %e,
                    "the old seat of a changed ticket is not back yet; the recovery sweep retries"),
            }
            // The ticket page reads the ticket again at once: it must show the new course
            // (and its new QR code), not the old one until a reload.
            crate::visible::after_write(&state.pool, state.store.as_ref(), &plan.stream, "orders").await?;
            Ok(changed(*price_difference, "changed", None, None))
        }
        // Recorded before under the same command: this attempt's seat is not the ticket's.
        _ => {
            give_back(state, holds, record, Outcome::Refused).await;
            Ok(changed(0, "changed", None, None))
        }
    }
}

fn hold_command(plan: &Plan) -> HoldSeats {
    let to = &plan.command.to_course;
    HoldSeats {
        course_id: to.course_id,
        hold_id: to.hold_id,
        from_waypoint: to.from_waypoint_id,
        to_waypoint: to.to_waypoint_id,
        seats: 1,
        expires_at: to.departure_at + Duration::hours(1),
        now: plan.command.now,
        sale_cutoff_minutes: plan.command.cutoff_minutes,
    }
}

/// The seat held on the new course goes back and the record is closed; when the release
/// fails, the record stays open and the recovery sweep releases it.
async fn give_back(state: &CommandState, holds: &Holds, record: &ChangeRecord, outcome: Outcome) {
    match course_changes::undo(holds, record).await {
        Ok(()) => course_changes::finish(&state.pool, record.change_id, outcome).await,
        Err(e) => tracing::warn!(change_id = %record.change_id, error = %e,
            "the new seat of a course change that did not happen is not back yet; the recovery sweep retries"),
    }
}

/// Registers the transaction of a change's difference with the gateway; answers its token.
/// The customer comes back to the ticket's page (the owner) or to the order's page.
async fn register_difference(
    state: &CommandState,
    plan: &Plan,
    session_id: &str,
    difference: i64,
    user: Option<&api_core::auth::AuthUser>,
) -> Result<String, ApiError> {
    let (order, ticket) = (&plan.order, &plan.ticket);
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
            email: crate::booking::send::address(&order.customer.email),
            url_return: format!("{}{back}", state.public_url),
            url_status: format!("{}/api/payment/notify/{}", state.public_url, state.gateway.provider()),
            language: payment::Language::Pl,
        })
        .await
        .map_err(|e| ApiError::Unavailable(format!("registering the payment of the difference: {e}")))?;
    Ok(registration.token)
}
