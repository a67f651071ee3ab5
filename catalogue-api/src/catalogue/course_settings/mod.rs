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
use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{self, find, Fields, Input, Params, Resource, Rule, Sql};
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::post;
use axum::Router;
use sqlx::PgConnection;

use crate::CatalogueState;

mod input;
mod model;

use input::{parse_times, parse_week_days};
pub use model::{CourseSettings, CourseSettingsInput};

impl Input for CourseSettingsInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let route_id = f.id("route_id");
        let name = f.opt_text("name", 200);
        let departure_times = parse_times(f.raw("departure_times")).unwrap_or_else(|e| {
            f.error_coded("departure_times", api_core::codes::FIELD_INVALID, e);
            vec![]
        });
        let week_days = parse_week_days(f.raw("week_days")).unwrap_or_else(|e| {
            f.error_coded("week_days", api_core::codes::FIELD_INVALID, e);
            vec![]
        });
        let seats = f.integer("seats", 1, 1000) as i32;
        let days_before_generate = f.integer("days_before_generate", 1, 366) as i32;
        let valid_from = f.opt_date("valid_from");
        let valid_to = f.opt_date("valid_to");
        if let (Some(from), Some(to)) = (valid_from, valid_to) {
            if to < from {
                f.error_coded(
                    "valid_to",
                    api_core::codes::FIELD_OUT_OF_RANGE,
                    "valid_to must not be before valid_from",
                );
            }
        }
        let active = f.boolean("active", true);
        CourseSettingsInput {
            route_id,
            name,
            departure_times,
            week_days,
            seats,
            days_before_generate,
            valid_from,
            valid_to,
            active,
        }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("route_id", self.route_id.into()),
            ("name", self.name.into()),
            ("departure_times", self.departure_times.into()),
            ("week_days", self.week_days.into()),
            ("seats", self.seats.into()),
            ("days_before_generate", self.days_before_generate.into()),
            ("valid_from", self.valid_from.into()),
            ("valid_to", self.valid_to.into()),
            ("active", self.active.into()),
        ]
    }
}

/// The timetables, declared.
pub struct Timetables;

impl Resource for Timetables {
    type Row = CourseSettings;
    type Input = CourseSettingsInput;
    const PATH: &'static str = "/route/route-course-settings";
    const TAG: &'static str = "route";
    const NAME: &'static str = "course settings";
    const TABLE: &'static str = "route_course_settings";
    const FROM: &'static str = "route_course_settings s";
    const COLUMNS: &'static str = "s.id, s.route_id, s.name, s.departure_times, s.week_days, s.seats, \
                                   s.days_before_generate, s.valid_from, s.valid_to, s.active, s.created_at, \
                                   s.updated_at";
    const ID: &'static str = "s.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "s.id", kind: FieldType::Integer },
            ListField { name: "route_id", column: "s.route_id", kind: FieldType::Integer },
            ListField { name: "name", column: "s.name", kind: FieldType::Text },
            ListField { name: "active", column: "s.active", kind: FieldType::Boolean },
            ListField { name: "seats", column: "s.seats", kind: FieldType::Integer },
            ListField { name: "valid_from", column: "s.valid_from", kind: FieldType::Date },
            ListField { name: "valid_to", column: "s.valid_to", kind: FieldType::Date },
        ],
        default_order: "s.route_id, s.id",
    };
    const DELETE: Option<&'static [Rule]> = Some(&[Rule::Conflict {
        constraint: "route_course_details_settings_fk",
        message: "these course settings have exceptions (route course details); delete them first",
    }]);

    async fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &CourseSettingsInput,
        _: Option<&CourseSettings>,
    ) -> Result<(), ApiError> {
        let id = input.route_id;
        if f.is_ok("route_id") && !super::exists(conn, "routes", id).await? {
            f.error_coded("route_id", api_core::codes::FIELD_INVALID, format!("no route with id {id}"));
        }
        Ok(())
    }
}

pub fn router() -> Router<CatalogueState> {
    resource::routes::<Timetables, _>().route("/route/route-course-settings/duplicate", post(duplicate))
}

/// `SuperAdmin`. A copy of the timetable `?id=` (named "… (kopia)"), without its exceptions.
#[utoipa::path(post, path = "/api/route/route-course-settings/duplicate", tag = "route", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)),
    responses((status = 200, body = Data<CourseSettings>), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn duplicate(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<CourseSettings>, ApiError> {
    let id = params.id()?;
    let mut conn = state.pool.acquire().await?;
    let copy: Option<i64> = sqlx::query_scalar(
        "insert into route_course_settings (route_id, name, departure_times, week_days, seats, days_before_generate, \
         valid_from, valid_to, active) \
         select route_id, left(trim(name || ' (kopia)'), 200), departure_times, week_days, seats, days_before_generate, \
                valid_from, valid_to, active \
         from route_course_settings where id = $1 returning id",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let copy = copy.ok_or_else(|| ApiError::NotFound(format!("no course settings with id {id}")))?;
    Ok(Data::new(find::<Timetables>(&mut conn, copy).await?))
}
