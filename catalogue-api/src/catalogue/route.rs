//! `/route/route`: routes (name, active, shown on the home page) and the home page's
//! list of them.
//!
//! Reads are public; saves need a `SuperAdmin`. The spec has no delete for routes (an
//! admin deactivates one instead).

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
use domain::money::format_pln;

/// A route.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Route {
    pub id: i64,
    pub name: String,
    pub active: bool,
    pub show_on_home: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct RouteInput {
    /// 1 to 200 characters.
    pub name: String,
    /// Default true.
    pub active: Option<bool>,
    /// Default false.
    pub show_on_home: Option<bool>,
}

/// A stop named on the home page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StopName {
    pub id: i64,
    pub name: String,
}

/// A route on the home page: where it starts and ends and the lowest fare on it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HomeRoute {
    pub id: i64,
    pub name: String,
    pub first_stop: Option<StopName>,
    pub last_stop: Option<StopName>,
    /// Grosz; null while the route has no price.
    pub lowest_price: Option<i64>,
    /// `39,00 zł`.
    pub lowest_price_formatted: Option<String>,
}

const COLUMNS: &str = "r.id, r.name, r.active, r.show_on_home, r.created_at, r.updated_at";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "r.id", kind: FieldType::Integer },
    ListField { name: "name", column: "r.name", kind: FieldType::Text },
    ListField { name: "active", column: "r.active", kind: FieldType::Boolean },
    ListField { name: "show_on_home", column: "r.show_on_home", kind: FieldType::Boolean },
    ListField { name: "created_at", column: "r.created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "r.updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "r.name, r.id" };

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route/all", get(all))
        .route("/route/route/one", get(one))
        .route("/route/route/save", post(create).put(update))
        .route("/route/route/home-routes", get(home_routes))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [Route], pagination}}`", body = [Route])))]
#[tracing::instrument(skip_all)]
pub async fn all(State(state): State<CatalogueState>, raw: RawListQuery) -> Result<Data<Page<Route>>, ApiError> {
    let q = raw.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, "routes r", Scope::All, &q).await?))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = Route), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<Route>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &sqlx::PgPool, id: i64) -> Result<Route, ApiError> {
    fetch_by_id(pool, COLUMNS, "routes r", "r.id", id, "route").await
}

struct Input {
    name: String,
    active: bool,
    show_on_home: bool,
}

fn parse(body: &Value) -> Result<Input, ApiError> {
    let mut f = Fields::new(body)?;
    let name = f.text("name", 200);
    let active = f.boolean("active", true);
    let show_on_home = f.boolean("show_on_home", false);
    f.finish()?;
    Ok(Input { name, active, show_on_home })
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route/save", tag = "route", security(("bearer" = [])), request_body = RouteInput,
    responses((status = 200, body = Route), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Route>, ApiError> {
    let input = parse(&body)?;
    let id: i64 =
        sqlx::query_scalar("insert into routes (name, active, show_on_home) values ($1, $2, $3) returning id")
            .bind(&input.name)
            .bind(input.active)
            .bind(input.show_on_home)
            .fetch_one(&state.pool)
            .await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = RouteInput,
    responses((status = 200, body = Route), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Route>, ApiError> {
    let id = params.id()?;
    let input = parse(&merge(&find(&state.pool, id).await?, body))?;
    sqlx::query("update routes set name = $2, active = $3, show_on_home = $4, updated_at = now() where id = $1")
        .bind(id)
        .bind(&input.name)
        .bind(input.active)
        .bind(input.show_on_home)
        .execute(&state.pool)
        .await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

type HomeRow = (i64, String, Option<i64>, Option<String>, Option<i64>, Option<String>, Option<i64>);

/// Public. The active routes marked for the home page, by name, with their first and
/// last stops and lowest price. `{data: [HomeRoute]}`.
#[utoipa::path(get, path = "/api/route/route/home-routes", tag = "route",
    responses((status = 200, description = "`{data: [HomeRoute]}`", body = [HomeRoute])))]
#[tracing::instrument(skip_all)]
pub async fn home_routes(State(state): State<CatalogueState>) -> Result<Data<Vec<HomeRoute>>, ApiError> {
    let rows: Vec<HomeRow> = sqlx::query_as(
        "select r.id, r.name, fw.id, fw.name, lw.id, lw.name, \
                (select min(p.price) from route_prices p where p.route_id = r.id) \
         from routes r \
         left join lateral (select waypoint_id from route_waypoints where route_id = r.id \
                            order by position limit 1) f on true \
         left join waypoints fw on fw.id = f.waypoint_id \
         left join lateral (select waypoint_id from route_waypoints where route_id = r.id \
                            order by position desc limit 1) l on true \
         left join waypoints lw on lw.id = l.waypoint_id \
         where r.active and r.show_on_home \
         order by r.name, r.id",
    )
    .fetch_all(&state.pool)
    .await?;
    let stop = |id: Option<i64>, name: Option<String>| id.zip(name).map(|(id, name)| StopName { id, name });
    let routes = rows
        .into_iter()
        .map(|(id, name, first_id, first_name, last_id, last_name, lowest)| HomeRoute {
            id,
            name,
            first_stop: stop(first_id, first_name),
            last_stop: stop(last_id, last_name),
            lowest_price: lowest,
            lowest_price_formatted: lowest.map(format_pln),
        })
        .collect();
    Ok(Data::new(routes))
}
