//! The disruption process (issues 28, 39): when the carrier cancels a course (whole or
//! from a stop onward), delays it, changes the delay or clears it, every order with a
//! ticket the change touches, paid or waiting for payment, is told, and an unpaid order
//! on a cancelled stretch is cancelled; a cancelled course's passengers who did not
//! choose within the window (14 days after the announcement) are refunded in full
//! ([`refund_when_choice_closes`]). A paid order is sent its message; one waiting for
//! payment only once it is paid (a cancelled one at once: its order was cancelled).
//!
//! It follows the event store like the booking reactions (checkpointed by the projection
//! runner, resumed after a restart) and keeps what it needs in two tables of its own,
//! written in the transaction of its checkpoint, so they are exactly as far as the events
//! it has followed: which orders are on which course (`disruption_course_orders`, from
//! `OrderPlaced` and `TicketCourseChanged`) and which courses are disrupted
//! (`disrupted_courses`). So an order is told whichever comes first in the log, the
//! cancellation or the order (placed on seats held just before the course was cancelled).
//!
//! Exactly once: the order decides ([`domain::order::decide_tell_disruption`]: once per
//! announcement, the event id derived from it); the message goes out on `DisruptionTold`
//! (or, for an order told while unpaid, on its `OrderPaid`), queued in the outbox with its
//! `sent_messages` claim ([`crate::booking::disruption::notify`]).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::order::{self, CourseDisruption, DisruptionError, OrderEvent, CHOICE_WINDOW_DAYS};
use domain::seat_inventory::{SeatInventory, SeatInventoryEvent};
use event_store::{Metadata, RecordedEvent, SubscriptionFilter};
use projections::{Projection, ProjectionError};
use runs::{in_run, InRun};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, InventoryAgg, OrderAgg};
use crate::streams::{course_stream, order_stream};
use crate::CommandState;

mod refunds;
mod runs;

pub use refunds::{refund_when_choice_closes, run};

/// The name of its checkpoint.
pub const NAME: &str = "disruption-process";

const FOLLOWS: [&str; 7] = [
    "CourseCancelled",
    "DelayAnnounced",
    "DelayCleared",
    "OrderPlaced",
    "OrderPaid",
    "TicketCourseChanged",
    "DisruptionTold",
];

/// See the module documentation.
pub struct DisruptionProcess {
    pub state: CommandState,
}

#[async_trait]
impl Projection for DisruptionProcess {
    fn name(&self) -> &'static str {
        NAME
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::EventType(FOLLOWS.map(String::from).to_vec())
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let failed = |reason| ProjectionError::Handler { projection: NAME, reason };
        // The orders placed and paid in a row (most of a batch under load) are handled
        // together: nothing between two of them changes which courses are disrupted.
        let mut run: Vec<InRun> = Vec::new();
        for recorded in events {
            if let Some(step) = in_run(recorded).map_err(failed)? {
                run.push(step);
                continue;
            }
            self.orders_in_run(conn, std::mem::take(&mut run)).await.map_err(failed)?;
            self.follow(conn, recorded).await.map_err(failed)?;
        }
        self.orders_in_run(conn, run).await.map_err(failed)
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate disruption_course_orders, disrupted_courses").execute(&mut *conn).await?;
        Ok(())
    }
}

type Step = Result<(), String>;

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

impl DisruptionProcess {
    async fn follow(&self, conn: &mut PgConnection, recorded: &RecordedEvent) -> Step {
        if recorded.stream.starts_with(domain::seat_inventory::STREAM_PREFIX) {
            let event: SeatInventoryEvent = recorded.decode().map_err(err)?;
            return self.course_event(conn, recorded.id, event).await;
        }
        if !recorded.stream.starts_with(order::STREAM_PREFIX) {
            return Ok(());
        }
        // `OrderPlaced` and `OrderPaid` never come here: `apply` takes each run of them together.
        let event: OrderEvent = recorded.decode().map_err(err)?;
        match event {
            OrderEvent::TicketCourseChanged { order_id, to_course, .. } => {
                on_course(conn, to_course.course_id, order_id).await?;
                self.tell_if_disrupted(conn, order_id, &[to_course.course_id]).await
            }
            OrderEvent::DisruptionTold {
                order_id,
                course_id,
                notice_id,
                delay_minutes,
                reason,
                told_at,
                unserved_stops,
                ..
            } => {
                // The notice as the process recorded it (its announcement's instant), or as told.
                let latest = disrupted(conn, &[course_id]).await?.into_iter().find(|d| d.notice_id == notice_id);
                let d = match latest {
                    Some(d) => d,
                    None => {
                        let loaded = aggregate::load::<InventoryAgg>(
                            self.state.store.as_ref(),
                            &course_stream(course_id).map_err(err)?,
                        )
                        .await
                        .map_err(err)?;
                        let SeatInventory::Opened(inventory) = loaded.state else { return Ok(()) };
                        CourseDisruption {
                            course_id,
                            notice_id,
                            delay_minutes,
                            unserved_stops,
                            reason,
                            departure_at: inventory.departure_at,
                            announced_at: told_at,
                        }
                    }
                };
                crate::booking::disruption::notify(&self.state, order_id, &d, false).await;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    async fn course_event(&self, conn: &mut PgConnection, event_id: Uuid, event: SeatInventoryEvent) -> Step {
        let course_id = event.course_id();
        let (delay_minutes, reason, announced_at, from_stop) = match event {
            SeatInventoryEvent::CourseCancelled { reason, at, from_stop, .. } => (None, reason, at, from_stop),
            SeatInventoryEvent::DelayAnnounced { minutes, reason, at, .. } => (Some(minutes), reason, at, None),
            // Cleared: told as a delay of 0 minutes (running on time again: the choice is gone).
            SeatInventoryEvent::DelayCleared { at, .. } => (Some(0), String::new(), at, None),
            _ => return Ok(()),
        };
        let loaded =
            aggregate::load::<InventoryAgg>(self.state.store.as_ref(), &course_stream(course_id).map_err(err)?)
                .await
                .map_err(err)?;
        let SeatInventory::Opened(inventory) = loaded.state else { return Ok(()) };
        // What this event cut (the inventory may since have been cut further).
        let unserved_stops =
            from_stop.map(|k| inventory.stops.iter().skip(k as usize + 1).map(|s| s.waypoint_id).collect::<Vec<_>>());
        let disruption = CourseDisruption {
            course_id,
            notice_id: event_id,
            delay_minutes,
            unserved_stops,
            reason,
            departure_at: inventory.departure_at,
            announced_at,
        };
        // A cancellation stands: a delay replayed after it does not replace it (a wider
        // cancellation does replace a narrower one). A cleared delay leaves the table
        // once its passengers are told.
        sqlx::query(
            "insert into disrupted_courses (course_id, notice_id, delay_minutes, reason, departure_at, unserved_stops, announced_at) \
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (course_id) do update \
             set notice_id = excluded.notice_id, delay_minutes = excluded.delay_minutes, reason = excluded.reason, \
                 unserved_stops = excluded.unserved_stops, announced_at = excluded.announced_at \
             where disrupted_courses.delay_minutes is not null or excluded.delay_minutes is null",
        )
        .bind(course_id)
        .bind(event_id)
        .bind(delay_minutes.map(|m| m as i32))
        .bind(&disruption.reason)
        .bind(disruption.departure_at)
        .bind(&disruption.unserved_stops)
        .bind(announced_at)
        .execute(&mut *conn)
        .await
        .map_err(err)?;
        let orders: Vec<Uuid> =
            sqlx::query_scalar("select order_id from disruption_course_orders where course_id = $1")
                .bind(course_id)
                .fetch_all(&mut *conn)
                .await
                .map_err(err)?;
        for order_id in orders {
            tell(&self.state, order_id, &disruption).await?;
        }
        if delay_minutes == Some(0) {
            sqlx::query("delete from disrupted_courses where course_id = $1 and delay_minutes is not null")
                .bind(course_id)
                .execute(&mut *conn)
                .await
                .map_err(err)?;
        }
        Ok(())
    }

    async fn tell_if_disrupted(&self, conn: &mut PgConnection, order_id: Uuid, courses: &[Uuid]) -> Step {
        for disruption in disrupted(conn, courses).await? {
            tell(&self.state, order_id, &disruption).await?;
        }
        Ok(())
    }
}

/// Records that `order_id` has seats on `course_id`.
async fn on_course(conn: &mut PgConnection, course_id: Uuid, order_id: Uuid) -> Step {
    sqlx::query("insert into disruption_course_orders (course_id, order_id) values ($1, $2) on conflict do nothing")
        .bind(course_id)
        .bind(order_id)
        .execute(&mut *conn)
        .await
        .map_err(err)?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct DisruptedRow {
    course_id: Uuid,
    notice_id: Uuid,
    delay_minutes: Option<i32>,
    reason: String,
    departure_at: DateTime<Utc>,
    unserved_stops: Option<Vec<i64>>,
    announced_at: Option<DateTime<Utc>>,
}

impl DisruptedRow {
    fn disruption(self) -> CourseDisruption {
        CourseDisruption {
            course_id: self.course_id,
            notice_id: self.notice_id,
            delay_minutes: self.delay_minutes.map(|m| m.max(0) as u32),
            unserved_stops: self.unserved_stops,
            reason: self.reason,
            departure_at: self.departure_at,
            // Rows from before announcements were kept: the departure closed the choice then.
            announced_at: self.announced_at.unwrap_or(self.departure_at - chrono::Duration::days(CHOICE_WINDOW_DAYS)),
        }
    }
}

/// The columns of [`DisruptedRow`].
const ROW: &str = "course_id, notice_id, delay_minutes, reason, departure_at, unserved_stops, announced_at";

/// The disruptions of these courses, as the process last recorded them.
async fn disrupted(conn: &mut PgConnection, courses: &[Uuid]) -> Result<Vec<CourseDisruption>, String> {
    let rows: Vec<DisruptedRow> =
        sqlx::query_as(&format!("select {ROW} from disrupted_courses where course_id = any($1)"))
            .bind(courses)
            .fetch_all(&mut *conn)
            .await
            .map_err(err)?;
    Ok(rows.into_iter().map(DisruptedRow::disruption).collect())
}

/// Tells the order, once per announcement (an order not on the course any more is left).
async fn tell(state: &CommandState, order_id: Uuid, disruption: &CourseDisruption) -> Step {
    let now = Utc::now();
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command = order::TellDisruption { order_id, disruption: disruption.clone(), now };
    let command_id = Uuid::new_v5(&order_id, format!("tell/{}", disruption.notice_id).as_bytes());
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id).map_err(err)?,
        command_id,
        &metadata,
        |o| order::decide_tell_disruption(&command, o),
    )
    .await;
    match result {
        Ok(_) | Err(ExecuteError::Refused(DisruptionError::NotOnCourse | DisruptionError::NotFound)) => Ok(()),
        Err(ExecuteError::Refused(e)) => Err(format!("telling order {order_id}: {e}")),
        Err(ExecuteError::Store(e)) => Err(e.to_string()),
    }
}
