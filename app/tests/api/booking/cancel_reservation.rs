//! The customer cancels an unpaid reservation (issue 30): by the order's link, logged in
//! or not; its seats go back at once, its page says it is cancelled, and its payment link
//! stops working. A paid order is not cancelled this way.

use domain::order::{Order, OrderStatus};
use serde_json::json;

use super::*;

async fn cancel(app: &BookingApp, hash_id: &str, token: Option<&str>) -> (u16, Value) {
    let path = format!("/api/order/order/cancel-reservation?hash_id={hash_id}");
    body(app.post(&path, &json!({}), token, None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_guest_cancels_an_unpaid_reservation_and_its_seats_and_payment_link_go(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course_id = course(&app, &line, tomorrow(), 10).await;
    let (status, placed) = body(app.place(&booking(course_id, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash id").to_owned();
    let payment_url = placed["data"]["payment_url"].as_str().expect("a payment url").to_owned();
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.loads(course_id).await.1, vec![2, 2]);
    let page = format!("/api/order/order/success-data?hash_id={hash_id}");
    eventually("the order's page", || async {
        app.client.get(app.url(&page)).send().await.expect("page").status() == 200
    })
    .await;

    let (status, cancelled) = cancel(&app, &hash_id, None).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["data"]["status"], "cancelled");
    // At once: the seats, and the page read next.
    assert_eq!(app.loads(course_id).await.1, vec![0, 0]);
    let (_, shown) = body(app.client.get(app.url(&page)).send().await.expect("page")).await;
    assert_eq!(shown["data"]["status"], "cancelled", "{shown}");
    assert_eq!(shown["data"]["payment_url"], Value::Null, "{shown}");

    // The payment link stops working: paying again is refused, a payment made anyway issues nothing.
    let again = format!("/api/order/order/pay-again?hash_id={hash_id}");
    let (status, refused) = body(app.post(&again, &json!({}), None, None).await).await;
    assert_eq!(status, 409, "{refused}");
    let _ = app.pay(&payment_url).await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Cancelled);
    assert!(state.tickets.is_empty(), "no ticket for a cancelled reservation");

    // Once: a second click answers the same and appends nothing.
    let (status, _) = cancel(&app, &hash_id, None).await;
    assert_eq!(status, 200);
    let (status, unknown) = cancel(&app, "00ff", None).await;
    assert_eq!(status, 404, "{unknown}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_paid_order_is_not_cancelled_as_a_reservation(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course_id = course(&app, &line, tomorrow(), 10).await;
    let (status, placed) = body(app.place(&booking(course_id, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash id").to_owned();
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    eventually("the order paid", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.status == OrderStatus::Paid)
    })
    .await;
    let page = format!("/api/order/order/success-data?hash_id={hash_id}");
    eventually("the order's page", || async {
        let (_, shown) = body(app.client.get(app.url(&page)).send().await.expect("page")).await;
        shown["data"]["status"] == "paid"
    })
    .await;

    let (status, refused) = cancel(&app, &hash_id, Some(&app.user_token)).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "order.not_cancellable", "{refused}");
    assert_eq!(app.loads(course_id).await.1, vec![1, 1], "the paid seat stays");
}
