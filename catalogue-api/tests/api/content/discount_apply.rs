//! `/course/discount-apply`: which discounts apply to which routes.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, Write};
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_discount_applies_to_every_route_or_to_one(pool: PgPool) {
    let app = spawn_app(pool).await;

    let everywhere = ok(app
        .post("/course/discount-apply/save", &json!({"discount_id": 7, "route_id": null}), Some(&app.admin_token))
        .await)
    .await;
    let one_route = ok(app
        .post("/course/discount-apply/save", &json!({"discount_id": 7, "route_id": 12}), Some(&app.admin_token))
        .await)
    .await;
    let list = ok(app.get("/course/discount-apply/all?filter[discount_id][eq]=7&sort=id", None).await).await;

    assert_eq!((&everywhere["data"]["discount_id"], &everywhere["data"]["route_id"]), (&json!(7), &json!(null)));
    assert_eq!(one_route["data"]["route_id"], 12);
    assert_eq!(list["data"]["models"], json!([everywhere["data"], one_route["data"]]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_same_application_twice_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    ok(app.post("/course/discount-apply/save", &json!({"discount_id": 1}), Some(&app.admin_token)).await).await;

    let response = app
        .post("/course/discount-apply/save", &json!({"discount_id": 1, "route_id": null}), Some(&app.admin_token))
        .await;

    assert_fields(response, &["route_id"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unknown_discount_or_a_bad_route_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;

    let unknown = app.post("/course/discount-apply/save", &json!({"discount_id": 999}), Some(&app.admin_token)).await;
    let missing = app.post("/course/discount-apply/save", &json!({"route_id": 0}), Some(&app.admin_token)).await;

    assert_fields(unknown, &["discount_id"]).await;
    assert_fields(missing, &["discount_id", "route_id"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_application_is_updated_and_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created =
        ok(app.post("/course/discount-apply/save", &json!({"discount_id": 2}), Some(&app.admin_token)).await).await;
    let id = created["data"]["id"].as_i64().unwrap();

    let updated = ok(app
        .put(&format!("/course/discount-apply/save?id={id}"), &json!({"route_id": 3}), Some(&app.admin_token))
        .await)
    .await;
    let deleted = ok(app.delete(&format!("/course/discount-apply/delete?id={id}"), Some(&app.admin_token)).await).await;

    assert_eq!((&updated["data"]["discount_id"], &updated["data"]["route_id"]), (&json!(2), &json!(3)));
    assert_eq!(deleted, updated);
    assert_error(app.get(&format!("/course/discount-apply/one?id={id}"), None).await, 404).await;
    assert_error(app.delete(&format!("/course/discount-apply/delete?id={id}"), Some(&app.admin_token)).await, 404)
        .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn discount_application_writes_are_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(
        &app,
        &[
            Write::Post("/course/discount-apply/save"),
            Write::Put("/course/discount-apply/save?id=1"),
            Write::Delete("/course/discount-apply/delete?id=1"),
        ],
    )
    .await;
}
