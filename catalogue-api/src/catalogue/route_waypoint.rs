//! `/route/route-waypoint`: the stops of a route, in order, with the minutes from the
//! route's departure to each.
//!
//! Rules: a stop appears once per route; positions and minutes strictly increase together
//! along the route (stop 2 after stop 1 in both); a stop keeps its route (move it by
//! deleting and adding); an order that would put a priced trip backwards is refused.
//! Saves lock the route's row, so two concurrent saves cannot break the order together.
//! Reads are public; writes need a `SuperAdmin`.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Resource, Rule, Sql};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;

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
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct RouteWaypointInput {
    #[schema(minimum = 1)]
    pub route_id: i64,
    #[schema(minimum = 1)]
    pub waypoint_id: i64,
    /// 0 to 10000; increases along the route.
    #[schema(minimum = 0, maximum = 10_000)]
    pub position: i32,
    /// 0 to 10000; increases with the position.
    #[schema(minimum = 0, maximum = 10_000)]
    pub minutes_from_start: i32,
}

impl Input for RouteWaypointInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let route_id = f.id("route_id");
        let waypoint_id = f.id("waypoint_id");
        let position = f.integer("position", 0, 10_000) as i32;
        let minutes_from_start = f.integer("minutes_from_start", 0, 10_000) as i32;
        RouteWaypointInput { route_id, waypoint_id, position, minutes_from_start }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("route_id", self.route_id.into()),
            ("waypoint_id", self.waypoint_id.into()),
            ("position", self.position.into()),
            ("minutes_from_start", self.minutes_from_start.into()),
        ]
    }
}

const PRICED: &str = "this stop of the route has prices; delete them first";

/// The stops of routes, declared.
pub struct RouteWaypoints;

impl Resource for RouteWaypoints {
    type Row = RouteWaypoint;
    type Input = RouteWaypointInput;
    const PATH: &'static str = "/route/route-waypoint";
    const TAG: &'static str = "route";
    const NAME: &'static str = "route stop";
    const TABLE: &'static str = "route_waypoints";
    const FROM: &'static str = "route_waypoints rw join waypoints w on w.id = rw.waypoint_id";
    const COLUMNS: &'static str = "rw.id, rw.route_id, rw.waypoint_id, w.name as waypoint_name, \
                                   w.town as waypoint_town, rw.position, rw.minutes_from_start, rw.created_at, \
                                   rw.updated_at";
    const ID: &'static str = "rw.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "rw.id", kind: FieldType::Integer },
            ListField { name: "route_id", column: "rw.route_id", kind: FieldType::Integer },
            ListField { name: "waypoint_id", column: "rw.waypoint_id", kind: FieldType::Integer },
            ListField { name: "position", column: "rw.position", kind: FieldType::Integer },
            ListField { name: "minutes_from_start", column: "rw.minutes_from_start", kind: FieldType::Integer },
            ListField { name: "waypoint_name", column: "w.name", kind: FieldType::Text },
        ],
        default_order: "rw.route_id, rw.position",
    };
    const SAVE_RULES: &'static [Rule] = &[
        Rule::Conflict {
            constraint: "route_prices_from_fk",
            message: "this stop of the route has prices; delete them before changing the stop",
        },
        Rule::Conflict {
            constraint: "route_prices_to_fk",
            message: "this stop of the route has prices; delete them before changing the stop",
        },
    ];
    const DELETE: Option<&'static [Rule]> = Some(&[
        Rule::Conflict { constraint: "route_prices_from_fk", message: PRICED },
        Rule::Conflict { constraint: "route_prices_to_fk", message: PRICED },
        Rule::Conflict {
            constraint: "route_waypoint_details_route_waypoint_fk",
            message: "this stop of the route has details; delete them first",
        },
    ]);

    /// The stop's place among the route's other stops, under a lock of the route's row.
    async fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &RouteWaypointInput,
        stored: Option<&RouteWaypoint>,
    ) -> Result<(), ApiError> {
        let RouteWaypointInput { route_id, waypoint_id, position, minutes_from_start: minutes } = *input;
        if stored.is_some_and(|s| f.is_ok("route_id") && s.route_id != route_id) {
            f.error_coded(
                "route_id",
                api_core::codes::FIELD_INVALID,
                "a stop keeps its route; delete it and add it to the other route",
            );
        }
        if f.is_ok("route_id") && !lock_route(conn, route_id).await? {
            f.error_coded("route_id", api_core::codes::FIELD_INVALID, format!("no route with id {route_id}"));
        }
        if f.is_ok("waypoint_id") && !super::exists(conn, "waypoints", waypoint_id).await? {
            f.error_coded("waypoint_id", api_core::codes::FIELD_INVALID, format!("no stop with id {waypoint_id}"));
        }
        if f.is_ok("route_id") {
            let others: Vec<Other> = sqlx::query_as(
                "select waypoint_id, position, minutes_from_start from route_waypoints \
                 where route_id = $1 and id <> $2",
            )
            .bind(route_id)
            .bind(stored.map_or(0, |s| s.id))
            .fetch_all(&mut *conn)
            .await?;
            if f.is_ok("waypoint_id") && f.is_ok("position") && f.is_ok("minutes_from_start") {
                for (field, message) in order_problems(&others, waypoint_id, position, minutes) {
                    f.error_coded(field, api_core::codes::FIELD_CONFLICT, message);
                }
            }
        }
        Ok(())
    }

    /// No priced trip of the route goes backwards in the new order.
    async fn after_write(conn: &mut PgConnection, id: i64) -> Result<(), ApiError> {
        let backwards: Option<(String, String)> = sqlx::query_as(
            "select wa.name, wb.name from route_prices p \
             join route_waypoints a on a.route_id = p.route_id and a.waypoint_id = p.from_waypoint_id \
             join route_waypoints b on b.route_id = p.route_id and b.waypoint_id = p.to_waypoint_id \
             join waypoints wa on wa.id = a.waypoint_id join waypoints wb on wb.id = b.waypoint_id \
             where p.route_id = (select route_id from route_waypoints where id = $1) \
               and a.position >= b.position limit 1",
        )
        .bind(id)
        .fetch_optional(conn)
        .await?;
        match backwards {
            Some((from, to)) => Err(ApiError::invalid_field(
                "position",
                api_core::codes::FIELD_CONFLICT,
                &format!("this order would put the priced trip {from} → {to} backwards"),
            )),
            None => Ok(()),
        }
    }
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

/// Lock route `route_id`'s row for the rest of the transaction; whether it exists.
pub(super) async fn lock_route(conn: &mut PgConnection, route_id: i64) -> Result<bool, ApiError> {
    let found: Option<i64> = sqlx::query_scalar("select id from routes where id = $1 for update")
        .bind(route_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
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
