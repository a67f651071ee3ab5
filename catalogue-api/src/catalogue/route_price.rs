//! `/route/route-price`: the fare in grosz of one trip (from, to) along a route.
//!
//! Rules: both stops are stops of the route, `from` comes before `to` (a trip only goes
//! forward), one price per pair, a price above zero. Checked under a lock of the route's
//! row, like the route's stops. Reads are public; writes need a `SuperAdmin`.

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
use api_core::resource::{delete_by_id, fetch_page, map_db, merge, Deleted, Fields, Params, Rule, Scope};
use domain::money::format_pln;

/// A fare.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RoutePrice {
    pub id: i64,
    pub route_id: i64,
    pub from_waypoint_id: i64,
    /// Read only.
    pub from_name: String,
    pub to_waypoint_id: i64,
    /// Read only.
    pub to_name: String,
    /// Grosz (39 PLN = 3900).
    pub price: i64,
    /// `39,00 zł` (read only).
    #[sqlx(skip)]
    pub price_formatted: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct RoutePriceInput {
    pub route_id: i64,
    pub from_waypoint_id: i64,
    /// After `from_waypoint_id` on the route.
    pub to_waypoint_id: i64,
    /// Grosz, above zero.
    pub price: i64,
}

const COLUMNS: &str = "p.id, p.route_id, p.from_waypoint_id, wf.name as from_name, p.to_waypoint_id, \
                       wt.name as to_name, p.price, p.created_at, p.updated_at";
const FROM: &str = "route_prices p join waypoints wf on wf.id = p.from_waypoint_id \
                    join waypoints wt on wt.id = p.to_waypoint_id";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "p.id", kind: FieldType::Integer },
    ListField { name: "route_id", column: "p.route_id", kind: FieldType::Integer },
    ListField { name: "from_waypoint_id", column: "p.from_waypoint_id", kind: FieldType::Integer },
    ListField { name: "to_waypoint_id", column: "p.to_waypoint_id", kind: FieldType::Integer },
    ListField { name: "price", column: "p.price", kind: FieldType::Integer },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "p.route_id, p.id" };
/// The highest fare accepted: 100 000 zł.
const MAX_PRICE: i64 = 10_000_000;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route-price/all", get(all))
        .route("/route/route-price/one", get(one))
        .route("/route/route-price/save", post(create).put(update))
        .route("/route/route-price/delete", delete(remove))
}

fn formatted(mut p: RoutePrice) -> RoutePrice {
    p.price_formatted = format_pln(p.price);
    p
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-price/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [RoutePrice], pagination}}`", body = [RoutePrice])))]
#[tracing::instrument(skip_all)]
pub async fn all(State(state): State<CatalogueState>, raw: RawListQuery) -> Result<Data<Page<RoutePrice>>, ApiError> {
    let q = raw.parse(SPEC)?;
    let mut page = fetch_page::<RoutePrice>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?;
    page.models = page.models.into_iter().map(formatted).collect();
    Ok(Data::new(page))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-price/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = RoutePrice), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<RoutePrice>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &PgPool, id: i64) -> Result<RoutePrice, ApiError> {
    sqlx::query_as(&format!("select {COLUMNS} from {FROM} where p.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .map(formatted)
        .ok_or_else(|| ApiError::NotFound(format!("no price with id {id}")))
}

/// Parse, check against the route under its lock, then write; `id` for an update.
async fn save(pool: &PgPool, id: Option<i64>, body: &Value) -> Result<i64, ApiError> {
    let mut f = Fields::new(body)?;
    let route_id = f.id("route_id");
    let from = f.id("from_waypoint_id");
    let to = f.id("to_waypoint_id");
    let price = f.integer("price", 1, MAX_PRICE);
    if f.is_ok("from_waypoint_id") && f.is_ok("to_waypoint_id") && from == to {
        f.error("to_waypoint_id", "a trip ends at another stop than it starts");
    }
    let mut tx = pool.begin().await?;
    let route: Option<i64> = sqlx::query_scalar("select id from routes where id = $1 for update")
        .bind(route_id)
        .fetch_optional(&mut *tx)
        .await?;
    if route.is_none() && f.is_ok("route_id") {
        f.error("route_id", format!("no route with id {route_id}"));
    }
    if route.is_some() && f.is_ok("from_waypoint_id") && f.is_ok("to_waypoint_id") {
        let positions: Vec<(i64, i32)> = sqlx::query_as(
            "select waypoint_id, position from route_waypoints where route_id = $1 and waypoint_id = any($2)",
        )
        .bind(route_id)
        .bind([from, to])
        .fetch_all(&mut *tx)
        .await?;
        let position = |w: i64| positions.iter().find(|(id, _)| *id == w).map(|(_, p)| *p);
        match (position(from), position(to)) {
            (Some(a), Some(b)) if a > b => {
                f.error("to_waypoint_id", "a trip only goes forward: this stop comes before the start on the route")
            }
            (a, b) => {
                if a.is_none() {
                    f.error("from_waypoint_id", format!("stop {from} is not on route {route_id}"));
                }
                if b.is_none() {
                    f.error("to_waypoint_id", format!("stop {to} is not on route {route_id}"));
                }
            }
        }
    }
    f.finish()?;
    let unique = Rule::Field {
        constraint: "route_prices_pair",
        field: "to_waypoint_id",
        message: "this route has a price for this trip already",
    };
    let written = match id {
        None => {
            sqlx::query_scalar(
                "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) \
                 values ($1, $2, $3, $4) returning id",
            )
            .bind(route_id)
            .bind(from)
            .bind(to)
            .bind(price)
            .fetch_one(&mut *tx)
            .await
        }
        Some(id) => {
            sqlx::query_scalar(
                "update route_prices set route_id = $1, from_waypoint_id = $2, to_waypoint_id = $3, price = $4, \
                 updated_at = now() where id = $5 returning id",
            )
            .bind(route_id)
            .bind(from)
            .bind(to)
            .bind(price)
            .bind(id)
            .fetch_one(&mut *tx)
            .await
        }
    };
    let id = written.map_err(|e| map_db(e, &[unique]))?;
    tx.commit().await?;
    Ok(id)
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route-price/save", tag = "route", security(("bearer" = [])), request_body = RoutePriceInput,
    responses((status = 200, body = RoutePrice), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RoutePrice>, ApiError> {
    let id = save(&state.pool, None, &body).await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route-price/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = RoutePriceInput,
    responses((status = 200, body = RoutePrice), (status = 401), (status = 403), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RoutePrice>, ApiError> {
    let id = params.id()?;
    let stored = find(&state.pool, id).await?;
    save(&state.pool, Some(id), &merge(&stored, body)).await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`.
#[utoipa::path(delete, path = "/api/route/route-price/delete", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = Deleted), (status = 401), (status = 403), (status = 404)))]
#[tracing::instrument(skip_all)]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(delete_by_id(&state.pool, "route_prices", id, &[], "price").await?))
}
