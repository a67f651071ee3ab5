//! The `availability` projection: one row per course in `rm_course_availability` (its
//! seats, the stops in order with their minutes from the departure, and the seats taken
//! on each segment between consecutive stops), from the seat-inventory events of the
//! `course-*` streams. The search reads the seats left on a stretch from it, and the
//! search, an order's course leg and the driver's manifest read a course's own stops and
//! times from it: those it was opened with, whatever the route's stops became since.
//!
//! The events carry every fact the row needs (a projector copies, it does not
//! recompute): segments start empty on `InventoryOpened`; `SeatsHeld` adds its seats to
//! the segments of its stretch (`from..to`) and `SeatsReleased` takes them off again;
//! `HoldConfirmed` sells held seats, which leaves the loads as they are. So the search
//! sees held seats as taken from the moment an order holds them.
//!
//! Folded per batch ([`crate::rows`]): the rows of the courses a batch touches are
//! loaded in one statement, the events applied in memory, and each changed row written
//! once. A popular course that takes hundreds of holds a second costs one row write per
//! batch, not one per hold, and a generate that opens hundreds of courses one statement.
//! Idempotent by stream version: each row remembers the version of the last event
//! applied (`version`); an event at or below it is skipped, and the write is guarded by
//! it too, so a replayed event changes nothing and events of one stream apply in order.
//!
//! `CourseCancelled`, `DelayAnnounced` and `DelayCleared` copy what the carrier said last
//! (cancelled, the delay's minutes, the reason, when and who); a cancellation stands.
//!
//! An event it cannot decode (a type from a newer release) stops the projection with an
//! error rather than being skipped: a silently skipped hold would oversell the search.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::seat_inventory::{SeatInventoryEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct AvailabilityProjection;

/// A row of `rm_course_availability`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CourseRow {
    course_id: Uuid,
    route_id: i64,
    departure_at: DateTime<Utc>,
    seats: i64,
    /// `segment_loads[k]` lies between `stop_ids[k]` and `stop_ids[k + 1]`.
    segment_loads: Vec<i64>,
    stop_ids: Vec<i64>,
    /// `stop_minutes[k]`: minutes from the departure to `stop_ids[k]`.
    stop_minutes: Vec<i64>,
    version: i64,
    updated_at: DateTime<Utc>,
    /// The carrier cancelled the course (it stays in the search, marked, never sold).
    #[serde(default)]
    cancelled: bool,
    /// A cancellation from the stop of this index onward (`None`: the whole course):
    /// the stretch before it still runs and sells.
    #[serde(default)]
    cancelled_from_stop: Option<i64>,
    /// When the driver marked it as having left.
    #[serde(default)]
    departed_at: Option<DateTime<Utc>>,
    /// The announced delay, while the course runs late.
    #[serde(default)]
    delay_minutes: Option<i64>,
    /// Why it was cancelled or delayed, as the passengers are told; with when and who.
    #[serde(default)]
    disruption_reason: Option<String>,
    #[serde(default)]
    disruption_at: Option<DateTime<Utc>>,
    #[serde(default)]
    disruption_by: Option<String>,
}

impl CourseRow {
    /// Add `delta` seats to segments `from..to` (stop indexes; out of range: ignored).
    fn load(&mut self, from: u32, to: u32, delta: i64) {
        let (from, to) = (from as usize, (to as usize).min(self.segment_loads.len()));
        for load in self.segment_loads.iter_mut().take(to).skip(from) {
            *load += delta;
        }
    }
}

impl CourseRow {
    fn disruption(&mut self, reason: Option<String>, by: Option<String>, at: Option<DateTime<Utc>>) {
        (self.disruption_reason, self.disruption_by, self.disruption_at) = (reason, by, at);
    }
}

#[derive(Default)]
struct Fold {
    courses: HashMap<Uuid, CourseRow>,
    changed: BTreeSet<Uuid>,
}

impl Fold {
    fn apply(&mut self, event: SeatInventoryEvent, version: i64, at: DateTime<Utc>) {
        let course_id = event.course_id();
        if let SeatInventoryEvent::InventoryOpened { route_id, departure_at, seats, stops, .. } = event {
            if self.courses.get(&course_id).is_some_and(|row| row.version >= version) {
                return;
            }
            let row = CourseRow {
                course_id,
                route_id,
                departure_at,
                seats: i64::from(seats),
                segment_loads: vec![0; stops.len().saturating_sub(1)],
                stop_ids: stops.iter().map(|s| s.waypoint_id).collect(),
                stop_minutes: stops.iter().map(|s| i64::from(s.minutes_from_start)).collect(),
                version,
                updated_at: at,
                cancelled: false,
                cancelled_from_stop: None,
                departed_at: None,
                delay_minutes: None,
                disruption_reason: None,
                disruption_at: None,
                disruption_by: None,
            };
            self.courses.insert(course_id, row);
            self.changed.insert(course_id);
            return;
        }
        let Some(row) = self.courses.get_mut(&course_id).filter(|row| row.version < version) else { return };
        row.version = version;
        row.updated_at = at;
        self.changed.insert(course_id);
        match event {
            SeatInventoryEvent::InventoryOpened { .. } | SeatInventoryEvent::HoldConfirmed { .. } => {}
            SeatInventoryEvent::CapacityChanged { seats, .. } => row.seats = i64::from(seats),
            SeatInventoryEvent::SeatsHeld { from, to, seats, .. } => row.load(from, to, i64::from(seats)),
            SeatInventoryEvent::SeatsReleased { from, to, seats, .. } => row.load(from, to, -i64::from(seats)),
            SeatInventoryEvent::CourseCancelled { reason, by, at, from_stop, .. } => {
                row.cancelled = true;
                row.cancelled_from_stop = from_stop.map(i64::from);
                row.delay_minutes = None;
                row.disruption(Some(reason), Some(by), Some(at));
            }
            SeatInventoryEvent::DelayAnnounced { minutes, reason, by, at, .. } if !row.cancelled => {
                row.delay_minutes = Some(i64::from(minutes));
                row.disruption(Some(reason), Some(by), Some(at));
            }
            SeatInventoryEvent::DelayCleared { .. } if !row.cancelled => {
                row.delay_minutes = None;
                row.disruption(None, None, None);
            }
            SeatInventoryEvent::DelayAnnounced { .. } | SeatInventoryEvent::DelayCleared { .. } => {}
            SeatInventoryEvent::CourseDeparted { at, .. } => {
                row.departed_at.get_or_insert(at);
            }
        }
    }
}

#[async_trait]
impl Projection for AvailabilityProjection {
    fn name(&self) -> &'static str {
        "availability"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<SeatInventoryEvent>()?, e.version as i64, e.recorded_at)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        let ids: Vec<Uuid> =
            decoded.iter().map(|(e, _, _)| e.course_id()).collect::<BTreeSet<_>>().into_iter().collect();

        let mut fold = Fold::default();
        for row in load::<CourseRow, _>(conn, "rm_course_availability", "course_id", ids).await? {
            fold.courses.insert(row.course_id, row);
        }
        for (event, version, at) in decoded {
            fold.apply(event, version, at);
        }

        let rows: Vec<&CourseRow> = fold.changed.iter().filter_map(|id| fold.courses.get(id)).collect();
        upsert(conn, self.name(), "rm_course_availability", "course_id", &rows).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_course_availability").execute(&mut *conn).await?;
        Ok(())
    }
}
