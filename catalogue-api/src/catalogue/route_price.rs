//! `/route/route-price`: the fare in grosz of one trip (from, to) along a route.
//!
//! Rules: both stops are stops of the route, `from` comes before `to` (a trip only goes
//! forward), one price per pair, a price above zero. Checked under a lock of the route's
//! row, like the route's stops. Reads are public; writes need a `SuperAdmin`.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Resource, Rule, Sql};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::money::format_pln;
use serde::Serialize;
use sqlx::PgConnection;

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
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct RoutePriceInput {
    #[schema(minimum = 1)]
    pub route_id: i64,
    #[schema(minimum = 1)]
    pub from_waypoint_id: i64,
    /// After `from_waypoint_id` on the route.
    #[schema(minimum = 1)]
    pub to_waypoint_id: i64,
    /// Grosz, above zero.
    #[schema(minimum = 1, maximum = 10_000_000)]
    pub price: i64,
}

/// The highest fare accepted: 100 000 zł.
pub(super) const MAX_PRICE: i64 = 10_000_000;

impl Input for RoutePriceInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let route_id = f.id("route_id");
        let from = f.id("from_waypoint_id");
        let to = f.id("to_waypoint_id");
        let price = f.integer("price", 1, MAX_PRICE);
        if f.is_ok("from_waypoint_id") && f.is_ok("to_waypoint_id") && from == to {
            f.error_coded(
                "to_waypoint_id",
                api_core::codes::FIELD_INVALID,
                "a trip ends at another stop than it starts",
            );
        }
        RoutePriceInput { route_id, from_waypoint_id: from, to_waypoint_id: to, price }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("route_id", self.route_id.into()),
            ("from_waypoint_id", self.from_waypoint_id.into()),
            ("to_waypoint_id", self.to_waypoint_id.into()),
            ("price", self.price.into()),
        ]
    }
}

/// The fares, declared.
pub struct RoutePrices;

impl Resource for RoutePrices {
    type Row = RoutePrice;
    type Input = RoutePriceInput;
    const PATH: &'static str = "/route/route-price";
    const TAG: &'static str = "route";
    const NAME: &'static str = "price";
    const TABLE: &'static str = "route_prices";
    const FROM: &'static str = "route_prices p join waypoints wf on wf.id = p.from_waypoint_id \
                                join waypoints wt on wt.id = p.to_waypoint_id";
    const COLUMNS: &'static str = "p.id, p.route_id, p.from_waypoint_id, wf.name as from_name, p.to_waypoint_id, \
                                   wt.name as to_name, p.price, p.created_at, p.updated_at";
    const ID: &'static str = "p.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "p.id", kind: FieldType::Integer },
            ListField { name: "route_id", column: "p.route_id", kind: FieldType::Integer },
            ListField { name: "from_waypoint_id", column: "p.from_waypoint_id", kind: FieldType::Integer },
            ListField { name: "to_waypoint_id", column: "p.to_waypoint_id", kind: FieldType::Integer },
            ListField { name: "price", column: "p.price", kind: FieldType::Integer },
        ],
        default_order: "p.route_id, p.id",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "route_prices_pair",
        field: "to_waypoint_id",
        message: "this route has a price for this trip already",
    }];
    const DELETE: Option<&'static [Rule]> = Some(&[]);

    fn shown(mut price: RoutePrice) -> RoutePrice {
        price.price_formatted = format_pln(price.price);
        price
    }

    /// Both stops on the route, in order, checked under a lock of the route's row.
    async fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &RoutePriceInput,
        _: Option<&RoutePrice>,
    ) -> Result<(), ApiError> {
        let RoutePriceInput { route_id, from_waypoint_id: from, to_waypoint_id: to, .. } = *input;
        let locked = super::route_waypoint::lock_route(conn, route_id).await?;
        if !locked && f.is_ok("route_id") {
            f.error_coded("route_id", api_core::codes::FIELD_INVALID, format!("no route with id {route_id}"));
        }
        if !locked || !f.is_ok("from_waypoint_id") || !f.is_ok("to_waypoint_id") {
            return Ok(());
        }
        let positions: Vec<(i64, i32)> = sqlx::query_as(
            "select waypoint_id, position from route_waypoints where route_id = $1 and waypoint_id = any($2)",
        )
        .bind(route_id)
        .bind([from, to])
        .fetch_all(&mut *conn)
        .await?;
        let position = |w: i64| positions.iter().find(|(id, _)| *id == w).map(|(_, p)| *p);
        match (position(from), position(to)) {
            (Some(a), Some(b)) if a > b => f.error_coded(
                "to_waypoint_id",
                api_core::codes::FIELD_INVALID,
                "a trip only goes forward: this stop comes before the start on the route",
            ),
            (a, b) => {
                if a.is_none() {
                    f.error_coded(
                        "from_waypoint_id",
                        api_core::codes::FIELD_INVALID,
                        format!("stop {from} is not on route {route_id}"),
                    );
                }
                if b.is_none() {
                    f.error_coded(
                        "to_waypoint_id",
                        api_core::codes::FIELD_INVALID,
                        format!("stop {to} is not on route {route_id}"),
                    );
                }
            }
        }
        Ok(())
    }
}
