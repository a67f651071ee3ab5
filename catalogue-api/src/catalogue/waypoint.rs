//! `/route/waypoint`: the stops (name, town, optional coordinates), and the search
//! dropdown of the search form.
//!
//! Reads are public (the search form lists stops for guests); saves need a `SuperAdmin`.
//! The spec has no delete for stops.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;

use crate::CatalogueState;
use api_core::resource::{fetch_by_id, fetch_page, merge, Fields, Params, Scope};

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

/// A stop as the search dropdown lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct WaypointOption {
    pub id: i64,
    pub name: String,
    pub town: String,
}

/// The body of a save.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct WaypointInput {
    /// 1 to 100 characters.
    pub name: String,
    /// 1 to 100 characters.
    pub town: String,
    /// Both coordinates or neither.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

const COLUMNS: &str = "w.id, w.name, w.town, w.latitude, w.longitude, w.created_at, w.updated_at";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "w.id", kind: FieldType::Integer },
    ListField { name: "name", column: "w.name", kind: FieldType::Text },
    ListField { name: "town", column: "w.town", kind: FieldType::Text },
    ListField { name: "created_at", column: "w.created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "w.updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "w.name, w.town, w.id" };
/// The most stops the dropdown offers.
const DROPDOWN_LIMIT: i64 = 20;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/waypoint/all", get(all))
        .route("/route/waypoint/one", get(one))
        .route("/route/waypoint/save", post(create).put(update))
        .route("/route/waypoint/search-dropdown", get(search_dropdown))
}

/// Public.
#[utoipa::path(get, path = "/api/route/waypoint/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [Waypoint], pagination}}`", body = [Waypoint])))]
#[tracing::instrument(skip_all)]
pub async fn all(State(state): State<CatalogueState>, raw: RawListQuery) -> Result<Data<Page<Waypoint>>, ApiError> {
    let q = raw.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, "waypoints w", Scope::All, &q).await?))
}

/// Public.
#[utoipa::path(get, path = "/api/route/waypoint/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = Waypoint), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<Waypoint>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &sqlx::PgPool, id: i64) -> Result<Waypoint, ApiError> {
    fetch_by_id(pool, COLUMNS, "waypoints w", "w.id", id, "stop").await
}

fn parse(body: &Value) -> Result<WaypointInput, ApiError> {
    let mut f = Fields::new(body)?;
    let name = f.text("name", 100);
    let town = f.text("town", 100);
    let latitude = f.opt_number("latitude", -90.0, 90.0);
    let longitude = f.opt_number("longitude", -180.0, 180.0);
    if f.is_ok("latitude") && f.is_ok("longitude") && latitude.is_some() != longitude.is_some() {
        let missing = if latitude.is_none() { "latitude" } else { "longitude" };
        f.error(missing, "give both latitude and longitude, or neither");
    }
    f.finish()?;
    Ok(WaypointInput { name, town, latitude, longitude })
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/waypoint/save", tag = "route", security(("bearer" = [])), request_body = WaypointInput,
    responses((status = 200, body = Waypoint), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Waypoint>, ApiError> {
    let input = parse(&body)?;
    let id: i64 = sqlx::query_scalar(
        "insert into waypoints (name, town, latitude, longitude) values ($1, $2, $3, $4) returning id",
    )
    .bind(&input.name)
    .bind(&input.town)
    .bind(input.latitude)
    .bind(input.longitude)
    .fetch_one(&state.pool)
    .await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/waypoint/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = WaypointInput,
    responses((status = 200, body = Waypoint), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Waypoint>, ApiError> {
    let id = params.id()?;
    let stored = find(&state.pool, id).await?;
    let input = parse(&merge(&stored, body))?;
    sqlx::query(
        "update waypoints set name = $2, town = $3, latitude = $4, longitude = $5, updated_at = now() where id = $1",
    )
    .bind(id)
    .bind(&input.name)
    .bind(&input.town)
    .bind(input.latitude)
    .bind(input.longitude)
    .execute(&state.pool)
    .await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// Public. `?q=`: stops whose name or town starts with `q`, or has a word starting
/// with it, ignoring case and Polish diacritics ("krakow" and "KRAK" find "Kraków",
/// "lodz" finds "Łódź"). Name matches first, then by name; at most 20. A blank `q` lists
/// the first stops by name.
#[utoipa::path(get, path = "/api/route/waypoint/search-dropdown", tag = "route",
    params(("q" = Option<String>, Query, description = "what the person typed")),
    responses((status = 200, description = "`{data: [WaypointOption]}`", body = [WaypointOption]), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn search_dropdown(
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Vec<WaypointOption>>, ApiError> {
    let q = params.get("q").unwrap_or("");
    if q.chars().count() > 100 {
        return Err(ApiError::invalid_field("q", "q is at most 100 characters"));
    }
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
