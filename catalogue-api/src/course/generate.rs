//! `POST /course/course/generate` `{route_id?, days?}`: create the courses the
//! timetables call for, for one route or every active route, for the coming `days` days
//! (each timetable's `days_before_generate` by default), and open each new course's seat
//! inventory ([`inventory::open`]).
//!
//! Idempotent: a course is unique per (route, departure), so generating again creates
//! nothing and appends nothing; the answer says how many were created and how many
//! existed. Generating also opens the inventories a failed earlier attempt left pending
//! (`inventories_opened` counts every inventory opened by this call).

use std::collections::HashMap;

use api_core::auth::AdminUser;
use api_core::time::warsaw_today;
use api_core::Fields;
use api_core::{ApiError, Data};
use axum::body::Bytes;
use axum::extract::State;
use chrono::{NaiveDate, Utc};
use event_store::EventStore;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use domain::seat_inventory::Stop;

use super::inventory::{self, route_stops};
use super::plan::{plan, Exception, Planned, Timetable};
use command_api::CommandState;

/// The body of a generate (both optional).
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct GenerateInput {
    /// Only this route (which must be active and have two stops); every active route when absent.
    #[schema(minimum = 1)]
    pub route_id: Option<i64>,
    /// 1 to 366 days from today; each timetable's `days_before_generate` when absent.
    #[schema(minimum = 1, maximum = 366)]
    pub days: Option<u32>,
}

/// What a generate did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Generated {
    /// New courses.
    pub created: usize,
    /// Courses the timetables call for that existed already.
    pub existing: usize,
    /// Seat inventories opened (the new courses', and any an earlier attempt left pending).
    pub inventories_opened: usize,
    /// Routes without courses, and why.
    pub skipped_routes: Vec<SkippedRoute>,
}

/// A route generate left alone.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SkippedRoute {
    pub route_id: i64,
    pub reason: String,
}

const TOO_FEW_STOPS: &str = "the route needs at least two stops";

/// `{route_id?, days?}`; an empty body is `{}`.
fn parse(body: &Bytes) -> Result<(Option<i64>, Option<u32>), ApiError> {
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Object(Default::default())
    } else {
        serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(format!("the body is not valid JSON: {e}")))?
    };
    let mut f = Fields::new(&body)?;
    let route_id = f.opt_integer("route_id", 1, i64::MAX);
    let days = f.opt_integer("days", 1, 366).map(|d| d as u32);
    f.finish()?;
    Ok((route_id, days))
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/course/course/generate", tag = "course", security(("bearer" = [])), request_body(content = Option<GenerateInput>, description = "optional: without a body, every active route for its own days"),
    responses((status = 200, body = Data<Generated>), (status = 401), (status = 403), (status = 422),
              (status = 503, description = "the event store failed; the courses created wait for the next generate")))]
#[tracing::instrument(skip_all)]
pub async fn generate(
    AdminUser(admin): AdminUser,
    State(state): State<CommandState>,
    body: Bytes,
) -> Result<Data<Generated>, ApiError> {
    let (route_id, days) = parse(&body)?;
    let generated = generate_courses(&state.pool, state.store.as_ref(), route_id, days, Some(admin.id)).await?;
    Ok(Data::new(generated))
}

/// Generate the courses of `route_id` (which must exist, be active and have two stops:
/// else `422` naming `route_id`), or of every active route, for `days` days (1 to 366;
/// each timetable's own when `None`), and open their seat inventories; `user` is
/// recorded in the events' metadata. Also what `coach seed` calls.
#[tracing::instrument(skip(pool, store))]
pub async fn generate_courses(
    pool: &PgPool,
    store: &dyn EventStore,
    route_id: Option<i64>,
    days: Option<u32>,
    user: Option<Uuid>,
) -> Result<Generated, ApiError> {
    if days.is_some_and(|d| !(1..=366).contains(&d)) {
        return Err(ApiError::refused_with(
            "days",
            api_core::values::ValueError::OutOfRange { min: 1, max: 366 },
            "days must be from 1 to 366",
        ));
    }
    let Routes { ready, stops, skipped } = routes(pool, route_id).await?;
    let planned = planned_courses(pool, &ready, days).await?;
    let created = insert(pool, &planned).await?;
    let pending = inventory::pending(pool, &ready).await?;
    let opened = inventory::open(pool, store, pending, &stops, user).await?;
    for (course, why) in &opened.refused {
        tracing::warn!(%course, reason = %why, "a course's seat inventory was not opened");
    }
    Ok(Generated {
        created,
        existing: planned.len() - created,
        inventories_opened: opened.opened,
        skipped_routes: skipped_routes(skipped),
    })
}

/// The routes a generate of `route_id` (or of every active route) works on.
pub(super) struct Routes {
    /// Active, with at least two stops.
    pub ready: Vec<i64>,
    pub stops: HashMap<i64, Vec<Stop>>,
    /// Active, with fewer than two stops.
    pub skipped: Vec<i64>,
}

/// The route `route_id`, which must exist, be active and have two stops (else `422`
/// naming `route_id`), or every active route, the ones without two stops set aside.
pub(super) async fn routes(pool: &PgPool, route_id: Option<i64>) -> Result<Routes, ApiError> {
    let route_ids: Vec<i64> = match route_id {
        // An archived route makes no new courses (issue 29).
        None => {
            sqlx::query_scalar("select id from routes where active and not archived order by id")
                .fetch_all(pool)
                .await?
        }
        Some(id) => {
            let state: Option<(bool, bool)> = sqlx::query_as("select active, archived from routes where id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?;
            match state {
                None => {
                    return Err(ApiError::invalid_field(
                        "route_id",
                        api_core::codes::FIELD_INVALID,
                        &format!("no route with id {id}"),
                    ))
                }
                Some((_, true)) => {
                    return Err(ApiError::refusal_on(
                        "route_id",
                        api_core::codes::ROUTE_ARCHIVED,
                        "the route is archived: unarchive it to add courses",
                    ))
                }
                Some((false, _)) => {
                    return Err(ApiError::invalid_field(
                        "route_id",
                        api_core::codes::FIELD_INVALID,
                        "the route is not active",
                    ))
                }
                Some((true, false)) => vec![id],
            }
        }
    };
    let stops = route_stops(pool, &route_ids).await?;
    let (ready, skipped): (Vec<i64>, Vec<i64>) =
        route_ids.iter().partition(|id| stops.get(id).is_some_and(|s| s.len() >= 2));
    if let (Some(only), [_]) = (route_id, skipped.as_slice()) {
        return Err(ApiError::invalid_field(
            "route_id",
            api_core::codes::FIELD_INVALID,
            &format!("route {only}: {TOO_FEW_STOPS}"),
        ));
    }
    Ok(Routes { ready, stops, skipped })
}

pub(super) fn skipped_routes(skipped: Vec<i64>) -> Vec<SkippedRoute> {
    skipped.into_iter().map(|route_id| SkippedRoute { route_id, reason: TOO_FEW_STOPS.into() }).collect()
}

/// What the active timetables of `routes` call for.
#[tracing::instrument(skip(pool))]
pub(super) async fn planned_courses(
    pool: &PgPool,
    routes: &[i64],
    days: Option<u32>,
) -> Result<Vec<Planned>, ApiError> {
    let today = warsaw_today();
    let timetables: Vec<Timetable> = sqlx::query_as(
        "select id, route_id, departure_times, week_days, seats, days_before_generate, valid_from, valid_to \
         from route_course_settings where active and route_id = any($1) order by id",
    )
    .bind(routes)
    .fetch_all(pool)
    .await?;
    let ids: Vec<i64> = timetables.iter().map(|t| t.id).collect();
    let rows: Vec<(i64, NaiveDate, bool, Option<i32>)> = sqlx::query_as(
        "select route_course_settings_id, date, excluded, seats from route_course_details \
         where route_course_settings_id = any($1) and date >= $2",
    )
    .bind(&ids)
    .bind(today)
    .fetch_all(pool)
    .await?;
    let exceptions: HashMap<(i64, NaiveDate), Exception> =
        rows.into_iter().map(|(id, date, excluded, seats)| ((id, date), Exception { excluded, seats })).collect();
    Ok(plan(&timetables, &exceptions, today, days, Utc::now()))
}

/// Insert the planned courses that do not exist; how many were new.
#[tracing::instrument(skip_all, fields(planned = planned.len()))]
async fn insert(pool: &PgPool, planned: &[Planned]) -> Result<usize, ApiError> {
    let ids: Vec<Uuid> = planned.iter().map(|_| Uuid::new_v4()).collect();
    let routes: Vec<i64> = planned.iter().map(|p| p.route_id).collect();
    let settings: Vec<i64> = planned.iter().map(|p| p.settings_id).collect();
    let departures: Vec<_> = planned.iter().map(|p| p.departure_at).collect();
    let seats: Vec<i32> = planned.iter().map(|p| p.seats).collect();
    let created: Vec<Uuid> = sqlx::query_scalar(
        "insert into courses (id, route_id, route_course_settings_id, departure_at, seats) \
         select * from unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::int[]) \
         on conflict (route_id, departure_at) do nothing returning id",
    )
    .bind(&ids)
    .bind(&routes)
    .bind(&settings)
    .bind(&departures)
    .bind(&seats)
    .fetch_all(pool)
    .await?;
    Ok(created.len())
}
