//! The refunds outbox against the sandbox gateway: a refund that fails for a while is
//! retried until it is sent, once; one the gateway refuses for good is left `refused`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use api_core::mail::FileMailer;
use api_core::sms::FileSms;
use command_api::processes::refunds::{owe, send_due, Owed};
use command_api::CommandState;
use payment::{
    Language, Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction, Registration, Sandbox,
    SandboxConfig,
};
use sqlx::PgPool;
use uuid::Uuid;

/// The sandbox, whose first `failures` refunds fail as an unreachable gateway would.
struct Flaky {
    sandbox: Sandbox,
    failures: AtomicUsize,
}

#[async_trait::async_trait]
impl PaymentGateway for Flaky {
    fn provider(&self) -> &'static str {
        self.sandbox.provider()
    }
    async fn register(&self, req: RegisterTransaction) -> Result<Registration, PaymentError> {
        self.sandbox.register(req).await
    }
    fn check_notification(&self, n: &Notification) -> Result<(), PaymentError> {
        self.sandbox.check_notification(n)
    }
    async fn verify(&self, n: &Notification) -> Result<(), PaymentError> {
        self.sandbox.verify(n).await
    }
    async fn refund(&self, req: &RefundRequest) -> Result<(), PaymentError> {
        if self.failures.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
            return Err(PaymentError::Http("connection refused".into()));
        }
        self.sandbox.refund(req).await
    }
}

/// A paid sandbox transaction of 3,900 grosz: its session id and Przelewy24-style id.
async fn paid_transaction(sandbox: &Sandbox) -> (String, i64) {
    let session_id = format!("s-{}", Uuid::new_v4());
    let registration = sandbox
        .register(RegisterTransaction {
            session_id: session_id.clone(),
            amount: 3900,
            currency: "PLN".into(),
            description: "Nisko → Kraków".into(),
            email: "jan@example.test".into(),
            url_return: "http://127.0.0.1:9/back".into(),
            // Nobody listens there: the payment stands without its notification.
            url_status: "http://127.0.0.1:9/notify".into(),
            language: Language::Pl,
        })
        .await
        .expect("registered");
    let paid = sandbox.pay(&registration.token).await.expect("paid");
    (session_id, paid.p24_order_id.expect("an order id"))
}

async fn row(pool: &PgPool, refund_id: Uuid) -> (String, i32, Option<String>, bool) {
    sqlx::query_as("select status, attempts, last_error, next_attempt_at > now() from refunds where refund_id = $1")
        .bind(refund_id)
        .fetch_one(pool)
        .await
        .expect("the refund's row")
}

async fn at_gateway(pool: &PgPool, order_id: i64) -> Vec<(String, i64)> {
    sqlx::query_as("select request_id, amount from payment_sandbox_refunds where p24_order_id = $1")
        .bind(order_id)
        .fetch_all(pool)
        .await
        .expect("sandbox refunds")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failing_refund_is_retried_until_sent_once_and_a_refused_one_is_left_for_an_admin(pool: PgPool) {
    let sandbox = Sandbox::new(pool.clone(), SandboxConfig::default()).expect("sandbox");
    let (session_id, transaction) = paid_transaction(&sandbox).await;
    let gateway = Arc::new(Flaky { sandbox, failures: AtomicUsize::new(2) });
    let dir = std::env::temp_dir().join(format!("coach-refunds-{}", Uuid::new_v4()));
    let state = CommandState::new(
        Arc::new(privacy::SealingStore::over_postgres(pool.clone())),
        pool.clone(),
        gateway,
        Arc::new(FileMailer::new(dir.join("mail"), "test@example.test")),
        Arc::new(FileSms::new(dir.join("sms"))),
        "http://127.0.0.1:9".into(),
        "http://127.0.0.1:9/payment/sandbox/".into(),
        api_core::ticket_keys::load(&pool, None).await.expect("the ticket key"),
    );
    let owed = |amount: i64| Owed {
        refund_id: Uuid::new_v4(),
        order_id: Uuid::new_v4(),
        reason: "Zwrot biletu NK-2026-000001".into(),
        amount,
        provider: "sandbox".into(),
        session_id: session_id.clone(),
        transaction_id: transaction.to_string(),
    };
    let refund = owed(3510);
    owe(&state, &refund).await.expect("recorded");
    owe(&state, &refund).await.expect("recorded again: nothing new");

    // Twice the gateway cannot be reached: still pending, tried again later.
    for attempt in 1..=2 {
        assert_eq!(send_due(&state).await.expect("a round"), 0);
        let (status, attempts, error, later) = row(&pool, refund.refund_id).await;
        assert_eq!((status.as_str(), attempts, later), ("pending", attempt, true));
        assert!(error.is_some_and(|e| e.contains("connection refused")));
        assert_eq!(send_due(&state).await.expect("a round"), 0, "not due yet");
        sqlx::query("update refunds set next_attempt_at = now()").execute(&pool).await.expect("due now");
    }
    // Then it is sent, once.
    assert_eq!(send_due(&state).await.expect("a round"), 1);
    let (status, attempts, error, _) = row(&pool, refund.refund_id).await;
    assert_eq!((status.as_str(), attempts, error), ("sent", 3, None));
    assert_eq!(at_gateway(&pool, transaction).await, vec![(refund.refund_id.to_string(), 3510)]);
    sqlx::query("update refunds set next_attempt_at = now()").execute(&pool).await.expect("due now");
    assert_eq!(send_due(&state).await.expect("a round"), 0, "a sent refund is not sent again");

    // More than is left of the payment (390 of 3,900): refused for good, not retried.
    let too_much = owed(391);
    owe(&state, &too_much).await.expect("recorded");
    assert_eq!(send_due(&state).await.expect("a round"), 0);
    let (status, _, error, _) = row(&pool, too_much.refund_id).await;
    assert_eq!(status, "refused");
    assert!(error.is_some_and(|e| e.contains("exceeds")));
    sqlx::query("update refunds set next_attempt_at = now()").execute(&pool).await.expect("due now");
    assert_eq!(send_due(&state).await.expect("a round"), 0);
    assert_eq!(at_gateway(&pool, transaction).await.len(), 1);
}
