//! Helpers the content tests share.

use serde_json::Value;

use crate::helpers::{assert_error, TestApp};

/// The body of a `200` answer.
pub async fn ok(response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("a JSON body");
    assert_eq!(status, 200, "{body}");
    body
}

/// Assert a `422` naming exactly `fields` (in any order).
pub async fn assert_fields(response: reqwest::Response, fields: &[&str]) -> Value {
    let body = assert_error(response, 422).await;
    let mut got: Vec<&str> =
        body["errors"].as_array().expect("errors").iter().filter_map(|e| e["field"].as_str()).collect();
    got.sort_unstable();
    let mut want = fields.to_vec();
    want.sort_unstable();
    assert_eq!(got, want, "{body}");
    body
}

/// A write that needs an admin: `401` without a token, `403` with a user's.
pub enum Write<'a> {
    Post(&'a str),
    Put(&'a str),
    Delete(&'a str),
    Get(&'a str),
}

pub async fn assert_admin_only(app: &TestApp, writes: &[Write<'_>]) {
    let body = serde_json::json!({});
    for write in writes {
        for (token, status) in [(None, 401), (Some(app.user_token.as_str()), 403)] {
            let response = match write {
                Write::Post(path) => app.post(path, &body, token).await,
                Write::Put(path) => app.put(path, &body, token).await,
                Write::Delete(path) => app.delete(path, token).await,
                Write::Get(path) => app.get(path, token).await,
            };
            assert_error(response, status).await;
        }
    }
}

/// `text` has none of the markers of script injection.
pub fn assert_harmless(text: &str) {
    let lower = text.to_lowercase();
    for marker in ["<script", "onerror=", "javascript:"] {
        assert!(!lower.contains(marker), "{marker} came back out: {text}");
    }
}

/// Now in Warsaw local time as the web sends it: `YYYY-MM-DD HH:MM:SS`.
pub async fn warsaw_now(app: &TestApp) -> String {
    sqlx::query_scalar("select to_char(now() at time zone 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI:SS')")
        .fetch_one(&app.pool)
        .await
        .expect("now")
}
