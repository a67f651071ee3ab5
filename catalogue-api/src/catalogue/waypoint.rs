//! `/route/waypoint`: the stops (name, town, optional coordinates), and the search
//! dropdown of the search form.
//!
//! Reads are public (the search form lists stops for guests); saves need a `SuperAdmin`.
//! The spec has no delete for stops.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{self, Fields, Input, Params, Resource, Sql};
use api_core::values::Text;
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::CatalogueState;

/// A stop.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Waypoint {
    pub id: i64,
    pub name: String,
    pub town: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct WaypointInput {
    /// Required (`None` only while the save is refused).
    #[schema(required = true, nullable = false)]
    pub name: Option<Text<100>>,
    /// Required (`None` only while the save is refused).
    #[schema(required = true, nullable = false)]
    pub town: Option<Text<100>>,
    /// Both coordinates or neither.
    #[schema(minimum = -90.0, maximum = 90.0)]
    pub latitude: Option<f64>,
    #[schema(minimum = -180.0, maximum = 180.0)]
    pub longitude: Option<f64>,
}

impl Input for WaypointInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let name = f.parse::<Text<100>>("name");
        let town = f.parse::<Text<100>>("town");
        let latitude = f.opt_number("latitude", -90.0, 90.0);
        let longitude = f.opt_number("longitude", -180.0, 180.0);
        if f.is_ok("latitude") && f.is_ok("longitude") && latitude.is_some() != longitude.is_some() {
            let missing = if latitude.is_none() { "latitude" } else { "longitude" };
            f.error_coded(missing, api_core::codes::FIELD_BLANK, "give both latitude and longitude, or neither");
        }
        WaypointInput { name, town, latitude, longitude }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("name", self.name.map(Text::into_string).unwrap_or_default().into()),
            ("town", self.town.map(Text::into_string).unwrap_or_default().into()),
            ("latitude", self.latitude.into()),
            ("longitude", self.longitude.into()),
        ]
    }
}

/// The stops, declared.
pub struct Waypoints;

impl Resource for Waypoints {
    type Row = Waypoint;
    type Input = WaypointInput;
    const PATH: &'static str = "/route/waypoint";
    const TAG: &'static str = "route";
    const NAME: &'static str = "stop";
    const TABLE: &'static str = "waypoints";
    const FROM: &'static str = "waypoints w";
    const COLUMNS: &'static str = "w.id, w.name, w.town, w.latitude, w.longitude, w.created_at, w.updated_at";
    const ID: &'static str = "w.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "w.id", kind: FieldType::Integer },
            ListField { name: "name", column: "w.name", kind: FieldType::Text },
            ListField { name: "town", column: "w.town", kind: FieldType::Text },
            ListField { name: "created_at", column: "w.created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "w.updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "w.name, w.town, w.id",
    };
}

/// A stop as the search dropdown lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct WaypointOption {
    pub id: i64,
    pub name: String,
    pub town: String,
}

/// The most stops the dropdown offers.
const DROPDOWN_LIMIT: i64 = 20;

pub fn router() -> Router<CatalogueState> {
    resource::routes::<Waypoints, _>().route("/route/waypoint/search-dropdown", get(search_dropdown))
}

/// Public. `?q=`: stops whose name or town starts with `q`, or has a word starting
/// with it, ignoring case and Polish diacritics ("krakow" and "KRAK" find "Kraków",
/// "lodz" finds "Łódź"). Name matches first, then by name; at most 20. A blank `q` lists
/// the first stops by name.
#[utoipa::path(get, path = "/api/route/waypoint/search-dropdown", tag = "route",
    params(("q" = Option<String>, Query, description = "what the person typed", max_length = 100)),
    responses((status = 200, description = "`{data: [WaypointOption]}`", body = Data<Vec<WaypointOption>>), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn search_dropdown(
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Vec<WaypointOption>>, ApiError> {
    if params.raw("q").is_some_and(|q| q.chars().count() > 100) {
        return Err(ApiError::refused_with(
            "q",
            api_core::values::ValueError::TooLong { max: 100 },
            "q is at most 100 characters",
        ));
    }
    let q = params.get("q").unwrap_or("");
    // LIKE's wildcards in what was typed are literal; catalogue_search_key (SQL) leaves
    // the escapes alone, so the same folding applies to the stored key and the query.
    let escaped = q.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    let options = sqlx::query_as(
        "with k as (select catalogue_search_key($1) as k) \
         select id, name, town from ( \
            select w.id, w.name, w.town, 0 as rank from waypoints w, k where w.search_key like k.k || '%' \
            union all \
            select w.id, w.name, w.town, 1 from waypoints w, k \
             where w.search_key like '% ' || k.k || '%' and w.search_key not like k.k || '%' \
         ) found order by rank, name, town, id limit $2",
    )
    .bind(escaped)
    .bind(DROPDOWN_LIMIT)
    .fetch_all(&state.pool)
    .await?;
    Ok(Data::new(options))
}
