//! Registering a transaction and the sandbox's payment page.

use super::*;

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
