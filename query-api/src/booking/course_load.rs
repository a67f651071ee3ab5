//! `GET /course/course/load?id=` (admin): a course's load on each segment between
//! consecutive stops, from `rm_course_availability` (the `availability` projection of
//! the course's seat-inventory events). A held seat counts as taken from the moment an
//! order holds it, as the search counts it; the read model keeps sold and held together.

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, FixedOffset};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::warsaw;
use crate::QueryState;

/// One segment: the stretch between two consecutive stops of the course's route.
#[derive(Debug, Serialize, ToSchema)]
pub struct SegmentLoad {
    pub from_id: i64,
    pub from_name: String,
    pub to_id: i64,
    pub to_name: String,
    /// Seats sold or held on this segment.
    pub taken: i64,
    /// Seats still free on it (never below 0).
    pub free: i64,
}

/// A course's seats and the load of each of its segments, in route order.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourseLoad {
    pub course_id: Uuid,
    pub route_id: i64,
    pub departure_at: DateTime<FixedOffset>,
    pub seats: i64,
    pub segments: Vec<SegmentLoad>,
}

#[derive(sqlx::FromRow)]
struct Row {
    route_id: i64,
    departure_at: chrono::DateTime<chrono::Utc>,
    seats: i32,
    segment_loads: Vec<i32>,
    stop_ids: Vec<i64>,
}

/// The load of a course per segment (admin).
#[utoipa::path(get, path = "/api/course/course/load", tag = "course", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the course")),
    responses((status = 200, description = "`{\"data\": CourseLoad}`", body = Data<CourseLoad>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such course, or its seats are not on sale yet (no inventory)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn course_load(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<CourseLoad>, ApiError> {
    let raw = params.required("id")?;
    let id = Uuid::parse_str(raw)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be a course id (a UUID)"))?;
    let row: Option<Row> = sqlx::query_as(
        "select route_id, departure_at, seats, segment_loads, stop_ids from rm_course_availability \
         where course_id = $1",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?;
    let row = row.ok_or_else(|| ApiError::NotFound(format!("there is no seat inventory of course {id}")))?;
    let names: Vec<(i64, String)> = sqlx::query_as("select id, name from waypoints where id = any($1)")
        .bind(&row.stop_ids)
        .fetch_all(&state.pool)
        .await?;
    let name = |id: i64| names.iter().find(|(n, _)| *n == id).map(|(_, name)| name.clone()).unwrap_or_default();
    let seats = i64::from(row.seats);
    let segments = row
        .stop_ids
        .windows(2)
        .zip(&row.segment_loads)
        .map(|(pair, &taken)| SegmentLoad {
            from_id: pair[0],
            from_name: name(pair[0]),
            to_id: pair[1],
            to_name: name(pair[1]),
            taken: i64::from(taken),
            free: (seats - i64::from(taken)).max(0),
        })
        .collect();
    Ok(Data::new(CourseLoad {
        course_id: id,
        route_id: row.route_id,
        departure_at: warsaw(row.departure_at),
        seats,
        segments,
    }))
}
