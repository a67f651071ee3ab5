//! The one query of a search direction: every course that serves `start` before `end`
//! and leaves `start` on the given Warsaw date, still on sale, with its fare and the
//! seats left on that stretch.
//!
//! How it stays fast (a handful of index lookups, no N+1): the `legs` part finds the
//! routes that stop at `start` (`route_waypoints_waypoint`), reach `end` later and have a
//! fare for the pair (`route_prices_pair`); then, per such route, the courses in the
//! window come from `courses_route_departure` (route, departure): the window is the
//! date's Warsaw day moved back by the minutes from the route's departure to `start`.
//! Seats come from the `rm_course_availability` row by primary key. `legs` is
//! materialised on purpose: two small join problems plan in a few milliseconds where one
//! nine-way join took ~25 ms to plan (measured on 50 routes × 60 days × 6 courses a day:
//! ~3 ms with a fresh plan, under 1 ms once the connection's cached plan is used).
//!
//! Rules applied here:
//! - a trip only goes forward: `end`'s position is after `start`'s on the route;
//! - sales close `companies.sales_close_minutes` (10 when there is no company row)
//!   before the course leaves the passenger's boarding stop;
//! - a course whose sale was stopped, or whose seat inventory is not open, is not offered;
//! - seats on the stretch = seats − the highest load of the segments from `start` to
//!   `end`, never below 0 (sold out is shown as 0); a course the read model has not seen
//!   yet has all its seats. If the read model's stops no longer contain both stops (the
//!   route was edited after the course was created), the course is not offered.
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

/// The columns of [`Found`], over `legs l`, `courses c` and `rm_course_availability a`.
macro_rules! found_columns {
    () => {
        "select c.id as course_id, l.route_id, l.route_name,
       $1 as from_id, (select name from waypoints where id = $1) as from_name,
       $2 as to_id, (select name from waypoints where id = $2) as to_name,
       c.departure_at + make_interval(mins => l.m_from) as departs_at,
       c.departure_at + make_interval(mins => l.m_to) as arrives_at,
       l.m_to - l.m_from as duration_minutes,
       l.price,
       case when a.course_id is null then c.seats
            else greatest(0, a.seats - coalesce((select max(load) from unnest(a.segment_loads[
                     array_position(a.stop_ids, $1) : array_position(a.stop_ids, $2) - 1]) as load), 0))
       end as seats_available"
    };
}

/// The read model's stops still hold both stops in order (or it has not seen the course).
macro_rules! stops_in_inventory {
    () => {
        "(a.course_id is null
   or coalesce(array_position(a.stop_ids, $1) < array_position(a.stop_ids, $2), false))"
    };
}

const SEARCH: &str = concat!(
    "with ",
    closing!(),
    ", ",
    legs!("and r.active"),
    "
",
    found_columns!(),
    "
from legs l
cross join closing
join courses c on c.route_id = l.route_id
              and c.departure_at >= $3 - make_interval(mins => l.m_from)
              and c.departure_at < $4 - make_interval(mins => l.m_from)
              and c.departure_at + make_interval(mins => l.m_from) > closing.at
              and c.sale_open and c.inventory_opened_at is not null
left join rm_course_availability a on a.course_id = c.id
where ",
    stops_in_inventory!(),
    "
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
           and c.departure_at + make_interval(mins => l.m_from) > closing.at as on_sale
from legs l
cross join closing
join courses c on c.id = $3 and c.route_id = l.route_id
left join rm_course_availability a on a.course_id = c.id
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
         join routes r on r.id = s.route_id and r.active \
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
