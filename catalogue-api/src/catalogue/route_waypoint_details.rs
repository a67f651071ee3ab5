//! `/route/route-waypoint-details`: free details of one stop of a route (the platform,
//! notes for passengers), at most one row per route stop.
//!
//! Reads are public; writes need a `SuperAdmin`.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::routing::{delete, get, post};
use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use crate::CatalogueState;
use api_core::resource::{delete_by_id, fetch_by_id, fetch_page, map_db, merge, Deleted, Fields, Params, Rule, Scope};

/// The details of a route's stop.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RouteWaypointDetails {
    pub id: i64,
    pub route_waypoint_id: i64,
    pub platform: String,
    pub notes: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct RouteWaypointDetailsInput {
    pub route_waypoint_id: i64,
    /// At most 50 characters.
    pub platform: Option<String>,
    /// At most 2000 characters.
    pub notes: Option<String>,
}

const COLUMNS: &str = "d.id, d.route_waypoint_id, d.platform, d.notes, d.created_at, d.updated_at";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "d.id", kind: FieldType::Integer },
    ListField { name: "route_waypoint_id", column: "d.route_waypoint_id", kind: FieldType::Integer },
    ListField { name: "platform", column: "d.platform", kind: FieldType::Text },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "d.route_waypoint_id, d.id" };
const UNIQUE: Rule = Rule::Field {
    constraint: "route_waypoint_details_route_waypoint",
    field: "route_waypoint_id",
    message: "this stop of the route has details already; edit them",
};

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route-waypoint-details/all", get(all))
        .route("/route/route-waypoint-details/one", get(one))
        .route("/route/route-waypoint-details/save", post(create).put(update))
        .route("/route/route-waypoint-details/delete", delete(remove))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-waypoint-details/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [RouteWaypointDetails], pagination}}`", body = [RouteWaypointDetails])))]
#[tracing::instrument(skip_all)]
pub async fn all(
    State(state): State<CatalogueState>,
    raw: RawListQuery,
) -> Result<Data<Page<RouteWaypointDetails>>, ApiError> {
    let q = raw.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, "route_waypoint_details d", Scope::All, &q).await?))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-waypoint-details/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = RouteWaypointDetails), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<RouteWaypointDetails>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &PgPool, id: i64) -> Result<RouteWaypointDetails, ApiError> {
    fetch_by_id(pool, COLUMNS, "route_waypoint_details d", "d.id", id, "route stop details").await
}

struct Input {
    route_waypoint_id: i64,
    platform: String,
    notes: String,
}

async fn parse(pool: &PgPool, body: &Value) -> Result<Input, ApiError> {
    let mut f = Fields::new(body)?;
    let route_waypoint_id = f.id("route_waypoint_id");
    let platform = f.opt_text("platform", 50);
    let notes = f.opt_text("notes", 2000);
    if f.is_ok("route_waypoint_id") {
        let exists: bool = sqlx::query_scalar("select exists (select 1 from route_waypoints where id = $1)")
            .bind(route_waypoint_id)
            .fetch_one(pool)
            .await?;
        if !exists {
            f.error("route_waypoint_id", format!("no route stop with id {route_waypoint_id}"));
        }
    }
    f.finish()?;
    Ok(Input { route_waypoint_id, platform, notes })
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route-waypoint-details/save", tag = "route", security(("bearer" = [])),
    request_body = RouteWaypointDetailsInput,
    responses((status = 200, body = RouteWaypointDetails), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RouteWaypointDetails>, ApiError> {
    let input = parse(&state.pool, &body).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into route_waypoint_details (route_waypoint_id, platform, notes) values ($1, $2, $3) returning id",
    )
    .bind(input.route_waypoint_id)
    .bind(&input.platform)
    .bind(&input.notes)
    .fetch_one(&state.pool)
    .await
    .map_err(|e| map_db(e, &[UNIQUE]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route-waypoint-details/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = RouteWaypointDetailsInput,
    responses((status = 200, body = RouteWaypointDetails), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RouteWaypointDetails>, ApiError> {
    let id = params.id()?;
    let input = parse(&state.pool, &merge(&find(&state.pool, id).await?, body)).await?;
    sqlx::query(
        "update route_waypoint_details set route_waypoint_id = $2, platform = $3, notes = $4, updated_at = now() \
         where id = $1",
    )
    .bind(id)
    .bind(input.route_waypoint_id)
    .bind(&input.platform)
    .bind(&input.notes)
    .execute(&state.pool)
    .await
    .map_err(|e| map_db(e, &[UNIQUE]))?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`.
#[utoipa::path(delete, path = "/api/route/route-waypoint-details/delete", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = Deleted), (status = 401), (status = 403), (status = 404)))]
#[tracing::instrument(skip_all)]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(delete_by_id(&state.pool, "route_waypoint_details", id, &[], "route stop details").await?))
}
