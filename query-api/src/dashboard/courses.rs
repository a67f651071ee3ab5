//! Today's and tomorrow's courses (Warsaw days) with a seat inventory, from
//! `rm_course_availability` (the `availability` projection: seats, the load of each
//! stretch, the disruption) and `rm_tickets` (the `orders` projection: the tickets sold on
//! each stretch and those checked in by the drivers).
//!
//! The availability keeps sold and held seats together (a hold takes a seat at once, as
//! the search counts it); the tickets say which of them are sold, so held is the rest. A
//! ticket is sold while valid or used (a returned one gave its seat back); boarded is a
//! used one, told once the course has left.

use std::collections::HashMap;

use chrono::{DateTime, Days, FixedOffset, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use api_core::time::{warsaw, warsaw_midnight};
use api_core::ApiError;

/// One stretch between two consecutive stops of a course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StretchLoad {
    pub from_name: String,
    pub to_name: String,
    /// Seats of paid tickets on this stretch.
    pub sold: i64,
    /// Seats held by orders waiting for payment.
    pub held: i64,
    /// Seats still free (never below 0).
    pub free: i64,
}

/// A course of today or tomorrow.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CourseGlance {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub departure_at: DateTime<FixedOffset>,
    pub seats: i64,
    pub cancelled: bool,
    /// The delay announced, in minutes (none: on time).
    pub delay_minutes: Option<i64>,
    /// The course has left its first stop: the driver marked it, or its time (with its
    /// delay) has passed.
    pub departed: bool,
    /// Tickets sold on the course (valid or used).
    pub sold: i64,
    /// Tickets the drivers checked in, once boarding began (someone boarded) or the
    /// course left; `null` before.
    pub boarded: Option<i64>,
    /// In route order.
    pub stretches: Vec<StretchLoad>,
}

#[derive(sqlx::FromRow)]
struct CourseRow {
    course_id: Uuid,
    route_id: i64,
    route_name: Option<String>,
    departure_at: DateTime<Utc>,
    seats: i32,
    segment_loads: Vec<i32>,
    stop_ids: Vec<i64>,
    cancelled: bool,
    delay_minutes: Option<i64>,
    departed_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct TicketGroup {
    course_id: Uuid,
    from_waypoint_id: i64,
    to_waypoint_id: i64,
    sold: i64,
    boarded: i64,
}

/// The courses leaving from today's Warsaw midnight to the day after tomorrow's.
pub async fn today_and_tomorrow(pool: &PgPool, today: NaiveDate) -> Result<Vec<CourseGlance>, ApiError> {
    let bounds = warsaw_midnight(today).zip(today.checked_add_days(Days::new(2)).and_then(warsaw_midnight));
    let Some((from, to)) = bounds else { return Ok(Vec::new()) };
    let rows: Vec<CourseRow> = sqlx::query_as(
        "select a.course_id, a.route_id, r.name as route_name, a.departure_at, a.seats, a.segment_loads, \
                a.stop_ids, a.cancelled, a.delay_minutes, a.departed_at \
           from rm_course_availability a left join routes r on r.id = a.route_id \
          where a.departure_at >= $1 and a.departure_at < $2 order by a.departure_at, r.name",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.course_id).collect();
    let stops: Vec<i64> = rows.iter().flat_map(|r| r.stop_ids.iter().copied()).collect();
    let groups: Vec<TicketGroup> = sqlx::query_as(
        "select course_id, from_waypoint_id, to_waypoint_id, \
                count(*) filter (where status in ('valid', 'used')) as sold, \
                count(*) filter (where status = 'used') as boarded \
           from rm_tickets where course_id = any($1) group by 1, 2, 3",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let names: HashMap<i64, String> = sqlx::query_as("select id, name from waypoints where id = any($1)")
        .bind(&stops)
        .fetch_all(pool)
        .await?
        .into_iter()
        .collect();
    let mut by_course: HashMap<Uuid, Vec<&TicketGroup>> = HashMap::new();
    for g in &groups {
        by_course.entry(g.course_id).or_default().push(g);
    }
    let now = Utc::now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let mine = by_course.remove(&row.course_id).unwrap_or_default();
            glance(row, &mine, &names, now)
        })
        .collect())
}

/// One course's glance from its availability row and its tickets' groups.
fn glance(row: CourseRow, mine: &[&TicketGroup], names: &HashMap<i64, String>, now: DateTime<Utc>) -> CourseGlance {
    let seats = i64::from(row.seats);
    let sold_on = sold_per_stretch(&row.stop_ids, mine);
    let name = |id: &i64| names.get(id).cloned().unwrap_or_default();
    let stretches = row
        .stop_ids
        .windows(2)
        .zip(&row.segment_loads)
        .zip(sold_on)
        .map(|((pair, &taken), sold)| {
            let taken = i64::from(taken);
            StretchLoad {
                from_name: name(&pair[0]),
                to_name: name(&pair[1]),
                sold,
                held: (taken - sold).max(0),
                free: (seats - taken.max(sold)).max(0),
            }
        })
        .collect();
    let late = chrono::Duration::minutes(row.delay_minutes.unwrap_or(0));
    let departed = row.departed_at.is_some() || row.departure_at + late <= now;
    let boarded: i64 = mine.iter().map(|g| g.boarded).sum();
    CourseGlance {
        course_id: row.course_id,
        route_id: row.route_id,
        route_name: row.route_name.unwrap_or_default(),
        departure_at: warsaw(row.departure_at),
        seats,
        cancelled: row.cancelled,
        delay_minutes: row.delay_minutes,
        departed,
        sold: mine.iter().map(|g| g.sold).sum(),
        boarded: (departed || boarded > 0).then_some(boarded),
        stretches,
    }
}

/// The tickets sold on each stretch: a ticket from stop i to stop j rides every stretch
/// from i up to j (as the seat inventory counts a hold). A ticket whose stops are not
/// the course's (it cannot happen; a route's stops may have changed) rides none.
fn sold_per_stretch(stop_ids: &[i64], groups: &[&TicketGroup]) -> Vec<i64> {
    let mut sold = vec![0; stop_ids.len().saturating_sub(1)];
    for g in groups {
        let from = stop_ids.iter().position(|s| *s == g.from_waypoint_id);
        let to = stop_ids.iter().position(|s| *s == g.to_waypoint_id);
        if let (Some(from), Some(to)) = (from, to) {
            for stretch in sold.iter_mut().take(to).skip(from) {
                *stretch += g.sold;
            }
        }
    }
    sold
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(from: i64, to: i64, sold: i64) -> TicketGroup {
        TicketGroup { course_id: Uuid::nil(), from_waypoint_id: from, to_waypoint_id: to, sold, boarded: 0 }
    }

    #[test]
    fn a_ticket_rides_every_stretch_between_its_stops_and_no_other() {
        let (a, b, c) = (group(10, 30, 2), group(20, 40, 1), group(99, 40, 5));
        assert_eq!(sold_per_stretch(&[10, 20, 30, 40], &[&a, &b, &c]), vec![2, 3, 1]);
    }
}
