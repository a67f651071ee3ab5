//! `GET /course/course/disruption?course_id=` (`SuperAdmin`): a course's disruption and
//! every passenger's state, from the course's availability row and its orders' events.

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::order::disruption_view;
use domain::seat_inventory::Disruption as Said;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{departures, orders, passenger_body, DisruptedCourse, DisruptionPassenger};
use crate::QueryState;

/// A course's disruption and its passengers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Disruption {
    pub course_id: Uuid,
    /// `running`, `delayed` or `cancelled`.
    pub status: &'static str,
    pub reason: Option<String>,
    pub delay_minutes: Option<u32>,
    pub changed_at: Option<DateTime<Utc>>,
    /// The admin's e-mail.
    pub changed_by: Option<String>,
    /// Cancelled, or delayed 120 minutes or more.
    pub choice_offered: bool,
    /// A cancellation from a stop onward: that stop (the course ends there); `null`: whole.
    pub cancelled_from_waypoint_id: Option<i64>,
    /// The course's stops in order (the cancel form offers those before the last).
    pub stop_ids: Vec<i64>,
    /// When a delayed course is now expected to leave its first stop.
    pub expected_departure_at: Option<DateTime<Utc>>,
    pub passengers: Vec<DisruptionPassenger>,
}

#[derive(sqlx::FromRow)]
struct CourseRow {
    course_id: Uuid,
    departure_at: DateTime<Utc>,
    cancelled: bool,
    delay_minutes: Option<i64>,
    disruption_reason: Option<String>,
    disruption_at: Option<DateTime<Utc>>,
    disruption_by: Option<String>,
    cancelled_from_stop: Option<i32>,
    stop_ids: Vec<i64>,
}

/// The course as its `rm_course_availability` row says (`None`: no such course, or its
/// seats were never opened).
pub async fn read_course(pool: &PgPool, course_id: Uuid) -> Result<Option<DisruptedCourse>, ApiError> {
    let row: Option<CourseRow> = sqlx::query_as(
        "select course_id, departure_at, cancelled, delay_minutes, disruption_reason, disruption_at, \
                disruption_by, cancelled_from_stop, stop_ids from rm_course_availability where course_id = $1",
    )
    .bind(course_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| {
        let said = (row.cancelled || row.delay_minutes.is_some()).then(|| Said {
            delay_minutes: if row.cancelled {
                None
            } else {
                row.delay_minutes.map(|m| u32::try_from(m).unwrap_or(u32::MAX))
            },
            from_stop: row.cancelled_from_stop.filter(|_| row.cancelled).and_then(|k| u32::try_from(k).ok()),
            reason: row.disruption_reason.unwrap_or_default(),
            by: row.disruption_by.unwrap_or_default(),
            at: row.disruption_at.unwrap_or(DateTime::UNIX_EPOCH),
        });
        DisruptedCourse { course_id: row.course_id, departure_at: row.departure_at, said, stop_ids: row.stop_ids }
    }))
}

/// The admin's view of `course`'s disruption, its passengers read from the orders' events.
pub async fn course_view(pool: &PgPool, course: &DisruptedCourse) -> Result<Disruption, ApiError> {
    let course_id = course.course_id;
    let orders = orders::load(pool, &orders::on_course(pool, course_id).await?).await?;
    let mut passengers: Vec<DisruptionPassenger> = orders
        .iter()
        .filter_map(|order| disruption_view::passenger(order, course_id).map(|view| passenger_body(order, &view)))
        .collect();
    // A move shows the departure of the course the tickets moved to.
    let moved: Vec<Uuid> = passengers.iter().filter_map(|p| p.moved_to.as_ref().map(|m| m.course_id)).collect();
    let departures = departures(pool, &moved).await?;
    for to in passengers.iter_mut().filter_map(|p| p.moved_to.as_mut()) {
        if let Some(departure_at) = departures.get(&to.course_id) {
            to.departure_at = *departure_at;
        }
    }
    passengers.sort_by(|a, b| a.order_number.cmp(&b.order_number));
    let said = course.said.as_ref();
    Ok(Disruption {
        course_id,
        status: match said {
            None => "running",
            Some(d) if d.cancelled() => "cancelled",
            Some(_) => "delayed",
        },
        reason: said.map(|d| d.reason.clone()),
        delay_minutes: said.and_then(|d| d.delay_minutes),
        changed_at: said.map(|d| d.at),
        changed_by: said.map(|d| d.by.clone()),
        choice_offered: said.is_some_and(Said::choice_offered),
        cancelled_from_waypoint_id: said
            .filter(|d| d.cancelled())
            .and_then(|d| d.from_stop)
            .and_then(|k| course.stop_ids.get(k as usize).copied()),
        stop_ids: course.stop_ids.clone(),
        expected_departure_at: said
            .and_then(|d| d.delay_minutes)
            .map(|m| course.departure_at + chrono::Duration::minutes(i64::from(m))),
        passengers,
    })
}

#[utoipa::path(get, path = "/api/course/course/disruption", tag = "course", security(("bearer" = [])),
    params(("course_id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": Disruption}`", body = Data<Disruption>),
        (status = 403, description = "admins only"), (status = 404, description = "no such course"), (status = 422, description = "no course id, or not a UUID")))]
pub async fn show(
    State(state): State<QueryState>,
    AdminUser(_admin): AdminUser,
    params: Params,
) -> Result<Data<Disruption>, ApiError> {
    let course_id: Uuid = params.parsed("course_id")?;
    let course = read_course(&state.pool, course_id).await?.ok_or_else(|| {
        let code = domain::ErrorCode::code(&domain::seat_inventory::DisruptError::NotOpened);
        ApiError::NotFound("There is no such course.".into()).with_code(code)
    })?;
    course_view(&state.pool, &course).await.map(Data::new)
}
