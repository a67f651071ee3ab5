//! The outbox against PostgreSQL: a key queued once and sent once, a failure retried with
//! its reason recorded, then given up; the worker sending what its process did not; an
//! attachment stored as given and sent back byte for byte; the queuing process sending
//! from its own copy, and only while the row is still queued.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api_core::mail::{Email, MailError, Mailer};
use api_core::sms::{Sms, SmsError, SmsSender};
use async_trait::async_trait;
use outbox::{enqueue, Envelope, Message, Outbox, MAX_ATTEMPTS};
use sqlx::PgPool;

/// A mailer that fails its first `failures` sends, then keeps what it is given.
#[derive(Default)]
struct Flaky {
    failures: AtomicUsize,
    sent: Mutex<Vec<Email>>,
}

#[async_trait]
impl Mailer for Flaky {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        if self.failures.load(Ordering::SeqCst) > 0 {
            self.failures.fetch_sub(1, Ordering::SeqCst);
            return Err(MailError("the server said 421".into()));
        }
        self.sent.lock().expect("lock").push(email);
        Ok(())
    }
}

struct NoSms;

#[async_trait]
impl SmsSender for NoSms {
    async fn send(&self, _: Sms) -> Result<(), SmsError> {
        Err(SmsError::Refused("no gateway".into()))
    }
}

fn email() -> Message {
    Message::Email(Email {
        to: "jan@example.test".into(),
        subject: "Kurs odwołany".into(),
        text: "…".into(),
        attachments: vec![],
    })
}

/// A ticket e-mail with `pdf` attached.
fn tickets_email(pdf: Vec<u8>) -> Message {
    Message::Email(Email {
        to: "jan@example.test".into(),
        subject: "Bilety".into(),
        text: "W załączniku bilety.".into(),
        attachments: vec![api_core::mail::Attachment::pdf("bilety-1.pdf", pdf)],
    })
}

fn outbox(pool: &PgPool, mailer: Arc<Flaky>) -> Arc<Outbox> {
    Arc::new(Outbox::new(pool.clone(), mailer, Arc::new(NoSms)))
}

/// The worker's rounds until `mailer` has `count` messages (at most 5 s).
async fn until_sent(outbox: &Arc<Outbox>, mailer: &Flaky, count: usize) {
    let shutdown = tokio_util::sync::CancellationToken::new();
    let worker = tokio::spawn(outbox.clone().run(shutdown.clone()));
    for _ in 0..200 {
        if mailer.sent.lock().expect("lock").len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    shutdown.cancel();
    worker.await.expect("the worker stops");
}

async fn row(pool: &PgPool, key: &str) -> (String, i32, Option<String>, String) {
    sqlx::query_as("select state, attempts, last_error, body from outbox where dedupe_key = $1")
        .bind(key)
        .fetch_one(pool)
        .await
        .expect("the row")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_key_is_queued_once_and_sent_once(pool: PgPool) {
    let mailer = Arc::new(Flaky::default());
    let outbox = outbox(&pool, mailer.clone());
    let message = email();
    let envelope = || Envelope { key: "o1/disruption/n1", order_id: None, kind: "disruption/n1", message: &message };
    assert!(outbox.send_now(envelope()).await.expect("queued"), "queued now");
    assert!(!outbox.send_now(envelope()).await.expect("queued"), "the same key again: nothing");
    assert_eq!(mailer.sent.lock().expect("lock").len(), 1);
    let (state, attempts, error, body) = row(&pool, "o1/disruption/n1").await;
    assert_eq!((state.as_str(), attempts, error, body.as_str()), ("sent", 1, None, ""), "sent, its words dropped");
    // A round of the worker finds nothing due.
    assert_eq!(outbox.round().await.expect("a round"), 0);
    assert_eq!(mailer.sent.lock().expect("lock").len(), 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failed_attempt_is_retried_then_failed_with_its_reason(pool: PgPool) {
    let mailer = Arc::new(Flaky { failures: AtomicUsize::new(1), ..Flaky::default() });
    let outbox = outbox(&pool, mailer.clone());
    let message = email();
    outbox
        .send_now(Envelope { key: "k-retry", order_id: None, kind: "mail", message: &message })
        .await
        .expect("queued");
    let (state, attempts, error, _) = row(&pool, "k-retry").await;
    assert_eq!((state.as_str(), attempts), ("queued", 1));
    assert_eq!(error.as_deref(), Some("the server said 421"));
    // Due now (as if its backoff had passed): the worker's round sends it.
    sqlx::query("update outbox set next_attempt_at = now() where dedupe_key = 'k-retry'")
        .execute(&pool)
        .await
        .expect("due");
    assert_eq!(outbox.round().await.expect("a round"), 1);
    let (state, attempts, error, _) = row(&pool, "k-retry").await;
    assert_eq!((state.as_str(), attempts, error), ("sent", 2, None));
    assert_eq!(mailer.sent.lock().expect("lock").len(), 1, "sent once");

    // A message that always fails is given up after the last attempt, with its reason.
    mailer.failures.store(100, Ordering::SeqCst);
    outbox
        .send_now(Envelope { key: "k-never", order_id: None, kind: "mail", message: &message })
        .await
        .expect("queued");
    for _ in 1..MAX_ATTEMPTS {
        sqlx::query("update outbox set next_attempt_at = now() where dedupe_key = 'k-never'")
            .execute(&pool)
            .await
            .expect("due");
        outbox.round().await.expect("a round");
    }
    let (state, attempts, error, _) = row(&pool, "k-never").await;
    assert_eq!((state.as_str(), attempts), ("failed", MAX_ATTEMPTS));
    assert!(error.is_some_and(|e| e.contains("421")));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_worker_sends_what_its_process_queued_and_did_not_send(pool: PgPool) {
    let mailer = Arc::new(Flaky::default());
    let outbox = outbox(&pool, mailer.clone());
    let message = email();
    // Queued in a transaction, and the process "died" before sending: the lease runs out.
    let mut conn = pool.acquire().await.expect("a connection");
    let envelope = Envelope { key: "k-orphan", order_id: None, kind: "mail", message: &message };
    enqueue(&mut conn, envelope, Duration::ZERO).await.expect("queued").expect("new");
    drop(conn);
    until_sent(&outbox, &mailer, 1).await;
    assert_eq!(mailer.sent.lock().expect("lock").len(), 1);
    assert_eq!(row(&pool, "k-orphan").await.0, "sent");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_attachment_is_stored_as_given_and_sent_back_byte_for_byte(pool: PgPool) {
    // Compressible bytes, so that a compressed column would show: PostgreSQL would store these
    // 60 KB in a few hundred bytes. A PDF's deflated streams never compress, and the attempt
    // cost about 0.9 ms an insert, so the column stores its values as they are.
    let bytes: Vec<u8> = b"BT /F1 10 Tf 72 720 Td (Bilet) Tj ET\n".iter().copied().cycle().take(60_000).collect();
    let message = tickets_email(bytes.clone());
    let mailer = Arc::new(Flaky::default());
    let outbox = outbox(&pool, mailer.clone());
    let mut conn = pool.acquire().await.expect("a connection");
    let envelope = Envelope { key: "k-pdf", order_id: None, kind: "tickets-email", message: &message };
    enqueue(&mut conn, envelope, Duration::ZERO).await.expect("queued").expect("new");
    drop(conn);
    let (stored, given): (i32, i32) = sqlx::query_as(
        "select pg_column_size(attachment_bytes), octet_length(attachment_bytes[1]) from outbox \
         where dedupe_key = 'k-pdf'",
    )
    .fetch_one(&pool)
    .await
    .expect("the row");
    assert!(stored >= given - 100, "stored uncompressed: {stored} bytes for {given}");

    until_sent(&outbox, &mailer, 1).await;
    let sent = mailer.sent.lock().expect("lock");
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].attachments.len(), 1);
    assert_eq!((sent[0].attachments[0].filename.as_str(), &sent[0].attachments[0].bytes), ("bilety-1.pdf", &bytes));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn what_its_process_queued_is_sent_from_its_copy_only_while_the_row_is_queued(pool: PgPool) {
    let bytes: Vec<u8> = (0..40_000u32).map(|i| (i % 251) as u8).collect();
    let message = tickets_email(bytes.clone());
    let mailer = Arc::new(Flaky::default());
    let outbox = outbox(&pool, mailer.clone());
    let queue = |key: &'static str| {
        let pool = pool.clone();
        let message = message.clone();
        let lease = outbox.lease();
        async move {
            let mut conn = pool.acquire().await.expect("a connection");
            let envelope = Envelope { key, order_id: None, kind: "tickets-email", message: &message };
            enqueue(&mut conn, envelope, lease).await.expect("queued").expect("new")
        }
    };

    // Queued and sent at once from the process's copy: the message as given, the row
    // recorded sent with its words dropped.
    let id = queue("k-held").await;
    assert_eq!(outbox.deliver_queued(id, "k-held", message.clone()).await, None, "sent");
    assert_eq!(
        mailer.sent.lock().expect("lock").as_slice(),
        [match &message {
            Message::Email(email) => email.clone(),
            Message::Sms(_) => unreachable!("an e-mail"),
        }]
    );
    let (state, attempts, error, body) = row(&pool, "k-held").await;
    assert_eq!((state.as_str(), attempts, error, body.as_str()), ("sent", 1, None, ""));
    let (attachments, kept): (String, i32) = sqlx::query_as(
        "select attachments::text, cardinality(attachment_bytes) from outbox where dedupe_key = 'k-held'",
    )
    .fetch_one(&pool)
    .await
    .expect("the row");
    assert_eq!((attachments.as_str(), kept), ("[]", 0), "the PDF is not kept once sent");
    // Asked again (a second delivery of the same row): it is no longer queued, nothing goes.
    assert_eq!(outbox.deliver_queued(id, "k-held", message.clone()).await, None);
    assert_eq!(mailer.sent.lock().expect("lock").len(), 1, "sent once");

    // The worker took the row meanwhile (the lease ran out, it sent it): the process's copy
    // does not go a second time.
    let id = queue("k-taken").await;
    sqlx::query("update outbox set next_attempt_at = now() where id = $1").bind(id).execute(&pool).await.expect("due");
    assert_eq!(outbox.round().await.expect("a round"), 1);
    assert_eq!(mailer.sent.lock().expect("lock").len(), 2);
    assert_eq!(outbox.deliver_queued(id, "k-taken", message.clone()).await, None);
    assert_eq!(mailer.sent.lock().expect("lock").len(), 2, "not sent again from the copy");
    assert_eq!(row(&pool, "k-taken").await.0, "sent");

    // A failed first attempt from the copy is recorded on the row like any other, and the
    // worker's retry sends the stored message, byte for byte.
    mailer.failures.store(1, Ordering::SeqCst);
    let id = queue("k-retried").await;
    assert_eq!(outbox.deliver_queued(id, "k-retried", message.clone()).await.as_deref(), Some("the server said 421"));
    let (state, attempts, error, _) = row(&pool, "k-retried").await;
    assert_eq!((state.as_str(), attempts, error.as_deref()), ("queued", 1, Some("the server said 421")));
    sqlx::query("update outbox set next_attempt_at = now() where id = $1").bind(id).execute(&pool).await.expect("due");
    assert_eq!(outbox.round().await.expect("a round"), 1);
    let sent = mailer.sent.lock().expect("lock");
    assert_eq!(sent.len(), 3);
    assert_eq!(sent[2].attachments[0].bytes, bytes, "the stored attachment, byte for byte");
}
