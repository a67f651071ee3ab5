//! The `holds` projection: the seat holds of the `course-*` streams as `rm_course_holds`
//! (one row per hold: its stretch, the seats still held, confirmed or not, when it
//! expires), for the processes that sweep orphaned holds and release expired ones. The
//! seats a hold takes from the search are in [`crate::availability`].
//!
//! Folded per batch like [`crate::orders`], but guarded per hold: a row's `version` is
//! the course stream version of the last event that changed that hold, and the events of
//! one stream apply in order, so an event is applied exactly when its version is above
//! the row's.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::seat_inventory::{SeatInventoryEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{begun_earlier, load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct HoldsProjection;

/// A row of `rm_course_holds`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct HoldRow {
    course_id: Uuid,
    hold_id: Uuid,
    from_index: i64,
    to_index: i64,
    seats: i64,
    seats_left: i64,
    confirmed: bool,
    expires_at: DateTime<Utc>,
    held_at: DateTime<Utc>,
    released_at: Option<DateTime<Utc>>,
    version: i64,
}

#[derive(Default)]
struct Fold {
    holds: HashMap<(Uuid, Uuid), HoldRow>,
    changed: BTreeSet<(Uuid, Uuid)>,
}

impl Fold {
    fn apply(&mut self, event: SeatInventoryEvent, version: i64, at: DateTime<Utc>) {
        match event {
            SeatInventoryEvent::InventoryOpened { .. }
            | SeatInventoryEvent::CapacityChanged { .. }
            | SeatInventoryEvent::CourseCancelled { .. }
            | SeatInventoryEvent::DelayAnnounced { .. }
            | SeatInventoryEvent::DelayCleared { .. }
            | SeatInventoryEvent::CourseDeparted { .. } => {}
            SeatInventoryEvent::SeatsHeld { course_id, hold_id, from, to, seats, expires_at } => {
                let key = (course_id, hold_id);
                if let Entry::Vacant(slot) = self.holds.entry(key) {
                    slot.insert(HoldRow {
                        course_id,
                        hold_id,
                        from_index: i64::from(from),
                        to_index: i64::from(to),
                        seats: i64::from(seats),
                        seats_left: i64::from(seats),
                        confirmed: false,
                        expires_at,
                        held_at: at,
                        released_at: None,
                        version,
                    });
                    self.changed.insert(key);
                }
            }
            SeatInventoryEvent::HoldConfirmed { course_id, hold_id } => {
                if let Some(hold) = self.fresh(course_id, hold_id, version) {
                    hold.confirmed = true;
                }
            }
            SeatInventoryEvent::SeatsReleased { course_id, hold_id, seats, .. } => {
                if let Some(hold) = self.fresh(course_id, hold_id, version) {
                    hold.seats_left = (hold.seats_left - i64::from(seats)).max(0);
                    hold.released_at = Some(at);
                }
            }
        }
    }

    /// The hold, moved to `version`, if it does not reflect that version yet.
    fn fresh(&mut self, course_id: Uuid, hold_id: Uuid, version: i64) -> Option<&mut HoldRow> {
        let key = (course_id, hold_id);
        let hold = self.holds.get_mut(&key).filter(|h| h.version < version)?;
        hold.version = version;
        self.changed.insert(key);
        Some(hold)
    }
}

fn hold_id(event: &SeatInventoryEvent) -> Option<Uuid> {
    match event {
        SeatInventoryEvent::InventoryOpened { .. }
        | SeatInventoryEvent::CapacityChanged { .. }
        | SeatInventoryEvent::CourseCancelled { .. }
        | SeatInventoryEvent::DelayAnnounced { .. }
        | SeatInventoryEvent::DelayCleared { .. }
        | SeatInventoryEvent::CourseDeparted { .. } => None,
        SeatInventoryEvent::SeatsHeld { hold_id, .. }
        | SeatInventoryEvent::HoldConfirmed { hold_id, .. }
        | SeatInventoryEvent::SeatsReleased { hold_id, .. } => Some(*hold_id),
    }
}

#[async_trait]
impl Projection for HoldsProjection {
    fn name(&self) -> &'static str {
        "holds"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<SeatInventoryEvent>()?, e.version as i64, e.recorded_at)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        // Only the holds that began in an earlier batch are read: for a course selling
        // seats, hardly any.
        let ids = begun_earlier(
            decoded.iter().filter_map(|(e, _, _)| hold_id(e)),
            decoded.iter().filter_map(|(e, _, _)| match e {
                SeatInventoryEvent::SeatsHeld { hold_id, .. } => Some(*hold_id),
                _ => None,
            }),
        );

        let mut fold = Fold::default();
        for row in load::<HoldRow, _>(conn, "rm_course_holds", "hold_id", ids).await? {
            fold.holds.insert((row.course_id, row.hold_id), row);
        }
        for (event, version, at) in decoded {
            fold.apply(event, version, at);
        }

        let rows: Vec<&HoldRow> = fold.changed.iter().filter_map(|k| fold.holds.get(k)).collect();
        upsert(conn, self.name(), "rm_course_holds", "course_id, hold_id", &rows).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_course_holds").execute(&mut *conn).await?;
        Ok(())
    }
}
