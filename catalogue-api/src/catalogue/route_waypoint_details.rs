//! `/route/route-waypoint-details`: free details of one stop of a route (the platform,
//! notes for passengers), at most one row per route stop.
//!
//! Reads are public; writes need a `SuperAdmin`.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Resource, Rule, Sql};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;

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
#[derive(Debug, Clone, utoipa::ToSchema)]
pub struct RouteWaypointDetailsInput {
    #[schema(minimum = 1)]
    pub route_waypoint_id: i64,
    /// At most 50 characters.
    #[schema(required = false, max_length = 50)]
    pub platform: String,
    /// At most 2000 characters.
    #[schema(required = false, max_length = 2000)]
    pub notes: String,
}

impl Input for RouteWaypointDetailsInput {
    type Body = Self;

    fn read(f: &mut Fields<'_>) -> Self {
        let route_waypoint_id = f.id("route_waypoint_id");
        let platform = f.opt_text("platform", 50);
        let notes = f.opt_text("notes", 2000);
        RouteWaypointDetailsInput { route_waypoint_id, platform, notes }
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("route_waypoint_id", self.route_waypoint_id.into()),
            ("platform", self.platform.into()),
            ("notes", self.notes.into()),
        ]
    }
}

/// The details of route stops, declared.
pub struct RouteWaypointDetailsResource;

impl Resource for RouteWaypointDetailsResource {
    type Row = RouteWaypointDetails;
    type Input = RouteWaypointDetailsInput;
    const PATH: &'static str = "/route/route-waypoint-details";
    const TAG: &'static str = "route";
    const NAME: &'static str = "route stop details";
    const TABLE: &'static str = "route_waypoint_details";
    const FROM: &'static str = "route_waypoint_details d";
    const COLUMNS: &'static str = "d.id, d.route_waypoint_id, d.platform, d.notes, d.created_at, d.updated_at";
    const ID: &'static str = "d.id";
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "d.id", kind: FieldType::Integer },
            ListField { name: "route_waypoint_id", column: "d.route_waypoint_id", kind: FieldType::Integer },
            ListField { name: "platform", column: "d.platform", kind: FieldType::Text },
        ],
        default_order: "d.route_waypoint_id, d.id",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "route_waypoint_details_route_waypoint",
        field: "route_waypoint_id",
        message: "this stop of the route has details already; edit them",
    }];
    const DELETE: Option<&'static [Rule]> = Some(&[]);

    async fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &RouteWaypointDetailsInput,
        _: Option<&RouteWaypointDetails>,
    ) -> Result<(), ApiError> {
        let id = input.route_waypoint_id;
        if f.is_ok("route_waypoint_id") && !super::exists(conn, "route_waypoints", id).await? {
            f.error_coded("route_waypoint_id", api_core::codes::FIELD_INVALID, format!("no route stop with id {id}"));
        }
        Ok(())
    }
}
