//! `/app/content`: content pages, by id or by slug.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, Write};
use crate::helpers::{assert_error, spawn_app, TestApp};

fn regulamin() -> Value {
    json!({
        "title": "Regulamin przewozu", "slug": "regulamin", "keywords": "regulamin, przewóz, bilety",
        "content": "<h2>§ 1</h2><p>Postanowienia ogólne.</p>", "side_content": "<ul><li>Kontakt</li></ul>",
        "template": "wide"
    })
}

async fn create(app: &TestApp, body: &Value) -> Value {
    ok(app.post("/app/content/save", body, Some(&app.admin_token)).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_page(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = create(&app, &regulamin()).await;

    for field in ["title", "slug", "keywords", "content", "side_content", "template"] {
        assert_eq!(body["data"][field], regulamin()[field], "{field}");
    }
    assert!(body["data"]["id"].is_i64());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_content_finds_a_page_by_id_and_by_slug(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = create(&app, &regulamin()).await;

    let by_id = ok(app.get(&format!("/app/content/get-content?id={}", created["data"]["id"]), None).await).await;
    let by_slug = ok(app.get("/app/content/get-content?id=regulamin", None).await).await;

    // What a visitor reads is the page without the admin's English copies.
    let mut public = created["data"].clone();
    for field in ["title_en", "keywords_en", "content_en", "side_content_en"] {
        public.as_object_mut().unwrap().remove(field);
    }
    assert_eq!(by_id["data"], public);
    assert_eq!(by_slug["data"], public);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_content_of_an_unknown_page_is_not_found(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, &regulamin()).await;

    let body = assert_error(app.get("/app/content/get-content?id=cennik", None).await, 404).await;

    assert_eq!(body["message"], "This page could not be found");
    assert_error(app.get("/app/content/get-content?id=999", None).await, 404).await;
    assert_error(app.get("/app/content/get-content?id=Regulamin%20Przewozu", None).await, 404).await;
    assert_fields(app.get("/app/content/get-content", None).await, &["id"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_slug_in_use_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, &regulamin()).await;
    let mut other = regulamin();
    other["title"] = json!("Inny regulamin");

    let response = app.post("/app/content/save", &other, Some(&app.admin_token)).await;

    assert_fields(response, &["slug"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn page_fields_are_all_checked_at_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let bad = json!({"title": "", "slug": "O nas!", "keywords": "<meta>", "content": "x".repeat(200_001), "template": "fancy"});

    let response = app.post("/app/content/save", &bad, Some(&app.admin_token)).await;

    assert_fields(response, &["title", "slug", "keywords", "content", "template"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn slugs_that_look_like_ids_or_site_paths_are_refused(pool: PgPool) {
    let app = spawn_app(pool).await;

    for slug in ["2026", "login", "admin", ""] {
        let mut page = regulamin();
        page["slug"] = json!(slug);
        assert_fields(app.post("/app/content/save", &page, Some(&app.admin_token)).await, &["slug"]).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_updates_a_page_and_lists_them(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = create(&app, &regulamin()).await;
    let id = created["data"]["id"].as_i64().unwrap();
    create(&app, &json!({"title": "O nas", "slug": "o-nas"})).await;

    let updated = ok(app
        .put(&format!("/app/content/save?id={id}"), &json!({"slug": "regulamin-2026"}), Some(&app.admin_token))
        .await)
    .await;
    let all = ok(app.get("/app/content/all?sort=slug", None).await).await;

    assert_eq!(updated["data"]["title"], "Regulamin przewozu");
    assert_eq!(updated["data"]["slug"], "regulamin-2026");
    let slugs: Vec<&str> =
        all["data"]["models"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["o-nas", "regulamin-2026"]);
    assert_eq!(ok(app.get(&format!("/app/content/one?id={id}"), None).await).await, updated);
    assert_error(app.get("/app/content/one?id=999", None).await, 404).await;
    assert_error(app.put("/app/content/save?id=999", &regulamin(), Some(&app.admin_token)).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn page_writes_are_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(&app, &[Write::Post("/app/content/save"), Write::Put("/app/content/save?id=1")]).await;
}
