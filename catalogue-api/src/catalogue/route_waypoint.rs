//! `/route/route-waypoint`: the stops of a route, in order, with the minutes from the
//! route's departure to each.
//!
//! Rules: a stop appears once per route; positions and minutes strictly increase together
//! along the route (stop 2 after stop 1 in both); a stop keeps its route (move it by
//! deleting and adding); an order that would put a priced trip backwards is refused.
//! Saves lock the route's row, so two concurrent saves cannot break the order together.
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
use sqlx::{PgConnection, PgPool};

use crate::CatalogueState;
use api_core::resource::{delete_by_id, fetch_by_id, fetch_page, map_db, merge, Deleted, Fields, Params, Rule, Scope};

/// A stop of a route.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RouteWaypoint {
    pub id: i64,
    pub route_id: i64,
    pub waypoint_id: i64,
    /// The stop's name (read only).
    pub waypoint_name: String,
    /// The stop's town (read only).
    pub waypoint_town: String,
    pub position: i32,
    pub minutes_from_start: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct RouteWaypointInput {
    pub route_id: i64,
    pub waypoint_id: i64,
    /// 0 to 10000; increases along the route.
    pub position: i32,
    /// 0 to 10000; increases with the position.
    pub minutes_from_start: i32,
}

const COLUMNS: &str = "rw.id, rw.route_id, rw.waypoint_id, w.name as waypoint_name, w.town as waypoint_town, \
                       rw.position, rw.minutes_from_start, rw.created_at, rw.updated_at";
const FROM: &str = "route_waypoints rw join waypoints w on w.id = rw.waypoint_id";
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "rw.id", kind: FieldType::Integer },
    ListField { name: "route_id", column: "rw.route_id", kind: FieldType::Integer },
    ListField { name: "waypoint_id", column: "rw.waypoint_id", kind: FieldType::Integer },
    ListField { name: "position", column: "rw.position", kind: FieldType::Integer },
    ListField { name: "minutes_from_start", column: "rw.minutes_from_start", kind: FieldType::Integer },
    ListField { name: "waypoint_name", column: "w.name", kind: FieldType::Text },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "rw.route_id, rw.position" };

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/route/route-waypoint/all", get(all))
        .route("/route/route-waypoint/one", get(one))
        .route("/route/route-waypoint/save", post(create).put(update))
        .route("/route/route-waypoint/delete", delete(remove))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-waypoint/all", tag = "route",
    responses((status = 200, description = "`{data: {models: [RouteWaypoint], pagination}}`", body = [RouteWaypoint])))]
#[tracing::instrument(skip_all)]
pub async fn all(
    State(state): State<CatalogueState>,
    raw: RawListQuery,
) -> Result<Data<Page<RouteWaypoint>>, ApiError> {
    let q = raw.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, FROM, Scope::All, &q).await?))
}

/// Public.
#[utoipa::path(get, path = "/api/route/route-waypoint/one", tag = "route", params(("id" = i64, Query)),
    responses((status = 200, body = RouteWaypoint), (status = 404), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<RouteWaypoint>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

async fn find(pool: &PgPool, id: i64) -> Result<RouteWaypoint, ApiError> {
    fetch_by_id(pool, COLUMNS, FROM, "rw.id", id, "route stop").await
}

/// Another stop of the same route: (waypoint, position, minutes).
type Other = (i64, i32, i32);

/// What is wrong with putting `waypoint` at `position` with `minutes` among `others`.
fn order_problems(others: &[Other], waypoint: i64, position: i32, minutes: i32) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    if others.iter().any(|(w, _, _)| *w == waypoint) {
        problems.push(("waypoint_id", "this stop is already on the route".to_string()));
    }
    if others.iter().any(|(_, p, _)| *p == position) {
        problems.push(("position", format!("another stop of the route has position {position}")));
    }
    let before = others.iter().filter(|(_, p, m)| *p < position && *m >= minutes).map(|(_, p, m)| (p, m)).next();
    let after = others.iter().filter(|(_, p, m)| *p > position && *m <= minutes).map(|(_, p, m)| (p, m)).next();
    if let Some((p, m)) = before.or(after) {
        problems.push((
            "minutes_from_start",
            format!("minutes must increase along the route: the stop at position {p} has {m} minutes"),
        ));
    }
    problems
}

async fn lock_route(conn: &mut PgConnection, route_id: i64) -> Result<bool, ApiError> {
    let found: Option<i64> = sqlx::query_scalar("select id from routes where id = $1 for update")
        .bind(route_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// Parse, check against the route under its lock, then write; `id` for an update.
async fn save(pool: &PgPool, id: Option<i64>, stored_route: Option<i64>, body: &Value) -> Result<i64, ApiError> {
    let mut f = Fields::new(body)?;
    let route_id = f.id("route_id");
    let waypoint_id = f.id("waypoint_id");
    let position = f.integer("position", 0, 10_000) as i32;
    let minutes = f.integer("minutes_from_start", 0, 10_000) as i32;
    if stored_route.is_some_and(|r| f.is_ok("route_id") && r != route_id) {
        f.error("route_id", "a stop keeps its route; delete it and add it to the other route");
    }
    let mut tx = pool.begin().await?;
    if f.is_ok("route_id") && !lock_route(&mut tx, route_id).await? {
        f.error("route_id", format!("no route with id {route_id}"));
    }
    if f.is_ok("waypoint_id") {
        let exists: bool = sqlx::query_scalar("select exists (select 1 from waypoints where id = $1)")
            .bind(waypoint_id)
            .fetch_one(&mut *tx)
            .await?;
        if !exists {
            f.error("waypoint_id", format!("no stop with id {waypoint_id}"));
        }
    }
    if f.is_ok("route_id") {
        let others: Vec<Other> = sqlx::query_as(
            "select waypoint_id, position, minutes_from_start from route_waypoints where route_id = $1 and id <> $2",
        )
        .bind(route_id)
        .bind(id.unwrap_or(0))
        .fetch_all(&mut *tx)
        .await?;
        if f.is_ok("waypoint_id") && f.is_ok("position") && f.is_ok("minutes_from_start") {
            for (field, message) in order_problems(&others, waypoint_id, position, minutes) {
                f.error(field, message);
            }
        }
    }
    f.finish()?;
    let rules = [
        Rule::Conflict {
            constraint: "route_prices_from_fk",
            message: "this stop of the route has prices; delete them before changing the stop",
        },
        Rule::Conflict {
            constraint: "route_prices_to_fk",
            message: "this stop of the route has prices; delete them before changing the stop",
        },
    ];
    let written = match id {
        None => {
            sqlx::query_scalar(
                "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) \
                 values ($1, $2, $3, $4) returning id",
            )
            .bind(route_id)
            .bind(waypoint_id)
            .bind(position)
            .bind(minutes)
            .fetch_one(&mut *tx)
            .await
        }
        // The route cannot change (checked above); it is in the condition as a guard.
        Some(id) => sqlx::query_scalar(
            "update route_waypoints set waypoint_id = $2, position = $3, minutes_from_start = $4, updated_at = now() \
             where route_id = $1 and id = $5 returning id",
        )
        .bind(route_id)
        .bind(waypoint_id)
        .bind(position)
        .bind(minutes)
        .bind(id)
        .fetch_one(&mut *tx)
        .await,
    };
    let id: i64 = written.map_err(|e| map_db(e, &rules))?;
    let backwards: Option<(String, String)> = sqlx::query_as(
        "select wa.name, wb.name from route_prices p \
         join route_waypoints a on a.route_id = p.route_id and a.waypoint_id = p.from_waypoint_id \
         join route_waypoints b on b.route_id = p.route_id and b.waypoint_id = p.to_waypoint_id \
         join waypoints wa on wa.id = a.waypoint_id join waypoints wb on wb.id = b.waypoint_id \
         where p.route_id = $1 and a.position >= b.position limit 1",
    )
    .bind(route_id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some((from, to)) = backwards {
        return Err(ApiError::invalid_field(
            "position",
            &format!("this order would put the priced trip {from} → {to} backwards"),
        ));
    }
    tx.commit().await?;
    Ok(id)
}

/// `SuperAdmin`.
#[utoipa::path(post, path = "/api/route/route-waypoint/save", tag = "route", security(("bearer" = [])), request_body = RouteWaypointInput,
    responses((status = 200, body = RouteWaypoint), (status = 401), (status = 403), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RouteWaypoint>, ApiError> {
    let id = save(&state.pool, None, None, &body).await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
#[utoipa::path(put, path = "/api/route/route-waypoint/save", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    request_body = RouteWaypointInput,
    responses((status = 200, body = RouteWaypoint), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<RouteWaypoint>, ApiError> {
    let id = params.id()?;
    let stored = find(&state.pool, id).await?;
    save(&state.pool, Some(id), Some(stored.route_id), &merge(&stored, body)).await?;
    Ok(Data::new(find(&state.pool, id).await?))
}

/// `SuperAdmin`. `409` while prices or details refer to the stop.
#[utoipa::path(delete, path = "/api/route/route-waypoint/delete", tag = "route", security(("bearer" = [])), params(("id" = i64, Query)),
    responses((status = 200, body = Deleted), (status = 401), (status = 403), (status = 404), (status = 409)))]
#[tracing::instrument(skip_all)]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    let prices = "this stop of the route has prices; delete them first";
    let rules = [
        Rule::Conflict { constraint: "route_prices_from_fk", message: prices },
        Rule::Conflict { constraint: "route_prices_to_fk", message: prices },
        Rule::Conflict {
            constraint: "route_waypoint_details_route_waypoint_fk",
            message: "this stop of the route has details; delete them first",
        },
    ];
    Ok(Data::new(delete_by_id(&state.pool, "route_waypoints", id, &rules, "route stop").await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTE: &[Other] = &[(1, 1, 0), (2, 2, 30), (3, 4, 90)];

    #[test]
    fn a_stop_fits_between_its_neighbours() {
        assert!(order_problems(ROUTE, 9, 3, 60).is_empty());
        assert!(order_problems(ROUTE, 9, 5, 120).is_empty());
        assert!(order_problems(ROUTE, 9, 0, 0).len() == 1, "minutes 0 is not before stop 1's 0");
    }

    #[test]
    fn minutes_must_increase_with_positions() {
        let fields = |p: Vec<(&'static str, String)>| p.into_iter().map(|(f, _)| f).collect::<Vec<_>>();
        assert_eq!(fields(order_problems(ROUTE, 9, 3, 30)), ["minutes_from_start"]);
        assert_eq!(fields(order_problems(ROUTE, 9, 3, 95)), ["minutes_from_start"]);
        assert_eq!(fields(order_problems(ROUTE, 2, 2, 30)), ["waypoint_id", "position"]);
    }
}
