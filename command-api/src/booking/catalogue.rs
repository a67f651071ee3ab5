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

#[derive(sqlx::FromRow)]
struct LegRow {
    route_id: i64,
    route_name: String,
    sale_open: bool,
    course_departure: DateTime<Utc>,
    from_name: Option<String>,
    from_position: Option<i32>,
    from_minutes: Option<i32>,
    to_name: Option<String>,
    to_position: Option<i32>,
    to_minutes: Option<i32>,
    price: Option<i64>,
}

/// The course `course_id` from stop `from` to stop `to`. `field` names the form field in
/// the `422` answers (`course`, `courseReturn`).
pub async fn course_leg(
    pool: &PgPool,
    field: &str,
    course_id: Uuid,
    from: i64,
    to: i64,
) -> Result<CourseLeg, ApiError> {
    let row = sqlx::query_as::<_, LegRow>(
        "select c.route_id, r.name as route_name, c.sale_open, c.departure_at as course_departure, \
                wf.name as from_name, rf.position as from_position, rf.minutes_from_start as from_minutes, \
                wt.name as to_name, rt.position as to_position, rt.minutes_from_start as to_minutes, \
                p.price \
         from courses c \
         join routes r on r.id = c.route_id \
         left join route_waypoints rf on rf.route_id = c.route_id and rf.waypoint_id = $2 \
         left join waypoints wf on wf.id = rf.waypoint_id \
         left join route_waypoints rt on rt.route_id = c.route_id and rt.waypoint_id = $3 \
         left join waypoints wt on wt.id = rt.waypoint_id \
         left join route_prices p on p.route_id = c.route_id and p.from_waypoint_id = $2 and p.to_waypoint_id = $3 \
         where c.id = $1",
    )
    .bind(course_id)
    .bind(from)
    .bind(to)
    .fetch_optional(pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("reading the course: {e}")))?
    .ok_or_else(|| {
        ApiError::invalid_field(field, "This course does not exist.").with_code(api_core::codes::COURSE_NOT_FOUND)
    })?;

    let (Some(from_name), Some(from_position), Some(from_minutes)) =
        (row.from_name, row.from_position, row.from_minutes)
    else {
        return Err(ApiError::invalid_field(field, "The boarding stop is not a stop of this course.")
            .with_code(domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(from))));
    };
    let (Some(to_name), Some(to_position), Some(to_minutes)) = (row.to_name, row.to_position, row.to_minutes) else {
        return Err(ApiError::invalid_field(field, "The destination stop is not a stop of this course.")
            .with_code(domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(to))));
    };
    if from_position >= to_position {
        return Err(ApiError::invalid_field(field, "The destination must come after the boarding stop.")
            .with_code(domain::ErrorCode::code(&domain::seat_inventory::HoldError::WrongDirection)));
    }
    let unit_price = row.price.ok_or_else(|| {
        ApiError::invalid_field(field, "This stretch has no price.").with_code(api_core::codes::NO_PRICE)
    })?;
    Ok(CourseLeg {
        course_id,
        route_id: row.route_id,
        route_name: row.route_name,
        sale_open: row.sale_open,
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
