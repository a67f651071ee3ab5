//! The durable record of a change of a ticket's course, and its recovery.
//!
//! The change process ([`crate::booking::change`]) writes its record in `course_changes`
//! before its first step and closes it when it is over: the ticket moved, the change
//! waits for its payment, or what it took was given back. A record still open after
//! [`super::recovery::STALE_AFTER`] belongs to a process that died (or whose last step
//! failed); the sweep reads the order, the arbiter, and:
//!
//! - the ticket is on the new course (the order recorded `TicketCourseChanged`): the
//!   change is finished, the old seat released and the new one confirmed;
//! - the change waits for its payment (`TicketChangeRequested`): the payment or its
//!   expiry takes it from here, the record is closed;
//! - otherwise the order never recorded it: the seat held on the new course goes back.
//!   The payment registered for a dearer course is left unpaid: its session is not the
//!   order's, and a later attempt registers under a session of its own.
//!
//! Every step uses ids named by the record ([`domain::ids::change_hold_id`] and the
//! release ids next to it), so the process, its recovery and the reactions never give a
//! seat back twice. A step that fails leaves the record open, and the next sweep tries
//! again: a release that fails is retried, not only logged. A process that hung past the
//! sweep's wait finds its record closed before it records the change in the order
//! ([`still_open`]), and stops there.

use std::time::Duration;

use api_core::ApiError;
use domain::ids::{change_undo_id, course_changed_release_id};
use domain::order::{OrderState, TicketState};
use domain::seat_inventory::{ConfirmHold, HoldError, ReleaseReason, ReleaseSeats};
use event_store::Metadata;
use sqlx::PgPool;
use uuid::Uuid;

use crate::aggregate::{self, OrderAgg};
use crate::holds::{Holds, SeatError};
use crate::streams::order_stream;
use crate::writer::WriteError;
use crate::CommandState;

/// A change's record: the ticket, where it was and where it goes.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChangeRecord {
    pub change_id: Uuid,
    pub order_id: Uuid,
    pub ticket_id: Uuid,
    pub from_course_id: Uuid,
    pub from_hold_id: Uuid,
    pub to_course_id: Uuid,
    pub to_hold_id: Uuid,
    /// The gateway session of a dearer course's difference.
    pub session_id: Option<String>,
}

/// How a change ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Changed,
    AwaitingPayment,
    Refused,
    Undone,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Changed => "changed",
            Outcome::AwaitingPayment => "awaiting_payment",
            Outcome::Refused => "refused",
            Outcome::Undone => "undone",
        }
    }
}

/// The session of the next dearer change of `order`: `{order}-c{n}`, `n` past every
/// session the order recorded and every one an attempt registered (an attempt undone
/// leaves its session behind, never to be reused).
pub async fn next_session(pool: &PgPool, order: &OrderState) -> Result<String, ApiError> {
    let attempts: i64 =
        sqlx::query_scalar("select count(*) from course_changes where order_id = $1 and session_id is not null")
            .bind(order.order_id)
            .fetch_one(pool)
            .await
            .map_err(|e| ApiError::Unavailable(format!("reading the course changes: {e}")))?;
    let n = order.change_sessions.len() + usize::try_from(attempts).unwrap_or(0) + 1;
    Ok(domain::order::change_session(order.order_id, n))
}

/// Write the record before the first step. Another change of the ticket under way (or
/// left by a process that died, until the sweep resumes it) is a conflict.
pub async fn start(pool: &PgPool, record: &ChangeRecord) -> Result<(), ApiError> {
    start_all(pool, std::slice::from_ref(record)).await
}

/// Write the records of the tickets that move together (an admin's move of a leg), in
/// one transaction: all or none.
pub async fn start_all(pool: &PgPool, records: &[ChangeRecord]) -> Result<(), ApiError> {
    let unavailable = |e: sqlx::Error| ApiError::Unavailable(format!("recording the course change: {e}"));
    let mut tx = pool.begin().await.map_err(unavailable)?;
    for record in records {
        let inserted = sqlx::query(
            "insert into course_changes (change_id, order_id, ticket_id, from_course_id, from_hold_id, \
             to_course_id, to_hold_id, session_id) values ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(record.change_id)
        .bind(record.order_id)
        .bind(record.ticket_id)
        .bind(record.from_course_id)
        .bind(record.from_hold_id)
        .bind(record.to_course_id)
        .bind(record.to_hold_id)
        .bind(&record.session_id)
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(ApiError::Conflict(
                    "Another change of this ticket is under way; try again in a minute.".into(),
                )
                .with_code(api_core::codes::CHANGED_MEANWHILE))
            }
            Err(e) => return Err(unavailable(e)),
        }
    }
    tx.commit().await.map_err(unavailable)
}

/// Whether the record is still open: a process about to record the change in the order
/// checks that the sweep did not take it for dead and undo it meanwhile (a step that hung
/// for longer than the sweep waits).
pub async fn still_open(pool: &PgPool, change_id: Uuid) -> Result<bool, ApiError> {
    let open: Option<bool> = sqlx::query_scalar("select finished_at is null from course_changes where change_id = $1")
        .bind(change_id)
        .fetch_optional(pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("reading the course change: {e}")))?;
    Ok(open == Some(true))
}

/// Close the record. A close that fails only means the sweep looks at it again and
/// finds the same outcome.
pub async fn finish(pool: &PgPool, change_id: Uuid, outcome: Outcome) {
    let closed = sqlx::query(
        "update course_changes set finished_at = now(), outcome = $2 where change_id = $1 and finished_at is null",
    )
    .bind(change_id)
    .bind(outcome.as_str())
    .execute(pool)
    .await;
    if let Err(e) = closed {
        tracing::warn!(%change_id, error = %e, "could not close a course change's record");
    }
}

/// The ticket moved: its old seat goes back (the id the reactions use too, so it goes
/// back once) and the new one is confirmed. A ticket returned since has no seat to
/// confirm.
pub async fn settle_moved(holds: &Holds, record: &ChangeRecord) -> Result<(), SeatError> {
    let release = ReleaseSeats {
        hold_id: record.from_hold_id,
        release_id: course_changed_release_id(record.ticket_id),
        seats: Some(1),
        reason: ReleaseReason::CourseChanged,
    };
    holds.release(record.from_course_id, release).await?;
    match holds.confirm(record.to_course_id, ConfirmHold { hold_id: record.to_hold_id }).await {
        Ok(_) | Err(WriteError::Refused(HoldError::HoldReleased)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Give back the seat held on the new course (nothing when it was never held).
pub async fn undo(holds: &Holds, record: &ChangeRecord) -> Result<(), SeatError> {
    let release = ReleaseSeats {
        hold_id: record.to_hold_id,
        release_id: change_undo_id(record.change_id),
        seats: None,
        reason: ReleaseReason::CourseChanged,
    };
    match holds.release(record.to_course_id, release).await {
        Ok(_) | Err(WriteError::Refused(HoldError::HoldNotFound)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Where the order says the change is.
fn recorded(order: &OrderState, record: &ChangeRecord) -> Outcome {
    let ticket: Option<&TicketState> = order.tickets.iter().find(|t| t.ticket.ticket_id == record.ticket_id);
    match ticket {
        Some(t) if t.course.hold_id == record.to_hold_id => Outcome::Changed,
        Some(t) if t.pending_change.as_ref().is_some_and(|c| c.to_course.hold_id == record.to_hold_id) => {
            Outcome::AwaitingPayment
        }
        _ => Outcome::Undone,
    }
}

/// Finish or undo one record left open; closes it when done.
pub async fn resume(state: &CommandState, record: &ChangeRecord) -> Result<Outcome, ApiError> {
    let metadata =
        Metadata { correlation_id: Some(record.order_id), occurred_at: chrono::Utc::now(), ..Metadata::default() };
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(record.order_id)?).await?;
    let holds = Holds::new(state, metadata);
    let outcome = match loaded.state.placed() {
        Some(order) => recorded(order, record),
        None => Outcome::Undone,
    };
    let seats = match outcome {
        Outcome::Changed => settle_moved(&holds, record).await,
        Outcome::AwaitingPayment => Ok(()),
        Outcome::Refused | Outcome::Undone => undo(&holds, record).await,
    };
    seats.map_err(|e| ApiError::Unavailable(format!("the seats of course change {}: {e}", record.change_id)))?;
    tracing::warn!(change_id = %record.change_id, order_id = %record.order_id, outcome = outcome.as_str(),
        "a course change left half-way was resumed");
    finish(&state.pool, record.change_id, outcome).await;
    Ok(outcome)
}

/// Resume every record open for longer than `stale`. Answers how many were resumed; one
/// that fails stays open for the next sweep.
pub async fn sweep(state: &CommandState, stale: Duration) -> Result<usize, ApiError> {
    let records: Vec<ChangeRecord> = sqlx::query_as(
        "select change_id, order_id, ticket_id, from_course_id, from_hold_id, to_course_id, to_hold_id, session_id \
         from course_changes where finished_at is null and started_at < now() - make_interval(secs => $1) \
         order by started_at limit 500",
    )
    .bind(stale.as_secs_f64())
    .fetch_all(&state.pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("reading the course changes: {e}")))?;
    let mut resumed = 0;
    for record in &records {
        match resume(state, record).await {
            Ok(_) => resumed += 1,
            Err(e) => {
                tracing::warn!(change_id = %record.change_id, error = %e, "a course change could not be resumed yet")
            }
        }
    }
    Ok(resumed)
}
