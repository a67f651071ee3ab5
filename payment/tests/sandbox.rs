//! The sandbox gateway as the shop and the customer meet it: its pages and buttons over
//! HTTP on a random port, its notifications received by a stand-in shop, each test on
//! a fresh database.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use payment::{
    sandbox_router, Language, Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction,
    Registration, Sandbox, SandboxConfig, SandboxStatus,
};
use sqlx::PgPool;

/// A stand-in for the shop's notification endpoint.
#[derive(Clone, Default)]
struct Shop {
    received: Arc<Mutex<Vec<Notification>>>,
    /// How many of the next notifications to answer with `500`.
    refuse_next: Arc<AtomicUsize>,
}

impl Shop {
    fn received(&self) -> Vec<Notification> {
        self.received.lock().expect("shop state").clone()
    }
}

async fn notify(State(shop): State<Shop>, Json(n): Json<Notification>) -> StatusCode {
    if shop.refuse_next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| left.checked_sub(1)).is_ok() {
        return StatusCode::INTERNAL_SERVER_ERROR;
    }
    shop.received.lock().expect("shop state").push(n);
    StatusCode::OK
}

struct TestApp {
    sandbox: Arc<Sandbox>,
    address: String,
    /// Does not follow redirects, so tests see the `303`s.
    client: reqwest::Client,
    shop: Shop,
    notify_url: String,
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

async fn spawn_app(pool: PgPool) -> TestApp {
    let shop = Shop::default();
    let shop_address =
        serve(Router::new().route("/api/payment/notify/sandbox", post(notify)).with_state(shop.clone())).await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    let config = SandboxConfig { public_url: address.clone(), ..SandboxConfig::default() };
    let sandbox = Arc::new(Sandbox::new(pool, config).expect("sandbox"));
    let app = sandbox_router(sandbox.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    TestApp { sandbox, address, client, shop, notify_url: format!("{shop_address}/api/payment/notify/sandbox") }
}

impl TestApp {
    fn transaction(&self, language: Language) -> RegisterTransaction {
        RegisterTransaction {
            session_id: "ord-42".into(),
            amount: 3900,
            currency: "PLN".into(),
            description: "Nisko → Rzeszów, 2 bilety".into(),
            email: "jan@example.test".into(),
            url_return: "http://shop.example/order/after-payment?hash_id=abc".into(),
            url_status: self.notify_url.clone(),
            language,
        }
    }

    async fn register(&self, req: RegisterTransaction) -> Registration {
        self.sandbox.register(req).await.expect("registered")
    }

    async fn page(&self, token: &str) -> (StatusCode, String) {
        let response =
            self.client.get(format!("{}/payment/sandbox/{token}", self.address)).send().await.expect("page request");
        let status = response.status();
        (status, response.text().await.expect("page body"))
    }

    /// Presses a button (`pay` or `fail`): the status and the `Location` if any.
    async fn press(&self, token: &str, button: &str) -> (StatusCode, Option<String>) {
        let response = self
            .client
            .post(format!("{}/api/payment/sandbox/{token}/{button}", self.address))
            .send()
            .await
            .expect("button request");
        let location = response.headers().get("location").and_then(|v| v.to_str().ok()).map(String::from);
        (response.status(), location)
    }

    async fn status(&self, token: &str) -> SandboxStatus {
        self.sandbox.transaction(token).await.expect("query").expect("a transaction").status
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn registering_stores_the_transaction_and_points_to_the_sandbox_page(pool: PgPool) {
    let app = spawn_app(pool).await;

    let registration = app.register(app.transaction(Language::Pl)).await;

    assert_eq!(registration.redirect_url, format!("{}/payment/sandbox/{}", app.address, registration.token));
    let stored = app.sandbox.transaction(&registration.token).await.expect("query").expect("stored");
    assert_eq!((stored.session_id.as_str(), stored.amount, stored.status), ("ord-42", 3900, SandboxStatus::Registered));
    assert_eq!(stored.p24_order_id, None);
    let gateway: Arc<dyn PaymentGateway> = app.sandbox.clone();
    assert_eq!(gateway.provider(), "sandbox");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_invalid_transaction_is_not_registered(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut req = app.transaction(Language::Pl);
    req.amount = -5;
    assert!(matches!(app.sandbox.register(req).await, Err(PaymentError::Invalid(_))));
    let mut req = app.transaction(Language::Pl);
    req.url_return = "/relative".into();
    assert!(matches!(app.sandbox.register(req).await, Err(PaymentError::Invalid(_))));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_page_shows_the_payment_in_polish_with_both_buttons(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;

    let (status, html) = app.page(&token).await;

    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<html lang="pl">"#));
    assert!(html.contains("<title>Bramka płatności (sandbox)</title>"));
    assert!(html.contains("39,00 zł"));
    assert!(html.contains("Nisko → Rzeszów, 2 bilety"));
    assert!(html.contains(&format!(r#"action="/api/payment/sandbox/{token}/pay""#)));
    assert!(html.contains(&format!(r#"action="/api/payment/sandbox/{token}/fail""#)));
    assert!(html.contains(">Zapłać</button>"));
    assert!(html.contains(">Odrzuć płatność</button>"));
    assert!(!html.contains("<script"), "the page needs no script");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_page_speaks_english_and_escapes_what_it_shows(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut req = app.transaction(Language::En);
    req.description = r#"<script>alert("x")</script> & 'co'"#.into();
    let Registration { token, .. } = app.register(req).await;

    let (_, html) = app.page(&token).await;

    assert!(html.contains(r#"<html lang="en">"#));
    assert!(html.contains("Payment gateway (sandbox)"));
    assert!(html.contains("PLN 39.00"));
    assert!(html.contains(">Pay</button>") && html.contains(">Fail payment</button>"));
    assert!(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"));
    assert!(!html.contains("<script>"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_unknown_token_answers_a_not_found_page(pool: PgPool) {
    let app = spawn_app(pool).await;

    let (status, html) = app.page("no-such-token").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("Nie znaleziono płatności"));
    assert_eq!(app.press("no-such-token", "pay").await.0, StatusCode::NOT_FOUND);
    assert_eq!(app.press("no-such-token", "fail").await.0, StatusCode::NOT_FOUND);
}

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

/// What the sandbox has refunded of the transaction `order_id`: (request id, amount).
async fn refunds(pool: &PgPool, order_id: i64) -> Vec<(String, i64)> {
    sqlx::query_as("select request_id, amount from payment_sandbox_refunds where p24_order_id = $1 order by created_at")
        .bind(order_id)
        .fetch_all(pool)
        .await
        .expect("refunds")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn refunds_never_exceed_what_was_paid_and_a_request_id_refunds_once(pool: PgPool) {
    let app = spawn_app(pool.clone()).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    let refund = |request_id: &str, session_id: &str, order_id: i64, amount: i64| RefundRequest {
        request_id: request_id.into(),
        order_id,
        session_id: session_id.into(),
        amount,
        description: "Zwrot biletu NK-1".into(),
    };
    // Not paid yet: nothing to refund.
    assert!(matches!(app.sandbox.refund(&refund("r-0", "ord-42", 1, 100)).await, Err(PaymentError::WrongState(_))));

    app.press(&token, "pay").await;
    let paid = app.sandbox.transaction(&token).await.expect("query").expect("stored").p24_order_id.expect("paid");
    assert_eq!(app.sandbox.refund(&refund("r-1", "ord-42", paid, 2500)).await, Ok(()));
    // The same request again (a retry after a lost answer): refunded once.
    assert_eq!(app.sandbox.refund(&refund("r-1", "ord-42", paid, 2500)).await, Ok(()));
    // More than is left (3,900 paid, 2,500 back): refused, nothing recorded.
    let over = app.sandbox.refund(&refund("r-2", "ord-42", paid, 1401)).await;
    assert!(matches!(&over, Err(PaymentError::WrongState(m)) if m.contains("exceeds")), "{over:?}");
    // Another session's id, or bad input: refused before anything is written.
    assert!(matches!(app.sandbox.refund(&refund("r-3", "ord-43", paid, 100)).await, Err(PaymentError::WrongState(_))));
    assert!(matches!(app.sandbox.refund(&refund("r-4", "ord-42", paid, 0)).await, Err(PaymentError::Invalid(_))));
    assert!(matches!(app.sandbox.refund(&refund("r-5", "ord-42", paid, -5)).await, Err(PaymentError::Invalid(_))));
    // What is left can go back.
    assert_eq!(app.sandbox.refund(&refund("r-6", "ord-42", paid, 1400)).await, Ok(()));
    assert_eq!(refunds(&pool, paid).await, vec![("r-1".to_owned(), 2500), ("r-6".to_owned(), 1400)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn refunds_at_once_never_add_up_to_more_than_was_paid(pool: PgPool) {
    let app = spawn_app(pool.clone()).await;
    let Registration { token, .. } = app.register(app.transaction(Language::Pl)).await;
    app.press(&token, "pay").await;
    let paid = app.sandbox.transaction(&token).await.expect("query").expect("stored").p24_order_id.expect("paid");
    // Ten refunds of 1,000 race for 3,900: three fit.
    let attempts = (0..10).map(|i| {
        let sandbox = app.sandbox.clone();
        tokio::spawn(async move {
            let req = RefundRequest {
                request_id: format!("race-{i}"),
                order_id: paid,
                session_id: "ord-42".into(),
                amount: 1000,
                description: "Zwrot".into(),
            };
            sandbox.refund(&req).await
        })
    });
    let mut accepted = 0;
    for attempt in attempts.collect::<Vec<_>>() {
        accepted += usize::from(attempt.await.expect("no panic").is_ok());
    }
    assert_eq!(accepted, 3);
    assert_eq!(refunds(&pool, paid).await.iter().map(|r| r.1).sum::<i64>(), 3000);
}
