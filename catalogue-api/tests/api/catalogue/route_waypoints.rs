//! `/route/route-waypoint`: the stops of a route, in order.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, network, without_times};
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_adds_a_stop_to_a_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("Nisko – Kraków").await;
    let nisko = app.waypoint("Nisko, Dworzec", "Nisko").await;

    let body = json!({"route_id": route, "waypoint_id": nisko, "position": 1, "minutes_from_start": 0});
    let saved = data(app.post("/route/route-waypoint/save", &body, app.admin()).await).await;

    let id = saved["id"].as_i64().unwrap();
    assert_eq!(
        without_times(saved),
        json!({"id": id, "route_id": route, "waypoint_id": nisko, "waypoint_name": "Nisko, Dworzec",
               "waypoint_town": "Nisko", "position": 1, "minutes_from_start": 0})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_of_a_route_stop_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"route_id": 77, "waypoint_id": 88, "position": -1, "minutes_from_start": "soon"});
    let fields = invalid_fields(app.post("/route/route-waypoint/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["position", "minutes_from_start", "route_id", "waypoint_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn minutes_must_increase_with_positions(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let (a, b, c) = (app.waypoint("A", "A").await, app.waypoint("B", "B").await, app.waypoint("C", "C").await);
    app.stops(route, &[(a, 0), (b, 60)]).await;

    let later_but_earlier = json!({"route_id": route, "waypoint_id": c, "position": 3, "minutes_from_start": 45});
    let between = json!({"route_id": route, "waypoint_id": c, "position": 0, "minutes_from_start": 10});

    let response = app.post("/route/route-waypoint/save", &later_but_earlier, app.admin()).await;
    assert_eq!(invalid_fields(response).await, ["minutes_from_start"]);
    let response = app.post("/route/route-waypoint/save", &between, app.admin()).await;
    assert_eq!(invalid_fields(response).await, ["minutes_from_start"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_stop_and_a_position_appear_once_per_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let a = app.waypoint("A", "A").await;
    app.stops(route, &[(a, 0)]).await;

    let again = json!({"route_id": route, "waypoint_id": a, "position": 1, "minutes_from_start": 30});
    let fields = invalid_fields(app.post("/route/route-waypoint/save", &again, app.admin()).await).await;

    assert_eq!(fields, ["waypoint_id", "position"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_stop_keeps_its_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (r1, r2) = (app.route("R1").await, app.route("R2").await);
    let a = app.waypoint("A", "A").await;
    let ids = app.stops(r1, &[(a, 0)]).await;

    let response =
        app.put(&format!("/route/route-waypoint/save?id={}", ids[0]), &json!({"route_id": r2}), app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["route_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn moving_a_stop_keeps_the_order_checked(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let (a, b, c) = (app.waypoint("A", "A").await, app.waypoint("B", "B").await, app.waypoint("C", "C").await);
    let ids = app.stops(route, &[(a, 0), (b, 60), (c, 120)]).await;
    let path = format!("/route/route-waypoint/save?id={}", ids[1]);

    let moved = data(app.put(&path, &json!({"minutes_from_start": 90}), app.admin()).await).await;
    assert_eq!(moved["minutes_from_start"], 90);

    assert_eq!(
        invalid_fields(app.put(&path, &json!({"minutes_from_start": 120}), app.admin()).await).await,
        ["minutes_from_start"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_that_puts_a_priced_trip_backwards_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let stops =
        data(app.get(&format!("/route/route-waypoint/all?filter[route_id][eq]={}", net.north), None).await).await;
    let nisko_stop = stops["models"][0]["id"].as_i64().unwrap();

    // Nisko after Kraków: Nisko → Kraków would go backwards.
    let body = json!({"position": 9, "minutes_from_start": 300});
    let response = app.put(&format!("/route/route-waypoint/save?id={nisko_stop}"), &body, app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["position"]);
    let unchanged = data(app.get(&format!("/route/route-waypoint/one?id={nisko_stop}"), None).await).await;
    assert_eq!(unchanged["position"], 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_list_of_a_route_is_in_order(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;

    let stops =
        data(app.get(&format!("/route/route-waypoint/all?filter[route_id][eq]={}", net.south), None).await).await;

    let names: Vec<_> = stops["models"].as_array().unwrap().iter().map(|s| s["waypoint_name"].clone()).collect();
    assert_eq!(names, ["Kraków MDA", "Rzeszów, Dworzec PKS", "Nisko, Dworzec"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_stop_without_prices_or_details_is_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let a = app.waypoint("A", "A").await;
    let ids = app.stops(route, &[(a, 0)]).await;

    let deleted = data(app.delete(&format!("/route/route-waypoint/delete?id={}", ids[0]), app.admin()).await).await;

    assert_eq!(deleted, json!({"id": ids[0]}));
    assert_error(app.get(&format!("/route/route-waypoint/one?id={}", ids[0]), None).await, 404).await;
    assert_error(app.delete(&format!("/route/route-waypoint/delete?id={}", ids[0]), app.admin()).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_priced_stop_cannot_be_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let stops =
        data(app.get(&format!("/route/route-waypoint/all?filter[route_id][eq]={}", net.north), None).await).await;

    let response =
        app.delete(&format!("/route/route-waypoint/delete?id={}", stops["models"][0]["id"]), app.admin()).await;

    let body = assert_error(response, 409).await;
    assert_eq!(body["message"], "this stop of the route has prices; delete them first");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_stop_with_details_cannot_be_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let a = app.waypoint("A", "A").await;
    let ids = app.stops(route, &[(a, 0)]).await;
    app.create("/route/route-waypoint-details", json!({"route_waypoint_id": ids[0], "platform": "3"})).await;

    let response = app.delete(&format!("/route/route-waypoint/delete?id={}", ids[0]), app.admin()).await;

    let body = assert_error(response, 409).await;
    assert_eq!(body["message"], "this stop of the route has details; delete them first");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn route_stops_need_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(
        &app,
        &[
            ("POST", "/route/route-waypoint/save"),
            ("PUT", "/route/route-waypoint/save?id=1"),
            ("DELETE", "/route/route-waypoint/delete?id=1"),
        ],
    )
    .await;
}
