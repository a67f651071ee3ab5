//! `/route/route-price`: fares of trips along a route.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, network, without_times};
use crate::helpers::{assert_error, spawn_app, TestApp};

/// A route A (0) → B (30) → C (60) without prices.
async fn route(app: &TestApp) -> (i64, i64, i64, i64) {
    let route = app.route("R").await;
    let (a, b, c) = (app.waypoint("A", "A").await, app.waypoint("B", "B").await, app.waypoint("C", "C").await);
    app.stops(route, &[(a, 0), (b, 30), (c, 60)]).await;
    (route, a, b, c)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_prices_a_trip(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (route, a, _, c) = route(&app).await;

    let body = json!({"route_id": route, "from_waypoint_id": a, "to_waypoint_id": c, "price": 123450});
    let saved = data(app.post("/route/route-price/save", &body, app.admin()).await).await;

    let id = saved["id"].as_i64().unwrap();
    assert_eq!(
        without_times(saved),
        json!({"id": id, "route_id": route, "from_waypoint_id": a, "from_name": "A", "to_waypoint_id": c,
               "to_name": "C", "price": 123450, "price_formatted": "1\u{a0}234,50\u{a0}zł"})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_trip_only_goes_forward(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (route, a, _, c) = route(&app).await;

    let body = json!({"route_id": route, "from_waypoint_id": c, "to_waypoint_id": a, "price": 3900});
    let response = app.post("/route/route-price/save", &body, app.admin()).await;

    let body = assert_error(response, 422).await;
    assert_eq!(body["errors"][0]["field"], "to_waypoint_id");
    assert_eq!(body["errors"][0]["message"], "a trip only goes forward: this stop comes before the start on the route");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn both_stops_must_be_on_the_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (route, a, _, _) = route(&app).await;
    let elsewhere = app.waypoint("Elsewhere", "X").await;

    let body = json!({"route_id": route, "from_waypoint_id": elsewhere, "to_waypoint_id": a, "price": 100});
    assert_eq!(
        invalid_fields(app.post("/route/route-price/save", &body, app.admin()).await).await,
        ["from_waypoint_id"]
    );
    let body = json!({"route_id": 999, "from_waypoint_id": a, "to_waypoint_id": a, "price": 100});
    assert_eq!(
        invalid_fields(app.post("/route/route-price/save", &body, app.admin()).await).await,
        ["to_waypoint_id", "route_id"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_price_is_a_positive_whole_number_of_grosz(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (route, a, b, _) = route(&app).await;

    for bad in [json!(0), json!(-100), json!(39.5), json!("39,00"), json!(null)] {
        let body = json!({"route_id": route, "from_waypoint_id": a, "to_waypoint_id": b, "price": bad});
        assert_eq!(
            invalid_fields(app.post("/route/route-price/save", &body, app.admin()).await).await,
            ["price"],
            "{bad}"
        );
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_price_per_trip(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (route, a, b, _) = route(&app).await;
    app.price(route, a, b, 1000).await;

    let body = json!({"route_id": route, "from_waypoint_id": a, "to_waypoint_id": b, "price": 1200});
    let response = app.post("/route/route-price/save", &body, app.admin()).await;

    let body = assert_error(response, 422).await;
    assert_eq!(
        body["errors"],
        json!([{"field": "to_waypoint_id", "message": "this route has a price for this trip already", "code": "field.conflict"}])
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_price_is_updated_listed_and_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.price(net.south, net.krakow, net.rzeszow, 2900).await;

    let updated =
        data(app.put(&format!("/route/route-price/save?id={id}"), &json!({"price": 3100}), app.admin()).await).await;
    assert_eq!(updated["price_formatted"], "31,00\u{a0}zł");
    let page =
        data(app.get(&format!("/route/route-price/all?filter[route_id][eq]={}&sort=-price", net.north), None).await)
            .await;
    let prices: Vec<_> = page["models"].as_array().unwrap().iter().map(|p| p["price"].clone()).collect();
    assert_eq!(prices, [3900, 2900, 2500]);
    assert_eq!(
        data(app.delete(&format!("/route/route-price/delete?id={id}"), app.admin()).await).await,
        json!({"id": id})
    );
    assert_error(app.get(&format!("/route/route-price/one?id={id}"), None).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn prices_need_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(
        &app,
        &[
            ("POST", "/route/route-price/save"),
            ("PUT", "/route/route-price/save?id=1"),
            ("DELETE", "/route/route-price/delete?id=1"),
        ],
    )
    .await;
}
