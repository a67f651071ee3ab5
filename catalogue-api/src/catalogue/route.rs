//! `/route/route`: routes (name, active, shown on the home page, distance) and the home
//! page's list of them. The distance decides which passenger rights apply to the route's
//! journeys ([`domain::rights`]: the whole EU Regulation 181/2011 from 250 km).
//!
//! Reads are public; saves need a `SuperAdmin`. A route's name is unique whatever its
//! case and surrounding blanks (`422` on `name`: routes are chosen by name in the
//! generator, the office sale and the filters). A route without courses is deleted
//! ([`super::route_remove`]); one with courses is archived (`archived`): hidden from the
//! generator, the office sale and new courses, still named on old orders.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{self, Fields, Input, Resource, Rule, Sql};
use api_core::values::Text;
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::{delete, get};
use axum::Router;
use chrono::{DateTime, Utc};
use domain::money::format_pln;
use serde::Serialize;

use crate::CatalogueState;

/// A route.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Route {
    pub id: i64,
    pub name: String,
    pub active: bool,
    pub show_on_home: bool,
    /// Archived: kept for the orders that name it, offered for nothing new.
    pub archived: bool,
    /// The route's scheduled length in km (1 to 5000); `null` while not entered (then only
    /// the regulation's basic rights are stated).
    pub distance_km: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The body of a save.
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct RouteInput {
    /// Required (`None` only while the save is refused).
    #[schema(required = true, nullable = false)]
    pub name: Option<Text<200>>,
    /// Default true.
    #[schema(required = false)]
    pub active: bool,
    /// Default false.
    #[schema(required = false)]
    pub show_on_home: bool,
    /// Default false; true archives the route, false brings it back.
    #[schema(required = false)]
    pub archived: bool,
    /// Kilometres, 1 to 5000; absent or null: not entered.
    #[schema(required = false, minimum = 1, maximum = 5000)]
    pub distance_km: Option<i32>,
}

impl Input for RouteInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let name = f.parse::<Text<200>>("name");
        let active = f.boolean("active", true);
        let show_on_home = f.boolean("show_on_home", false);
        let archived = f.boolean("archived", false);
        let distance_km = if f.raw("distance_km").is_some_and(serde_json::Value::is_null) {
            None
        } else {
            f.opt_integer("distance_km", 1, 5000).map(|km| km as i32)
        };
        RouteInput { name, active, show_on_home, archived, distance_km }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("name", self.name.map(Text::into_string).unwrap_or_default().into()),
            ("active", self.active.into()),
            ("show_on_home", self.show_on_home.into()),
            ("archived", self.archived.into()),
            ("distance_km", self.distance_km.into()),
        ]
    }
}

/// The routes, declared.
pub struct Routes;

impl Resource for Routes {
    type Row = Route;
    type Input = RouteInput;
    const PATH: &'static str = "/route/route";
    const TAG: &'static str = "route";
    const NAME: &'static str = "route";
    const TABLE: &'static str = "routes";
    const FROM: &'static str = "routes r";
    const COLUMNS: &'static str =
        "r.id, r.name, r.active, r.show_on_home, r.archived, r.distance_km, r.created_at, r.updated_at";
    const ID: &'static str = "r.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "r.id", kind: FieldType::Integer },
            ListField { name: "name", column: "r.name", kind: FieldType::Text },
            ListField { name: "active", column: "r.active", kind: FieldType::Boolean },
            ListField { name: "show_on_home", column: "r.show_on_home", kind: FieldType::Boolean },
            ListField { name: "archived", column: "r.archived", kind: FieldType::Boolean },
            ListField { name: "distance_km", column: "r.distance_km", kind: FieldType::Integer },
            ListField { name: "created_at", column: "r.created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "r.updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "r.name, r.id",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "routes_name_unique",
        field: "name",
        message: "Another route already has this name (names are compared without case and surrounding spaces): choose another one.",
    }];
}

/// A stop named on the home page.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StopName {
    pub id: i64,
    pub name: String,
}

/// A route on the home page: where it starts and ends and the fare between them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HomeRoute {
    pub id: i64,
    pub name: String,
    pub first_stop: Option<StopName>,
    pub last_stop: Option<StopName>,
    /// Grosz: the fare from the first stop to the last; null while that stretch has no price.
    pub lowest_price: Option<i64>,
    /// `39,00 zł`.
    pub lowest_price_formatted: Option<String>,
}

pub fn router() -> Router<CatalogueState> {
    resource::routes::<Routes, _>()
        .route("/route/route/home-routes", get(home_routes))
        .route("/route/route/delete", delete(super::route_remove::delete))
}

type HomeRow = (i64, String, Option<i64>, Option<String>, Option<i64>, Option<String>, Option<i64>);

/// Public. The active routes marked for the home page, by name, with their first and
/// last stops and the fare between them. `{data: [HomeRoute]}`.
///
/// The page links "first stop – last stop, from 39,00 zł" to the search of that
/// connection, so the price is that stretch's fare: the lowest a customer pays for what
/// the link finds. (It was the lowest fare of any stretch of the route, say 6,00 zł for
/// the first two stops, while every course the link found cost 39,00 zł.)
#[utoipa::path(get, path = "/api/route/route/home-routes", tag = "route",
    responses((status = 200, description = "`{data: [HomeRoute]}`", body = Data<Vec<HomeRoute>>)))]
#[tracing::instrument(skip_all)]
pub async fn home_routes(State(state): State<CatalogueState>) -> Result<Data<Vec<HomeRoute>>, ApiError> {
    let rows: Vec<HomeRow> = sqlx::query_as(
        "select r.id, r.name, fw.id, fw.name, lw.id, lw.name, \
                (select p.price from route_prices p where p.route_id = r.id \
                 and p.from_waypoint_id = f.waypoint_id and p.to_waypoint_id = l.waypoint_id) \
         from routes r \
         left join lateral (select waypoint_id from route_waypoints where route_id = r.id \
                            order by position limit 1) f on true \
         left join waypoints fw on fw.id = f.waypoint_id \
         left join lateral (select waypoint_id from route_waypoints where route_id = r.id \
                            order by position desc limit 1) l on true \
         left join waypoints lw on lw.id = l.waypoint_id \
         where r.active and r.show_on_home and not r.archived \
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
