//! The choice of a disrupted course's passenger, made by the passenger (the link) or by
//! the office on their behalf: a free move to any course serving the same two stops (any
//! route, any later date), or a full refund with no fee (the return leg too when the
//! outbound is the disrupted one). One decision on the order
//! ([`domain::order::decide_choose_disruption`]); a move holds the seats on the new course
//! first and gives them back when the order refuses. The seats of the old course, the
//! coupon, the refund and the invoice correction follow from the ticket events, through
//! the booking reactions, as for any return or change.

use api_core::ApiError;
use chrono::{Duration, Utc};
use domain::order::{self, ChosenBy, DisruptionError, Leg, OrderState};
use domain::seat_inventory::{HoldSeats, ReleaseReason, ReleaseSeats};
use event_store::Metadata;
use uuid::Uuid;

use super::{course_disruption, load_course, load_order};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::catalogue::course_leg;
use crate::holds::Holds;
use crate::streams::order_stream;
use crate::CommandState;

/// What was chosen: another course, or the refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    Move(Uuid),
    Refund,
}

/// A choice's refusal as an answer.
pub fn choice_error(e: DisruptionError) -> ApiError {
    let code = domain::ErrorCode::code(&e);
    match e {
        DisruptionError::NotFound | DisruptionError::NotOnCourse => {
            ApiError::NotFound("The order has no ticket on this course.".into())
        }
        DisruptionError::AlreadyChosen => ApiError::Conflict("A choice was made already.".into()),
        DisruptionError::ChoiceClosed | DisruptionError::NotYetDue => {
            ApiError::Conflict("The time to choose is over.".into())
        }
        DisruptionError::NoChoice => ApiError::Conflict("A delay this short offers no choice.".into()),
        DisruptionError::SameCourse | DisruptionError::NotAnAlternative | DisruptionError::DifferentStops => {
            ApiError::invalid_field("to_course_id", code, "Choose one of the other courses offered.")
        }
        DisruptionError::NoCompensation => ApiError::NotFound("No compensation is owed on this course.".into()),
        DisruptionError::CompensationPaid => ApiError::Conflict("The compensation was paid already.".into()),
    }
    .with_code(code)
}

/// Choose for `order_id`'s tickets on `course_id`.
pub async fn choose(
    state: &CommandState,
    order_id: Uuid,
    course_id: Uuid,
    wanted: Wanted,
    by: ChosenBy,
    by_user_id: Option<Uuid>,
) -> Result<OrderState, ApiError> {
    let not_found = || choice_error(DisruptionError::NotOnCourse);
    let inventory = load_course(state, course_id).await?.ok_or_else(not_found)?;
    let disruption = course_disruption(&inventory).ok_or_else(not_found)?;
    let order = load_order(state, order_id).await?.ok_or_else(not_found)?;
    let now = Utc::now();
    let metadata = Metadata {
        correlation_id: Some(order_id),
        user_id: by_user_id.map(|u| u.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    let mut command = order::ChooseDisruption { order_id, disruption, move_to: None, by, by_user_id, now };
    let holds = Holds::new(state, metadata.clone());
    if let Wanted::Move(to) = wanted {
        // Refused before any seat is held (a second choice, after the deadline, …).
        order::decide_choose_disruption(&command, &aggregate_of(&order)).map_err(choice_error)?;
        let leg = target_leg(state, &order, course_id, to).await?;
        let seats = order::tickets_on(&order, course_id).len() as u32;
        holds
            .hold(HoldSeats {
                course_id: to,
                hold_id: leg.hold_id,
                from_waypoint: leg.from_waypoint_id,
                to_waypoint: leg.to_waypoint_id,
                seats,
                expires_at: leg.departure_at + Duration::hours(1),
                now,
                sale_cutoff_minutes: state.settings.get(&state.pool).await?.sales_close.get(),
            })
            .await
            .map_err(|e| e.for_field("to_course_id"))?;
        command.move_to = Some(leg);
    }
    let command_id = Uuid::new_v5(&order_id, format!("disruption-choice/{course_id}").as_bytes());
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id)?,
        command_id,
        &metadata,
        |o| order::decide_choose_disruption(&command, o),
    )
    .await;
    match result {
        Ok((_, after)) => after.placed().cloned().ok_or_else(not_found),
        Err(e) => {
            if let Some(leg) = &command.move_to {
                let release = ReleaseSeats {
                    hold_id: leg.hold_id,
                    release_id: Uuid::new_v5(&leg.hold_id, b"disruption-refused"),
                    seats: None,
                    reason: ReleaseReason::CourseChanged,
                };
                if let Err(e) = holds.release(leg.course_id, release).await {
                    tracing::warn!(%order_id, error = %e, "could not release the seats of a refused move");
                }
            }
            Err(match e {
                ExecuteError::Refused(e) => choice_error(e),
                ExecuteError::Store(e) => e.into(),
            })
        }
    }
}

fn aggregate_of(order: &OrderState) -> order::Order {
    order::Order::Placed(Box::new(order.clone()))
}

/// The new course for the tickets' stops, as the order's leg records it, with the hold of
/// the move (derived from the order and the disrupted course, so a retry holds nothing more).
async fn target_leg(state: &CommandState, order: &OrderState, course_id: Uuid, to: Uuid) -> Result<Leg, ApiError> {
    let tickets = order::tickets_on(order, course_id);
    let Some(first) = tickets.first() else { return Err(choice_error(DisruptionError::NotOnCourse)) };
    let current = &first.course;
    let target =
        course_leg(&state.course_legs, "to_course_id", to, current.from_waypoint_id, current.to_waypoint_id).await?;
    // Any course serving the same two stops (`course_leg` refuses one that does not), on
    // any route and date, still on sale.
    if to == course_id || !target.sale_open {
        return Err(choice_error(DisruptionError::NotAnAlternative));
    }
    Ok(target.leg(current.kind, Uuid::new_v5(&order.order_id, format!("disruption-move/{course_id}").as_bytes())))
}
