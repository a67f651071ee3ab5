//! The admin's lists and views of orders and tickets, and who may see them.

use domain::order::OrderEvent;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use super::support::*;
use crate::helpers::{assert_error, spawn_app};

// --- Admin --------------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_admin_lists_are_for_admins_only(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = Uuid::new_v4();
    for path in [
        "/order/order/all".to_string(),
        format!("/order/order/one?id={id}"),
        format!("/order/order/history?id={id}"),
        "/order/ticket/all".to_string(),
        "/order/coupon/all".to_string(),
        "/order/coupon/one?id=LATO".to_string(),
        "/course/stamp/all".to_string(),
    ] {
        assert_error(app.get(&path, None).await, 401).await;
        assert_error(app.get(&path, Some(&app.user_token)).await, 403).await;
    }
    assert_error(app.get("/course/stamp/user-stamps", None).await, 401).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_filter_and_sort_orders(pool: PgPool) {
    let app = spawn_app(pool).await;
    let paid = Booking::new(Some(app.user_id), "jan@example.test");
    paid.write(&app, true).await;
    let mut pending = Booking::new(None, "ewa@example.test");
    pending.placed_minutes = 60;
    pending.write(&app, false).await;
    let mut expired = Booking::new(None, "ola@example.test");
    expired.placed_minutes = 120;
    expired.write(&app, false).await;
    order_events(
        &app,
        expired.order,
        1,
        &[OrderEvent::OrderExpired { order_id: expired.order, expired_at: at(140) }],
        None,
    )
    .await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());
    let ids = |list: &Value| -> Vec<String> {
        list["models"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect()
    };

    let all = data(app.get("/order/order/all", admin).await).await;
    assert_eq!(
        ids(&all),
        vec![expired.order.to_string(), pending.order.to_string(), paid.order.to_string()],
        "newest first"
    );
    assert_eq!(all["pagination"]["totalCount"], 3);
    let first = &all["models"][2];
    assert_eq!(
        (first["status"].clone(), first["passengers"].clone(), first["total_formatted"].clone()),
        (json!("paid"), json!(2), json!("58,11\u{a0}zł"))
    );
    assert_eq!(first["user_id"], app.user_id.to_string());

    let by_status = data(app.get("/order/order/all?filter[status][in]=paid,expired&sort=placed_at", admin).await).await;
    assert_eq!(ids(&by_status), vec![paid.order.to_string(), expired.order.to_string()]);
    let by_email = data(app.get("/order/order/all?filter[email][like]=EWA@", admin).await).await;
    assert_eq!(ids(&by_email), vec![pending.order.to_string()]);
    let since = data(app.get("/order/order/all?filter[placed_at][gte]=2026-07-10T07:00:00Z", admin).await).await;
    assert_eq!(ids(&since), vec![expired.order.to_string(), pending.order.to_string()]);
    assert_eq!(
        invalid_fields(app.get("/order/order/all?filter[code][eq]=x", admin).await).await,
        vec!["filter[code][eq]"]
    );
    assert_eq!(
        invalid_fields(app.get("/order/order/all?filter[placed_at][gte]=yesterday", admin).await).await,
        vec!["filter[placed_at][gte]"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_see_one_order_and_its_history(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "jan@example.test");
    let tickets = booking.write(&app, true).await;
    let admin_id = Uuid::new_v4();
    let cancelled = OrderEvent::OrderCancelled {
        order_id: booking.order,
        cancelled_at: at(90),
        by_user_id: admin_id,
        reason: "the course does not run".into(),
        refund: 5811,
        coupon_refund: 0,
    };
    order_events(&app, booking.order, 2, &[cancelled], Some(admin_id)).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let one = data(app.get(&format!("/order/order/one?id={}", booking.order), admin).await).await;
    assert_eq!(one["status"], "cancelled");
    assert_eq!(
        (one["cancel_reason"].clone(), one["money_refunded"].clone()),
        (json!("the course does not run"), json!(5811))
    );
    assert_eq!(one["cancelled_by"], admin_id.to_string());
    assert_eq!((one["user_id"].clone(), one["version"].clone()), (json!(app.user_id.to_string()), json!(2)));
    assert_eq!(one["tickets"].as_array().unwrap().len(), tickets.len());
    assert_eq!(one["hash_id"], booking.hash_id);

    let history = data(app.get(&format!("/order/order/history?id={}", booking.order), admin).await).await;
    let types: Vec<&str> = history.as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, vec!["OrderPlaced", "OrderPaid", "OrderCancelled"]);
    assert_eq!(history[0]["version"], 0);
    assert_eq!(history[0]["user_id"], app.user_id.to_string());
    assert_eq!(history[1]["user_id"], Value::Null, "the payment came from the gateway");
    assert_eq!(history[2]["user_id"], admin_id.to_string());
    assert_eq!(history[2]["data"]["reason"], "the course does not run");
    assert_eq!(history[0]["data"]["type"], "OrderPlaced", "the event as the domain wrote it");
    assert_eq!(history[0]["occurred_at"], "2026-07-10T05:00:00Z");

    for path in ["/order/order/one", "/order/order/history"] {
        assert_eq!(invalid_fields(app.get(path, admin).await).await, vec!["id"]);
        assert_eq!(invalid_fields(app.get(&format!("{path}?id=12"), admin).await).await, vec!["id"]);
        assert_error(app.get(&format!("{path}?id={}", Uuid::new_v4()), admin).await, 404).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_every_ticket(pool: PgPool) {
    let app = spawn_app(pool).await;
    let first = Booking::new(Some(app.user_id), "jan@example.test");
    let first_tickets = first.write(&app, true).await;
    let second = Booking::new(None, "ewa@example.test");
    second.write(&app, true).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let all = data(app.get("/order/ticket/all?per-page=3", admin).await).await;
    assert_eq!(all["pagination"], json!({"page": 1, "perPage": 3, "totalCount": 4, "pageCount": 2}));
    let path = format!("/order/ticket/all?filter[number][eq]={}", first_tickets[1].number);
    let one = data(app.get(&path, admin).await).await;
    assert_eq!(numbers(&one), vec![first_tickets[1].number.clone()]);
    let t = &one["models"][0];
    assert_eq!(
        (t["email"].clone(), t["hash_id"].clone(), t["order_status"].clone(), t["price"].clone()),
        (json!("jan@example.test"), json!(first.hash_id), json!("paid"), json!(1911))
    );
    let guests = data(app.get("/order/ticket/all?filter[email][eq]=ewa@example.test", admin).await).await;
    assert_eq!(guests["pagination"]["totalCount"], 2);
}
