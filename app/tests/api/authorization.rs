//! The authorization matrix: every operation of `/api/openapi.json`, called as a guest,
//! as a user and as a SuperAdmin, answers as `authorization.txt` says; an operation the
//! table does not name fails the test, so no endpoint ships unchecked. Then another user
//! tries every way into an order and a ticket that are not theirs.

use std::collections::BTreeMap;

use domain::order::Order;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::booking::{body, booking, course, eventually, line, spawn, tomorrow, user, BookingApp};

const TABLE: &str = include_str!("authorization.txt");

/// `(method, path)` → who may call it.
fn table() -> BTreeMap<(String, String), String> {
    TABLE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(parts.len(), 3, "a table line is METHOD PATH WHO: {l}");
            ((parts[0].to_string(), parts[1].to_string()), parts[2].to_string())
        })
        .collect()
}

async fn call(app: &BookingApp, method: &str, path: &str, token: Option<&str>) -> u16 {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut request = app.client.request(method.clone(), app.url(path));
    if method != reqwest::Method::GET {
        request = request.json(&json!({}));
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request").status().as_u16()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_operation_answers_each_caller_as_the_table_says(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, doc) = body(app.client.get(app.url("/api/openapi.json")).send().await.expect("document")).await;
    let table = table();
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            operations.push((method.to_uppercase(), path.clone()));
        }
    }
    let missing: Vec<_> = operations.iter().filter(|op| !table.contains_key(*op)).collect();
    assert!(missing.is_empty(), "operations missing from authorization.txt: {missing:?}");
    let stale: Vec<_> = table.keys().filter(|op| !operations.contains(op)).collect();
    assert!(stale.is_empty(), "authorization.txt names operations the API does not have: {stale:?}");

    let mut wrong = Vec::new();
    let driver = user(&app.pool, "driver@example.test", "Driver").await.1;
    for ((method, path), who) in &table {
        // Logging out ends the session it is called with: use sessions of its own.
        let (user_token, admin_token, driver_token) = if path.ends_with("/logout") {
            (
                user(&app.pool, "leaving@example.test", "User").await.1,
                user(&app.pool, "boss@example.test", "SuperAdmin").await.1,
                user(&app.pool, "going@example.test", "Driver").await.1,
            )
        } else {
            (app.user_token.clone(), app.admin_token.clone(), driver.clone())
        };
        let guest = call(&app, method, path, None).await;
        let as_user = call(&app, method, path, Some(&user_token)).await;
        let as_admin = call(&app, method, path, Some(&admin_token)).await;
        let as_driver = call(&app, method, path, Some(&driver_token)).await;
        let allowed = |s: u16| s != 401 && s != 403;
        let ok = match who.as_str() {
            "public" | "ticket-holder" | "order-link" => allowed(guest) && allowed(as_user) && allowed(as_admin),
            "user" | "user-or-link" => guest == 401 && allowed(as_user) && allowed(as_admin),
            "customer" => guest == 401 && allowed(as_user) && as_admin == 403 && as_driver == 403,
            "admin" => guest == 401 && as_user == 403 && as_driver == 403 && allowed(as_admin),
            "driver" => guest == 401 && as_user == 403 && allowed(as_driver) && allowed(as_admin),
            other => panic!("unknown class {other} for {method} {path}"),
        };
        if !ok {
            wrong.push(format!(
                "{method} {path} ({who}): guest {guest}, user {as_user}, driver {as_driver}, admin {as_admin}"
            ));
        }
    }
    assert!(wrong.is_empty(), "answers that break the table:\n{}", wrong.join("\n"));
}

/// The document says who may call what: a bearer token is required (`[{"bearer": []}]`)
/// of the `user` and `admin` operations, optional (`[{}, {"bearer": []}]`) of those a guest
/// may call with a link or a ticket's code, and not asked for by the public ones.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_document_declares_who_may_call_each_operation(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, doc) = body(app.client.get(app.url("/api/openapi.json")).send().await.expect("document")).await;
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer", "{}", doc["components"]);
    let table = table();
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let key = (method.to_uppercase(), path.clone());
            let Some(who) = table.get(&key) else { continue }; // the matrix test names those
            let expected = match who.as_str() {
                "public" => json!([]),
                "user" | "customer" | "admin" | "driver" => json!([{ "bearer": [] }]),
                "user-or-link" | "ticket-holder" | "order-link" => json!([{}, { "bearer": [] }]),
                other => panic!("unknown class {other} for {method} {path}"),
            };
            let declared = operation.get("security").cloned().unwrap_or_else(|| json!([]));
            if declared != expected {
                wrong.push(format!("{} {path} ({who}): declares {declared}, should {expected}", key.0));
            }
        }
    }
    assert!(wrong.is_empty(), "operations whose security breaks the table:\n{}", wrong.join("\n"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn another_user_reaches_nothing_of_an_order_that_is_not_theirs(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let second = course(&app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;
    let order = booking(first, &line, 0, 2, json!([{ "qty": 1 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let number = state.tickets[0].ticket.number.clone();
    let options = format!("/api/order/ticket/change-options?number={number}");
    let get = |path: String, token: String| {
        let app = &app;
        async move {
            let response = app.client.get(app.url(&path)).bearer_auth(token).send().await.expect("request");
            body(response).await
        }
    };
    eventually("the ticket in the read model", || async {
        get(options.clone(), app.user_token.clone()).await.0 == 200
    })
    .await;

    let (_, stranger) = user(&app.pool, "other@example.test", "User").await;
    // The ticket's own screens and commands, by its number without the code.
    // A read answers as if the ticket did not exist (404) or refuses (403); never its data.
    let (status, answer) = get(options.clone(), stranger.clone()).await;
    assert!(matches!(status, 403 | 404) && answer.get("data").is_none(), "change options: {status} {answer}");
    for (path, input) in [
        ("/api/order/order/return-ticket", json!({ "number": number })),
        ("/api/order/order/change-course", json!({ "number": number, "course_id": second })),
    ] {
        let (status, answer) = body(app.post(path, &input, Some(&stranger), None).await).await;
        assert_eq!(status, 403, "{path}: {answer}");
    }
    // The admin's reads of the order, and the lists a user has of their own.
    for path in [format!("/api/order/order/one?id={order_id}"), format!("/api/order/order/history?id={order_id}")] {
        assert_eq!(get(path.clone(), stranger.clone()).await.0, 403, "{path}");
    }
    let (status, theirs) = body(app.post("/api/user/user/my-tickets", &json!({}), Some(&stranger), None).await).await;
    assert_eq!(status, 200);
    assert!(!theirs.to_string().contains(&number), "another user's list shows the ticket: {theirs}");
    let (status, mine) =
        body(app.post("/api/user/user/my-tickets", &json!({}), Some(&app.user_token), None).await).await;
    assert_eq!(status, 200);
    assert!(mine.to_string().contains(&number), "the owner's list shows it: {mine}");

    // Nothing changed: the ticket is still the owner's, valid, on its course.
    let Order::Placed(after) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(after.tickets, state.tickets);
}
