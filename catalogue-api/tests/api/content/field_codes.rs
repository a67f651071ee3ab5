//! The content saves' refusals carry the field's code and the numbers it states
//! (`api_core::values::ValueError`, the API's one kit), not only an English sentence: a
//! blank title, a slug of the wrong length or form, a discount without its kind, a
//! banner's empty time.

use serde_json::{json, Value};
use sqlx::PgPool;

use crate::helpers::{assert_error, spawn_app, TestApp};

/// The one field error of a refused save: its field, code and params.
async fn refusal(app: &TestApp, path: &str, body: Value) -> (String, String, Value) {
    let body = assert_error(app.post(path, &body, Some(&app.admin_token)).await, 422).await;
    let errors = body["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{body}");
    let e = &errors[0];
    (
        e["field"].as_str().unwrap_or_default().to_owned(),
        e["code"].as_str().unwrap_or_default().to_owned(),
        e["params"].clone(),
    )
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_page_with_a_blank_title_or_a_bad_slug_is_refused_with_the_fields_code(pool: PgPool) {
    let app = spawn_app(pool).await;
    let page = |title: &str, slug: &str| json!({"title": title, "slug": slug});

    let blank = refusal(&app, "/app/content/save", page(" \u{3000} ", "regulamin")).await;
    assert_eq!((blank.0.as_str(), blank.1.as_str()), ("title", "field.blank"));
    let long = refusal(&app, "/app/content/save", page("Regulamin", &"a".repeat(101))).await;
    assert_eq!((long.0.as_str(), long.1.as_str(), &long.2), ("slug", "field.too_long", &json!({"max": 100})));
    let spaced = refusal(&app, "/app/content/save", page("Regulamin", "o nas")).await;
    assert_eq!((spaced.0.as_str(), spaced.1.as_str()), ("slug", "field.bad_characters"));
    let empty = refusal(&app, "/app/content/save", page("Regulamin", "")).await;
    assert_eq!((empty.0.as_str(), empty.1.as_str()), ("slug", "field.blank"));
    let missing = refusal(&app, "/app/content/save", json!({"slug": "regulamin"})).await;
    assert_eq!((missing.0.as_str(), missing.1.as_str()), ("title", "field.blank"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_discount_without_its_kind_is_refused_with_the_fields_code(pool: PgPool) {
    let app = spawn_app(pool).await;

    let missing = refusal(&app, "/course/discount/save", json!({"name": "Promocja", "value": 10})).await;
    assert_eq!((missing.0.as_str(), missing.1.as_str()), ("kind", "field.blank"));
    let unknown =
        refusal(&app, "/course/discount/save", json!({"name": "Promocja", "kind": "free", "value": 10})).await;
    assert_eq!((unknown.0.as_str(), unknown.1.as_str()), ("kind", "field.invalid_choice"));
    let over =
        refusal(&app, "/course/discount/save", json!({"name": "Promocja", "kind": "percent", "value": 101})).await;
    assert_eq!(
        (over.0.as_str(), over.1.as_str(), &over.2),
        ("value", "field.out_of_range", &json!({"min": 1, "max": 100}))
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_banners_empty_or_free_form_time_is_refused_with_the_fields_code(pool: PgPool) {
    let app = spawn_app(pool).await;

    let empty = refusal(&app, "/app/banner/save", json!({"title": "Promocja", "valid_from": ""})).await;
    assert_eq!((empty.0.as_str(), empty.1.as_str()), ("valid_from", "field.blank"));
    let free = refusal(&app, "/app/banner/save", json!({"title": "Promocja", "valid_to": "2026-7-1 8:00"})).await;
    assert_eq!((free.0.as_str(), free.1.as_str()), ("valid_to", "field.invalid"));
    let title = refusal(&app, "/app/banner/save", json!({"title": "x".repeat(201)})).await;
    assert_eq!((title.0.as_str(), title.1.as_str(), &title.2), ("title", "field.too_long", &json!({"max": 200})));
}
