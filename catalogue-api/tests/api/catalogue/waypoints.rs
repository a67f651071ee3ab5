//! `/route/waypoint`: stops, and the search dropdown.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, without_times};
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_stop(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"name": " Kraków MDA ", "town": "Kraków", "latitude": 50.0677, "longitude": 19.9476, "extra": 1});
    let saved = data(app.post("/route/waypoint/save", &body, app.admin()).await).await;

    let id = saved["id"].as_i64().unwrap();
    let expected = json!({"id": id, "name": "Kraków MDA", "town": "Kraków", "latitude": 50.0677, "longitude": 19.9476});
    assert_eq!(without_times(saved), expected);
    assert_eq!(without_times(data(app.get(&format!("/route/waypoint/one?id={id}"), None).await).await), expected);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_of_a_stop_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"name": "", "town": "x".repeat(101), "latitude": 91});
    let fields = invalid_fields(app.post("/route/waypoint/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["name", "town", "latitude"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn coordinates_come_together(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"name": "Nisko", "town": "Nisko", "latitude": 50.5});
    let fields = invalid_fields(app.post("/route/waypoint/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["longitude"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_update_changes_only_what_is_sent(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = app.waypoint("Rzeszów", "Rzeszów").await;

    let body = json!({"name": "Rzeszów, Dworzec PKS"});
    let saved = data(app.put(&format!("/route/waypoint/save?id={id}"), &body, app.admin()).await).await;

    assert_eq!(
        without_times(saved),
        json!({"id": id, "name": "Rzeszów, Dworzec PKS", "town": "Rzeszów", "latitude": null, "longitude": null})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_and_malformed_ids(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/route/waypoint/one?id=999", None).await, 404).await;
    assert_error(app.put("/route/waypoint/save?id=999", &json!({"name": "x"}), app.admin()).await, 404).await;
    assert_eq!(invalid_fields(app.get("/route/waypoint/one?id=abc", None).await).await, ["id"]);
    assert_eq!(invalid_fields(app.get("/route/waypoint/one", None).await).await, ["id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_list_sorts_filters_and_pages(pool: PgPool) {
    let app = spawn_app(pool).await;
    for (name, town) in
        [("Nisko", "Nisko"), ("Kraków MDA", "Kraków"), ("Kraków Bonarka", "Kraków"), ("Tarnów", "Tarnów")]
    {
        app.waypoint(name, town).await;
    }

    let page =
        data(app.get("/route/waypoint/all?filter[town][eq]=Kraków&sort=-name&per-page=1&page=2", None).await).await;

    assert_eq!(
        page["models"].as_array().unwrap().iter().map(|m| m["name"].clone()).collect::<Vec<_>>(),
        ["Kraków Bonarka"]
    );
    assert_eq!(page["pagination"], json!({"page": 2, "perPage": 1, "totalCount": 2, "pageCount": 2}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn bad_list_parameters_are_refused(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/route/waypoint/all?page=x", None).await, 400).await;
    assert_eq!(invalid_fields(app.get("/route/waypoint/all?sort=search_key", None).await).await, ["sort"]);
    assert_eq!(invalid_fields(app.get("/route/waypoint/all?filter[id][eq]=one", None).await).await, ["filter[id][eq]"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn saving_stops_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(&app, &[("POST", "/route/waypoint/save"), ("PUT", "/route/waypoint/save?id=1")]).await;
}

async fn dropdown(app: &crate::helpers::TestApp, q: &str) -> Vec<String> {
    let url = format!("/route/waypoint/search-dropdown?q={}", urlencode(q));
    let found = data(app.get(&url, None).await).await;
    found.as_array().unwrap().iter().map(|w| w["name"].as_str().unwrap().to_string()).collect()
}

fn urlencode(q: &str) -> String {
    q.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn polish_stops(app: &crate::helpers::TestApp) {
    for (name, town) in [
        ("Kraków MDA", "Kraków"),
        ("Łódź Kaliska", "Łódź"),
        ("Zakopane", "Zakopane"),
        ("Stary Sącz", "Stary Sącz"),
        ("Nowy Targ, Dworzec", "Nowy Targ"),
    ] {
        app.waypoint(name, town).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_dropdown_ignores_case_and_polish_letters(pool: PgPool) {
    let app = spawn_app(pool).await;
    polish_stops(&app).await;

    assert_eq!(dropdown(&app, "krakow").await, ["Kraków MDA"]);
    assert_eq!(dropdown(&app, "KRAK").await, ["Kraków MDA"]);
    assert_eq!(dropdown(&app, "lodz").await, ["Łódź Kaliska"]);
    assert_eq!(dropdown(&app, "ŁÓDŹ").await, ["Łódź Kaliska"]);
    assert_eq!(dropdown(&app, "sacz").await, ["Stary Sącz"]);
    assert_eq!(dropdown(&app, "xyz").await, Vec::<String>::new());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_dropdown_answers_id_name_and_town(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = app.waypoint("Łódź Kaliska", "Łódź").await;

    let found = data(app.get("/route/waypoint/search-dropdown?q=lodz", None).await).await;

    assert_eq!(found, json!([{"id": id, "name": "Łódź Kaliska", "town": "Łódź"}]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn name_prefixes_come_before_word_matches(pool: PgPool) {
    let app = spawn_app(pool).await;
    app.waypoint("Nowy Targ, Dworzec", "Nowy Targ").await;
    app.waypoint("Targowisko", "Kłaj").await;

    assert_eq!(dropdown(&app, "targ").await, ["Targowisko", "Nowy Targ, Dworzec"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_dropdown_offers_at_most_20_and_takes_wildcards_literally(pool: PgPool) {
    let app = spawn_app(pool).await;
    for n in 0..25 {
        app.waypoint(&format!("Przystanek {n:02}"), "Nisko").await;
    }

    assert_eq!(dropdown(&app, "przyst").await.len(), 20);
    assert_eq!(dropdown(&app, "").await.len(), 20);
    assert_eq!(dropdown(&app, "%").await, Vec::<String>::new());
    assert_eq!(dropdown(&app, "_").await, Vec::<String>::new());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_very_long_query_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    let q = "a".repeat(101);

    let response = app.get(&format!("/route/waypoint/search-dropdown?q={q}"), None).await;

    assert_eq!(invalid_fields(response).await, ["q"]);
}
