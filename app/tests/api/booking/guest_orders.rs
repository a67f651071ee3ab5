//! Issue 30: a guest who registers later with the same e-mail address attaches the
//! orders paid as a guest, through HTTP, with the real registration and activation: an
//! unconfirmed account is offered nothing and attaches nothing; once confirmed, the paid
//! guest orders of its address (in any letter case) are offered and attached at once, a
//! second attach is nothing new, and another account's order, an unpaid one and another
//! address's stay as they are. Another user attaches none of them, and a rebuild of the
//! read model from the events keeps them attached.

use std::time::Duration;

use domain::order::Order;
use serde_json::{json, Value};
use uuid::Uuid;

use super::mailbox::mails_to;
use super::*;

const EWA: &str = "ewa.nowak@example.test";

/// Place an order of one ticket for `email`, as a guest or with `token`; paid or not.
async fn order(app: &BookingApp, course: Uuid, line: &Line, email: &str, token: Option<&str>, pay: bool) -> Uuid {
    let mut form = booking(course, line, 0, 2, json!([{ "qty": 1 }]));
    form["customer"]["email"] = json!(email);
    let (status, placed) = body(app.post("/api/order/order/place", &form, token, None).await).await;
    assert_eq!(status, 201, "{placed}");
    if pay {
        let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
        assert_eq!(paid.status(), 303);
    }
    placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

async fn get(app: &BookingApp, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    body(request.send().await.expect("request")).await
}

async fn offered(app: &BookingApp, token: &str) -> i64 {
    let (status, answer) = get(app, "/api/user/user/guest-orders", Some(token)).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"]["count"].as_i64().expect("a count")
}

async fn attach(app: &BookingApp, token: Option<&str>) -> (u16, Value) {
    body(app.post("/api/user/user/attach-guest-orders", &json!({}), token, None).await).await
}

/// The order ids of the user's tickets.
async fn ticket_orders(app: &BookingApp, token: &str) -> Vec<Uuid> {
    let (status, list) = body(app.post("/api/user/user/my-tickets", &json!({}), Some(token), None).await).await;
    assert_eq!(status, 200, "{list}");
    let mut ids: Vec<Uuid> = list["data"]["models"]
        .as_array()
        .expect("models")
        .iter()
        .map(|t| t["order_id"].as_str().expect("order id").parse().expect("uuid"))
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

async fn owner(app: &BookingApp, order_id: Uuid) -> Option<Uuid> {
    match app.order(order_id).await {
        Order::Placed(order) => order.user_id,
        other => panic!("placed: {other:?}"),
    }
}

/// Register `email` and answer its activation token (from the e-mail).
async fn register(app: &BookingApp, email: &str) -> (Uuid, String) {
    let form = json!({ "email": email, "password": "a long password", "first_name": "Ewa", "last_name": "Nowak" });
    let (status, registered) = body(app.post("/api/user/auth/register", &form, None, None).await).await;
    assert_eq!(status, 200, "{registered}");
    let id = registered["data"]["user"]["id"].as_str().expect("id").parse().expect("uuid");
    // The activation e-mail (an unpaid order's link to pay may arrive after it).
    let mail = mails_to(&app.data_dir, email)
        .into_iter()
        .rev()
        .find(|m| m.text.contains("token="))
        .expect("the activation e-mail");
    let token = mail.text.split("token=").nth(1).expect("a link").split_whitespace().next().expect("a token");
    (id, token.to_owned())
}

/// A session for the account, written as a login would: what an unconfirmed account
/// could hold if anything ever issued it one.
async fn session_of(app: &BookingApp, user: Uuid) -> String {
    let token = api_core::auth::new_token();
    sqlx::query(
        "insert into auth_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, 'session', now() + interval '1 day')",
    )
    .bind(api_core::auth::hash_token(&token))
    .bind(user)
    .execute(&app.pool)
    .await
    .expect("token");
    token
}

async fn login(app: &BookingApp, email: &str) -> (u16, Value) {
    let login = json!({ "email": email, "password": "a long password" });
    body(app.post("/api/user/auth/login", &login, None, None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_confirmed_account_attaches_the_orders_paid_as_a_guest_under_its_address(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 20).await;
    let (other_id, other) = user(&app.pool, "other@example.test", "User").await;

    // Bought as a guest twice (the address typed in another case once), and what is not
    // Ewa's to attach: an unpaid reservation, another address's order, and an order
    // placed by another account with her address.
    let first = order(&app, course, &line, EWA, None, true).await;
    let second = order(&app, course, &line, "Ewa.Nowak@Example.TEST", None, true).await;
    let unpaid = order(&app, course, &line, EWA, None, false).await;
    let strangers = order(&app, course, &line, "adam@example.test", None, true).await;
    let others = order(&app, course, &line, EWA, Some(&other), true).await;
    assert_eq!(owner(&app, others).await, Some(other_id));

    // Registered, not confirmed: no login, and even a session finds no account.
    let (ewa_id, activation) = register(&app, EWA).await;
    let (status, refused) = login(&app, EWA).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("account.not_activated")), "{refused}");
    let unconfirmed = session_of(&app, ewa_id).await;
    assert_eq!(get(&app, "/api/user/user/guest-orders", Some(&unconfirmed)).await.0, 401);
    assert_eq!(attach(&app, Some(&unconfirmed)).await.0, 401);
    assert_eq!(attach(&app, None).await.0, 401);
    assert_eq!(owner(&app, first).await, None, "nothing attached before the address is confirmed");

    // Confirmed through the e-mailed link: two orders are offered.
    let (status, confirmed) =
        body(app.post("/api/user/auth/confirm", &json!({ "token": activation }), None, None).await).await;
    assert_eq!(status, 200, "{confirmed}");
    let (status, logged_in) = login(&app, EWA).await;
    assert_eq!(status, 200, "{logged_in}");
    let ewa = logged_in["data"]["token"].as_str().expect("a token").to_owned();
    eventually("the paid orders in the read model", || async { offered(&app, &ewa).await == 2 }).await;
    assert!(ticket_orders(&app, &ewa).await.is_empty());

    // Another user is offered nothing and attaches nothing.
    assert_eq!(offered(&app, &other).await, 0);
    let (status, theirs) = attach(&app, Some(&other)).await;
    assert_eq!((status, &theirs["data"]["attached"]), (200, &json!(0)), "{theirs}");
    assert_eq!(owner(&app, first).await, None);

    // Attached, all at once; the list shows their tickets at once.
    let (status, attached) = attach(&app, Some(&ewa)).await;
    assert_eq!(status, 200, "{attached}");
    assert_eq!((&attached["data"]["attached"], &attached["data"]["remaining"]), (&json!(2), &json!(0)), "{attached}");
    let mut both = vec![first, second];
    both.sort();
    assert_eq!(ticket_orders(&app, &ewa).await, both);
    assert_eq!(offered(&app, &ewa).await, 0);
    for order_id in [first, second] {
        assert_eq!(owner(&app, order_id).await, Some(ewa_id));
    }
    assert_eq!(owner(&app, unpaid).await, None);
    assert_eq!(owner(&app, strangers).await, None);
    assert_eq!(owner(&app, others).await, Some(other_id), "another account's order stays with it");

    told_in_the_history(&app, first).await;

    // Again: nothing new, no error, no event.
    let versions = app
        .store
        .read_stream(&order_stream(first), event_store::ReadFrom::Start, event_store::Direction::Forwards, 100)
        .await
        .expect("stream")
        .len();
    let (status, again) = attach(&app, Some(&ewa)).await;
    assert_eq!((status, &again["data"]["attached"]), (200, &json!(0)), "{again}");
    let after = app
        .store
        .read_stream(&order_stream(first), event_store::ReadFrom::Start, event_store::Direction::Forwards, 100)
        .await
        .expect("stream")
        .len();
    assert_eq!(after, versions);

    // The ticket's page: one ticket of the list, found by its id as the page asks.
    let (_, list) = body(app.post("/api/user/user/my-tickets", &json!({}), Some(&ewa), None).await).await;
    let ticket = list["data"]["models"][0]["id"].as_str().expect("a ticket").to_owned();
    let path = format!("/api/user/user/my-tickets?filter[id][eq]={ticket}");
    let (status, one) = body(app.post(&path, &json!({}), Some(&ewa), None).await).await;
    assert_eq!((status, one["data"]["models"].as_array().map(Vec::len)), (200, Some(1)), "{one}");
    let (_, none) = body(app.post(&path, &json!({}), Some(&other), None).await).await;
    assert_eq!(none["data"]["models"], json!([]), "another user does not see it");

    // The read model rebuilt from the events keeps them attached.
    let store: std::sync::Arc<dyn EventStore> =
        std::sync::Arc::new(privacy::SealingStore::over_postgres(app.pool.clone()));
    let runner = projections::Runner::new(store, app.pool.clone(), projections::RunnerConfig::default());
    tokio::time::timeout(Duration::from_secs(60), runner.rebuild(&projections::orders::OrdersProjection))
        .await
        .expect("the rebuild finishes")
        .expect("rebuild");
    eventually("the rebuilt list", || async { ticket_orders(&app, &ewa).await == both }).await;
    assert_eq!(offered(&app, &ewa).await, 0);
}

/// The admin's history of the order says the customer attached it, in both languages.
async fn told_in_the_history(app: &BookingApp, order_id: Uuid) {
    let (status, entries) = get(app, &format!("/api/order/order/timeline?id={order_id}"), Some(&app.admin_token)).await;
    assert_eq!(status, 200, "{entries}");
    let entries = entries["data"].as_array().expect("entries");
    let attached = entries.iter().find(|e| e["type"] == "OrderAssignedToUser").expect("the attach in the history");
    assert_eq!(
        attached["summary"],
        "Klient dołączył zamówienie złożone bez konta do swojego konta (po potwierdzeniu adresu e-mail)",
        "{attached}"
    );
    assert!(
        attached["summary_en"].as_str().is_some_and(|s| s.starts_with("The customer attached the order")),
        "{attached}"
    );
}

fn order_stream(order_id: Uuid) -> StreamName {
    StreamName::parse(domain::order::stream_name(order_id)).expect("stream")
}
