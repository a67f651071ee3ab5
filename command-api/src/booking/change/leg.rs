//! An admin's move of a leg (every valid ticket of it) to another course: one command on
//! the order ([`domain::order::decide_move_leg`]: all the tickets or none, with who, why
//! and when in `LegMoved`), over the same recorded steps as a customer's change.
//!
//! A record per ticket ([`course_changes::start_all`], one transaction) names one hold for
//! the leg on the new course; then the seats (one hold of as many seats as tickets: all
//! or none), the order (one append), the old seats. A refusal gives the hold back; a
//! process that dies between steps is finished or undone by the recovery sweep, ticket by
//! ticket, as a customer's change is (the records share the hold: the first undo releases
//! all of it, the others find nothing left). No half-way answer: the leg moved, or nothing did.

use api_core::auth::AuthUser;
use api_core::ApiError;
use chrono::{Duration, Utc};
use domain::ids::change_hold_id;
use domain::order::{self, Leg, LegKind, MoveLeg, OrderEvent, OrderState};
use domain::seat_inventory::HoldSeats;
use event_store::Metadata;
use uuid::Uuid;

use super::{change_error, Changed};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::booking::catalogue::course_leg;
use crate::holds::Holds;
use crate::processes::course_changes::{self, ChangeRecord, Outcome};
use crate::streams::order_stream;
use crate::CommandState;

/// Move the order's `kind` leg to `course_id` for the admin, with their reason.
pub(crate) async fn move_leg(
    state: &CommandState,
    admin: &AuthUser,
    order: &OrderState,
    kind: LegKind,
    course_id: Uuid,
    reason: String,
) -> Result<Vec<Changed>, ApiError> {
    let leg = order.leg(kind).ok_or_else(|| ApiError::NotFound("The order has no such leg.".into()))?;
    let target =
        course_leg(&state.course_legs, "course_id", course_id, leg.from_waypoint_id, leg.to_waypoint_id).await?;
    if !target.sale_open {
        return Err(ApiError::refusal_on(
            "course_id",
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::NotOpened),
            "This course is not on sale.",
        ));
    }
    let settings = state.settings.get(&state.pool).await?;
    let now = Utc::now();
    let move_id = Uuid::new_v4();
    let command = MoveLeg {
        order_id: order.order_id,
        kind,
        to_course: target.leg(kind, change_hold_id(move_id)),
        by_admin: admin.id,
        reason,
        now,
        cutoff_minutes: settings.return_cutoff.get(),
    };
    // Check first (nothing held yet), so a refusal costs no seat.
    let current = order::Order::Placed(Box::new(order.clone()));
    order::decide_move_leg(&command, &current).map_err(|e| change_error(e, command.cutoff_minutes))?;
    let records = records(order, &command, move_id);
    course_changes::start_all(&state.pool, &records).await?;
    let metadata = Metadata {
        correlation_id: Some(order.order_id),
        user_id: Some(admin.id.to_string()),
        occurred_at: now,
        ..Metadata::default()
    };
    run(state, &command, &records, move_id, &metadata).await
}

/// A record per ticket that moves, all naming the leg's one hold on the new course.
fn records(order: &OrderState, command: &MoveLeg, move_id: Uuid) -> Vec<ChangeRecord> {
    let numbers = order::leg_tickets(&order::Order::Placed(Box::new(order.clone())), command.kind);
    order
        .tickets
        .iter()
        .filter(|t| numbers.contains(&t.ticket.number))
        .map(|t| ChangeRecord {
            change_id: Uuid::new_v5(&move_id, t.ticket.ticket_id.as_bytes()),
            order_id: order.order_id,
            ticket_id: t.ticket.ticket_id,
            from_course_id: t.course.course_id,
            from_hold_id: t.course.hold_id,
            to_course_id: command.to_course.course_id,
            to_hold_id: command.to_course.hold_id,
            session_id: None,
        })
        .collect()
}

/// The steps after the records: the seats, the order, the old seats.
async fn run(
    state: &CommandState,
    command: &MoveLeg,
    records: &[ChangeRecord],
    move_id: Uuid,
    metadata: &Metadata,
) -> Result<Vec<Changed>, ApiError> {
    let holds = Holds::new(state, metadata.clone());
    let to = &command.to_course;
    let seats = u32::try_from(records.len()).unwrap_or(u32::MAX);
    let hold = HoldSeats {
        course_id: to.course_id,
        hold_id: to.hold_id,
        from_waypoint: to.from_waypoint_id,
        to_waypoint: to.to_waypoint_id,
        seats,
        expires_at: to.departure_at + Duration::hours(1),
        now: command.now,
        sale_cutoff_minutes: command.cutoff_minutes,
    };
    // 1. The seats on the new course, for the whole leg or none.
    if let Err(e) = holds.hold(hold).await {
        give_back(state, &holds, records, Outcome::Refused).await;
        return Err(e.for_field("course_id"));
    }
    crate::failpoint("move-leg-after-hold");
    if let Some(first) = records.first() {
        if !course_changes::still_open(&state.pool, first.change_id).await? {
            return Err(ApiError::Unavailable("The move took too long and was undone; please try again.".into()));
        }
    }
    // 2. The order: every ticket and who, why, when, in one append.
    let stream = order_stream(command.order_id)?;
    let command_id = Uuid::new_v5(&command.order_id, format!("move-leg/{move_id}").as_bytes());
    let recorded = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, metadata, |o| {
        order::decide_move_leg(command, o)
    })
    .await;
    let events = match recorded {
        Ok((events, _)) => events,
        Err(ExecuteError::Refused(e)) => {
            give_back(state, &holds, records, Outcome::Refused).await;
            return Err(change_error(e, command.cutoff_minutes));
        }
        // Unknown whether it was recorded: the recovery sweep reads the order.
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    };
    crate::failpoint("move-leg-after-append");
    // 3. The old seats back, ticket by ticket (a failure: the sweep retries).
    for record in records {
        match course_changes::settle_moved(&holds, record).await {
            Ok(()) => course_changes::finish(&state.pool, record.change_id, Outcome::Changed).await,
            Err(e) => tracing::warn!(change_id = %record.change_id, error = %e,
                "the old seat of a moved ticket is not back yet; the recovery sweep retries"),
        }
    }
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, "orders").await?;
    Ok(events.iter().filter_map(|e| changed(e, to)).collect())
}

fn changed(event: &OrderEvent, to: &Leg) -> Option<Changed> {
    let OrderEvent::TicketCourseChanged { number, price_difference, .. } = event else { return None };
    Some(Changed {
        number: number.clone(),
        course_id: to.course_id,
        departure_at: to.departure_at,
        price_difference: *price_difference,
        price_difference_formatted: domain::money::format_pln(*price_difference),
        status: "changed".into(),
        payment_url: None,
        pay_by: None,
    })
}

/// The leg's hold goes back (all of it, under the first record's id) and the records are
/// closed; when the release fails they stay open for the recovery sweep.
async fn give_back(state: &CommandState, holds: &Holds, records: &[ChangeRecord], outcome: Outcome) {
    let Some(first) = records.first() else { return };
    match course_changes::undo(holds, first).await {
        Ok(()) => {
            for record in records {
                course_changes::finish(&state.pool, record.change_id, outcome).await;
            }
        }
        Err(e) => tracing::warn!(change_id = %first.change_id, error = %e,
            "the seats of a leg move that did not happen are not back yet; the recovery sweep retries"),
    }
}
