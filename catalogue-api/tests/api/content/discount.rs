//! `/course/discount`: named reductions of one ticket, with the statutory ones seeded.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, Write};
use crate::helpers::{assert_error, spawn_app, TestApp};

async fn create(app: &TestApp, body: Value) -> Value {
    ok(app.post("/course/discount/save", &body, Some(&app.admin_token)).await).await["data"].clone()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_statutory_reductions_are_there_after_migration(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = ok(app.get("/course/discount/all?filter[statutory][eq]=1&sort=-value&per-page=50", None).await).await;

    let models = body["data"]["models"].as_array().unwrap();
    let values: Vec<i64> = models.iter().map(|d| d["value"].as_i64().unwrap()).collect();
    assert_eq!(values, [100, 95, 93, 78, 51, 49, 37, 33]);
    for d in models {
        assert_eq!(d["kind"], "percent");
        assert_eq!(d["active"], true);
        assert!(d["name"].as_str().unwrap().starts_with(&format!("Ulga {}% – ", d["value"])), "{d}");
        assert!(d["name_en"].as_str().unwrap().starts_with(&format!("{}% statutory reduction – ", d["value"])), "{d}");
    }
    assert!(models[6]["name"].as_str().unwrap().contains("emeryci i renciści"));
    assert!(models[5]["name"].as_str().unwrap().contains("uczniowie"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_percentage_discount(pool: PgPool) {
    let app = spawn_app(pool).await;

    let d = create(
        &app,
        json!({"name": "Promocja wakacyjna", "name_en": "Summer offer", "kind": "percent", "value": 15,
               "valid_from": "2026-07-01 00:00:00", "valid_to": "2026-09-01 00:00:00", "sort_order": 5}),
    )
    .await;

    assert!(d["id"].is_i64());
    assert_eq!(
        (&d["name"], &d["name_en"], &d["kind"], &d["value"], &d["active"], &d["statutory"], &d["sort_order"]),
        (
            &json!("Promocja wakacyjna"),
            &json!("Summer offer"),
            &json!("percent"),
            &json!(15),
            &json!(true),
            &json!(false),
            &json!(5)
        )
    );
    assert_eq!(d["valid_from"], "2026-06-30T22:00:00Z", "Warsaw midnight in summer");
    assert_eq!(d["valid_to"], "2026-08-31T22:00:00Z");
    let one = ok(app.get(&format!("/course/discount/one?id={}", d["id"]), None).await).await;
    assert_eq!(one["data"], d);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_an_inactive_amount_discount(pool: PgPool) {
    let app = spawn_app(pool).await;

    let d = create(&app, json!({"name": "Bon 5 zł", "kind": "amount", "value": 500, "active": false})).await;

    assert_eq!(
        (&d["kind"], &d["value"], &d["active"], &d["valid_from"]),
        (&json!("amount"), &json!(500), &json!(false), &Value::Null)
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_discount_without_anything_names_every_required_field(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response = app.post("/course/discount/save", &json!({}), Some(&app.admin_token)).await;

    assert_fields(response, &["name", "kind", "value"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn discount_rules_are_all_checked(pool: PgPool) {
    let app = spawn_app(pool).await;
    let cases = [
        (json!({"name": "x", "kind": "percent", "value": 0}), "value"),
        (json!({"name": "x", "kind": "percent", "value": 101}), "value"),
        (json!({"name": "x", "kind": "amount", "value": 0}), "value"),
        (json!({"name": "x", "kind": "free", "value": 1}), "kind"),
        (json!({"name": "<b>x</b>", "kind": "amount", "value": 1}), "name"),
        (json!({"name": "x", "name_en": "y".repeat(256), "kind": "amount", "value": 1}), "name_en"),
        (json!({"name": "x", "kind": "amount", "value": 1, "valid_from": "tomorrow"}), "valid_from"),
        (
            json!({"name": "x", "kind": "amount", "value": 1, "valid_from": "2026-02-01 00:00:00", "valid_to": "2026-01-01 00:00:00"}),
            "valid_to",
        ),
        (json!({"name": "x", "kind": "amount", "value": 1, "sort_order": 10_000_000}), "sort_order"),
        (json!({"name": "x", "kind": "amount", "value": "1"}), "value"),
        (json!({"name": "x", "kind": "amount", "value": 1, "active": 2}), "active"),
        (json!({"name": "x", "kind": "amount", "value": 1, "active": 1}), "active"),
    ];
    for (body, field) in cases {
        let response = app.post("/course/discount/save", &body, Some(&app.admin_token)).await;
        assert_fields(response, &[field]).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_update_keeps_absent_fields_and_null_clears_a_date(pool: PgPool) {
    let app = spawn_app(pool).await;
    let d = create(
        &app,
        json!({"name": "Promocja", "kind": "percent", "value": 10, "valid_from": "2026-01-01 00:00:00", "valid_to": "2026-12-31 00:00:00"}),
    )
    .await;

    let body = ok(app
        .put(
            &format!("/course/discount/save?id={}", d["id"]),
            &json!({"value": 20, "valid_to": null}),
            Some(&app.admin_token),
        )
        .await)
    .await;

    let u = &body["data"];
    assert_eq!(
        (&u["name"], &u["value"], &u["valid_from"], &u["valid_to"]),
        (&json!("Promocja"), &json!(20), &d["valid_from"], &Value::Null)
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn changing_the_kind_checks_the_value_against_it(pool: PgPool) {
    let app = spawn_app(pool).await;
    let d = create(&app, json!({"name": "Bon", "kind": "amount", "value": 500})).await;

    let response = app
        .put(&format!("/course/discount/save?id={}", d["id"]), &json!({"kind": "percent"}), Some(&app.admin_token))
        .await;

    assert_fields(response, &["value"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_and_malformed_discount_ids(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/course/discount/one?id=999", None).await, 404).await;
    assert_error(app.put("/course/discount/save?id=999", &json!({"value": 5}), Some(&app.admin_token)).await, 404)
        .await;
    assert_fields(app.get("/course/discount/one?id=x", None).await, &["id"]).await;
    assert_fields(app.put("/course/discount/save", &json!({}), Some(&app.admin_token)).await, &["id"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_list_filters_sorts_and_pages(pool: PgPool) {
    let app = spawn_app(pool).await;
    create(&app, json!({"name": "Bon 5 zł", "kind": "amount", "value": 500})).await;
    create(&app, json!({"name": "Bon 10 zł", "kind": "amount", "value": 1000})).await;

    let amounts = ok(app.get("/course/discount/all?filter[kind][eq]=amount&sort=-value", None).await).await;
    let paged = ok(app.get("/course/discount/all?per-page=3&page=2", None).await).await;

    let names: Vec<&str> =
        amounts["data"]["models"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Bon 10 zł", "Bon 5 zł"]);
    assert_eq!(paged["data"]["pagination"], json!({"page": 2, "perPage": 3, "totalCount": 10, "pageCount": 4}));
    assert_eq!(paged["data"]["models"].as_array().unwrap().len(), 3);
    assert_fields(app.get("/course/discount/all?sort=secret", None).await, &["sort"]).await;
    assert_fields(app.get("/course/discount/all?filter[value][like]=1", None).await, &["filter[value][like]"]).await;
    assert_error(app.get("/course/discount/all?per-page=0", None).await, 400).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn discount_writes_are_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(&app, &[Write::Post("/course/discount/save"), Write::Put("/course/discount/save?id=1")]).await;
}
