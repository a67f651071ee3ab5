//! Paying and failing at the sandbox, and the notifications the shop gets.

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn paying_notifies_the_shop_with_a_valid_notification_and_sends_the_customer_back(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    let (status, location) = app.press(&token, "pay").await;

    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.as_deref(), Some("http://shop.example/order/after-payment?hash_id=abc"));
    let received = app.shop.received();
    assert_eq!(received.len(), 1);
    let n = &received[0];
    assert_eq!((n.session_id.as_str(), n.amount, n.origin_amount, n.currency.as_str()), ("ord-42", 3900, 3900, "PLN"));
    assert_eq!(app.sandbox.check_notification(n), Ok(()));
    assert_eq!(app.sandbox.verify(n).await, Ok(()));
    let stored = app.sandbox.transaction(&token).await.expect("query").expect("stored");
    assert_eq!((stored.status, stored.p24_order_id), (SandboxStatus::Paid, Some(n.order_id)));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn paying_twice_notifies_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    assert_eq!(app.press(&token, "pay").await.0, StatusCode::SEE_OTHER);
    assert_eq!(app.press(&token, "pay").await.0, StatusCode::SEE_OTHER);

    assert_eq!(app.shop.received().len(), 1);
    assert_eq!(app.status(&token).await, SandboxStatus::Paid);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn buttons_pressed_at_once_pay_and_notify_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    let (a, b, c) = tokio::join!(app.sandbox.pay(&token), app.sandbox.pay(&token), app.sandbox.pay(&token));

    assert_eq!(app.shop.received().len(), 1);
    let order_id = Some(app.shop.received()[0].order_id);
    for paid in [a, b, c] {
        assert_eq!(paid.expect("paid").p24_order_id, order_id);
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_forged_notification_is_rejected(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    app.press(&token, "pay").await;
    let genuine = app.shop.received()[0].clone();

    let mut cheaper = genuine.clone();
    cheaper.amount = 1;
    assert_eq!(app.sandbox.check_notification(&cheaper), Err(PaymentError::BadSignature));

    // Signed, but with a key that is not the sandbox's.
    let mut forged = genuine.clone();
    forged.amount = 1;
    forged.sign = payment::p24::sign::notification(&forged, "guessed-crc");
    assert_eq!(app.sandbox.check_notification(&forged), Err(PaymentError::BadSignature));

    // Signed with the sandbox's own key, but for another merchant.
    let mut foreign = genuine.clone();
    foreign.merchant_id = 7;
    foreign.sign = payment::p24::sign::notification(&foreign, &app.sandbox.config().crc);
    assert!(matches!(app.sandbox.check_notification(&foreign), Err(PaymentError::Mismatch(_))));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn verify_confirms_only_a_paid_transaction_that_matches(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    app.press(&token, "pay").await;
    let genuine = app.shop.received()[0].clone();

    let mut other_amount = genuine.clone();
    other_amount.amount = 100;
    assert!(matches!(app.sandbox.verify(&other_amount).await, Err(PaymentError::Mismatch(_))));
    let mut other_session = genuine.clone();
    other_session.session_id = "ord-43".into();
    assert!(matches!(app.sandbox.verify(&other_session).await, Err(PaymentError::Mismatch(_))));
    let mut other_order = genuine.clone();
    other_order.order_id += 1000;
    assert_eq!(app.sandbox.verify(&other_order).await, Err(PaymentError::NotFound));

    // A registered but unpaid transaction has no order id to verify.
    let Registration { token: unpaid, .. } = app.register(app.transaction(Language::Pl)).await;
    assert_eq!(app.status(&unpaid).await, SandboxStatus::Registered);
    let mut guess = genuine.clone();
    guess.order_id += 1;
    assert_eq!(app.sandbox.verify(&guess).await, Err(PaymentError::NotFound));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn failing_sends_the_customer_back_flagged_and_then_paying_is_refused(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    let (status, location) = app.press(&token, "fail").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.as_deref(), Some("http://shop.example/order/after-payment?hash_id=abc&failed=1"));
    assert_eq!(app.press(&token, "fail").await.0, StatusCode::SEE_OTHER, "failing again changes nothing");

    let (status, _) = app.press(&token, "pay").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(matches!(app.sandbox.pay(&token).await, Err(PaymentError::WrongState(_))));
    assert_eq!(app.status(&token).await, SandboxStatus::Failed);
    assert!(app.shop.received().is_empty());
    let (_, html) = app.page(&token).await;
    assert!(html.contains("Ta płatność została odrzucona."));
    assert!(!html.contains("<form"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_return_address_without_a_query_gets_one(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut req = app.transaction(Language::En);
    req.url_return = "http://shop.example/order/after-payment".into();
    let Registration { token, .. } = app.register(req).await;

    let (_, location) = app.press(&token, "fail").await;
    assert_eq!(location.as_deref(), Some("http://shop.example/order/after-payment?failed=1"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_paid_transaction_cannot_be_failed(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    app.press(&token, "pay").await;

    let (status, _) = app.press(&token, "fail").await;

    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(app.status(&token).await, SandboxStatus::Paid);
    let (_, html) = app.page(&token).await;
    assert!(html.contains("Ta płatność została opłacona."));
    assert!(html.contains(r#"href="http://shop.example/order/after-payment?hash_id=abc""#));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_undelivered_notification_still_sends_the_customer_back_and_can_be_redelivered(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    app.shop.refuse_next.store(1, Ordering::SeqCst);

    let (status, _) = app.press(&token, "pay").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(app.shop.received().is_empty());
    assert_eq!(app.status(&token).await, SandboxStatus::Paid);

    assert_eq!(app.sandbox.redeliver(&token).await, Ok(()));
    let received = app.shop.received();
    assert_eq!(received.len(), 1);
    assert_eq!(app.sandbox.check_notification(&received[0]), Ok(()));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn only_a_paid_transaction_can_be_redelivered(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    assert!(matches!(app.sandbox.redeliver(&token).await, Err(PaymentError::WrongState(_))));
    assert_eq!(app.sandbox.redeliver("no-such-token").await, Err(PaymentError::NotFound));
}
