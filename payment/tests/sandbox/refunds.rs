//! Refunds: never more than was paid, once per request id.

use super::*;

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
