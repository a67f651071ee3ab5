//! What a customer sees: the success page of an order (`success-data`) and their own
//! tickets (`my-tickets`).

use domain::order::OrderEvent;
use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::*;
use crate::helpers::{assert_error, create_user, spawn_app};

// --- success-data ------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_shows_a_pending_order_with_where_to_pay(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut booking = Booking::new(None, "guest@example.test");
    booking.coupon = Some(("LATO".into(), 1000));
    booking.write(&app, false).await;
    project(&app).await;

    let order = data(app.get(&format!("/order/order/success-data?hash_id={}", booking.hash_id), None).await).await;

    assert_eq!(order["id"], booking.order.to_string());
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(order["payment_url"], format!("http://127.0.0.1:8080/payment/sandbox/tok-{}", booking.order.simple()));
    assert_eq!(
        (
            order["total"].clone(),
            order["total_formatted"].clone(),
            order["to_pay"].clone(),
            order["to_pay_formatted"].clone()
        ),
        (json!(5811), json!("58,11\u{a0}zł"), json!(4811), json!("48,11\u{a0}zł"))
    );
    assert_eq!(order["coupon"], json!({"code": "LATO", "amount": 1000, "amount_formatted": "10,00\u{a0}zł"}));
    assert_eq!(order["customer"]["email"], "guest@example.test");
    assert_eq!(order["invoice"], Value::Null);
    assert_eq!(order["back"], Value::Null);
    assert_eq!(order["outbound"]["departure_at"], "2026-07-11T08:00:00+02:00", "Warsaw time");
    assert_eq!(order["outbound"]["arrival_at"], "2026-07-11T11:10:00+02:00");
    assert_eq!(
        (order["outbound"]["from_name"].clone(), order["outbound"]["kind"].clone()),
        (json!("Nisko, Dworzec"), json!("outbound"))
    );
    assert_eq!(order["lines"][1]["discount"]["reduction"], json!({"kind": "percent", "value": 51}));
    assert_eq!(order["lines"][1]["total_formatted"], "19,11\u{a0}zł");
    assert_eq!(order["expires_at"], "2026-07-10T06:15:00Z");
    assert_eq!(order["tickets"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_of_a_paid_order_has_its_tickets_with_qr_codes(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "user@example.test");
    let tickets = booking.write(&app, true).await;
    project(&app).await;

    let order = data(app.get(&format!("/order/order/success-data?hash_id={}", booking.hash_id), None).await).await;

    assert_eq!(order["status"], "paid");
    assert_eq!(order["payment_url"], Value::Null, "nothing more to pay");
    assert_eq!(order["paid_at"], "2026-07-10T06:03:00Z");
    let got = order["tickets"].as_array().unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0]["number"], tickets[0].number);
    assert_eq!(got[0]["code"], tickets[0].code);
    assert_eq!(
        (got[0]["leg"].clone(), got[0]["status"].clone(), got[0]["course_changed"].clone()),
        (json!("outbound"), json!("valid"), json!(false))
    );
    assert_eq!((got[1]["price"].clone(), got[1]["price_formatted"].clone()), (json!(1911), json!("19,11\u{a0}zł")));
    let svg = got[0]["qr_svg"].as_str().unwrap();
    assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
    assert_ne!(got[0]["qr_svg"], got[1]["qr_svg"], "each ticket has its own code");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_needs_a_known_hash_id(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_eq!(invalid_fields(app.get("/order/order/success-data", None).await).await, vec!["hash_id"]);
    assert_eq!(invalid_fields(app.get("/order/order/success-data?hash_id=", None).await).await, vec!["hash_id"]);
    assert_error(app.get("/order/order/success-data?hash_id=nope", None).await, 404).await;
}

// --- my-tickets ---------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn my_tickets_are_the_users_own_and_nobody_elses(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (other, other_token) = create_user(&app.pool, "other@example.test", "Ola", api_core::auth::Role::User).await;
    let mine = Booking::new(Some(app.user_id), "user@example.test");
    let my_tickets = mine.write(&app, true).await;
    let theirs = Booking::new(Some(other), "other@example.test");
    let their_tickets = theirs.write(&app, true).await;
    Booking::new(None, "user@example.test").write(&app, true).await; // a guest order, same e-mail
    project(&app).await;

    let list = data(app.post("/user/user/my-tickets?sort=number", &json!({}), Some(&app.user_token)).await).await;

    assert_eq!(numbers(&list), my_tickets.iter().map(|t| t.number.clone()).collect::<Vec<_>>());
    assert_eq!(list["pagination"], json!({"page": 1, "perPage": 20, "totalCount": 2, "pageCount": 1}));
    let first = &list["models"][0];
    assert_eq!(
        (
            first["order_id"].clone(),
            first["hash_id"].clone(),
            first["order_status"].clone(),
            first["price_formatted"].clone()
        ),
        (json!(mine.order.to_string()), json!(mine.hash_id), json!("paid"), json!("39,00\u{a0}zł"))
    );
    assert_eq!(first["departure_at"], "2026-07-11T08:00:00+02:00");
    assert_eq!(first["route_name"], "Nisko – Kraków");

    let theirs_seen = data(app.post("/user/user/my-tickets", &json!({}), Some(&other_token)).await).await;
    assert_eq!(numbers(&theirs_seen).len(), their_tickets.len());
    // A filter cannot reach past the owner: another user's ticket number finds nothing.
    let path = format!("/user/user/my-tickets?filter[number][eq]={}", their_tickets[0].number);
    let none = data(app.post(&path, &json!({}), Some(&app.user_token)).await).await;
    assert_eq!(none["pagination"]["totalCount"], 0);
    let path = format!("/user/user/my-tickets?filter[order_id][eq]={}", theirs.order);
    assert_eq!(data(app.post(&path, &json!({}), Some(&app.user_token)).await).await["models"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn my_tickets_follow_the_list_conventions(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "user@example.test");
    let tickets = booking.write(&app, true).await;
    let returned = OrderEvent::TicketReturned {
        order_id: booking.order,
        ticket_id: tickets[1].ticket_id,
        number: tickets[1].number.clone(),
        returned_at: at(30),
        by_user_id: Some(app.user_id),
        price: 1911,
        fee: 191,
        coupon_refund: 0,
        money_refund: 1720,
    };
    order_events(&app, booking.order, 2, &[returned], Some(app.user_id)).await;
    project(&app).await;
    let token = Some(app.user_token.as_str());

    let page2 = data(app.post("/user/user/my-tickets?per-page=1&page=2&sort=-number", &json!({}), token).await).await;
    assert_eq!(numbers(&page2), vec![tickets[0].number.clone()]);
    assert_eq!(page2["pagination"], json!({"page": 2, "perPage": 1, "totalCount": 2, "pageCount": 2}));

    let back = data(app.post("/user/user/my-tickets?filter[status][eq]=returned", &json!({}), token).await).await;
    assert_eq!(numbers(&back), vec![tickets[1].number.clone()]);
    let later = "/user/user/my-tickets?filter[departure_at][gte]=2026-07-11 08:00:00&filter[price][gt]=2000";
    assert_eq!(numbers(&data(app.post(later, &json!({}), token).await).await), vec![tickets[0].number.clone()]);

    assert_eq!(
        invalid_fields(app.post("/user/user/my-tickets?sort=code", &json!({}), token).await).await,
        vec!["sort"]
    );
    assert_eq!(
        invalid_fields(app.post("/user/user/my-tickets?filter[user_id][eq]=x", &json!({}), token).await).await,
        vec!["filter[user_id][eq]"]
    );
    assert_error(app.post("/user/user/my-tickets?page=0", &json!({}), token).await, 400).await;
    assert_error(app.post("/user/user/my-tickets", &json!({}), None).await, 401).await;
    assert_error(app.post("/user/user/my-tickets", &json!({}), Some("not-a-token")).await, 401).await;
}
