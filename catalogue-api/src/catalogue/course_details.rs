//! `/route/route-course-details`: exceptions to a timetable on one date. Kept simple: on
//! `date`, either no courses of the timetable run (`excluded: true`) or they run with
//! `seats` seats instead of the timetable's. One exception per timetable and date. Used
//! by `POST /course/course/generate` for the courses it creates (courses already created
//! are changed on the course itself).
//!
//! Reads are public; writes need a `SuperAdmin`.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Resource, Rule, Sql};
use api_core::ApiError;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgConnection;

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
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct CourseDetailsInput {
    #[schema(minimum = 1)]
    pub route_course_settings_id: i64,
    /// `YYYY-MM-DD`.
    pub date: NaiveDate,
    /// Default false.
    #[schema(required = false)]
    pub excluded: bool,
    /// 1 to 1000; required unless excluded.
    #[schema(minimum = 1, maximum = 1000)]
    pub seats: Option<i32>,
    /// At most 500 characters.
    #[schema(required = false, max_length = 500)]
    pub note: String,
}

impl Input for CourseDetailsInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let route_course_settings_id = f.id("route_course_settings_id");
        let date = f.date("date");
        let excluded = f.boolean("excluded", false);
        let seats = f.opt_integer("seats", 1, 1000).map(|s| s as i32);
        let note = f.opt_text("note", 500);
        if !excluded && seats.is_none() && f.is_ok("seats") && f.is_ok("excluded") {
            f.error_coded(
                "seats",
                api_core::codes::FIELD_BLANK,
                "give the seats for this date, or mark the date excluded",
            );
        }
        CourseDetailsInput { route_course_settings_id, date, excluded, seats, note }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("route_course_settings_id", self.route_course_settings_id.into()),
            ("date", self.date.into()),
            ("excluded", self.excluded.into()),
            ("seats", self.seats.into()),
            ("note", self.note.into()),
        ]
    }
}

/// The exceptions to timetables, declared.
pub struct CourseDetailsResource;

impl Resource for CourseDetailsResource {
    type Row = CourseDetails;
    type Input = CourseDetailsInput;
    const PATH: &'static str = "/route/route-course-details";
    const TAG: &'static str = "route";
    const NAME: &'static str = "course details";
    const TABLE: &'static str = "route_course_details";
    const FROM: &'static str = "route_course_details d";
    const COLUMNS: &'static str =
        "d.id, d.route_course_settings_id, d.date, d.excluded, d.seats, d.note, d.created_at, d.updated_at";
    const ID: &'static str = "d.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "d.id", kind: FieldType::Integer },
            ListField {
                name: "route_course_settings_id",
                column: "d.route_course_settings_id",
                kind: FieldType::Integer,
            },
            ListField { name: "date", column: "d.date", kind: FieldType::Date },
            ListField { name: "excluded", column: "d.excluded", kind: FieldType::Boolean },
        ],
        default_order: "d.route_course_settings_id, d.date",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "route_course_details_settings_date",
        field: "date",
        message: "these course settings have an exception for this date already",
    }];
    const DELETE: Option<&'static [Rule]> = Some(&[]);

    async fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &CourseDetailsInput,
        _: Option<&CourseDetails>,
    ) -> Result<(), ApiError> {
        let id = input.route_course_settings_id;
        if f.is_ok("route_course_settings_id") && !super::exists(conn, "route_course_settings", id).await? {
            f.error_coded(
                "route_course_settings_id",
                api_core::codes::FIELD_INVALID,
                format!("no course settings with id {id}"),
            );
        }
        Ok(())
    }
}
