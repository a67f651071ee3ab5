//! `/course/course`: the courses (one departure of a route, with its seats): their list
//! and one course, read from the `courses` table.
//!
//! Courses are written by [`super::save`] (one by one) and [`super::generate`] (from the
//! timetables) through the command side, because writing one opens or changes its seat
//! inventory, the event-sourced stream `course-{id}`. `inventory_opened` tells whether
//! that stream is open; courses without an inventory are not offered by the search.
//! [`Course`] and [`find`] are also the answer of those writes.
//!
//! Reads are public.

use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, FixedOffset, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::CatalogueState;
use api_core::resource::{fetch_page, Params, Scope};
use api_core::time::warsaw;

/// A course.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Course {
    pub id: Uuid,
    pub route_id: i64,
    /// Read only.
    pub route_name: String,
    /// The timetable it was generated from, if any (read only).
    pub route_course_settings_id: Option<i64>,
    /// The departure from the route's first stop, with Warsaw's offset.
    #[schema(value_type = String, format = DateTime)]
    pub departure_at: DateTime<FixedOffset>,
    // Once its inventory is open, the inventory's seats (the row follows the stream);
    // before, the seats it is to be opened with. (Not a `///`: the document stays as is.)
    pub seats: i32,
    /// False when an admin stopped the sale.
    pub sale_open: bool,
    /// Whether its seat inventory (the stream `course-{id}`) is open (read only).
    pub inventory_opened: bool,
    /// What the carrier said of it (read only): `none`, `delayed`, `cancelled` (whole) or
    /// `partly_cancelled` (from a stop onward). A cancelled course sells nothing, whatever
    /// `sale_open` says.
    #[schema(pattern = "^(none|delayed|cancelled|partly_cancelled)$")]
    pub disruption: &'static str,
    /// The announced delay, while it runs late (read only).
    pub delay_minutes: Option<i64>,
    /// When the driver marked it as departed (read only).
    pub departed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    route_id: i64,
    route_name: String,
    route_course_settings_id: Option<i64>,
    departure_at: DateTime<Utc>,
    seats: i32,
    sale_open: bool,
    inventory_opened_at: Option<DateTime<Utc>>,
    cancelled: Option<bool>,
    cancelled_from_stop: Option<i32>,
    delay_minutes: Option<i64>,
    departed_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Row> for Course {
    fn from(r: Row) -> Self {
        Course {
            id: r.id,
            route_id: r.route_id,
            route_name: r.route_name,
            route_course_settings_id: r.route_course_settings_id,
            departure_at: warsaw(r.departure_at),
            seats: r.seats,
            sale_open: r.sale_open,
            inventory_opened: r.inventory_opened_at.is_some(),
            disruption: match (r.cancelled.unwrap_or(false), r.cancelled_from_stop, r.delay_minutes) {
                (true, None, _) => "cancelled",
                (true, Some(_), _) => "partly_cancelled",
                (false, _, Some(_)) => "delayed",
                (false, _, None) => "none",
            },
            delay_minutes: r.delay_minutes.filter(|_| !r.cancelled.unwrap_or(false)),
            departed_at: r.departed_at,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

const COLUMNS: &str = "c.id, c.route_id, r.name as route_name, c.route_course_settings_id, c.departure_at, c.seats, \
                       c.sale_open, c.inventory_opened_at, a.cancelled, a.cancelled_from_stop, a.delay_minutes, \
                       a.departed_at, c.created_at, c.updated_at";
/// The course, its route, and what its availability row says of its disruption.
const FROM: &str =
    "courses c join routes r on r.id = c.route_id left join rm_course_availability a on a.course_id = c.id";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "c.id", kind: FieldType::Uuid },
    ListField { name: "route_id", column: "c.route_id", kind: FieldType::Integer },
    ListField { name: "route_course_settings_id", column: "c.route_course_settings_id", kind: FieldType::Integer },
    ListField { name: "departure_at", column: "c.departure_at", kind: FieldType::Timestamp },
    // The Warsaw date of the departure: `filter[date][gte]=2026-07-01&filter[date][lte]=2026-07-31`.
    ListField { name: "date", column: "(c.departure_at at time zone 'Europe/Warsaw')::date", kind: FieldType::Date },
    ListField { name: "seats", column: "c.seats", kind: FieldType::Integer },
    ListField { name: "sale_open", column: "c.sale_open", kind: FieldType::Boolean },
    ListField { name: "inventory_opened", column: "(c.inventory_opened_at is not null)", kind: FieldType::Boolean },
    ListField { name: "route_name", column: "r.name", kind: FieldType::Text },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "c.departure_at, c.route_id" };

pub fn router() -> Router<CatalogueState> {
    Router::new().route("/course/course/all", get(all)).route("/course/course/one", get(one))
}

/// Public. Filter by route (`filter[route_id][eq]`) and dates (`filter[date][gte]`,
/// `filter[date][lte]`, Warsaw dates; or `filter[departure_at][…]`).
#[utoipa::path(get, path = "/api/course/course/all", tag = "course",
    responses((status = 200, description = "`{data: {models: [Course], pagination}}`", body = Data<Page<Course>>)))]
#[tracing::instrument(skip_all)]
pub async fn all(State(state): State<CatalogueState>, raw: RawListQuery) -> Result<Data<Page<Course>>, ApiError> {
    let q = raw.parse(SPEC)?;
    let page = fetch_page::<Row>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?;
    Ok(Data::new(Page { models: page.models.into_iter().map(Into::into).collect(), pagination: page.pagination }))
}

/// Public. `?id=` is the course's UUID.
#[utoipa::path(get, path = "/api/course/course/one", tag = "course", params(("id" = Uuid, Query)),
    responses((status = 200, body = Data<Course>), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<Course>, ApiError> {
    Ok(Data::new(find(&state.pool, params.uuid()?).await?))
}

/// The course `id`, or a `404` naming it.
pub async fn find(pool: &PgPool, id: Uuid) -> Result<Course, ApiError> {
    sqlx::query_as::<_, Row>(&format!("select {COLUMNS} from {FROM} where c.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .map(Into::into)
        .ok_or_else(|| ApiError::NotFound(format!("no course with id {id}")))
}
