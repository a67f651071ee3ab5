//! The admin panel's home page (`GET /admin/home`, issue 29): the day at a glance in one
//! answer, read from read models only, each part in a module of its own:
//! [`courses`] (today's and tomorrow's courses, their load per stretch, disruptions,
//! boarded against sold), [`sales`] (the last 30 days per day and per route, from the
//! `sales` projection's `rm_sales_days`) and [`attention`] (what needs someone: counts,
//! each with the filtered list it links to).
//!
//! The three parts are read at once (three connections), so the answer costs the
//! slowest of them, not their sum; each reads an index or a small table, so a million
//! orders do not slow it (`bench/run.sh dashboard` measures it).

pub mod attention;
pub mod courses;
pub mod sales;

use api_core::auth::AdminUser;
use api_core::{ApiError, Data};
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use self::attention::Attention;
use self::courses::{CourseGlance, StretchLoad};
use self::sales::{RouteSales, SalesDay, SalesSummary, SalesSums};
use crate::QueryState;

/// The home page's routes (paths under `/api`).
pub fn router() -> Router<QueryState> {
    Router::new().route("/admin/home", get(home))
}

/// The home page's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(home),
    components(schemas(AdminHome, CourseGlance, StretchLoad, SalesSummary, SalesDay, RouteSales, SalesSums, Attention)),
    tags((name = "admin", description = "The admin panel's home page"))
)]
pub struct DashboardApi;

/// The day at a glance.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHome {
    /// Today in Warsaw.
    pub today: NaiveDate,
    /// Today's and tomorrow's courses with a seat inventory, by departure.
    pub courses: Vec<CourseGlance>,
    pub sales: SalesSummary,
    pub attention: Attention,
}

/// The admin panel's home page: courses, sales and what needs someone (admin).
#[utoipa::path(get, path = "/api/admin/home", tag = "admin", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": AdminHome}`", body = Data<AdminHome>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin")))]
#[tracing::instrument(skip(state))]
pub async fn home(_: AdminUser, State(state): State<QueryState>) -> Result<Data<AdminHome>, ApiError> {
    let today = api_core::time::warsaw_today();
    let (courses, sales, attention) = tokio::try_join!(
        courses::today_and_tomorrow(&state.pool, today),
        sales::last_days(&state.pool, today),
        attention::counts(&state.pool, today),
    )?;
    Ok(Data::new(AdminHome { today, courses, sales, attention }))
}
