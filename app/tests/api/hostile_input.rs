//! Hostile input on every operation of `/api/openapi.json`: very long strings and numbers
//! out of range in every query parameter and every body field, a deeply nested body, and
//! header values that are not text. None may answer 500 (a value the database refuses
//! must be refused before it, or mapped to a clear 4xx), and every refusal has the API's
//! error shape.

use serde_json::{json, Map, Value};
use sqlx::PgPool;

use crate::booking::{spawn, BookingApp};

/// Long enough for any column (the longest are 255 characters), short enough for a URL.
const LONG: usize = 2_000;

/// `#/components/schemas/X` → the schema, following `$ref`s and `allOf`/`oneOf` firsts.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/components/schemas/");
        return resolve(doc, &doc["components"]["schemas"][name]);
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema[combinator].as_array().and_then(|a| a.iter().find(|s| s["type"] != "null")) {
            return resolve(doc, first);
        }
    }
    schema
}

/// A value of `schema`'s shape with every string `LONG` characters and every number `big`.
fn hostile(doc: &Value, schema: &Value, big: &Value, depth: usize) -> Value {
    let schema = resolve(doc, schema);
    let kind = match &schema["type"] {
        Value::Array(types) => types.iter().find(|t| *t != "null").cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    match kind.as_str() {
        _ if depth > 6 => Value::Null,
        Some("string") => Value::String("ż".repeat(LONG)),
        Some("integer") | Some("number") => big.clone(),
        Some("boolean") => Value::Bool(true),
        Some("array") => json!([hostile(doc, &schema["items"], big, depth + 1)]),
        _ => {
            let mut object = Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                object.insert(name.clone(), hostile(doc, property, big, depth + 1));
            }
            Value::Object(object)
        }
    }
}

async fn send(app: &BookingApp, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut request = app.client.request(method, app.url(path)).bearer_auth(&app.admin_token);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.expect("request");
    (response.status().as_u16(), response.text().await.unwrap_or_default())
}

fn check(answers: &mut Vec<String>, what: &str, (status, text): (u16, String)) {
    let shaped = serde_json::from_str::<Value>(&text).is_ok_and(|b| b["status"] == status && b["message"].is_string());
    if status >= 500 || (status >= 400 && !shaped) {
        answers.push(format!("{what}: {status} {}", text.chars().take(200).collect::<String>()));
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn long_strings_and_huge_numbers_never_answer_500(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.client.get(app.url("/api/openapi.json")).send().await.expect("document");
    let doc: Value = response.json().await.expect("JSON");
    let mut broken = Vec::new();
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let method = method.to_uppercase();
            if path.ends_with("/logout") {
                continue; // would end the admin's session
            }
            for big in [json!(i64::MAX), json!(1e30), json!(-1)] {
                let params: Vec<String> = operation["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|p| p["in"] == "query")
                    .map(|p| {
                        let name = p["name"].as_str().expect("a name");
                        let number = matches!(resolve(&doc, &p["schema"])["type"].as_str(), Some("integer" | "number"));
                        let value = if number { big.to_string() } else { "x".repeat(LONG) };
                        format!("{name}={value}")
                    })
                    .collect();
                let target = if params.is_empty() { path.clone() } else { format!("{path}?{}", params.join("&")) };
                let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
                let body = (!schema.is_null()).then(|| hostile(&doc, schema, &big, 0));
                let answer = send(&app, &method, &target, body.as_ref()).await;
                *statuses.entry(answer.0).or_default() += 1;
                check(&mut broken, &format!("{method} {path} (numbers {big})"), answer);
            }
        }
    }
    eprintln!("answers by status: {statuses:?}");
    assert!(broken.is_empty(), "answers that are not a clear 4xx:\n{}", broken.join("\n"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_deeply_nested_body_and_headers_that_are_not_text_are_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let mut broken = Vec::new();
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    for path in ["/api/order/order/place", "/api/route/waypoint/save", "/api/user/auth/login"] {
        let response = app
            .client
            .post(app.url(path))
            .bearer_auth(&app.admin_token)
            .header("content-type", "application/json")
            .body(nested.clone())
            .send()
            .await
            .expect("request");
        let answer = (response.status().as_u16(), response.text().await.unwrap_or_default());
        assert!(answer.0 >= 400, "{path} took a nested body: {}", answer.0);
        check(&mut broken, &format!("nested body to {path}"), answer);
    }
    let not_text = reqwest::header::HeaderValue::from_bytes(b"Bearer \xff\xfe").expect("obs-text is a valid header");
    let key = reqwest::header::HeaderValue::from_bytes(b"k\xe9y").expect("obs-text is a valid header");
    for (name, value, method, path) in [
        ("authorization", not_text.clone(), reqwest::Method::GET, "/api/user/auth/get"),
        ("authorization", not_text, reqwest::Method::POST, "/api/route/waypoint/save"),
        ("idempotency-key", key, reqwest::Method::POST, "/api/order/order/place"),
    ] {
        let response = app
            .client
            .request(method, app.url(path))
            .header(name, value)
            .json(&json!({}))
            .send()
            .await
            .expect("request");
        let answer = (response.status().as_u16(), response.text().await.unwrap_or_default());
        assert!(answer.0 >= 400, "{name} not text on {path}: {}", answer.0);
        check(&mut broken, &format!("{name} not text on {path}"), answer);
    }
    assert!(broken.is_empty(), "answers that are not a clear 4xx:\n{}", broken.join("\n"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_method_a_path_does_not_take_is_a_405_that_names_the_ones_it_does(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.client.patch(app.url("/api/route/waypoint/all")).send().await.expect("request");
    assert_eq!(response.status(), 405);
    let allow = response.headers().get("allow").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert!(allow.contains("GET"), "Allow: {allow}");
    let body: Value = response.json().await.expect("the error shape");
    assert_eq!((body["status"].clone(), body["name"].clone()), (json!(405), json!("Method Not Allowed")));
}
