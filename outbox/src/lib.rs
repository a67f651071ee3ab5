//! One outbox for every message the product sends (docs/messages.md): e-mails and text
//! messages are written to the `outbox` table, in the transaction that decides them
//! where there is one, and sent from there with retries.
//!
//! - [`enqueue`]: a message queued under its `dedupe_key` (the reason and the recipient,
//!   e.g. `{order}/disruption/{notice}`): a key is queued once, so a replayed event never
//!   sends twice. The caller commits it with whatever asked for it.
//! - [`Outbox::deliver_queued`]: the process that queued a message sends it at once (so a
//!   request's e-mail leaves before its answer, as before the outbox), from the copy it
//!   holds; a row stays claimed for the [`Outbox::lease`] while it does, and the worker
//!   leaves it alone. [`Outbox::deliver`] sends a row as stored (the worker's way).
//! - [`Outbox::run`]: the worker. Whatever is due (a first attempt whose process died
//!   before sending, or a failed attempt's retry) is claimed with `for update skip
//!   locked` and sent; a failure waits `retry_base × 3^(attempt−1)` and is tried again,
//!   up to [`MAX_ATTEMPTS`], then recorded `failed` with its reason.
//! - States: `queued`, `sent` (handed to the mail server or the SMS gateway, with the
//!   gateway's id), `delivered` (the gateway's delivery report, [`report_delivery`]),
//!   `failed` (with the reason).
//! - Exactly once, as far as the far end allows: a message is queued once; it is sent
//!   again only when its process died between sending and recording it. SMSAPI.pl takes
//!   the key as its `idx` with `check_idx`, so even then it sends no second text
//!   ([`smsapi`]); an e-mail may then go twice (SMTP keeps no keys).
//!
//! [`OutboxMailer`] and [`OutboxSms`] put the queue behind the mail and SMS ports, so
//! every caller of those ports goes through it too.

mod ports;
mod row;
pub mod smsapi;
pub mod stand_in;

pub use ports::{OutboxMailer, OutboxSms};

use row::{stored, Row};

use std::sync::Arc;
use std::time::Duration;

use api_core::mail::{Email, MailError, Mailer};
use api_core::sms::{Sms, SmsError, SmsSender};
use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// After this many attempts a message is `failed`.
pub const MAX_ATTEMPTS: i32 = 8;

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Email(Email),
    Sms(Sms),
}

impl Message {
    /// The outbox's `channel` of it.
    fn channel(&self) -> &'static str {
        match self {
            Message::Email(_) => "email",
            Message::Sms(_) => "sms",
        }
    }
}

/// A message with what it is for.
#[derive(Debug, Clone)]
pub struct Envelope<'a> {
    /// The message's one identity: the same key is queued once.
    pub key: &'a str,
    /// The order it is about, for the order's history.
    pub order_id: Option<Uuid>,
    /// What it is (`tickets-email`, `disruption/{notice}`, `mail`, …).
    pub kind: &'a str,
    pub message: &'a Message,
}

/// Queue `envelope` on `conn` (the caller's transaction), claimed by the caller for
/// `lease` (it sends it itself with [`Outbox::deliver`] once committed; the worker takes
/// it only if it has not by then). `Some(id)` when queued now, `None` when its key was
/// queued before.
pub async fn enqueue(
    conn: &mut PgConnection,
    envelope: Envelope<'_>,
    lease: Duration,
) -> Result<Option<i64>, sqlx::Error> {
    let idx = matches!(envelope.message, Message::Sms(_)).then(|| smsapi::idx_of(envelope.key));
    let (channel, recipient, subject, body, (attachments, bytes)) = match envelope.message {
        Message::Email(e) => {
            (envelope.message.channel(), e.to.as_str(), e.subject.as_str(), e.text.as_str(), stored(&e.attachments))
        }
        Message::Sms(s) => (envelope.message.channel(), s.to.as_str(), "", s.text.as_str(), stored(&[])),
    };
    sqlx::query_scalar(
        "insert into outbox (dedupe_key, order_id, kind, channel, recipient, subject, body, attachments, \
                             attachment_bytes, attempts, next_attempt_at, idx) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, now() + make_interval(secs => $10), $11) \
         on conflict (dedupe_key) do nothing returning id",
    )
    .bind(envelope.key)
    .bind(envelope.order_id)
    .bind(envelope.kind)
    .bind(channel)
    .bind(recipient)
    .bind(subject)
    .bind(body)
    .bind(attachments)
    .bind(bytes)
    .bind(lease.as_secs_f64())
    .bind(idx)
    .fetch_optional(conn)
    .await
}

/// Why an attempt did not send.
enum Failure {
    /// Asking again may help.
    Transient(String),
    /// It never will.
    Permanent(String),
}

/// The queue, its transports and its worker's timing.
pub struct Outbox {
    pool: PgPool,
    mailer: Arc<dyn Mailer>,
    sms: Arc<dyn SmsSender>,
    wake: Notify,
    lease: Duration,
    retry_base: Duration,
}

impl Outbox {
    /// An outbox sending through `mailer` and `sms` (the real transports), with a
    /// 30-second lease and retries from 5 seconds; `OUTBOX_LEASE_MS` and
    /// `OUTBOX_RETRY_BASE_MS` change them (the crash tests shorten both).
    pub fn new(pool: PgPool, mailer: Arc<dyn Mailer>, sms: Arc<dyn SmsSender>) -> Self {
        let millis = |name: &str, default: u64| {
            Duration::from_millis(std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default))
        };
        Outbox {
            pool,
            mailer,
            sms,
            wake: Notify::new(),
            lease: millis("OUTBOX_LEASE_MS", 30_000),
            retry_base: millis("OUTBOX_RETRY_BASE_MS", 5_000),
        }
    }

    /// How long the process that queued a message has to send it before the worker may.
    pub fn lease(&self) -> Duration {
        self.lease
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The mail port through the queue.
    pub fn mailer(self: &Arc<Self>) -> Arc<dyn Mailer> {
        Arc::new(OutboxMailer::new(self.clone()))
    }

    /// The SMS port through the queue.
    pub fn sms(self: &Arc<Self>) -> Arc<dyn SmsSender> {
        Arc::new(OutboxSms::new(self.clone()))
    }

    /// Queue `envelope` on its own and send it at once: `true` when it was queued now
    /// (whether or not this first attempt sent it: a failure is retried).
    pub async fn send_now(&self, envelope: Envelope<'_>) -> Result<bool, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        let Some(id) = enqueue(&mut conn, envelope.clone(), self.lease).await? else { return Ok(false) };
        drop(conn);
        self.deliver_queued(id, envelope.key, envelope.message.clone()).await;
        Ok(true)
    }

    /// Send the queued message `id` as its row holds it (claimed by this process: taken by
    /// the worker) and record what came of it. Answers the failure's reason, if any.
    pub async fn deliver(&self, id: i64) -> Option<String> {
        let row: Option<Row> = match sqlx::query_as(
            "select dedupe_key, channel, recipient, subject, body, attachments, attachment_bytes, attempts from outbox \
             where id = $1 and state = 'queued'",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        {
            Ok(row) => row,
            Err(e) => return unread(id, e),
        };
        let row = row?;
        self.send_and_record(id, &row.dedupe_key, row.message(), row.attempts).await
    }

    /// Send `message`, which this process has just queued as `id` under `key` and holds
    /// (claimed for the lease by [`enqueue`]), and record what came of it: as [`deliver`]
    /// does, without reading back what was just written (a ticket e-mail's PDF is about
    /// 40 KB). The row must still be queued: one the worker took meanwhile (the lease ran
    /// out) or that was recorded otherwise is not sent again. Answers the failure's reason.
    ///
    /// [`deliver`]: Outbox::deliver
    pub async fn deliver_queued(&self, id: i64, key: &str, message: Message) -> Option<String> {
        let attempts: Option<i32> =
            match sqlx::query_scalar("select attempts from outbox where id = $1 and state = 'queued'")
                .bind(id)
                .fetch_optional(&self.pool)
                .await
            {
                Ok(attempts) => attempts,
                Err(e) => return unread(id, e),
            };
        self.send_and_record(id, key, message, attempts?).await
    }

    /// One attempt at the queued message `id` (its `attempts`-th) and its outcome recorded.
    async fn send_and_record(&self, id: i64, key: &str, message: Message, attempts: i32) -> Option<String> {
        let channel = message.channel();
        let outcome = self.attempt(message, key).await;
        let recorded = match &outcome {
            // Sent: its words are not kept (they may name the customer and carry the tickets);
            // the order's history and the office's list keep what it was and where it went.
            // A delivery report may have come first: `delivered` stays.
            Ok(provider_id) => sqlx::query(
                "update outbox set state = case when state = 'delivered' then state else 'sent' end, sent_at = now(), \
                 provider_id = coalesce($2, provider_id), last_error = null, body = '', attachments = '[]', \
                 attachment_bytes = '{}' where id = $1",
            )
            .bind(id)
            .bind(provider_id)
            .execute(&self.pool)
            .await
            .map(|_| ()),
            Err(Failure::Permanent(reason)) => self.failed(id, reason).await,
            Err(Failure::Transient(reason)) if attempts >= MAX_ATTEMPTS => self.failed(id, reason).await,
            Err(Failure::Transient(reason)) => {
                let wait = self.retry_base.as_secs_f64() * 3f64.powi(attempts.max(1) - 1);
                sqlx::query(
                    "update outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3) where id = $1",
                )
                .bind(id)
                .bind(reason)
                .bind(wait)
                .execute(&self.pool)
                .await
                .map(|_| ())
            }
        };
        if let Err(e) = recorded {
            tracing::warn!(id, error = %e, "could not record a message's attempt");
        }
        match outcome {
            Ok(_) => None,
            Err(Failure::Transient(reason) | Failure::Permanent(reason)) => {
                tracing::warn!(id, key, channel, attempt = attempts, %reason, "a message was not sent");
                Some(reason)
            }
        }
    }

    async fn failed(&self, id: i64, reason: &str) -> Result<(), sqlx::Error> {
        sqlx::query("update outbox set state = 'failed', last_error = $2 where id = $1")
            .bind(id)
            .bind(reason)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    async fn attempt(&self, message: Message, key: &str) -> Result<Option<String>, Failure> {
        match message {
            Message::Email(email) => {
                self.mailer.send(email).await.map(|()| None).map_err(|MailError(e)| Failure::Transient(e))
            }
            Message::Sms(sms) => self.sms.send_keyed(sms, key).await.map_err(|e| match e {
                SmsError::Failed(e) => Failure::Transient(e),
                SmsError::NotANumber(_) | SmsError::Refused(_) => Failure::Permanent(e.to_string()),
            }),
        }
    }

    /// Wake the worker (a message failed, or was queued without being sent).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// One round of the worker: claim what is due (at most 20) and send each. Answers
    /// how many were tried.
    pub async fn round(&self) -> Result<usize, sqlx::Error> {
        let due: Vec<i64> = sqlx::query_scalar(
            "update outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1) \
             where id in (select id from outbox where state = 'queued' and next_attempt_at <= now() \
                          order by next_attempt_at limit 20 for update skip locked) returning id",
        )
        .bind(self.lease.as_secs_f64())
        .fetch_all(&self.pool)
        .await?;
        for id in &due {
            self.deliver(*id).await;
        }
        Ok(due.len())
    }

    /// The worker: a round when woken, and at least every `lease / 10` (so a retry or a
    /// dead process's message waits little past its time), until `shutdown`.
    pub async fn run(self: Arc<Self>, shutdown: CancellationToken) {
        let period = (self.lease / 10).clamp(Duration::from_millis(50), Duration::from_secs(3));
        let period = period.min(self.retry_base.max(Duration::from_millis(50)));
        loop {
            match self.round().await {
                // A full round: there may be more.
                Ok(20) => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the outbox round failed"),
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(period) => {}
            }
        }
    }
}

/// A queued message that could not be read before its attempt: the reason, logged.
fn unread(id: i64, e: sqlx::Error) -> Option<String> {
    tracing::warn!(id, error = %e, "could not read a queued message");
    Some(e.to_string())
}

/// A gateway's delivery report for the message it knows as `provider_id` (or by its
/// `idx`: the report may come before the gateway's answer was recorded): `delivered`, or
/// not (with the gateway's reason). Answers whether it named a message.
pub async fn report_delivery(
    pool: &PgPool,
    provider_id: Option<&str>,
    idx: Option<&str>,
    delivered: bool,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let (state, error) = if delivered { ("delivered", None) } else { ("failed", Some(reason)) };
    let done = sqlx::query(
        "update outbox set state = $3, delivered_at = case when $3 = 'delivered' then now() end, \
             last_error = coalesce($4, last_error), provider_id = coalesce(provider_id, $1) \
         where (provider_id = $1 or idx = $2) and state in ('queued', 'sent', 'delivered', 'failed')",
    )
    .bind(provider_id)
    .bind(idx)
    .bind(state)
    .bind(error)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}
