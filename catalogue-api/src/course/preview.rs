//! `GET /course/course/generate-preview?route_id=&days=` (admin): what a generate with
//! the same choices would create now, per timetable, without creating anything. It runs
//! the generate's own planning ([`plan`](super::plan)) on the same rows: the week days,
//! valid dates, excluded dates and seat exceptions, the departures already past, and the
//! courses that exist already, so the panel shows exactly what the button will do.

use std::collections::{BTreeMap, HashSet};

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::generate::{planned_courses, routes, skipped_routes, Routes, SkippedRoute};
use super::plan::Planned;
use crate::CatalogueState;

/// What one timetable calls for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TimetablePreview {
    pub settings_id: i64,
    pub route_id: i64,
    /// Courses a generate would create.
    pub new: usize,
    /// Courses it calls for that exist already.
    pub existing: usize,
    /// The first and last departure of the new courses (null when there are none).
    pub first_departure: Option<DateTime<Utc>>,
    pub last_departure: Option<DateTime<Utc>>,
}

/// What a generate would do now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GeneratePreview {
    /// Courses a generate would create.
    pub new: usize,
    /// Courses the timetables call for that exist already.
    pub existing: usize,
    /// Per timetable that calls for at least one course, in timetable order.
    pub timetables: Vec<TimetablePreview>,
    /// Routes a generate would leave alone, and why.
    pub skipped_routes: Vec<SkippedRoute>,
}

pub fn router() -> Router<CatalogueState> {
    Router::new().route("/course/course/generate-preview", get(generate_preview))
}

/// `?name=` as a whole number from `min` to `max`, or `None` when absent; given but
/// empty or out of range is a `422` naming it.
fn bounded(params: &Params, name: &str, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
    let Some(raw) = params.raw(name) else { return Ok(None) };
    match raw.parse::<i64>() {
        Ok(value) if (min..=max).contains(&value) => Ok(Some(value)),
        _ => Err(ApiError::refused_with(
            name,
            api_core::values::ValueError::OutOfRange { min, max },
            &format!("{name} must be a whole number from {min} to {max}"),
        )),
    }
}

/// What `POST /course/course/generate` with the same `route_id` and `days` would create.
#[utoipa::path(get, path = "/api/course/course/generate-preview", tag = "course", security(("bearer" = [])),
    params(("route_id" = Option<i64>, Query, minimum = 1, description = "only this route (active, with two stops); every active route when absent"),
           ("days" = Option<i64>, Query, minimum = 1, maximum = 366, description = "days from today; each timetable's own when absent")),
    responses((status = 200, description = "`{\"data\": GeneratePreview}`", body = Data<GeneratePreview>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "route_id or days out of range, or the route cannot be generated")))]
#[tracing::instrument(skip(state, params))]
pub async fn generate_preview(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<GeneratePreview>, ApiError> {
    let route_id = bounded(&params, "route_id", 1, i64::MAX)?;
    let days = bounded(&params, "days", 1, 366)?.map(|d| d as u32);
    let Routes { ready, skipped, .. } = routes(&state.pool, route_id).await?;
    let planned = planned_courses(&state.pool, &ready, days).await?;
    let existing = existing(&state.pool, &planned).await?;
    let timetables = per_timetable(&planned, &existing);
    Ok(Data::new(GeneratePreview {
        new: timetables.iter().map(|t| t.new).sum(),
        existing: timetables.iter().map(|t| t.existing).sum(),
        timetables,
        skipped_routes: skipped_routes(skipped),
    }))
}

/// Which of the planned (route, departure) pairs are courses already.
async fn existing(pool: &PgPool, planned: &[Planned]) -> Result<HashSet<(i64, DateTime<Utc>)>, ApiError> {
    let routes: Vec<i64> = planned.iter().map(|p| p.route_id).collect();
    let departures: Vec<DateTime<Utc>> = planned.iter().map(|p| p.departure_at).collect();
    let rows: Vec<(i64, DateTime<Utc>)> = sqlx::query_as(
        "select c.route_id, c.departure_at from courses c \
         join unnest($1::bigint[], $2::timestamptz[]) as p(route_id, departure_at) \
           on c.route_id = p.route_id and c.departure_at = p.departure_at",
    )
    .bind(&routes)
    .bind(&departures)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

/// The planned courses counted per timetable (in timetable id order).
fn per_timetable(planned: &[Planned], existing: &HashSet<(i64, DateTime<Utc>)>) -> Vec<TimetablePreview> {
    let mut lines: BTreeMap<i64, TimetablePreview> = BTreeMap::new();
    for course in planned {
        let line = lines.entry(course.settings_id).or_insert(TimetablePreview {
            settings_id: course.settings_id,
            route_id: course.route_id,
            new: 0,
            existing: 0,
            first_departure: None,
            last_departure: None,
        });
        if existing.contains(&(course.route_id, course.departure_at)) {
            line.existing += 1;
            continue;
        }
        line.new += 1;
        line.first_departure = Some(line.first_departure.map_or(course.departure_at, |d| d.min(course.departure_at)));
        line.last_departure = Some(line.last_departure.map_or(course.departure_at, |d| d.max(course.departure_at)));
    }
    lines.into_values().collect()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, hour, 0, 0).single().expect("a valid instant")
    }

    #[test]
    fn counts_new_and_existing_courses_per_timetable() {
        let planned = [
            Planned { route_id: 1, settings_id: 7, departure_at: at(2, 8), seats: 50 },
            Planned { route_id: 1, settings_id: 7, departure_at: at(1, 8), seats: 50 },
            Planned { route_id: 1, settings_id: 7, departure_at: at(3, 8), seats: 50 },
            Planned { route_id: 2, settings_id: 3, departure_at: at(1, 9), seats: 40 },
        ];
        let existing = HashSet::from([(1, at(3, 8)), (2, at(1, 9))]);
        let lines = per_timetable(&planned, &existing);
        assert_eq!(
            lines,
            vec![
                TimetablePreview {
                    settings_id: 3,
                    route_id: 2,
                    new: 0,
                    existing: 1,
                    first_departure: None,
                    last_departure: None
                },
                TimetablePreview {
                    settings_id: 7,
                    route_id: 1,
                    new: 2,
                    existing: 1,
                    first_departure: Some(at(1, 8)),
                    last_departure: Some(at(2, 8)),
                },
            ]
        );
    }

    #[test]
    fn parameters_are_whole_numbers_in_range() {
        let params =
            |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Params>();
        assert_eq!(bounded(&params(&[]), "days", 1, 366).ok(), Some(None));
        assert_eq!(bounded(&params(&[("days", "366")]), "days", 1, 366).ok(), Some(Some(366)));
        for bad in ["", "0", "367", "7.5", "x", " 7"] {
            assert!(bounded(&params(&[("days", bad)]), "days", 1, 366).is_err(), "{bad:?}");
        }
    }
}
