//! Paying again after a failed payment, paying twice, and the courses a ticket can move to.

use domain::order::{Order, OrderStatus};
use serde_json::json;
use uuid::Uuid;

use super::*;

impl BookingApp {
    async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        body(request.send().await.expect("get")).await
    }

    /// Fail an order's payment at the sandbox, as the customer's "Odrzuć" does.
    async fn fail(&self, payment_url: &str) -> reqwest::Response {
        let token = payment_url.rsplit('/').next().expect("a token");
        self.client.post(self.url(&format!("/api/payment/sandbox/{token}/fail"))).send().await.expect("fail")
    }

    async fn place_one(&self, course: Uuid, line: &Line) -> Value {
        let order = booking(course, line, 0, 2, json!([{ "qty": 1, "discount_id": null }]));
        let (status, placed) =
            body(self.post("/api/order/order/place", &order, Some(&self.user_token), None).await).await;
        assert_eq!(status, 201, "{placed}");
        placed["data"].clone()
    }
}

async fn success_data(app: &BookingApp, hash_id: &str) -> Value {
    let path = format!("/api/order/order/success-data?hash_id={hash_id}");
    eventually("the order in the read model", || async { app.get(&path, None).await.0 == 200 }).await;
    app.get(&path, None).await.1["data"].clone()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failed_payment_is_paid_again_through_a_new_transaction(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let placed = app.place_one(course, &line).await;
    let hash_id = placed["hash_id"].as_str().expect("hash");
    let order_id: Uuid = placed["order_id"].as_str().expect("id").parse().expect("uuid");
    let first_url = placed["payment_url"].as_str().expect("url").to_owned();
    assert!(placed["number"].as_str().is_some_and(|n| n.starts_with("NB-")), "{placed}");
    // The after-payment page shows the order (from the read model) before it offers to pay again.
    success_data(&app, hash_id).await;

    // The customer rejects the payment at the gateway and is sent back.
    let failed = app.fail(&first_url).await;
    assert_eq!(failed.status(), 303);
    assert!(failed.headers()["location"].to_str().expect("location").contains("failed=1"));

    let again = format!("/api/order/order/pay-again?hash_id={hash_id}");
    let (status, answer) = body(app.post(&again, &json!({}), None, None).await).await;
    assert_eq!(status, 200, "{answer}");
    let second_url = answer["data"]["payment_url"].as_str().expect("a new payment url").to_owned();
    assert_ne!(second_url, first_url, "a new transaction, not the rejected one");
    assert_eq!(answer["data"]["expires_at"], placed["expires_at"], "the reservation is not extended");
    let page = app.client.get(&first_url).send().await.expect("old page").text().await.expect("text");
    assert!(page.contains("odrzucona"), "the first transaction stays failed");
    assert_eq!(app.loads(course).await.1, vec![1, 1], "still the one seat held");

    // The page now offers the new transaction, and paying it pays the order.
    let shown = success_data(&app, hash_id).await;
    assert_eq!(shown["status"], "pending_payment");
    eventually("the new transaction in the read model", || async {
        let (_, answer) = app.get(&format!("/api/order/order/success-data?hash_id={hash_id}"), None).await;
        answer["data"]["payment_url"] == json!(second_url)
    })
    .await;
    assert_eq!(app.pay(&second_url).await.status(), 303);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Paid);
    let paid = state.paid.as_ref().expect("paid");
    assert_eq!(paid.session_id, format!("{order_id}-2"));
    assert!(state.number.starts_with("NB-"), "{}", state.number);
    let shown = success_data(&app, hash_id).await;
    assert_eq!(shown["number"], json!(state.number), "customers see the readable number");

    // Once paid there is nothing to pay again.
    let (status, answer) = body(app.post(&again, &json!({}), None, None).await).await;
    assert_eq!((status, answer["message"].clone()), (409, json!("The order is not waiting for payment.")));
    let (status, _) = body(app.post("/api/order/order/pay-again?hash_id=abc123", &json!({}), None, None).await).await;
    assert_eq!(status, 404);
    let (status, _) = body(app.post("/api/order/order/pay-again", &json!({}), None, None).await).await;
    assert_eq!(status, 400);
    let (status, _) = body(app.post("/api/order/order/pay-again?hash_id=%27ab", &json!({}), None, None).await).await;
    assert_eq!(status, 404, "a hash with other characters is looked up nowhere");
    let (status, _) = body(app.post("/api/order/order/pay-again?hash_id=%00ab", &json!({}), None, None).await).await;
    assert_eq!(status, 400, "a NUL never gets past the API's gate");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn paying_again_with_the_same_idempotency_key_registers_one_transaction(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let placed = app.place_one(course, &line).await;
    let hash_id = placed["hash_id"].as_str().expect("hash");
    let order_id: Uuid = placed["order_id"].as_str().expect("id").parse().expect("uuid");
    success_data(&app, hash_id).await;

    let again = format!("/api/order/order/pay-again?hash_id={hash_id}");
    let (s1, first) = body(app.post(&again, &json!({}), None, Some("again-key")).await).await;
    let (s2, second) = body(app.post(&again, &json!({}), None, Some("again-key")).await).await;
    assert_eq!((s1, s2), (200, 200), "{first} {second}");
    assert_eq!(first, second, "the first answer, repeated");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.payment_sessions.len(), 2, "one new transaction: {:?}", state.payment_sessions);
    // The key is for that order's call: another order's is another request.
    let (status, _) =
        body(app.post("/api/order/order/pay-again?hash_id=abc123", &json!({}), None, Some("again-key")).await).await;
    assert_eq!(status, 422, "a key reused for a different request");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn paying_both_transactions_keeps_one_and_pays_the_other_back(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let placed = app.place_one(course, &line).await;
    let hash_id = placed["hash_id"].as_str().expect("hash");
    let order_id: Uuid = placed["order_id"].as_str().expect("id").parse().expect("uuid");
    let first_url = placed["payment_url"].as_str().expect("url").to_owned();
    success_data(&app, hash_id).await;

    // A second transaction while the first was left open; then both are paid.
    let again = format!("/api/order/order/pay-again?hash_id={hash_id}");
    let (status, answer) = body(app.post(&again, &json!({}), None, None).await).await;
    assert_eq!(status, 200, "{answer}");
    let second_url = answer["data"]["payment_url"].as_str().expect("url").to_owned();
    assert_eq!(app.pay(&second_url).await.status(), 303);
    assert_eq!(app.pay(&first_url).await.status(), 303);

    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Paid);
    assert_eq!(state.tickets.len(), 1, "one set of tickets");
    assert_eq!(state.refunded_transactions.len(), 1, "the other payment goes back");
    // The refund goes to the first transaction, through its own session.
    eventually("the double payment refunded at the gateway", || async {
        let sent: Option<(String, String)> =
            sqlx::query_as("select session_id, status from refunds where order_id = $1 and status = 'sent'")
                .bind(order_id)
                .fetch_optional(&app.pool)
                .await
                .expect("refunds");
        sent.is_some_and(|(session, _)| session == order_id.to_string())
    })
    .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_ticket_shows_the_courses_it_can_move_to_and_then_that_it_moved(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let later = course(&app, &line, tomorrow() + chrono::Duration::hours(3), 5).await;
    let full = course(&app, &line, tomorrow() + chrono::Duration::hours(5), 1).await;
    app.place_one(full, &line).await;
    let placed = app.place_one(first, &line).await;
    let order_id: Uuid = placed["order_id"].as_str().expect("id").parse().expect("uuid");
    app.pay(placed["payment_url"].as_str().expect("url")).await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = state.tickets[0].ticket.clone();
    let path = format!("/api/order/ticket/change-options?number={}", ticket.number);
    // The options join two read models, each at its own pace: the ticket (`orders`) and the
    // courses' free seats (`availability`, which must have the full course's hold, or that
    // course is offered too). Wait for the ticket and for the options it is to have.
    let offered = |answer: &Value| -> Vec<String> {
        answer["data"]["options"]
            .as_array()
            .map(|o| o.iter().filter_map(|o| o["course_id"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    };
    eventually("the ticket and the courses' free seats in the read models", || async {
        let (status, answer) = app.get(&path, Some(&app.user_token)).await;
        status == 200 && offered(&answer) == [later.to_string()]
    })
    .await;

    let (status, answer) = app.get(&path, Some(&app.user_token)).await;
    assert_eq!(status, 200, "{answer}");
    let data = &answer["data"];
    assert_eq!((data["can_change"].clone(), data["reason"].clone()), (json!(true), Value::Null));
    let options: Vec<&Value> = data["options"].as_array().expect("options").iter().collect();
    let ids: Vec<&str> = options.iter().filter_map(|o| o["course_id"].as_str()).collect();
    assert_eq!(ids, vec![later.to_string()], "the other course with seats, not the full one ({full}) nor its own");
    assert_eq!((options[0]["price"].clone(), options[0]["price_difference"].clone()), (json!(1800), json!(0)));
    assert_eq!(options[0]["free_seats"], 5);

    // Nobody else sees it; whoever has the code does.
    let (status, _) = app.get(&path, None).await;
    assert_eq!(status, 404);
    let (status, _) = app.get(&format!("{path}&code={}", ticket.code.to_lowercase()), None).await;
    assert_eq!(status, 200);
    let (status, _) = app.get("/api/order/ticket/change-options", Some(&app.user_token)).await;
    assert_eq!(status, 422);

    // The change happens; afterwards the ticket says it was changed.
    let change = json!({ "number": ticket.number, "course_id": later });
    let (status, changed) =
        body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await;
    assert_eq!(status, 200, "{changed}");
    eventually("the change in the read model", || async {
        let (_, answer) = app.get(&path, Some(&app.user_token)).await;
        answer["data"]["reason"] == json!("already_changed")
    })
    .await;
    let (_, answer) = app.get(&path, Some(&app.user_token)).await;
    assert_eq!(answer["data"]["can_change"], false);
    assert_eq!(answer["data"]["options"], json!([]));
    assert_eq!(answer["data"]["current"]["course_id"], json!(later));
}
