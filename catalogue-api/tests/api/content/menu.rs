//! `/app/menu`: menus by type, whose content is JSON text.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, Write};
use crate::helpers::{assert_error, spawn_app, TestApp};

fn items() -> Value {
    json!([
        {"name": "Strona główna", "link": "/", "target": "nuxt-link"},
        {"name": "Rozkład jazdy", "link": "", "target": "_self", "children": [
            {"name": "Nisko – Kraków", "link": "/old/nisko-krakow", "target": "nuxt-link"}
        ]},
        {"name": "PKS Nisko", "link": "https://pks-nisko.example", "target": "_blank"}
    ])
}

async fn create(app: &TestApp, kind: &str, content: Value) -> Value {
    let body = json!({"name": format!("Menu {kind}"), "type": kind, "content": content});
    ok(app.post("/app/menu/save", &body, Some(&app.admin_token)).await).await["data"].clone()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_menu_answers_the_content_as_json_text(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, "top", Value::String(items().to_string())).await;

    let body = ok(app.get("/app/menu/get-menu?type=top", None).await).await;

    let content = body["data"]["content"].as_str().expect("content is JSON text");
    assert_eq!(serde_json::from_str::<Value>(content).unwrap(), items());
    assert_eq!(body, json!({"data": {"name": "Menu top", "type": "top", "content": content}}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_list_of_items_is_accepted_and_stored_as_json_text(pool: PgPool) {
    let app = spawn_app(pool).await;

    let menu = create(&app, "bottom1", items()).await;

    assert_eq!(serde_json::from_str::<Value>(menu["content"].as_str().unwrap()).unwrap(), items());
    let stored: String = sqlx::query_scalar("select content from menus").fetch_one(&app.pool).await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&stored).unwrap(), items());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_type_without_a_menu_is_not_found(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, "top", json!([])).await;

    assert_error(app.get("/app/menu/get-menu?type=bottom2", None).await, 404).await;
    assert_fields(app.get("/app/menu/get-menu?type=side", None).await, &["type"]).await;
    assert_fields(app.get("/app/menu/get-menu", None).await, &["type"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn menu_items_are_checked_and_named_by_path(pool: PgPool) {
    let app = spawn_app(pool).await;
    let content = json!([
        {"name": "Zło", "link": "javascript:alert(1)", "target": "nuxt-link"},
        {"name": "Głęboko", "link": "/", "target": "_self", "children": [
            {"name": "a", "link": "/a", "target": "_self", "children": [{"name": "b", "link": "/b", "target": "_self"}]}
        ]},
        {"name": "", "link": "/x", "target": "window"}
    ]);

    let response = app
        .post("/app/menu/save", &json!({"name": "", "type": "left", "content": content}), Some(&app.admin_token))
        .await;

    assert_fields(
        response,
        &["name", "type", "content[0].link", "content[1].children[0].children", "content[2].name", "content[2].target"],
    )
    .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn content_that_is_not_json_or_not_a_list_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;

    let not_json =
        app.post("/app/menu/save", &json!({"name": "M", "type": "top", "content": "[{"}), Some(&app.admin_token)).await;
    let not_list = app
        .post(
            "/app/menu/save",
            &json!({"name": "M", "type": "top", "content": "{\"name\": \"x\"}"}),
            Some(&app.admin_token),
        )
        .await;

    assert_fields(not_json, &["content"]).await;
    assert_fields(not_list, &["content"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_second_menu_of_a_type_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, "top", json!([])).await;

    let response = app
        .post("/app/menu/save", &json!({"name": "Drugie", "type": "top", "content": "[]"}), Some(&app.admin_token))
        .await;

    assert_fields(response, &["type"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_updates_a_menu_and_lists_them(pool: PgPool) {
    let app = spawn_app(pool).await;
    let menu = create(&app, "top", json!([])).await;

    let updated = ok(app
        .put(
            &format!("/app/menu/save?id={}", menu["id"]),
            &json!({"content": items().to_string()}),
            Some(&app.admin_token),
        )
        .await)
    .await;
    let all = ok(app.get("/app/menu/all?filter[type][eq]=top", None).await).await;

    assert_eq!((&updated["data"]["name"], &updated["data"]["type"]), (&json!("Menu top"), &json!("top")));
    assert_eq!(all["data"]["models"], json!([updated["data"]]));
    assert_eq!(ok(app.get(&format!("/app/menu/one?id={}", menu["id"]), None).await).await, updated);
    assert_error(app.get("/app/menu/one?id=999", None).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn menu_writes_are_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(&app, &[Write::Post("/app/menu/save"), Write::Put("/app/menu/save?id=1")]).await;
}
