//! `/route/route`: routes and the home page's routes.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, without_times};
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_and_updates_a_route(pool: PgPool) {
    let app = spawn_app(pool).await;

    let saved = data(app.post("/route/route/save", &json!({"name": "Nisko – Kraków"}), app.admin()).await).await;
    let id = saved["id"].as_i64().unwrap();
    assert_eq!(
        without_times(saved),
        json!({"id": id, "name": "Nisko – Kraków", "active": true, "show_on_home": false, "archived": false, "distance_km": null})
    );

    let body = json!({"active": false, "show_on_home": true});
    let updated = data(app.put(&format!("/route/route/save?id={id}"), &body, app.admin()).await).await;
    assert_eq!(
        without_times(updated),
        json!({"id": id, "name": "Nisko – Kraków", "active": false, "show_on_home": true, "archived": false, "distance_km": null})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_of_a_route_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    // A yes/no is a JSON boolean: a digit or a word is refused like anything else.
    let body = json!({"name": " ", "active": 0, "show_on_home": "true"});
    let fields = invalid_fields(app.post("/route/route/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["name", "active", "show_on_home"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unknown_route_is_404(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/route/route/one?id=42", None).await, 404).await;
    assert_error(app.put("/route/route/save?id=42", &json!({}), app.admin()).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_list_filters_by_activity(pool: PgPool) {
    let app = spawn_app(pool).await;
    app.route("B").await;
    let a = app.route("A").await;
    app.put(&format!("/route/route/save?id={a}"), &json!({"active": false}), app.admin()).await;

    let page = data(app.get("/route/route/all?filter[active][eq]=1", None).await).await;

    assert_eq!(page["models"].as_array().unwrap().iter().map(|m| m["name"].clone()).collect::<Vec<_>>(), ["B"]);
    assert_eq!(page["pagination"]["totalCount"], 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn home_routes_show_their_ends_and_the_fare_between_them(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = super::support::network(&app).await;
    app.create("/route/route", json!({"name": "Hidden"})).await;
    let inactive = app.route("Inactive").await;
    app.put(&format!("/route/route/save?id={inactive}"), &json!({"active": false}), app.admin()).await;
    let empty = app.route("Empty").await;

    let routes = data(app.get("/route/route/home-routes", None).await).await;

    assert_eq!(
        routes,
        json!([
            {"id": empty, "name": "Empty", "first_stop": null, "last_stop": null,
             "lowest_price": null, "lowest_price_formatted": null},
            {"id": net.south, "name": "Kraków – Nisko",
             "first_stop": {"id": net.krakow, "name": "Kraków MDA"}, "last_stop": {"id": net.nisko, "name": "Nisko, Dworzec"},
             "lowest_price": 3900, "lowest_price_formatted": "39,00\u{a0}zł"},
            {"id": net.north, "name": "Nisko – Kraków",
             "first_stop": {"id": net.nisko, "name": "Nisko, Dworzec"}, "last_stop": {"id": net.krakow, "name": "Kraków MDA"},
             // Nisko → Kraków costs 39,00 zł; Nisko → Rzeszów's 25,00 zł is not what the link finds.
             "lowest_price": 3900, "lowest_price_formatted": "39,00\u{a0}zł"},
        ])
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn saving_routes_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(&app, &[("POST", "/route/route/save"), ("PUT", "/route/route/save?id=1")]).await;
}
