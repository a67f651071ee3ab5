//! What an order needs from the catalogue: a course on a stretch (route, stops, times,
//! price) and the discounts of its tickets. Read from the catalogue tables, never from
//! the client: the booking state the web app sends names the course and the stops, and
//! everything else is looked up here.

use api_core::ApiError;
use chrono::{DateTime, Duration, Utc};
use domain::money::Reduction;
use sqlx::PgPool;
use uuid::Uuid;

/// A course between two of its stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseLeg {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub sale_open: bool,
    /// The route is archived (issue 29): its courses still run for the tickets sold, but
    /// sell nothing more.
    pub route_archived: bool,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    /// Leaves the boarding stop.
    pub departure_at: DateTime<Utc>,
    /// Reaches the alighting stop.
    pub arrival_at: DateTime<Utc>,
    /// The route price of the stretch, grosz.
    pub unit_price: i64,
}

impl CourseLeg {
    /// The leg an order travels on this course, `kind` of the order, its seats held
    /// under `hold_id`.
    pub fn leg(self, kind: domain::order::LegKind, hold_id: Uuid) -> domain::order::Leg {
        domain::order::Leg {
            kind,
            course_id: self.course_id,
            hold_id,
            route_id: self.route_id,
            route_name: self.route_name,
            from_waypoint_id: self.from_waypoint_id,
            from_name: self.from_name,
            to_waypoint_id: self.to_waypoint_id,
            to_name: self.to_name,
            departure_at: self.departure_at,
            arrival_at: self.arrival_at,
            unit_price: self.unit_price,
        }
    }
}

#[derive(sqlx::FromRow)]
struct LegRow {
    route_id: i64,
    route_name: String,
    sale_open: bool,
    route_archived: bool,
    course_departure: DateTime<Utc>,
    from_name: Option<String>,
    from_position: Option<i32>,
    from_minutes: Option<i32>,
    to_name: Option<String>,
    to_position: Option<i32>,
    to_minutes: Option<i32>,
    price: Option<i64>,
}

/// A course's leg between two stops ($1 the course, $2 and $3 the stops), with the
/// stops' positions and minutes as the course's inventory has them (the route's while
/// the read model has not seen the course yet) and the route's fare between them.
const LEG: &str = "select c.route_id, r.name as route_name, c.sale_open, r.archived as route_archived, c.departure_at as course_departure, \
             wf.name as from_name, f.position as from_position, f.minutes as from_minutes, \
             wt.name as to_name, t.position as to_position, t.minutes as to_minutes, \
             p.price \
      from courses c \
      join routes r on r.id = c.route_id \
      left join rm_course_availability a on a.course_id = c.id \
      cross join lateral (select coalesce(array_position(a.stop_ids, $2), rf.position) as position, \
                                 coalesce(a.stop_minutes[array_position(a.stop_ids, $2)], rf.minutes_from_start) as minutes \
                          from (select 1) one \
                          left join route_waypoints rf on a.course_id is null and rf.route_id = c.route_id \
                                                      and rf.waypoint_id = $2) f \
      cross join lateral (select coalesce(array_position(a.stop_ids, $3), rt.position) as position, \
                                 coalesce(a.stop_minutes[array_position(a.stop_ids, $3)], rt.minutes_from_start) as minutes \
                          from (select 1) one \
                          left join route_waypoints rt on a.course_id is null and rt.route_id = c.route_id \
                                                      and rt.waypoint_id = $3) t \
      left join waypoints wf on wf.id = $2 and f.position is not null \
      left join waypoints wt on wt.id = $3 and t.position is not null \
      left join route_prices p on p.route_id = c.route_id and p.from_waypoint_id = $2 and p.to_waypoint_id = $3 \
      where c.id = $1";

/// The course `course_id` from stop `from` to stop `to`. `field` names the form field in
/// the `422` answers (`course`, `courseReturn`).
///
/// The stops and times are the course's own: those its seat inventory was opened with
/// (the `availability` read model's `stop_ids`/`stop_minutes`), not the route's current
/// stops, which an admin may have edited since the course was generated; so a stop the
/// course does not serve is refused here (`course.unknown_stop`), as its inventory would.
/// The route's stops only while the read model has not seen the course yet (just
/// generated, opened with them). The price is the route's current fare.
pub async fn course_leg(
    pool: &PgPool,
    field: &str,
    course_id: Uuid,
    from: i64,
    to: i64,
) -> Result<CourseLeg, ApiError> {
    let row = sqlx::query_as::<_, LegRow>(LEG)
        .bind(course_id)
        .bind(from)
        .bind(to)
        .fetch_optional(pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("reading the course: {e}")))?
        .ok_or_else(|| ApiError::refusal_on(field, api_core::codes::COURSE_NOT_FOUND, "This course does not exist."))?;

    let (Some(from_name), Some(from_position), Some(from_minutes)) =
        (row.from_name, row.from_position, row.from_minutes)
    else {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(from)),
            "The boarding stop is not a stop of this course.",
        ));
    };
    let (Some(to_name), Some(to_position), Some(to_minutes)) = (row.to_name, row.to_position, row.to_minutes) else {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(to)),
            "The destination stop is not a stop of this course.",
        ));
    };
    if from_position >= to_position {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::WrongDirection),
            "The destination must come after the boarding stop.",
        ));
    }
    let unit_price = row
        .price
        .ok_or_else(|| ApiError::refusal_on(field, api_core::codes::NO_PRICE, "This stretch has no price."))?;
    Ok(CourseLeg {
        course_id,
        route_id: row.route_id,
        route_name: row.route_name,
        sale_open: row.sale_open,
        route_archived: row.route_archived,
        from_waypoint_id: from,
        from_name,
        to_waypoint_id: to,
        to_name,
        departure_at: row.course_departure + Duration::minutes(i64::from(from_minutes)),
        arrival_at: row.course_departure + Duration::minutes(i64::from(to_minutes)),
        unit_price,
    })
}

/// A discount that may be used now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    pub id: i64,
    pub name: String,
    pub reduction: Reduction,
}

/// The discounts with these ids that are active and valid now. Unknown or invalid ids
/// are simply absent from the answer (the caller names the ticket that used one).
pub async fn discounts(pool: &PgPool, ids: &[i64]) -> Result<Vec<Discount>, ApiError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "select id, name, kind, value from discounts \
         where id = any($1) and active \
           and (valid_from is null or valid_from <= now()) and (valid_to is null or valid_to > now())",
    )
    .bind(ids)
    .fetch_all(pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("reading the discounts: {e}")))?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, name, kind, value)| {
            let reduction = match kind.as_str() {
                "percent" => Reduction::Percent(u8::try_from(value).ok()?),
                _ => Reduction::Amount(value),
            };
            Some(Discount { id, name, reduction })
        })
        .collect())
}
