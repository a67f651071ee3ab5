//! `DELETE /route/route/delete?id=`: a route without courses goes, with its stops, their
//! details, its prices and its timetables, in one transaction. A route with courses
//! stays (its orders and tickets name it): `409 route.has_courses`, and the admin
//! archives it instead (`archived` on its save).

use api_core::auth::AdminUser;
use api_core::resource::Deleted;
use api_core::{ApiError, Data, Params};
use axum::extract::State;

use crate::CatalogueState;

/// Delete a route that has no courses (SuperAdmin).
#[utoipa::path(delete, path = "/api/route/route/delete", tag = "route", security(("bearer" = [])),
    params(("id" = i64, Query, description = "the route's id", minimum = 1)),
    responses((status = 200, description = "`{\"data\": {\"id\": …}}`", body = Data<Deleted>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such route"),
        (status = 409, description = "the route has courses: archive it instead (`route.has_courses`)"),
        (status = 422, description = "id is not a number")))]
pub async fn delete(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    let mut tx = state.pool.begin().await?;
    // The row is locked first, so a course generated meanwhile waits for the answer.
    let found: Option<(i64,)> =
        sqlx::query_as("select id from routes where id = $1 for update").bind(id).fetch_optional(&mut *tx).await?;
    if found.is_none() {
        return Err(ApiError::NotFound(format!("no route with id {id}")));
    }
    let courses: bool = sqlx::query_scalar("select exists(select 1 from courses where route_id = $1)")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if courses {
        return Err(ApiError::Conflict(
            "The route has courses, so its orders still name it: archive it instead.".into(),
        )
        .with_code(api_core::codes::ROUTE_HAS_COURSES));
    }
    for sql in [
        "delete from route_course_details where route_course_settings_id in \
           (select id from route_course_settings where route_id = $1)",
        "delete from route_course_settings where route_id = $1",
        "delete from route_prices where route_id = $1",
        "delete from route_waypoint_details where route_waypoint_id in \
           (select id from route_waypoints where route_id = $1)",
        "delete from route_waypoints where route_id = $1",
        "delete from routes where id = $1",
    ] {
        sqlx::query(sql).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(Data::new(Deleted { id }))
}
