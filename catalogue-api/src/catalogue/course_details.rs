//! `/route/route-course-details`: exceptions to a timetable on one date. Kept simple: on
//! `date`, either no courses of the timetable run (`excluded: true`) or they run with
//! `seats` seats instead of the timetable's. One exception per timetable and date. Used
//! by `POST /course/course/generate` for the courses it creates (courses already created
//! are changed on the course itself).
//!
//! Reads are public; writes need a `SuperAdmin`.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::routing::{delete, get, post};
use axum::Router;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use crate::CatalogueState;
use api_core::resource::{delete_by_id, fetch_by_id, fetch_page, map_db, merge, Deleted, Fields, Params, Rule, Scope};

/// An exception to a timetable.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CourseDetails {
    pub id: i64,
    pub route_course_settings_id: i64,
    pub date: NaiveDate,
    /// No courses of the timetable on this date.
    pub excluded: bool,
    /// The courses of this date get this many seats.
    pub seats: Option<i32>,
    pub note: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save: `excluded: true`, or `seats`.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct CourseDetailsInput {
    pub route_course_settings_id: i64,
    /// `YYYY-MM-DD`.
    pub date: NaiveDate,
    /// Default false.
    pub excluded: Option<bool>,
    /// 1 to 1000; required unless excluded.
    pub seats: Option<i32>,
    /// At most 500 characters.
    pub note: Option<String>,
}

const COLUMNS: &str =
    "d.id, d.route_course_settings_id, d.date, d.excluded, d.seats, d.note, d.created_at, d.updated_at";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "d.id", kind: FieldType::Integer },
    ListField { name: "route_course_settings_id", column: "d.route_course_settings_id", kind: FieldType::Integer },
    ListField { name: "date", column: "d.date", kind: FieldType::Date },
    ListField { name: "excluded", column: "d.excluded", kind: FieldType::Boolean },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "d.route_course_settings_id, d.date" };
const UNIQUE: Rule = Rule::Field {
    constraint: "route_course_details_settings_date",
    field: "date",
    message: "these course settings have an exception for this date already",
};

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route-course-details/all", get(all))
        .route("/route/route-course-details/one", get(one))
        .route("/route/route-course-details/save", post(create).put(update))
        .route("/route/route-course-details/delete", delete(remove))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-course-details/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [CourseDetails], pagination}}`", body = [CourseDetails])))]
#[tracing::instrument(skip_all)]
pub async fn all(
    State(state): State<CatalogueState>,
    raw: RawListQuery,
) -> Result<Data<Page<CourseDetails>>, ApiError> {
    let q = raw.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, "route_course_details d", Scope::All, &q).await?))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-course-details/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = CourseDetails), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<CourseDetails>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &PgPool, id: i64) -> Result<CourseDetails, ApiError> {
    fetch_by_id(pool, COLUMNS, "route_course_details d", "d.id", id, "course details").await
}

struct Input {
    settings_id: i64,
    date: NaiveDate,
    excluded: bool,
    seats: Option<i32>,
    note: String,
}

async fn parse(pool: &PgPool, body: &Value) -> Result<Input, ApiError> {
    let mut f = Fields::new(body)?;
    let settings_id = f.id("route_course_settings_id");
    let date = f.date("date");
    let excluded = f.boolean("excluded", false);
    let seats = f.opt_integer("seats", 1, 1000).map(|s| s as i32);
    let note = f.opt_text("note", 500);
    if !excluded && seats.is_none() && f.is_ok("seats") && f.is_ok("excluded") {
        f.error("seats", "give the seats for this date, or mark the date excluded");
    }
    if f.is_ok("route_course_settings_id") {
        let exists: bool = sqlx::query_scalar("select exists (select 1 from route_course_settings where id = $1)")
            .bind(settings_id)
            .fetch_one(pool)
            .await?;
        if !exists {
            f.error("route_course_settings_id", format!("no course settings with id {settings_id}"));
        }
    }
    f.finish()?;
    Ok(Input { settings_id, date, excluded, seats, note })
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route-course-details/save", tag = "route", security(("bearer" = [])), request_body = CourseDetailsInput,
    responses((status = 200, body = CourseDetails), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<CourseDetails>, ApiError> {
    let i = parse(&state.pool, &body).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into route_course_details (route_course_settings_id, date, excluded, seats, note) \
         values ($1, $2, $3, $4, $5) returning id",
    )
    .bind(i.settings_id)
    .bind(i.date)
    .bind(i.excluded)
    .bind(i.seats)
    .bind(&i.note)
    .fetch_one(&state.pool)
    .await
    .map_err(|e| map_db(e, &[UNIQUE]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route-course-details/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = CourseDetailsInput,
    responses((status = 200, body = CourseDetails), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<CourseDetails>, ApiError> {
    let id = params.id()?;
    let i = parse(&state.pool, &merge(&find(&state.pool, id).await?, body)).await?;
    sqlx::query(
        "update route_course_details set route_course_settings_id = $2, date = $3, excluded = $4, seats = $5, \
         note = $6, updated_at = now() where id = $1",
    )
    .bind(id)
    .bind(i.settings_id)
    .bind(i.date)
    .bind(i.excluded)
    .bind(i.seats)
    .bind(&i.note)
    .execute(&state.pool)
    .await
    .map_err(|e| map_db(e, &[UNIQUE]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`.
#[utoipa::path(delete, path = "/api/route/route-course-details/delete", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = Deleted), (status = 401), (status = 403), (status = 404)))]
#[tracing::instrument(skip_all)]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(delete_by_id(&state.pool, "route_course_details", id, &[], "course details").await?))
}
