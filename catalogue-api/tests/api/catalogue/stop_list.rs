//! `PUT /route/route-waypoint/save-list?route_id=`: a route's whole stop list, checked as a
//! whole and written in one transaction.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, network};
use crate::helpers::{assert_error, spawn_app, TestApp};

/// The route's stops as the public list shows them, every column (timestamps too).
async fn stops(app: &TestApp, route: i64) -> Value {
    data(app.get(&format!("/route/route-waypoint/all?filter[route_id][eq]={route}&sort=position"), None).await).await
        ["models"]
        .clone()
}

async fn save_list(app: &TestApp, route: i64, stops: Value) -> reqwest::Response {
    app.put(&format!("/route/route-waypoint/save-list?route_id={route}"), &json!({ "stops": stops }), app.admin()).await
}

/// `(stop, minutes)` of each stop, in order.
fn summary(stops: &Value) -> Vec<(i64, i64)> {
    let stops = stops.as_array().expect("a list");
    stops.iter().map(|s| (s["waypoint_id"].as_i64().unwrap(), s["minutes_from_start"].as_i64().unwrap())).collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_route_s_stops_are_replaced_in_one_request_and_kept_stops_keep_their_rows(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let stalowa = app.waypoint("Stalowa Wola, Dworzec", "Stalowa Wola").await;
    let before = stops(&app, net.north).await;
    let rzeszow_row = before[1]["id"].as_i64().unwrap();
    app.create("/route/route-waypoint-details", json!({"route_waypoint_id": rzeszow_row, "platform": "3"})).await;

    // Stalowa Wola added after Nisko; the minutes change; Nisko → Rzeszów → Kraków stays forward.
    let list = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": stalowa, "minutes_from_start": 20},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 80},
        {"waypoint_id": net.krakow, "minutes_from_start": 200},
    ]);
    let saved = data(save_list(&app, net.north, list).await).await;

    assert_eq!(summary(&saved), [(net.nisko, 0), (stalowa, 20), (net.rzeszow, 80), (net.krakow, 200)]);
    let positions: Vec<i64> = saved.as_array().unwrap().iter().map(|s| s["position"].as_i64().unwrap()).collect();
    assert_eq!(positions, [0, 1, 2, 3], "a stop's position is its place in the list");
    assert_eq!(saved[2]["id"], rzeszow_row, "a kept stop keeps its row");
    assert_eq!(saved[1]["waypoint_name"], "Stalowa Wola, Dworzec");
    assert_eq!(stops(&app, net.north).await, saved, "the answer is what is stored");
    let details = data(app.get("/route/route-waypoint-details/all", None).await).await;
    assert_eq!(details["models"][0]["route_waypoint_id"], rzeszow_row, "its details stay with it");
    let prices = data(app.get(&format!("/route/route-price/all?filter[route_id][eq]={}", net.north), None).await).await;
    assert_eq!(prices["models"].as_array().unwrap().len(), 3, "its prices stay");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_bad_row_refuses_the_whole_list_and_changes_nothing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let stalowa = app.waypoint("Stalowa Wola, Dworzec", "Stalowa Wola").await;
    let before = stops(&app, net.north).await;

    // Good rows first (they would be written first by a sequence of single saves), then a
    // stop twice, minutes that go back, an unknown stop and minutes over the limit.
    let list = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": stalowa, "minutes_from_start": 20},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 80},
        {"waypoint_id": net.krakow, "minutes_from_start": 200},
        {"waypoint_id": stalowa, "minutes_from_start": 190},
        {"waypoint_id": 999_999, "minutes_from_start": 10_001},
    ]);
    let fields = invalid_fields(save_list(&app, net.north, list).await).await;

    assert_eq!(
        fields,
        ["stops[4].waypoint_id", "stops[4].minutes_from_start", "stops[5].minutes_from_start", "stops[5].waypoint_id"]
    );
    assert_eq!(stops(&app, net.north).await, before, "nothing at all was written");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_list_needs_two_stops_from_minute_zero(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let before = stops(&app, net.north).await;

    let one = json!([{"waypoint_id": net.nisko, "minutes_from_start": 0}]);
    assert_eq!(invalid_fields(save_list(&app, net.north, one).await).await, ["stops"]);
    let late = json!([{"waypoint_id": net.nisko, "minutes_from_start": 5}, {"waypoint_id": net.krakow, "minutes_from_start": 9}]);
    assert_eq!(invalid_fields(save_list(&app, net.north, late).await).await, ["stops[0].minutes_from_start"]);
    let typed = json!([{"waypoint_id": net.nisko, "minutes_from_start": 0}, {"waypoint_id": net.krakow, "minutes_from_start": "9"}]);
    assert_eq!(invalid_fields(save_list(&app, net.north, typed).await).await, ["stops[1].minutes_from_start"]);
    assert_eq!(stops(&app, net.north).await, before);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_removed_stop_with_prices_is_refused_and_one_without_loses_its_details(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let before = stops(&app, net.north).await;

    // Rzeszów has prices on the north route: leaving it out is a 409 naming it.
    let without_rzeszow = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": net.krakow, "minutes_from_start": 190},
    ]);
    let body = assert_error(save_list(&app, net.north, without_rzeszow.clone()).await, 409).await;
    assert_eq!(body["code"], "conflict.in_use");
    assert!(body["message"].as_str().unwrap().starts_with("Rzeszów, Dworzec PKS still has prices"), "{body}");
    assert_eq!(stops(&app, net.north).await, before);

    // Without its prices it goes, with its details.
    let rzeszow_prices = data(
        app.get(
            &format!(
                "/route/route-price/all?filter[route_id][eq]={}&filter[to_waypoint_id][eq]={}",
                net.north, net.rzeszow
            ),
            None,
        )
        .await,
    )
    .await;
    app.delete(&format!("/route/route-price/delete?id={}", rzeszow_prices["models"][0]["id"]), app.admin()).await;
    let from_rzeszow = data(
        app.get(
            &format!(
                "/route/route-price/all?filter[route_id][eq]={}&filter[from_waypoint_id][eq]={}",
                net.north, net.rzeszow
            ),
            None,
        )
        .await,
    )
    .await;
    app.delete(&format!("/route/route-price/delete?id={}", from_rzeszow["models"][0]["id"]), app.admin()).await;
    app.create("/route/route-waypoint-details", json!({"route_waypoint_id": before[1]["id"], "notes": "Peron B"}))
        .await;

    let saved = data(save_list(&app, net.north, without_rzeszow).await).await;

    assert_eq!(summary(&saved), [(net.nisko, 0), (net.krakow, 190)]);
    let details = data(app.get("/route/route-waypoint-details/all", None).await).await;
    assert_eq!(details["models"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_that_puts_a_priced_trip_backwards_is_refused_at_its_row(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let before = stops(&app, net.north).await;

    let reversed = json!([
        {"waypoint_id": net.krakow, "minutes_from_start": 0},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 115},
        {"waypoint_id": net.nisko, "minutes_from_start": 190},
    ]);
    let fields = invalid_fields(save_list(&app, net.north, reversed).await).await;

    assert_eq!(fields, ["stops[2].waypoint_id", "stops[2].waypoint_id", "stops[1].waypoint_id"]);
    assert_eq!(stops(&app, net.north).await, before);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_list_of_an_unknown_route_is_not_found_and_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    let list = json!([{"waypoint_id": 1, "minutes_from_start": 0}, {"waypoint_id": 2, "minutes_from_start": 5}]);
    assert_error(save_list(&app, 987, list).await, 404).await;
    let bad_id = app.put("/route/route-waypoint/save-list?route_id=x", &json!({"stops": []}), app.admin()).await;
    assert_eq!(invalid_fields(bad_id).await, ["route_id"]);
    assert_admin_only(&app, &[("PUT", "/route/route-waypoint/save-list?route_id=1")]).await;
}
