//! `/app/banner`: promo banners, and the strip's query for the ones valid now.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, warsaw_now, Write};
use crate::helpers::{assert_error, spawn_app, TestApp};

/// A banner written straight into the table, created `age` ago, valid in the given
/// SQL interval offsets from now (`None` for an open end).
async fn insert(app: &TestApp, title: &str, age: &str, from: Option<&str>, to: Option<&str>) -> i64 {
    sqlx::query_scalar(
        "insert into banners (title, valid_from, valid_to, created_at) \
         values ($1, now() + $2::interval, now() + $3::interval, now() - $4::interval) returning id",
    )
    .bind(title)
    .bind(from)
    .bind(to)
    .bind(age)
    .fetch_one(&app.pool)
    .await
    .expect("insert banner")
}

fn titles(body: &Value) -> Vec<&str> {
    body["data"]["models"].as_array().unwrap().iter().map(|b| b["title"].as_str().unwrap()).collect()
}

async fn arrange(app: &TestApp) {
    insert(app, "current, older", "2 days", Some("-1 day"), Some("1 day")).await;
    insert(app, "current, newest", "1 hour", Some("-2 hours"), Some("1 day")).await;
    insert(app, "open-ended", "3 days", None, None).await;
    insert(app, "expired", "4 hours", Some("-2 days"), Some("-3 hours")).await;
    insert(app, "scheduled", "5 hours", Some("2 hours"), Some("2 days")).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_spec_query_answers_the_banners_valid_now_newest_first(pool: PgPool) {
    let app = spawn_app(pool).await;
    arrange(&app).await;
    let now = warsaw_now(&app).await;

    let query = format!("page=1&per-page=999&sort=-created_at&filter[valid_from][lt]={now}&filter[valid_to][gt]={now}");
    let body = ok(app.get(&format!("/app/banner/all?{query}"), None).await).await;

    assert_eq!(titles(&body), ["current, newest", "current, older", "open-ended"]);
    assert_eq!(body["data"]["pagination"], json!({"page": 1, "perPage": 999, "totalCount": 3, "pageCount": 1}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn guests_never_see_expired_or_scheduled_banners(pool: PgPool) {
    let app = spawn_app(pool).await;
    arrange(&app).await;
    let scheduled: i64 =
        sqlx::query_scalar("select id from banners where title = 'scheduled'").fetch_one(&app.pool).await.unwrap();

    let guest = ok(app.get("/app/banner/all?sort=-created_at", None).await).await;
    let user = ok(app.get("/app/banner/all?sort=-created_at", Some(&app.user_token)).await).await;
    let admin = ok(app.get("/app/banner/all?sort=-created_at", Some(&app.admin_token)).await).await;

    assert_eq!(titles(&guest), ["current, newest", "current, older", "open-ended"]);
    assert_eq!(user, guest);
    assert_eq!(titles(&admin), ["current, newest", "expired", "scheduled", "current, older", "open-ended"]);
    assert_error(app.get(&format!("/app/banner/one?id={scheduled}"), None).await, 404).await;
    ok(app.get(&format!("/app/banner/one?id={scheduled}"), Some(&app.admin_token)).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_banner(pool: PgPool) {
    let app = spawn_app(pool).await;
    let input = json!({
        "title": "Nowy rozkład", "text": "<p>Od <strong>1 lipca</strong></p>", "link": "/old/nisko-krakow",
        "link_target": "nuxt-link", "bg_class": "bg-warning p-2", "text_class": "text-dark", "refresh_time": 86400,
        "valid_from": "2026-06-20 00:00:00", "valid_to": null, "sort_order": 1
    });

    let body = ok(app.post("/app/banner/save", &input, Some(&app.admin_token)).await).await;

    let b = &body["data"];
    for field in
        ["title", "text", "link", "link_target", "bg_class", "text_class", "refresh_time", "valid_to", "sort_order"]
    {
        assert_eq!(b[field], input[field], "{field}");
    }
    assert_eq!(b["valid_from"], "2026-06-19T22:00:00Z");
    assert!(b["id"].is_i64() && b["created_at"].is_string());
    assert_eq!(ok(app.get(&format!("/app/banner/one?id={}", b["id"]), None).await).await, body);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn banner_fields_are_all_checked_at_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let bad = json!({
        "title": "", "text": "x".repeat(5001), "link": "javascript:alert(1)", "link_target": "popup",
        "bg_class": "bg\" onmouseover=\"x", "text_class": "Text-Dark", "refresh_time": -1,
        "valid_from": "2026-02-01 00:00:00", "valid_to": "2026-01-01 00:00:00", "sort_order": 2_000_000
    });

    let response = app.post("/app/banner/save", &bad, Some(&app.admin_token)).await;

    assert_fields(
        response,
        &["title", "text", "link", "link_target", "bg_class", "text_class", "refresh_time", "valid_to", "sort_order"],
    )
    .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_updates_a_banner(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = ok(app
        .post("/app/banner/save", &json!({"title": "Promocja", "link": "https://pks.example"}), Some(&app.admin_token))
        .await)
    .await;
    let id = created["data"]["id"].as_i64().unwrap();

    let updated = ok(app
        .put(&format!("/app/banner/save?id={id}"), &json!({"title": "Promocja -10%"}), Some(&app.admin_token))
        .await)
    .await;

    assert_eq!(updated["data"]["title"], "Promocja -10%");
    assert_eq!(updated["data"]["link"], "https://pks.example");
    assert_eq!(updated["data"]["created_at"], created["data"]["created_at"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_ids_and_bad_list_parameters(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/app/banner/one?id=404", None).await, 404).await;
    assert_error(app.put("/app/banner/save?id=404", &json!({"title": "x"}), Some(&app.admin_token)).await, 404).await;
    assert_fields(app.get("/app/banner/one?id=-1", None).await, &["id"]).await;
    assert_fields(app.get("/app/banner/all?filter[valid_from][lt]=yesterday", None).await, &["filter[valid_from][lt]"])
        .await;
    assert_fields(app.get("/app/banner/all?sort=-text", None).await, &["sort"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn banner_writes_are_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(&app, &[Write::Post("/app/banner/save"), Write::Put("/app/banner/save?id=1")]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn on_update_null_keeps_a_field_but_clears_the_validity(pool: PgPool) {
    let app = spawn_app(pool).await;
    let input = json!({"title": "Promocja", "link": "https://pks.example", "sort_order": 3,
                       "valid_from": "2026-06-20 00:00:00", "valid_to": "2036-06-20 00:00:00"});
    let created = ok(app.post("/app/banner/save", &input, Some(&app.admin_token)).await).await;
    let id = created["data"]["id"].as_i64().unwrap();

    let body = json!({"title": null, "link": null, "sort_order": null, "valid_from": null, "valid_to": null});
    let updated = ok(app.put(&format!("/app/banner/save?id={id}"), &body, Some(&app.admin_token)).await).await;

    let b = &updated["data"];
    assert_eq!(
        (&b["title"], &b["link"], &b["sort_order"]),
        (&json!("Promocja"), &json!("https://pks.example"), &json!(3))
    );
    assert_eq!((&b["valid_from"], &b["valid_to"]), (&Value::Null, &Value::Null));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_update_checks_the_stored_fields_with_the_new_ones_and_names_a_wrong_type(pool: PgPool) {
    let app = spawn_app(pool).await;
    let input = json!({"title": "Promocja", "valid_from": "2026-06-20 00:00:00"});
    let id =
        ok(app.post("/app/banner/save", &input, Some(&app.admin_token)).await).await["data"]["id"].as_i64().unwrap();
    let url = format!("/app/banner/save?id={id}");

    assert_fields(
        app.put(&url, &json!({"valid_to": "2026-06-01 00:00:00"}), Some(&app.admin_token)).await,
        &["valid_to"],
    )
    .await;
    assert_fields(app.put(&url, &json!({"refresh_time": "soon"}), Some(&app.admin_token)).await, &["refresh_time"])
        .await;
    let stored = ok(app.get(&format!("/app/banner/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!((&stored["data"]["valid_to"], &stored["data"]["refresh_time"]), (&Value::Null, &json!(0)));
}
