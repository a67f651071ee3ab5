//! The one query of a search direction: every course that serves `start` before `end`
//! and leaves `start` on the given Warsaw date, still on sale, with its fare and the
//! seats left on that stretch.
//!
//! How it stays fast (a handful of index lookups, no N+1): the `legs` part finds the
//! routes that stop at `start` (`route_waypoints_waypoint`), reach `end` later and have a
//! fare for the pair (`route_prices_pair`); then, per such route, the courses that may
//! leave `start` in the window come from `courses_route_departure` (route, departure):
//! the window is the date's Warsaw day widened back by 10,000 minutes (`max_minutes!`,
//! the catalogue's limit: a course reaches each of its stops at most that long after it
//! leaves). Each course's own stops, times
//! and seats come from its `rm_course_availability` row by primary key, and the exact
//! window is checked on the course's own time at `start`. `legs` is materialised on
//! purpose: two small join problems plan in a few milliseconds where one nine-way join
//! took ~25 ms to plan (measured on 50 routes × 60 days × 6 courses a day: ~3 ms with a
//! fresh plan, under 1 ms once the connection's cached plan is used).
//!
//! Rules applied here:
//! - a trip only goes forward: `end`'s position is after `start`'s on the route;
//! - sales close `companies.sales_close_minutes` (10 when there is no company row)
//!   before the course leaves the passenger's boarding stop;
//! - a course whose sale was stopped, or whose seat inventory is not open, is not offered;
//! - a course is offered only between stops it serves itself, at its own times: the
//!   stops and minutes its seat inventory was opened with (the read model's
//!   `stop_ids`/`stop_minutes`), not the route's current ones, which an admin may have
//!   edited since the course was generated. A course the read model has not seen yet
//!   (just generated) is taken at the route's stops and times, which it was opened with;
//! - a cancelled course stays in the results, marked (`cancelled`, with the reason), with
//!   no seats: nothing is sold on it (its inventory refuses); a delayed one carries its
//!   delay;
//! - seats on the stretch = seats − the highest load of the segments from `start` to
//!   `end`, never below 0 (sold out is shown as 0); a course the read model has not seen
//!   yet has all its seats.
//!
//! [`course_stretch`] answers the same numbers for one given course, on sale or not (an
//! admin moving an order's leg: `order-waypoint/calculate-dates`); both queries are put
//! together from the same SQL parts, so the two cannot compute a stretch differently.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

/// One course found, as the database answers it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Found {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub from_id: i64,
    pub from_name: String,
    pub to_id: i64,
    pub to_name: String,
    pub departs_at: DateTime<Utc>,
    pub arrives_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub price: i64,
    pub seats_available: i32,
    /// The carrier cancelled the course (it stays in the results, marked, never sold).
    pub cancelled: bool,
    /// The announced delay, while it runs late.
    pub delay_minutes: Option<i64>,
    /// Why it was cancelled or delayed.
    pub disruption_reason: Option<String>,
}

// The query is put together from parts (macros, so the whole stays one `&'static str`,
// prepared and cached like any other) that [`course_stretch`] shares: the routes serving
// the stretch, the course's times and seats on it, and the check of the read model's stops.

/// The instant after which a course's boarding still sells.
macro_rules! closing {
    () => {
        "closing as (
    select now() + make_interval(mins => coalesce(
        (select sales_close_minutes from companies order by id limit 1), 10)) as at
)"
    };
}

/// The routes with `$1` before `$2` and a fare for the pair (`routes r` joined on the
/// condition given, e.g. `and r.active`).
macro_rules! legs {
    ($routes:literal) => {
        concat!(
            "legs as materialized (
    select s.route_id, r.name as route_name, s.minutes_from_start as m_from, e.minutes_from_start as m_to, p.price
    from route_waypoints s
    join route_waypoints e on e.route_id = s.route_id and e.waypoint_id = $2 and e.position > s.position
    join routes r on r.id = s.route_id ",
            $routes,
            "
    join route_prices p on p.route_id = s.route_id and p.from_waypoint_id = $1 and p.to_waypoint_id = $2
    where s.waypoint_id = $1
)"
        )
    };
}

/// The course's own minutes to `$1` and `$2` (`m`, after `legs l` and the left-joined
/// `rm_course_availability a`): those its inventory was opened with, or the route's
/// while the read model has not seen the course (null: the course does not serve it).
macro_rules! own_minutes {
    () => {
        "cross join lateral (
    select case when a.course_id is null then l.m_from
                else a.stop_minutes[array_position(a.stop_ids, $1)] end as m_from,
           case when a.course_id is null then l.m_to
                else a.stop_minutes[array_position(a.stop_ids, $2)] end as m_to
) m"
    };
}

/// The columns of [`Found`], over `legs l`, `courses c`, `rm_course_availability a` and
/// the course's own minutes `m`.
macro_rules! found_columns {
    () => {
        concat!(
            "select c.id as course_id, l.route_id, l.route_name,
       $1 as from_id, (select name from waypoints where id = $1) as from_name,
       $2 as to_id, (select name from waypoints where id = $2) as to_name,
       c.departure_at + make_interval(mins => m.m_from) as departs_at,
       c.departure_at + make_interval(mins => m.m_to) as arrives_at,
       m.m_to - m.m_from as duration_minutes,
       l.price,
       coalesce(",
            leg_cancelled!(),
            ", false) as cancelled, a.delay_minutes, a.disruption_reason,
       case when a.course_id is null then c.seats
            when ",
            leg_cancelled!(),
            " then 0
            else greatest(0, a.seats - coalesce((select max(load) from unnest(a.segment_loads[
                     array_position(a.stop_ids, $1) : array_position(a.stop_ids, $2) - 1]) as load), 0))
       end as seats_available"
        )
    };
}

/// The stretch from `$1` to `$2` does not run: the course is cancelled whole, or from a
/// stop before `$2` (`cancelled_from_stop` is 0-based, `array_position` 1-based).
macro_rules! leg_cancelled {
    () => {
        "(a.cancelled and (a.cancelled_from_stop is null
             or array_position(a.stop_ids, $2) - 1 > a.cancelled_from_stop))"
    };
}

/// The course's own stops hold both stops in order, with their times (or the read model
/// has not seen the course).
macro_rules! stops_in_inventory {
    () => {
        "(a.course_id is null
   or coalesce(array_position(a.stop_ids, $1) < array_position(a.stop_ids, $2)
               and m.m_from is not null and m.m_to is not null, false))"
    };
}

/// The longest a course takes from its departure to any of its stops, in minutes: the
/// catalogue's limit on a stop's `minutes_from_start` (`route-waypoint` saves). The
/// search looks this far back for courses that may reach the boarding stop on the day.
macro_rules! max_minutes {
    () => {
        "10000"
    };
}

const SEARCH: &str = concat!(
    "with ",
    closing!(),
    ", ",
    legs!("and r.active and not r.archived"),
    "
",
    found_columns!(),
    "
from legs l
cross join closing
join courses c on c.route_id = l.route_id
              and c.departure_at >= $3 - make_interval(mins => ",
    max_minutes!(),
    ")
              and c.departure_at < $4
              and c.sale_open and c.inventory_opened_at is not null
left join rm_course_availability a on a.course_id = c.id
",
    own_minutes!(),
    "
where ",
    stops_in_inventory!(),
    "
  and c.departure_at + make_interval(mins => m.m_from) >= $3
  and c.departure_at + make_interval(mins => m.m_from) < $4
  and c.departure_at + make_interval(mins => m.m_from) > closing.at
order by departs_at, l.route_name, c.id
limit 500"
);

/// One course's times, fare and seats between `$1` and `$2`, on its own route whatever
/// its state (whether it still sells is a column).
const COURSE_STRETCH: &str = concat!(
    "with ",
    closing!(),
    ", ",
    legs!("and r.id = (select route_id from courses where id = $3)"),
    "
",
    found_columns!(),
    ",
       c.sale_open and c.inventory_opened_at is not null
           and c.departure_at + make_interval(mins => m.m_from) > closing.at as on_sale
from legs l
cross join closing
join courses c on c.id = $3 and c.route_id = l.route_id
left join rm_course_availability a on a.course_id = c.id
",
    own_minutes!(),
    "
where ",
    stops_in_inventory!()
);

/// The courses from `start` to `end` leaving `start` in `[from, to)`.
#[tracing::instrument(skip(pool))]
pub async fn search(
    pool: &PgPool,
    start: i64,
    end: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<Found>, ApiError> {
    Ok(sqlx::query_as(SEARCH).bind(start).bind(end).bind(from).bind(to).fetch_all(pool).await?)
}

/// A course between two stops ([`course_stretch`]): what the search finds, and whether
/// it still sells.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Stretch {
    #[sqlx(flatten)]
    pub found: Found,
    /// Open for sale, its inventory opened, and its boarding not yet closed.
    pub on_sale: bool,
}

/// Course `course` from `start` to `end` as the search computes it (times at the stops,
/// the route's fare now, the seats left on that stretch), on sale or not; `None` when the
/// course's route does not run from `start` to a later `end` with a fare for the pair
/// (or the read model's stops no longer hold both), or there is no such course.
#[tracing::instrument(skip(pool))]
pub async fn course_stretch(pool: &PgPool, course: Uuid, start: i64, end: i64) -> Result<Option<Stretch>, ApiError> {
    Ok(sqlx::query_as(COURSE_STRETCH).bind(start).bind(end).bind(course).fetch_optional(pool).await?)
}

/// Whether an active route runs from `start` to a later `end` with a fare for the pair
/// (asked only when a search found nothing, to tell "no course that day" from "no line").
#[tracing::instrument(skip(pool))]
pub async fn served(pool: &PgPool, start: i64, end: i64) -> Result<bool, ApiError> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from route_waypoints s \
         join route_waypoints e on e.route_id = s.route_id and e.waypoint_id = $2 and e.position > s.position \
         join routes r on r.id = s.route_id and r.active and not r.archived \
         join route_prices p on p.route_id = s.route_id and p.from_waypoint_id = $1 and p.to_waypoint_id = $2 \
         where s.waypoint_id = $1)",
    )
    .bind(start)
    .bind(end)
    .fetch_one(pool)
    .await?)
}

/// Which of the stops do not exist (asked only when a search found nothing, to tell an
/// unknown stop from an empty day).
#[tracing::instrument(skip(pool))]
pub async fn missing_stops(pool: &PgPool, ids: [i64; 2]) -> Result<Vec<i64>, ApiError> {
    let found: Vec<i64> =
        sqlx::query_scalar("select id from waypoints where id = any($1)").bind(ids).fetch_all(pool).await?;
    Ok(ids.into_iter().filter(|id| !found.contains(id)).collect())
}
