//! Raw input that no handler should see: a NUL or invalid UTF-8 in the path, the query or
//! a JSON body, and bodies over the limit. Each is refused in the API's error shape, and
//! the database never sees it (these are the requests that used to answer 500).

use serde_json::{json, Value};
use sqlx::PgPool;

use crate::helpers::spawn_app;

async fn error(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["status"], status, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    (status, body)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_nul_in_a_query_or_a_json_body_is_a_400(pool: PgPool) {
    let app = spawn_app(pool).await;
    for path in [
        "/api/app/content/get-content?id=%00",
        "/api/order/coupon/one?id=A%00",
        "/api/order/order/success-data?hash_id=%00abc",
        "/api/app/content/get-content?id=%FF%FE",
        "/api/app/content/get%00content?id=1",
    ] {
        let (status, _) = error(app.get(path).await).await;
        assert_eq!(status, 400, "{path}");
    }
    let url = format!("{}/api/route/waypoint/save", app.address);
    let body = r#"{"name": "Nisko\u0000", "town": "Nisko"}"#;
    let response =
        app.client.post(&url).header("content-type", "application/json").body(body).send().await.expect("post");
    let (status, body) = error(response).await;
    assert_eq!((status, body["name"].clone()), (400, json!("Bad Request")));
    // Coded and named, so the admin panel says which field to clear, not "try again later".
    assert_eq!(body["code"], "request.nul_character", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("`name`")), "{body}");

    // An escaped backslash before "u0000" is text, and goes on to the handler (here: no token).
    let text = r#"{"name": "Nisko\\u0000", "town": "Nisko"}"#;
    let response =
        app.client.post(&url).header("content-type", "application/json").body(text).send().await.expect("post");
    assert_eq!(response.status(), 401);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_body_over_the_limit_is_a_413(pool: PgPool) {
    let app = spawn_app(pool).await;
    let url = format!("{}/api/search/search/index", app.address);
    let huge = format!(r#"{{"start": 1, "end": 2, "date": "2030-01-01", "pad": "{}"}}"#, "x".repeat(2 * 1024 * 1024));
    let response =
        app.client.post(&url).header("content-type", "application/json").body(huge).send().await.expect("post");
    let (status, _) = error(response).await;
    assert_eq!(status, 413);

    // A normal request still passes, body and all.
    let small = json!({ "start": 999_999, "end": 999_998, "date": "2030-01-01" });
    let response = app.client.post(&url).json(&small).send().await.expect("post");
    let (status, body) = error(response).await;
    assert_eq!(status, 422, "unknown stops are named: {body}");
}
