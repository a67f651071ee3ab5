//! The customer's journey: place, pay in the sandbox, get tickets, return one.

use domain::order::{Order, OrderStatus, TicketStatus};
use serde_json::json;
use uuid::Uuid;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_is_placed_paid_in_the_sandbox_and_a_ticket_returned(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 50).await;
    let discount: i64 = sqlx::query_scalar("select id from discounts where kind = 'percent' and value = 37 limit 1")
        .fetch_one(&app.pool)
        .await
        .expect("the statutory 37% discount is seeded");
    // A coupon of 5 zł, issued by an admin.
    let (status, coupon) = body(
        app.post("/api/order/coupon/save", &json!({ "code": "wiosna5", "value": 500 }), Some(&app.admin_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 201, "{coupon}");
    assert_eq!(coupon["data"]["code"], "WIOSNA5");
    let (status, checked) =
        body(app.post("/api/order/coupon/check", &json!({ "code": "Wiosna5" }), None, None).await).await;
    assert_eq!((status, checked["data"]["value"].clone()), (200, json!(500)));

    // The form's live prices: A → C is 18 zł; 37% off is 11,34 zł.
    let tickets = json!([{ "qty": 1, "discount_id": null }, { "qty": 1, "discount_id": discount }]);
    let mut order = booking(course, &line, 0, 2, tickets.clone());
    let (status, priced) = body(app.post("/api/course/discount/calculate-for-tickets", &order, None, None).await).await;
    assert_eq!(status, 200, "{priced}");
    assert_eq!(priced["data"]["tickets"][0]["total"], 1800);
    assert_eq!(priced["data"]["tickets"][1]["total"], 1134);
    assert_eq!(priced["data"]["total"], 2934);
    assert_eq!(priced["data"]["total_formatted"], "29,34\u{a0}zł");

    order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
        "company_name": "Firma Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    order["coupon"] = json!({ "code": "WIOSNA5", "value": 500 });
    order["customer"]["notify_by_sms"] = json!(1);
    let (status, placed) =
        body(app.post("/api/order/order/place", &order, Some(&app.user_token), Some("k-1")).await).await;
    assert_eq!(status, 201, "{placed}");
    let placed = &placed["data"];
    assert_eq!(
        (placed["total"].clone(), placed["coupon_amount"].clone(), placed["to_pay"].clone()),
        (json!(2934), json!(500), json!(2434))
    );
    assert_eq!(placed["status"], "pending_payment");
    let hash_id = placed["hash_id"].as_str().expect("a hash_id").to_owned();
    let order_id: Uuid = placed["order_id"].as_str().expect("id").parse().expect("uuid");
    let sms_path = format!("/api/order/order/send-ticket-sms?id={order_id}");
    let (status, _) = body(app.post(&sms_path, &json!({}), Some(&app.user_token), None).await).await;
    assert_eq!(status, 409, "no tickets to send before the payment");
    assert_eq!(app.loads(course).await.1, vec![2, 2], "two seats held on both segments");

    // Pay in the sandbox: the gateway notifies the shop, which verifies and records it.
    let payment_url = placed["payment_url"].as_str().expect("a payment url");
    assert!(payment_url.starts_with(&format!("{}/payment/sandbox/", app.address)), "{payment_url}");
    let paid = app.pay(payment_url).await;
    assert_eq!(paid.status(), 303);
    let back = paid.headers()["location"].to_str().expect("location").to_owned();
    assert!(back.contains("/order/after-payment?hash_id="), "{back}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Paid);
    assert_eq!(state.user_id, Some(app.user_id), "placed by the logged-in user");
    assert_eq!(state.tickets.len(), 2);
    let first = &state.tickets[0].ticket;
    assert!(first.number.starts_with("NK-"), "{}", first.number);
    assert!(first.code.len() >= 10);
    assert_eq!(state.tickets.iter().map(|t| t.ticket.coupon_part).sum::<i64>(), 500);

    // The reactions confirm the holds, stamp the tickets and issue the invoice.
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;

    // The tickets went by e-mail, once, with the PDF.
    let mail_dir = app.data_dir.join("mail");
    eventually("the tickets e-mail", || async {
        std::fs::read_dir(&mail_dir).is_ok_and(|d| {
            d.filter_map(Result::ok).any(|f| {
                std::fs::read_to_string(f.path())
                    .is_ok_and(|m| m.contains("application/pdf") && m.contains(&first.number))
            })
        })
    })
    .await;

    // And, as the customer asked, by SMS: once, to the number a gateway takes.
    let sms_dir = app.data_dir.join("sms");
    let texts = || -> Vec<String> {
        let files = std::fs::read_dir(&sms_dir).map(|d| d.filter_map(Result::ok).collect::<Vec<_>>());
        files.unwrap_or_default().iter().filter_map(|f| std::fs::read_to_string(f.path()).ok()).collect()
    };
    eventually("the tickets by sms", || async { !texts().is_empty() }).await;
    let sent = texts();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].starts_with("To: +48600100200\n\nNisko Bus: "), "{}", sent[0]);
    assert!(state.tickets.iter().all(|t| sent[0].contains(&format!("{} kod {}", t.ticket.number, t.ticket.code))));
    // With the course's day and time (issue 40: an SMS ticket without them was no ticket).
    let when = api_core::time::warsaw(state.tickets[0].course.departure_at).format("%d.%m.%Y %H:%M").to_string();
    assert!(sent[0].contains(&when), "{when}: {}", sent[0]);

    // Sent again on request, by whoever has the order's hash_id; a wrong one finds nothing.
    let app = &app;
    let resend = |id: String| async move {
        body(app.post(&format!("/api/order/order/send-ticket-sms?id={id}"), &json!({}), None, None).await).await
    };
    let (status, answer) = resend(hash_id.clone()).await;
    assert_eq!((status, answer["data"]["to"].clone()), (200, json!("+48 600 100 200")), "{answer}");
    assert_eq!(texts().len(), 2);
    let (status, _) = resend(format!("{hash_id}x")).await;
    assert_eq!(status, 404);
    assert_eq!(texts().len(), 2);
    let by_mail = format!("/api/order/order/send-ticket?id={hash_id}");
    let (status, answer) = body(app.post(&by_mail, &json!({}), None, None).await).await;
    assert_eq!((status, answer["data"]["to"].clone()), (200, json!("jan.kowalski@example.test")), "{answer}");

    // A guest returns the first ticket with its number and code: 10% fee, the coupon part
    // back to the coupon first.
    let ret = json!({ "number": first.number, "code": first.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    let r = &returned["data"];
    assert_eq!(r["price"], 1800);
    assert_eq!(r["fee"], 180);
    assert_eq!(r["coupon_refund"].as_i64().expect("n") + r["money_refund"].as_i64().expect("n"), 1620);
    assert_eq!(app.loads(course).await.1, vec![1, 1], "the returned seat is free again");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.tickets[0].status, TicketStatus::Returned);

    // The money part goes back through the gateway, once.
    let money = r["money_refund"].as_i64().expect("n");
    assert!(money > 0, "{r}");
    let refunded = || async {
        let sent: Vec<(i64, String)> = sqlx::query_as("select amount, status from refunds where order_id = $1")
            .bind(order_id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
        let at_gateway: Vec<(i64, String)> = sqlx::query_as(
            "select r.amount, r.request_id from payment_sandbox_refunds r \
               join payment_sandbox_transactions t using (p24_order_id) where t.session_id = $1",
        )
        .bind(&state.payment.session_id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
        (sent, at_gateway)
    };
    eventually("the refund at the gateway", || async { refunded().await.0.iter().any(|(_, s)| s == "sent") }).await;
    let (sent, at_gateway) = refunded().await;
    assert_eq!(sent, vec![(money, "sent".to_owned())]);
    assert_eq!(at_gateway.len(), 1);
    assert_eq!(at_gateway[0].0, money);
    // The admin sees it on the order.
    let one = app.client.get(app.url(&format!("/api/order/order/one?id={order_id}"))).bearer_auth(&app.admin_token);
    let (status, one) = body(one.send().await.expect("request")).await;
    assert_eq!(status, 200, "{one}");
    let refunds = one["data"]["gateway_refunds"].as_array().expect("a list").clone();
    assert_eq!(refunds.len(), 1, "{one}");
    assert_eq!((refunds[0]["amount"].as_i64(), refunds[0]["status"].as_str()), (Some(money), Some("sent")));
    assert_eq!(refunds[0]["reason"], json!(format!("Zwrot biletu {}", first.number)));
    assert_eq!(refunds[0]["amount_formatted"], r["money_refund_formatted"], "{one}");

    // Twice: refused, nothing changes.
    let (status, _) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 409);
    assert_eq!(app.loads(course).await.1, vec![1, 1]);

    // The coupon got its part back.
    let (_, checked) = body(app.post("/api/order/coupon/check", &json!({ "code": "WIOSNA5" }), None, None).await).await;
    assert_eq!(checked["data"]["value"], r["coupon_refund"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_same_idempotency_key_places_one_order(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let order = booking(course, &line, 0, 1, json!([{ "qty": 3 }]));
    let (s1, first) = body(app.post("/api/order/order/place", &order, None, Some("same-key")).await).await;
    let (s2, second) = body(app.post("/api/order/order/place", &order, None, Some("same-key")).await).await;
    assert_eq!((s1, s2), (201, 201));
    assert_eq!(first["data"]["order_id"], second["data"]["order_id"]);
    assert_eq!(app.loads(course).await.1, vec![3, 0], "seats held once");
    // A refusal is repeated as it was, field errors included.
    let bad = booking(course, &line, 0, 1, json!([]));
    let (s1, first) = body(app.post("/api/order/order/place", &bad, None, Some("bad-key")).await).await;
    let (s2, second) = body(app.post("/api/order/order/place", &bad, None, Some("bad-key")).await).await;
    assert_eq!((s1, s2), (422, 422));
    assert_eq!(first, second);
    assert_eq!(second["errors"][0]["field"], "tickets", "{second}");
    // The key reused for another request is refused.
    let other = booking(course, &line, 0, 1, json!([{ "qty": 1 }]));
    let (status, _) = body(app.post("/api/order/order/place", &other, None, Some("same-key")).await).await;
    assert_eq!(status, 422);
    assert_eq!(app.loads(course).await.1, vec![3, 0]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_same_idempotency_key_issues_one_coupon(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = Some(app.admin_token.as_str());
    // No code given: the code is generated, so a repeat without the key would issue another.
    let ask = json!({ "value": 700 });
    let (s1, first) = body(app.post("/api/order/coupon/save", &ask, admin, Some("coupon-key")).await).await;
    let (s2, second) = body(app.post("/api/order/coupon/save", &ask, admin, Some("coupon-key")).await).await;
    assert_eq!((s1, s2), (201, 201), "{first} {second}");
    assert_eq!(first, second, "the first answer, repeated");
    let (s3, third) = body(app.post("/api/order/coupon/save", &ask, admin, None).await).await;
    assert_eq!(s3, 201);
    assert_ne!(third["data"]["code"], first["data"]["code"], "without a key, a new coupon");
    // A refusal is repeated as it went out too.
    let bad = json!({ "code": "BAD CODE", "value": 700 });
    let (s1, first) = body(app.post("/api/order/coupon/save", &bad, admin, Some("bad-coupon")).await).await;
    let (s2, second) = body(app.post("/api/order/coupon/save", &bad, admin, Some("bad-coupon")).await).await;
    assert_eq!((s1, s2), (422, 422));
    assert_eq!(first, second);
    assert_eq!(second["errors"][0]["field"], "code", "{second}");

    // Someone who may not issue coupons is refused before the key is looked at, and leaves
    // no key behind: the same key then works for the admin.
    let (guest, _) = body(app.post("/api/order/coupon/save", &ask, None, Some("shared-key")).await).await;
    let (user, _) =
        body(app.post("/api/order/coupon/save", &ask, Some(&app.user_token), Some("shared-key")).await).await;
    assert_eq!((guest, user), (401, 403));
    let stored: i64 = sqlx::query_scalar("select count(*) from idempotency_keys where key like '%shared-key'")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(stored, 0, "a refused caller claims no key");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn forged_and_repeated_payment_notifications_change_nothing(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let (_, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let token = placed["data"]["payment_url"].as_str().expect("url").rsplit('/').next().expect("token").to_owned();

    // Forged: the right fields, a wrong signature.
    let forged = json!({ "merchantId": 100000, "posId": 100000, "sessionId": order_id.to_string(), "amount": 1800,
        "originAmount": 1800, "currency": "PLN", "orderId": 1, "methodId": 25, "statement": "x", "sign": "00" });
    let (status, _) = body(app.post("/api/payment/notify/sandbox", &forged, None, None).await).await;
    assert_eq!(status, 400);
    assert!(matches!(app.order(order_id).await, Order::Placed(s) if s.status == OrderStatus::PendingPayment));

    // Paid once; the same notification again changes nothing.
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let Order::Placed(paid) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(paid.status, OrderStatus::Paid);
    let notification =
        sqlx::query_scalar::<_, i64>("select p24_order_id from payment_sandbox_transactions where token = $1")
            .bind(&token)
            .fetch_one(&app.pool)
            .await
            .expect("the sandbox's transaction");
    let sandbox = payment::Sandbox::new(app.pool.clone(), payment::SandboxConfig::default()).expect("sandbox");
    let row = sandbox.transaction(&token).await.expect("row").expect("exists");
    let replay = sandbox.notification(&row).expect("a paid transaction");
    assert_eq!(replay.order_id, notification);
    let (status, _) =
        body(app.post("/api/payment/notify/sandbox", &serde_json::to_value(&replay).expect("json"), None, None).await)
            .await;
    assert_eq!(status, 200);
    let Order::Placed(again) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(again.tickets, paid.tickets, "the same tickets, none added");
}

/// The order expires (as the expiry process does it, an hour past its time): its seats go back.
async fn expire_late(commands: &command_api::CommandState, order_id: Uuid) {
    use command_api::aggregate::{self, OrderAgg};
    use command_api::processes::effects::{self, End};
    let command = domain::order::ExpireOrder { order_id, now: Utc::now() + chrono::Duration::hours(1) };
    let stream = command_api::streams::order_stream(order_id).expect("the order's stream");
    let metadata = event_store::Metadata::default();
    let (events, after) =
        aggregate::execute::<OrderAgg, _, _>(commands.store.as_ref(), &stream, Uuid::new_v4(), &metadata, |o| {
            domain::order::decide_expire(&command, o)
        })
        .await
        .expect("expired");
    assert!(!events.is_empty(), "the order expired");
    effects::after_end(commands, after.placed().expect("placed"), End::Expired, &metadata).await;
}

/// Places `order`: its id and where to pay for it.
async fn place_to_pay(app: &BookingApp, order: &serde_json::Value) -> (Uuid, String) {
    let (status, placed) = body(app.post("/api/order/order/place", order, None, None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    (order_id, placed["data"]["payment_url"].as_str().expect("url").to_owned())
}

/// A payment that arrives after its order expired: the seats are held again while they are
/// free, and the order is paid; when another order took them meanwhile, the money goes back
/// and the order keeps nothing.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_payment_after_the_order_expired_holds_its_seats_again_or_is_paid_back(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course_id = course(&app, &line, tomorrow(), 2).await;
    let commands = app.command_state().await;

    // Expired, its seats free again, then paid: held again and paid.
    let order = booking(course_id, &line, 0, 2, json!([{ "qty": 2 }]));
    let (first, first_url) = place_to_pay(&app, &order).await;
    expire_late(&commands, first).await;
    assert_eq!(app.loads(course_id).await.1, vec![0, 0], "the expired order's seats went back");
    assert_eq!(app.pay(&first_url).await.status(), 303);
    let Order::Placed(paid) = app.order(first).await else { panic!("placed") };
    assert_eq!(paid.status, OrderStatus::Paid);
    assert!(paid.refunded_transactions.is_empty());
    assert_eq!(app.loads(course_id).await.1, vec![2, 2], "its seats are held again");

    // On a second course: the expired order's seats are sold to another order meanwhile, so
    // its late payment goes back and it stays expired.
    let second_course = course(&app, &line, tomorrow() + chrono::Duration::hours(2), 2).await;
    let order = booking(second_course, &line, 0, 2, json!([{ "qty": 2 }]));
    let (late, late_url) = place_to_pay(&app, &order).await;
    expire_late(&commands, late).await;
    let (status, taken) = body(app.post("/api/order/order/place", &order, None, None).await).await;
    assert_eq!(status, 201, "another order takes the seats: {taken}");
    assert_eq!(app.pay(&late_url).await.status(), 303);
    let Order::Placed(refunded) = app.order(late).await else { panic!("placed") };
    assert_eq!(refunded.status, OrderStatus::Expired);
    assert_eq!(refunded.refunded_transactions.len(), 1, "the late payment is paid back");
    assert_eq!(app.loads(second_course).await.1, vec![2, 2], "no seat sold twice");
}
