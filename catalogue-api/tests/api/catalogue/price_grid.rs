//! `PUT /route/route-price/save-grid?route_id=`: a route's whole price grid, checked as a
//! whole and written in one transaction.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, network, Network};
use crate::helpers::{assert_error, spawn_app, TestApp};

/// The route's prices, every column (timestamps too), by trip.
async fn prices(app: &TestApp, route: i64) -> Value {
    let path = format!("/route/route-price/all?filter[route_id][eq]={route}&sort=id");
    data(app.get(&path, None).await).await["models"].clone()
}

async fn save_grid(app: &TestApp, route: i64, prices: Value) -> reqwest::Response {
    app.put(&format!("/route/route-price/save-grid?route_id={route}"), &json!({ "prices": prices }), app.admin()).await
}

/// `(from, to, price)` of each price.
fn summary(prices: &Value) -> Vec<(i64, i64, i64)> {
    let cell = |p: &Value| (p["from_waypoint_id"].as_i64(), p["to_waypoint_id"].as_i64(), p["price"].as_i64());
    let mut cells: Vec<_> = prices
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let (f, t, v) = cell(p);
            (f.unwrap(), t.unwrap(), v.unwrap())
        })
        .collect();
    cells.sort();
    cells
}

fn cell(from: i64, to: i64, price: Value) -> Value {
    json!({"from_waypoint_id": from, "to_waypoint_id": to, "price": price})
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_whole_grid_is_saved_in_one_request(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Network { nisko, rzeszow, krakow, north, south } = network(&app).await;
    let before = prices(&app, north).await;
    let unchanged = before.as_array().unwrap().iter().find(|p| p["from_waypoint_id"] == rzeszow).unwrap().clone();

    // Nisko → Rzeszów changes, Nisko → Kraków is emptied, Rzeszów → Kraków stays.
    let grid = json!([cell(nisko, rzeszow, json!(2600)), cell(rzeszow, krakow, json!(2900))]);
    let saved = data(save_grid(&app, north, grid).await).await;

    assert_eq!(summary(&saved), [(nisko, rzeszow, 2600), (rzeszow, krakow, 2900)]);
    assert_eq!(summary(&prices(&app, north).await), summary(&saved), "the answer is what is stored");
    let kept = saved.as_array().unwrap().iter().find(|p| p["from_waypoint_id"] == rzeszow).unwrap();
    assert_eq!(
        (&kept["id"], &kept["updated_at"]),
        (&unchanged["id"], &unchanged["updated_at"]),
        "an unchanged cell is left alone"
    );
    assert_eq!(saved[0]["price_formatted"], "26,00\u{a0}zł");
    assert_eq!(summary(&prices(&app, south).await), [(krakow, nisko, 3900)], "another route's grid is not touched");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_bad_cell_refuses_the_whole_grid_and_each_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Network { nisko, rzeszow, krakow, north, .. } = network(&app).await;
    let before = prices(&app, north).await;
    let stranger = app.waypoint("Tarnów", "Tarnów").await;

    let grid = json!([
        cell(nisko, rzeszow, json!(2600)),
        cell(nisko, krakow, json!(0)),
        cell(krakow, rzeszow, json!(500)),
        cell(rzeszow, krakow, json!(-100)),
        cell(stranger, krakow, json!(10_000_001)),
        cell(nisko, rzeszow, json!(2700)),
    ]);
    let response = save_grid(&app, north, grid).await;
    let body = assert_error(response, 422).await;
    let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();

    assert_eq!(
        fields,
        [
            "prices[1].price",
            "prices[2].to_waypoint_id",
            "prices[3].price",
            "prices[4].from_waypoint_id",
            "prices[4].price",
            "prices[5].to_waypoint_id"
        ]
    );
    assert_eq!(
        body["errors"][0]["message"],
        "Nisko, Dworzec → Kraków MDA: the price must be from 1 to 10000000 grosz, not 0"
    );
    assert_eq!(body["errors"][0]["code"], "field.out_of_range");
    assert_eq!(prices(&app, north).await, before, "nothing at all was written");

    let typed = json!([cell(nisko, rzeszow, json!(2600)), cell(nisko, krakow, json!("39,00"))]);
    assert_eq!(invalid_fields(save_grid(&app, north, typed).await).await, ["prices[1].price"]);
    assert_eq!(prices(&app, north).await, before);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_empty_grid_clears_the_route_s_prices(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    assert_eq!(data(save_grid(&app, net.north, json!([])).await).await, json!([]));
    assert_eq!(prices(&app, net.north).await, json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_grid_of_an_unknown_route_is_not_found_and_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_error(save_grid(&app, 987, json!([])).await, 404).await;
    assert_admin_only(&app, &[("PUT", "/route/route-price/save-grid?route_id=1")]).await;
}
