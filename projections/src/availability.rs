//! The `availability` projection: one row per course in `rm_course_availability` (its
//! seats, the stops in order and the seats taken on each segment between consecutive
//! stops), from the seat-inventory events of the `course-*` streams. The search reads
//! the seats left on a stretch from it.
//!
//! Idempotent by stream version: each row remembers the version of the last event
//! applied (`version`) and every write is guarded by `version < event's version`, so a
//! replayed event changes nothing and events of one stream apply in order. The events
//! carry every fact the row needs (a projector copies, it does not recompute): segments
//! start empty on `InventoryOpened`; `SeatsHeld` adds its seats to the segments of its
//! stretch (`from..to`) and `SeatsReleased` takes them off again; `HoldConfirmed` sells
//! held seats, which leaves the loads as they are. So the search sees held seats as
//! taken from the moment an order holds them.
//!
//! An event it cannot decode (a type from a newer release) stops the projection with an
//! error rather than being skipped: a silently skipped hold would oversell the search.

use async_trait::async_trait;
use domain::seat_inventory::{SeatInventoryEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct AvailabilityProjection;

/// The rows of consecutive `InventoryOpened` events, written in one statement.
#[derive(Default)]
struct Openings {
    course_ids: Vec<Uuid>,
    route_ids: Vec<i64>,
    departures: Vec<chrono::DateTime<chrono::Utc>>,
    seats: Vec<i32>,
    /// Each as a PostgreSQL array literal: `unnest` cannot take an array of arrays of
    /// different lengths.
    stop_ids: Vec<String>,
    segment_loads: Vec<String>,
    versions: Vec<i64>,
}

fn array_literal(values: impl Iterator<Item = String>) -> String {
    format!("{{{}}}", values.collect::<Vec<_>>().join(","))
}

fn seats(projection: &'static str, seats: u32) -> Result<i32, ProjectionError> {
    i32::try_from(seats).map_err(|_| ProjectionError::Handler { projection, reason: format!("{seats} seats") })
}

impl Openings {
    async fn flush(&mut self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        if self.course_ids.is_empty() {
            return Ok(());
        }
        sqlx::query(
            "insert into rm_course_availability \
                 (course_id, route_id, departure_at, seats, stop_ids, segment_loads, version) \
             select c, r, d, s, st::bigint[], sl::integer[], v \
             from unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::int[], $5::text[], $6::text[], $7::bigint[]) \
                  as t(c, r, d, s, st, sl, v) \
             on conflict (course_id) do update set \
                 route_id = excluded.route_id, departure_at = excluded.departure_at, seats = excluded.seats, \
                 stop_ids = excluded.stop_ids, segment_loads = excluded.segment_loads, version = excluded.version, \
                 updated_at = now() \
             where rm_course_availability.version < excluded.version",
        )
        .bind(&self.course_ids)
        .bind(&self.route_ids)
        .bind(&self.departures)
        .bind(&self.seats)
        .bind(&self.stop_ids)
        .bind(&self.segment_loads)
        .bind(&self.versions)
        .execute(&mut *conn)
        .await?;
        *self = Openings::default();
        Ok(())
    }
}

/// Add `delta` seats to the load of segments `from..to` (stop indexes, `from < to`).
async fn load_stretch(
    conn: &mut PgConnection,
    course_id: Uuid,
    from: u32,
    to: u32,
    delta: i64,
    version: i64,
) -> Result<(), ProjectionError> {
    // `with ordinality` numbers the segments from 1: segment k (from 0) is number k + 1.
    sqlx::query(
        "update rm_course_availability set \
             segment_loads = (select array_agg(case when i > $2 and i <= $3 then (l + $4)::integer else l end order by i) \
                              from unnest(segment_loads) with ordinality as u(l, i)), \
             version = $5, updated_at = now() \
         where course_id = $1 and version < $5",
    )
    .bind(course_id)
    .bind(i64::from(from))
    .bind(i64::from(to))
    .bind(delta)
    .bind(version)
    .execute(&mut *conn)
    .await?;
    Ok(())
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
        // Consecutive openings (a generate opens hundreds) go in one statement; any other
        // event first writes the openings before it, so every stream applies in order.
        let mut openings = Openings::default();
        for e in events {
            let version = e.version as i64;
            match e.decode::<SeatInventoryEvent>()? {
                SeatInventoryEvent::InventoryOpened { course_id, route_id, departure_at, seats: n, stops } => {
                    if openings.course_ids.contains(&course_id) {
                        // One statement cannot write a row twice (a stream opened twice).
                        openings.flush(conn).await?;
                    }
                    openings.course_ids.push(course_id);
                    openings.route_ids.push(route_id);
                    openings.departures.push(departure_at);
                    openings.seats.push(seats(self.name(), n)?);
                    openings.stop_ids.push(array_literal(stops.iter().map(|s| s.waypoint_id.to_string())));
                    openings.segment_loads.push(array_literal((1..stops.len()).map(|_| "0".to_string())));
                    openings.versions.push(version);
                }
                SeatInventoryEvent::CapacityChanged { course_id, seats: n, .. } => {
                    openings.flush(conn).await?;
                    sqlx::query(
                        "update rm_course_availability set seats = $2, version = $3, updated_at = now() \
                         where course_id = $1 and version < $3",
                    )
                    .bind(course_id)
                    .bind(seats(self.name(), n)?)
                    .bind(version)
                    .execute(&mut *conn)
                    .await?;
                }
                SeatInventoryEvent::SeatsHeld { course_id, from, to, seats: n, .. } => {
                    openings.flush(conn).await?;
                    load_stretch(conn, course_id, from, to, i64::from(n), version).await?;
                }
                SeatInventoryEvent::SeatsReleased { course_id, from, to, seats: n, .. } => {
                    openings.flush(conn).await?;
                    load_stretch(conn, course_id, from, to, -i64::from(n), version).await?;
                }
                SeatInventoryEvent::HoldConfirmed { course_id, .. } => {
                    // Held seats become sold seats: the loads stay; only the version moves.
                    openings.flush(conn).await?;
                    sqlx::query(
                        "update rm_course_availability set version = $2, updated_at = now() \
                         where course_id = $1 and version < $2",
                    )
                    .bind(course_id)
                    .bind(version)
                    .execute(&mut *conn)
                    .await?;
                }
            }
        }
        openings.flush(conn).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_course_availability").execute(&mut *conn).await?;
        Ok(())
    }
}
