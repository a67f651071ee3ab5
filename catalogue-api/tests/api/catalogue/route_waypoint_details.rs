//! `/route/route-waypoint-details`: platform and notes of a route's stop.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, without_times};
use crate::helpers::{assert_error, spawn_app, TestApp};

async fn route_stop(app: &TestApp) -> i64 {
    let route = app.route("R").await;
    let a = app.waypoint("A", "A").await;
    app.stops(route, &[(a, 0)]).await[0]
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_writes_the_details_of_a_route_stop(pool: PgPool) {
    let app = spawn_app(pool).await;
    let stop = route_stop(&app).await;

    let saved = app.create("/route/route-waypoint-details", json!({"route_waypoint_id": stop, "platform": "5"})).await;
    let id = saved["id"].as_i64().unwrap();
    let updated = data(
        app.put(
            &format!("/route/route-waypoint-details/save?id={id}"),
            &json!({"notes": "Wejście od ul. Kolejowej"}),
            app.admin(),
        )
        .await,
    )
    .await;

    assert_eq!(
        without_times(updated),
        json!({"id": id, "route_waypoint_id": stop, "platform": "5", "notes": "Wejście od ul. Kolejowej"})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn details_are_checked(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"route_waypoint_id": 999, "platform": "x".repeat(51), "notes": 5});
    let fields = invalid_fields(app.post("/route/route-waypoint-details/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["platform", "notes", "route_waypoint_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_route_stop_has_one_set_of_details(pool: PgPool) {
    let app = spawn_app(pool).await;
    let stop = route_stop(&app).await;
    app.create("/route/route-waypoint-details", json!({"route_waypoint_id": stop})).await;

    let response =
        app.post("/route/route-waypoint-details/save", &json!({"route_waypoint_id": stop}), app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["route_waypoint_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn details_are_listed_and_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let stop = route_stop(&app).await;
    let id = app.create("/route/route-waypoint-details", json!({"route_waypoint_id": stop})).await["id"].clone();

    let page =
        data(app.get(&format!("/route/route-waypoint-details/all?filter[route_waypoint_id][eq]={stop}"), None).await)
            .await;
    assert_eq!(page["pagination"]["totalCount"], 1);
    assert_eq!(
        data(app.delete(&format!("/route/route-waypoint-details/delete?id={id}"), app.admin()).await).await["id"],
        id
    );
    assert_error(app.get(&format!("/route/route-waypoint-details/one?id={id}"), None).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn details_need_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(
        &app,
        &[
            ("POST", "/route/route-waypoint-details/save"),
            ("PUT", "/route/route-waypoint-details/save?id=1"),
            ("DELETE", "/route/route-waypoint-details/delete?id=1"),
        ],
    )
    .await;
}
