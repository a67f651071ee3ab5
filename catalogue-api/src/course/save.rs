//! `POST /course/course/save` (a course by hand) and `PUT /course/course/save?id=` (an
//! admin changes its seats or stops its sale).
//!
//! A course's route and departure never change once created (its seat inventory and
//! tickets refer to them): to move a course, stop its sale and create another.
//!
//! The seats of a course whose inventory is open are its stream's: a change is one
//! decision, `CapacityChanged` appended through the course's single writer (refused below
//! the seats already taken), and nothing else. The row follows through the `course_seats`
//! projection; the save waits briefly for it ([`super::follow`]) and answers the decided
//! seats. Until the inventory is open the row holds the seats it is to be opened with, and
//! any save of such a course opens it. Both answer the course as the list shows it
//! ([`super::list`]).

use api_core::auth::AdminUser;
use api_core::codes;
use api_core::resource::{map_db, merge, Fields, Params, Rule};
use api_core::values::Moment;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde_json::Value;
use uuid::Uuid;

use super::follow;
use super::inventory::{route_stops, PendingCourse};
use super::list::{find, Course};
use super::save_process::{self, CourseSave};
use command_api::CommandState;

/// The body of a save. On update only `seats` and `sale_open` change.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct CourseInput {
    #[schema(minimum = 1)]
    pub route_id: i64,
    /// In the future.
    pub departure_at: Moment,
    /// 1 to 1000.
    #[schema(minimum = 1, maximum = 1000)]
    pub seats: i32,
    /// Default true.
    pub sale_open: Option<bool>,
}

/// `YYYY-MM-DD HH:MM[:SS]` in Warsaw, or RFC 3339.
fn parse_departure(f: &mut Fields<'_>) -> Option<DateTime<Utc>> {
    let parsed = match f.raw("departure_at") {
        None => None,
        Some(Value::String(s)) => Moment::parse(s).ok().map(Moment::at),
        Some(_) => None,
    };
    if parsed.is_none() {
        let message = match f.raw("departure_at") {
            None => "departure_at is required",
            Some(_) => "departure_at must be a Warsaw time YYYY-MM-DD HH:MM (or RFC 3339)",
        };
        f.error_coded(
            "departure_at",
            if f.raw("departure_at").is_some() { api_core::codes::FIELD_INVALID } else { api_core::codes::FIELD_BLANK },
            message,
        );
    }
    parsed
}

/// `SuperAdmin`. Creates one course and opens its seat inventory.
#[utoipa::path(post, path = "/api/course/course/save", tag = "course", security(("bearer" = [])), request_body = CourseInput,
    responses((status = 200, body = Data<Course>), (status = 401), (status = 403), (status = 422), (status = 503)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    AdminUser(admin): AdminUser,
    State(state): State<CommandState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Course>, ApiError> {
    let mut f = Fields::new(&body)?;
    let route_id = f.id("route_id");
    let departure_at = parse_departure(&mut f);
    let seats = f.integer("seats", 1, 1000) as i32;
    let sale_open = f.boolean("sale_open", true);
    if departure_at.is_some_and(|d| d <= Utc::now()) {
        f.error_coded("departure_at", codes::COURSE_DEPARTURE_PAST, "departure_at must be in the future");
    }
    let stops = route_stops(&state.pool, &[route_id]).await?;
    if f.is_ok("route_id") {
        let archived: Option<bool> = sqlx::query_scalar("select archived from routes where id = $1")
            .bind(route_id)
            .fetch_optional(&state.pool)
            .await?;
        if archived.is_none() {
            f.error_coded("route_id", api_core::codes::FIELD_INVALID, format!("no route with id {route_id}"));
        } else if archived == Some(true) {
            // An archived route makes no new courses (issue 29): unarchive it first.
            f.error_coded("route_id", codes::ROUTE_ARCHIVED, "the route is archived: unarchive it to add courses");
        } else if stops.get(&route_id).is_none_or(|s| s.len() < 2) {
            f.error_coded("route_id", api_core::codes::FIELD_INVALID, "the route needs at least two stops");
        }
    }
    f.finish()?;
    let Some(departure_at) = departure_at else { return Err(ApiError::Internal("departure_at not parsed".into())) };
    let id = Uuid::new_v4();
    let unique = Rule::Field {
        constraint: "courses_route_departure",
        field: "departure_at",
        message: "the route has a course at this time already",
    };
    sqlx::query("insert into courses (id, route_id, departure_at, seats, sale_open) values ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(route_id)
        .bind(departure_at)
        .bind(seats)
        .bind(sale_open)
        .execute(&state.pool)
        .await
        .map_err(|e| map_db(e, &[unique]))?;
    command_api::failpoint("course-create-after-row");
    let course = PendingCourse { id, route_id, departure_at, seats };
    save_process::open_one(&state, course, &stops, admin.id).await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Changes `seats` and `sale_open`; other fields must keep their values.
#[utoipa::path(put, path = "/api/course/course/save", tag = "course", security(("bearer" = [])), params(("id" = Uuid, Query)),
    request_body = CourseInput,
    responses((status = 200, body = Data<Course>), (status = 401), (status = 403), (status = 404), (status = 409),
              (status = 422), (status = 503)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    AdminUser(admin): AdminUser,
    State(state): State<CommandState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Course>, ApiError> {
    let id = params.uuid()?;
    let stored = find(&state.pool, id).await?;
    // Seats left out keep the stream's (the row may not have followed it yet).
    let seats_given = body.get("seats").is_some();
    let merged = merge(&stored, body);
    let mut f = Fields::new(&merged)?;
    let route_id = f.id("route_id");
    let departure_at = parse_departure(&mut f);
    let seats = f.integer("seats", 1, 1000) as i32;
    let sale_open = f.boolean("sale_open", true);
    if f.is_ok("route_id") && route_id != stored.route_id {
        f.error_coded(
            "route_id",
            api_core::codes::FIELD_INVALID,
            "a course keeps its route; stop its sale and create another course",
        );
    }
    if departure_at.is_some_and(|d| d != stored.departure_at) {
        f.error_coded(
            "departure_at",
            api_core::codes::FIELD_INVALID,
            "a course keeps its departure; stop its sale and create another course",
        );
    }
    f.finish()?;

    let save = CourseSave {
        course_id: id,
        save_id: Uuid::now_v7(),
        // Not open yet, the inventory opens with the seats asked for or the row's.
        seats: (seats_given || !stored.inventory_opened).then_some(seats),
        sale_open,
        user_id: admin.id,
    };
    save_process::run(&state, save).await?;
    follow::row_follows(&state.pool, state.store.as_ref(), id).await?;
    let mut course = find(&state.pool, id).await?;
    if seats_given {
        // What the inventory decided, whether or not the row has followed yet.
        course.seats = seats;
    }
    Ok(Data::new(course))
}
