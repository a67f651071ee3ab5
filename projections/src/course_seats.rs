//! The `course_seats` projection: the `seats` of each row of the catalogue's `courses`
//! table, from its seat-inventory stream `course-{id}`.
//!
//! A course's seats are decided by its inventory (the admin's change goes through the
//! course's single writer, refused below the seats taken), so the stream is their one
//! source of truth and the row follows it: `InventoryOpened` and `CapacityChanged` carry
//! the seats, and this projection copies the newest of them into the row. The command
//! side never writes an open course's seats itself, so there is no second write that a
//! crash could separate from the first: an appended change reaches the row when the
//! projection catches up, after a restart too (the checkpoint commits with the rows).
//!
//! Idempotent by stream version: `courses.seats_version` is the version of the event
//! the seats came from, and every write is guarded by it, so a replayed or older event
//! changes nothing. The rows themselves belong to the catalogue (a course is created by
//! hand or by a generate, with the seats its inventory is then opened with): a rebuild
//! forgets the versions ([`Projection::reset`]) and the replay writes every seat count
//! again; a stream without a row (none in practice) changes nothing.

use std::collections::HashMap;

use async_trait::async_trait;
use domain::seat_inventory::{SeatInventoryEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct CourseSeatsProjection;

/// The seats a batch leaves each course with, and the version they came from.
fn newest_seats(events: &[(SeatInventoryEvent, i64)]) -> HashMap<Uuid, (i32, i64)> {
    let mut newest: HashMap<Uuid, (i32, i64)> = HashMap::new();
    for (event, version) in events {
        let seats = match event {
            SeatInventoryEvent::InventoryOpened { seats, .. } | SeatInventoryEvent::CapacityChanged { seats, .. } => {
                *seats
            }
            SeatInventoryEvent::SeatsHeld { .. }
            | SeatInventoryEvent::SeatsReleased { .. }
            | SeatInventoryEvent::HoldConfirmed { .. }
            | SeatInventoryEvent::CourseCancelled { .. }
            | SeatInventoryEvent::DelayAnnounced { .. }
            | SeatInventoryEvent::DelayCleared { .. }
            | SeatInventoryEvent::CourseDeparted { .. } => continue,
        };
        let seats = i32::try_from(seats).unwrap_or(i32::MAX);
        let entry = newest.entry(event.course_id()).or_insert((seats, *version));
        if entry.1 <= *version {
            *entry = (seats, *version);
        }
    }
    newest
}

#[async_trait]
impl Projection for CourseSeatsProjection {
    fn name(&self) -> &'static str {
        "course_seats"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        // An event it cannot decode stops the projection, as `availability` does: a
        // skipped capacity change would leave the row wrong for good.
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<SeatInventoryEvent>()?, e.version as i64)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        let newest = newest_seats(&decoded);
        if newest.is_empty() {
            return Ok(());
        }
        let (mut ids, mut seats, mut versions) = (Vec::new(), Vec::new(), Vec::new());
        for (id, (s, v)) in newest {
            ids.push(id);
            seats.push(s);
            versions.push(v);
        }
        sqlx::query(
            "update courses c set seats = u.seats, seats_version = u.version \
             from unnest($1::uuid[], $2::int[], $3::bigint[]) as u(id, seats, version) \
             where c.id = u.id and (c.seats_version is null or c.seats_version < u.version)",
        )
        .bind(&ids)
        .bind(&seats)
        .bind(&versions)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("update courses set seats_version = null where seats_version is not null")
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use domain::seat_inventory::SeatInventoryEvent;
    use uuid::Uuid;

    use super::newest_seats;

    #[test]
    fn the_newest_seat_event_of_each_course_wins_and_holds_are_ignored() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let opened = |course_id, seats| SeatInventoryEvent::InventoryOpened {
            course_id,
            route_id: 1,
            departure_at: Utc::now(),
            seats,
            stops: vec![],
        };
        let changed =
            |course_id, previous_seats, seats| SeatInventoryEvent::CapacityChanged { course_id, previous_seats, seats };
        let held = SeatInventoryEvent::HoldConfirmed { course_id: a, hold_id: Uuid::new_v4() };
        let events = vec![(opened(a, 49), 0), (changed(a, 49, 57), 1), (held, 2), (opened(b, 30), 0)];

        let newest = newest_seats(&events);

        assert_eq!(newest.get(&a), Some(&(57, 1)));
        assert_eq!(newest.get(&b), Some(&(30, 0)));
    }
}
