//! Issue 29's smaller points on the command side: an unpaid online order e-mails the way
//! back to its payment, in its language, once; an order with no valid tickets (unpaid,
//! expired) sends none, and says so with a stable code.

use serde_json::json;

use super::mailbox::mails_to;
use super::*;

const CUSTOMER: &str = "jan.kowalski@example.test";

/// An order placed and left unpaid, in `language` (`pl` or `en`): its id and its answer.
async fn unpaid(app: &BookingApp, language: &str) -> (Uuid, Value) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let placed = app
        .client
        .post(app.url("/api/order/order/place"))
        .header("Accept-Language", language)
        .json(&booking(course, &line, 0, 2, json!([{ "qty": 1 }])))
        .send()
        .await
        .expect("place");
    let (status, placed) = body(placed).await;
    assert_eq!(status, 201, "{placed}");
    (placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid"), placed)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unpaid_order_gets_the_link_to_pay_and_its_expiry_once(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, _) = unpaid(&app, "pl").await;
    let domain::order::Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    eventually("the link to pay", || async {
        mails_to(&app.data_dir, CUSTOMER).iter().any(|m| m.subject.starts_with("Dokończ płatność"))
    })
    .await;
    let mails: Vec<_> =
        mails_to(&app.data_dir, CUSTOMER).into_iter().filter(|m| m.subject.starts_with("Dokończ płatność")).collect();
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let text = &mails[0].text;
    assert!(text.contains(&format!("/order/after-payment?hash_id={}", state.hash_id)), "{text}");
    let until = api_core::time::warsaw(state.expires_at).format("%d.%m.%Y %H:%M").to_string();
    assert!(text.contains(&until), "the reservation's expiry {until}: {text}");
    assert!(!text.contains("/en/"), "{text}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_english_unpaid_order_gets_the_link_in_english(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, _) = unpaid(&app, "en-GB,en;q=0.9").await;
    let domain::order::Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    eventually("the link to pay", || async {
        mails_to(&app.data_dir, CUSTOMER).iter().any(|m| m.subject.starts_with("Complete your payment"))
    })
    .await;
    let mail = mails_to(&app.data_dir, CUSTOMER).into_iter().find(|m| m.subject.starts_with("Complete your payment"));
    let text = mail.expect("the mail").text;
    assert!(text.contains(&format!("/en/order/after-payment?hash_id={}", state.hash_id)), "{text}");
    assert!(text.starts_with("Hello "), "{text}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_without_valid_tickets_sends_none(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, _) = unpaid(&app, "pl").await;
    for path in ["send-ticket", "send-ticket-sms"] {
        let request = app.client.post(app.url(&format!("/api/order/order/{path}?id={order_id}")));
        let (status, refused) = body(request.bearer_auth(&app.admin_token).send().await.expect("send")).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("order.not_paid")), "{path}: {refused}");
    }
}
