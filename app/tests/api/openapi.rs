//! `GET /api/openapi.json`: the whole API's document, merged from the query API's and
//! the command API's parts and served by the application.

use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::spawn_app;

// Moved from query-api's booking tests when the document's serving moved here.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_openapi_document_has_the_booking_reads(pool: PgPool) {
    let app = spawn_app(pool).await;

    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();

    for path in ["/api/order/order/success-data", "/api/user/user/my-tickets", "/api/course/stamp/user-stamps"] {
        assert!(doc["paths"][path].is_object(), "{path}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_openapi_document_covers_both_apis(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response = app.get("/api/openapi.json").await;

    assert_eq!(response.status(), 200);
    let doc: Value = response.json().await.unwrap();
    assert_eq!(doc["info"]["title"], "Nisko Bus booking API");
    for (path, method) in [
        ("/api/user/auth/login", "post"),
        ("/api/course/course/all", "get"),
        ("/api/course/course/save", "post"),
        ("/api/course/course/save", "put"),
        ("/api/course/course/generate", "post"),
        ("/api/order/order/place", "post"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    for schema in ["Course", "CourseInput", "Generated", "Placed"] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
}
