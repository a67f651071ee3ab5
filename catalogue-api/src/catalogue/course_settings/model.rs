//! What a timetable looks like to clients, and as stored.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::FromRow;

use super::input::format_week_days;

/// A timetable.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CourseSettings {
    pub id: i64,
    pub route_id: i64,
    pub name: String,
    /// Warsaw local times, `["07:30", "15:00"]` (a comma text `"07:30,15:00"` is accepted too).
    pub departure_times: Vec<String>,
    /// A comma list of 0-6, 0 = Sunday: `"1,2,3,4,5"` (an array is accepted too).
    pub week_days: String,
    pub seats: i32,
    pub days_before_generate: i32,
    pub valid_from: Option<NaiveDate>,
    pub valid_to: Option<NaiveDate>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(FromRow)]
pub(super) struct Row {
    pub(super) id: i64,
    pub(super) route_id: i64,
    pub(super) name: String,
    pub(super) departure_times: Vec<NaiveTime>,
    pub(super) week_days: Vec<i16>,
    pub(super) seats: i32,
    pub(super) days_before_generate: i32,
    pub(super) valid_from: Option<NaiveDate>,
    pub(super) valid_to: Option<NaiveDate>,
    pub(super) active: bool,
    pub(super) created_at: DateTime<Utc>,
    pub(super) updated_at: DateTime<Utc>,
}

impl<'r> FromRow<'r, PgRow> for CourseSettings {
    fn from_row(row: &'r PgRow) -> Result<Self, sqlx::Error> {
        Row::from_row(row).map(Into::into)
    }
}

impl From<Row> for CourseSettings {
    fn from(r: Row) -> Self {
        CourseSettings {
            id: r.id,
            route_id: r.route_id,
            name: r.name,
            departure_times: r.departure_times.iter().map(|t| t.format("%H:%M").to_string()).collect(),
            week_days: format_week_days(&r.week_days),
            seats: r.seats,
            days_before_generate: r.days_before_generate,
            valid_from: r.valid_from,
            valid_to: r.valid_to,
            active: r.active,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// The body of a save, parsed.
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct CourseSettingsInput {
    #[schema(minimum = 1)]
    pub route_id: i64,
    #[schema(required = false, max_length = 200)]
    pub name: String,
    /// `["07:30", "15:00"]` (also taken: the comma text `"07:30,15:00"`); 1 to 48 times.
    #[schema(schema_with = departure_times_schema)]
    pub departure_times: Vec<NaiveTime>,
    /// `[1, 2, 3, 4, 5]` (also taken: the comma text `"1,2,3,4,5"`); 0 = Sunday.
    #[schema(schema_with = week_days_schema)]
    pub week_days: Vec<i16>,
    /// 1 to 1000.
    #[schema(minimum = 1, maximum = 1000)]
    pub seats: i32,
    /// 1 to 366.
    #[schema(minimum = 1, maximum = 366)]
    pub days_before_generate: i32,
    pub valid_from: Option<NaiveDate>,
    /// Not before `valid_from`.
    pub valid_to: Option<NaiveDate>,
    /// Default true.
    #[schema(required = false)]
    pub active: bool,
}

/// The array form of `departure_times` (what `input::parse_times` takes): 1 to 48 `HH:MM`;
/// a repeat is dropped.
fn departure_times_schema() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
    let time = ObjectBuilder::new().schema_type(Type::String).pattern(Some("^([01][0-9]|2[0-3]):[0-5][0-9]$"));
    ArrayBuilder::new().items(time).min_items(Some(1)).max_items(Some(48)).build()
}

/// The array form of `week_days` (what `input::parse_week_days` takes): 0 to 6, 0 = Sunday;
/// a repeat is dropped.
fn week_days_schema() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
    let day = ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)).maximum(Some(6));
    ArrayBuilder::new().items(day).min_items(Some(1)).max_items(Some(7)).build()
}
