//! `/route/route-course-settings`: the timetables of routes. A timetable says: leave at
//! these Warsaw local times (`departure_times`, `HH:MM`) on these week days
//! (`week_days`, a comma list of 0-6 with 0 = Sunday), with this many seats, and generate
//! the courses this many days ahead (`days_before_generate`), optionally only between
//! `valid_from` and `valid_to`. `POST duplicate?id=` copies one (without its exceptions,
//! which belong to the dates of the original).
//!
//! Reads are public; writes need a `SuperAdmin`. Deleting a timetable with exceptions
//! (`route-course-details`) answers `409`; courses already generated from it stay.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::routing::{delete, get, post};
use axum::Router;
use chrono::{NaiveDate, NaiveTime};
use serde_json::Value;
use sqlx::PgPool;

use crate::CatalogueState;
use api_core::resource::{delete_by_id, fetch_page, map_db, merge, Deleted, Fields, Params, Rule, Scope};

mod input;
mod model;

use input::{parse_times, parse_week_days};
use model::Row;
pub use model::{CourseSettings, CourseSettingsInput};

const COLUMNS: &str = "s.id, s.route_id, s.name, s.departure_times, s.week_days, s.seats, s.days_before_generate, \
                       s.valid_from, s.valid_to, s.active, s.created_at, s.updated_at";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "s.id", kind: FieldType::Integer },
    ListField { name: "route_id", column: "s.route_id", kind: FieldType::Integer },
    ListField { name: "name", column: "s.name", kind: FieldType::Text },
    ListField { name: "active", column: "s.active", kind: FieldType::Boolean },
    ListField { name: "seats", column: "s.seats", kind: FieldType::Integer },
    ListField { name: "valid_from", column: "s.valid_from", kind: FieldType::Date },
    ListField { name: "valid_to", column: "s.valid_to", kind: FieldType::Date },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "s.route_id, s.id" };

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route-course-settings/all", get(all))
        .route("/route/route-course-settings/one", get(one))
        .route("/route/route-course-settings/save", post(create).put(update))
        .route("/route/route-course-settings/duplicate", post(duplicate))
        .route("/route/route-course-settings/delete", delete(remove))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-course-settings/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [CourseSettings], pagination}}`", body = [CourseSettings])))]
#[tracing::instrument(skip_all)]
pub async fn all(
    State(state): State<CatalogueState>,
    raw: RawListQuery,
) -> Result<Data<Page<CourseSettings>>, ApiError> {
    let q = raw.parse(SPEC)?;
    let page = fetch_page::<Row>(&state.pool, COLUMNS, "route_course_settings s", Scope::All, &q).await?;
    Ok(Data::new(Page { models: page.models.into_iter().map(Into::into).collect(), pagination: page.pagination }))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-course-settings/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = CourseSettings), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<CourseSettings>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &PgPool, id: i64) -> Result<CourseSettings, ApiError> {
    sqlx::query_as::<_, Row>(&format!("select {COLUMNS} from route_course_settings s where s.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .map(Into::into)
        .ok_or_else(|| ApiError::NotFound(format!("no course settings with id {id}")))
}

struct Input {
    route_id: i64,
    name: String,
    departure_times: Vec<NaiveTime>,
    week_days: Vec<i16>,
    seats: i64,
    days: i64,
    valid_from: Option<NaiveDate>,
    valid_to: Option<NaiveDate>,
    active: bool,
}

async fn parse(pool: &PgPool, body: &Value) -> Result<Input, ApiError> {
    let mut f = Fields::new(body)?;
    let route_id = f.id("route_id");
    let name = f.opt_text("name", 200);
    let departure_times = parse_times(f.raw("departure_times")).unwrap_or_else(|e| {
        f.error("departure_times", e);
        vec![]
    });
    let week_days = parse_week_days(f.raw("week_days")).unwrap_or_else(|e| {
        f.error("week_days", e);
        vec![]
    });
    let seats = f.integer("seats", 1, 1000);
    let days = f.integer("days_before_generate", 1, 366);
    let valid_from = f.opt_date("valid_from");
    let valid_to = f.opt_date("valid_to");
    if let (Some(from), Some(to)) = (valid_from, valid_to) {
        if to < from {
            f.error("valid_to", "valid_to must not be before valid_from");
        }
    }
    let active = f.boolean("active", true);
    if f.is_ok("route_id") {
        let exists: bool = sqlx::query_scalar("select exists (select 1 from routes where id = $1)")
            .bind(route_id)
            .fetch_one(pool)
            .await?;
        if !exists {
            f.error("route_id", format!("no route with id {route_id}"));
        }
    }
    f.finish()?;
    Ok(Input { route_id, name, departure_times, week_days, seats, days, valid_from, valid_to, active })
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route-course-settings/save", tag = "route", security(("bearer" = [])), request_body = CourseSettingsInput,
    responses((status = 200, body = CourseSettings), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<CourseSettings>, ApiError> {
    let i = parse(&state.pool, &body).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into route_course_settings (route_id, name, departure_times, week_days, seats, days_before_generate, \
         valid_from, valid_to, active) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
    )
    .bind(i.route_id)
    .bind(&i.name)
    .bind(&i.departure_times)
    .bind(&i.week_days)
    .bind(i.seats as i32)
    .bind(i.days as i32)
    .bind(i.valid_from)
    .bind(i.valid_to)
    .bind(i.active)
    .fetch_one(&state.pool)
    .await
    .map_err(|e| map_db(e, &[]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route-course-settings/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = CourseSettingsInput,
    responses((status = 200, body = CourseSettings), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<CourseSettings>, ApiError> {
    let id = params.id()?;
    let i = parse(&state.pool, &merge(&find(&state.pool, id).await?, body)).await?;
    sqlx::query(
        "update route_course_settings set route_id = $2, name = $3, departure_times = $4, week_days = $5, seats = $6, \
         days_before_generate = $7, valid_from = $8, valid_to = $9, active = $10, updated_at = now() where id = $1",
    )
    .bind(id)
    .bind(i.route_id)
    .bind(&i.name)
    .bind(&i.departure_times)
    .bind(&i.week_days)
    .bind(i.seats as i32)
    .bind(i.days as i32)
    .bind(i.valid_from)
    .bind(i.valid_to)
    .bind(i.active)
    .execute(&state.pool)
    .await
    .map_err(|e| map_db(e, &[]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. A copy of the timetable `?id=` (named "… (kopia)"), without its exceptions.
#[utoipa::path(post, path = "/api/route/route-course-settings/duplicate", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = CourseSettings), (status = 401), (status = 403), (status = 404)))]
#[tracing::instrument(skip_all)]
pub async fn duplicate(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<CourseSettings>, ApiError> {
    let id = params.id()?;
    let copy: Option<i64> = sqlx::query_scalar(
        "insert into route_course_settings (route_id, name, departure_times, week_days, seats, days_before_generate, \
         valid_from, valid_to, active) \
         select route_id, left(trim(name || ' (kopia)'), 200), departure_times, week_days, seats, days_before_generate, \
                valid_from, valid_to, active \
         from route_course_settings where id = $1 returning id",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?;
    let copy = copy.ok_or_else(|| ApiError::NotFound(format!("no course settings with id {id}")))?;
    Ok(Data::new(find(&state.pool, copy).await?))
}

/// `SuperAdmin`. `409` while exceptions (`route-course-details`) refer to it.
#[utoipa::path(delete, path = "/api/route/route-course-settings/delete", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = Deleted), (status = 401), (status = 403), (status = 404), (status = 409)))]
#[tracing::instrument(skip_all)]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    let rules = [Rule::Conflict {
        constraint: "route_course_details_settings_fk",
        message: "these course settings have exceptions (route course details); delete them first",
    }];
    Ok(Data::new(delete_by_id(&state.pool, "route_course_settings", id, &rules, "course settings").await?))
}
