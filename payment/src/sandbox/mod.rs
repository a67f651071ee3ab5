//! The built-in sandbox gateway: Przelewy24's flow without Przelewy24.
//!
//! `register` stores the transaction in `payment_sandbox_transactions` (registrations
//! that arrive together share one insert) and sends the customer to our own page
//! ([`sandbox_router`]) where a button pays or fails it.
//! Paying assigns an order id, signs a [`Notification`] exactly as Przelewy24 would
//! (with the sandbox's own merchant id and CRC key) and POSTs it to `url_status`, so
//! the shop's notification endpoint runs the same code for both gateways. `verify`
//! answers from the table.
//!
//! State changes are single conditional `UPDATE`s, so two clicks (or two tabs) cannot
//! both pay: only the one that moves the row out of `registered` notifies.

mod page;
mod routes;
mod transaction;

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use batching::Batcher;

use sqlx::PgPool;

use crate::gateway::{Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction, Registration};
use crate::p24::sign;

pub use routes::sandbox_router;
pub use transaction::{SandboxStatus, SandboxTransaction};

/// The method id the sandbox puts in its notifications (a made-up value; Przelewy24's
/// ids name banks, cards, BLIK).
pub const SANDBOX_METHOD_ID: i64 = 1;

/// How the sandbox presents itself.
#[derive(Clone)]
pub struct SandboxConfig {
    /// The backend's public address, where [`sandbox_router`] is served; the start of
    /// every `redirect_url` (e.g. `http://127.0.0.1:8080`).
    pub public_url: String,
    pub merchant_id: i64,
    pub pos_id: i64,
    /// The CRC key its notifications are signed with.
    pub crc: String,
}

impl Default for SandboxConfig {
    /// Fine for development: nothing of value is behind the sandbox's key.
    fn default() -> Self {
        SandboxConfig {
            public_url: "http://127.0.0.1:8080".into(),
            merchant_id: 100_000,
            pos_id: 100_000,
            crc: "sandbox-crc".into(),
        }
    }
}

impl fmt::Debug for SandboxConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SandboxConfig")
            .field("public_url", &self.public_url)
            .field("merchant_id", &self.merchant_id)
            .field("pos_id", &self.pos_id)
            .field("crc", &"[redacted]")
            .finish()
    }
}

/// The sandbox gateway. Share it as `Arc<Sandbox>` between the shop (as a
/// `dyn PaymentGateway`) and [`sandbox_router`].
#[derive(Clone)]
pub struct Sandbox {
    pool: PgPool,
    config: SandboxConfig,
    client: reqwest::Client,
    /// Registrations arriving together share one insert.
    registrations: Arc<Batcher<Registered, String>>,
}

impl fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sandbox").field("config", &self.config).finish_non_exhaustive()
    }
}

/// Writers taking turns at the registrations' inserts, and the most rows one carries.
const REGISTER_WRITERS: usize = 2;
const REGISTER_BATCH: usize = 256;

/// A new transaction's row.
#[derive(Debug, Clone)]
struct Registered {
    token: String,
    session_id: String,
    amount: i64,
    currency: String,
    description: String,
    email: String,
    url_return: String,
    url_status: String,
    language: &'static str,
}

/// Insert registrations in one statement.
async fn insert_registered(pool: PgPool, rows: Vec<Registered>) -> Result<(), String> {
    fn column<T>(rows: &[Registered], f: impl Fn(&Registered) -> T) -> Vec<T> {
        rows.iter().map(f).collect()
    }
    sqlx::query(
        "insert into payment_sandbox_transactions
            (token, session_id, amount, currency, description, email, url_return, url_status, language)
         select * from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[],
                              $7::text[], $8::text[], $9::text[])",
    )
    .bind(column(&rows, |r| r.token.clone()))
    .bind(column(&rows, |r| r.session_id.clone()))
    .bind(column(&rows, |r| r.amount))
    .bind(column(&rows, |r| r.currency.clone()))
    .bind(column(&rows, |r| r.description.clone()))
    .bind(column(&rows, |r| r.email.clone()))
    .bind(column(&rows, |r| r.url_return.clone()))
    .bind(column(&rows, |r| r.url_status.clone()))
    .bind(column(&rows, |r| r.language))
    .execute(&pool)
    .await
    .map_err(|e| e.to_string())?;
    Ok(())
}

impl Sandbox {
    pub fn new(pool: PgPool, mut config: SandboxConfig) -> Result<Self, PaymentError> {
        config.public_url = config.public_url.trim_end_matches('/').to_string();
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| PaymentError::Http(e.to_string()))?;
        let registrations = {
            let pool = pool.clone();
            Arc::new(Batcher::new(REGISTER_WRITERS, REGISTER_BATCH, move |rows| insert_registered(pool.clone(), rows)))
        };
        Ok(Sandbox { pool, config, client, registrations })
    }

    pub fn config(&self) -> &SandboxConfig {
        &self.config
    }

    /// The transaction behind `token`, if any.
    pub async fn transaction(&self, token: &str) -> Result<Option<SandboxTransaction>, PaymentError> {
        Ok(sqlx::query_as("select * from payment_sandbox_transactions where token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Pays a registered transaction and notifies the shop. Paying a paid one again
    /// changes nothing and sends nothing; paying a failed one is
    /// [`PaymentError::WrongState`]. A notification that cannot be delivered is logged
    /// (see [`redeliver`](Self::redeliver)): the payment stands, as at Przelewy24.
    #[tracing::instrument(skip(self))]
    pub async fn pay(&self, token: &str) -> Result<SandboxTransaction, PaymentError> {
        let paid: Option<SandboxTransaction> = sqlx::query_as(
            "update payment_sandbox_transactions
                set status = 'paid', p24_order_id = nextval('payment_sandbox_order_ids'), updated_at = now()
              where token = $1 and status = 'registered'
          returning *",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        let Some(paid) = paid else {
            let current = self.transaction(token).await?.ok_or(PaymentError::NotFound)?;
            return match current.status {
                SandboxStatus::Paid => Ok(current),
                SandboxStatus::Registered | SandboxStatus::Failed => {
                    Err(PaymentError::WrongState("this payment was rejected".into()))
                }
            };
        };
        if let Err(err) = self.notify(&paid).await {
            tracing::warn!(token, url_status = %paid.url_status, error = %err, "sandbox notification not delivered");
        }
        Ok(paid)
    }

    /// Fails a registered transaction. Failing a failed one again changes nothing;
    /// failing a paid one is [`PaymentError::WrongState`].
    #[tracing::instrument(skip(self))]
    pub async fn fail(&self, token: &str) -> Result<SandboxTransaction, PaymentError> {
        let failed: Option<SandboxTransaction> = sqlx::query_as(
            "update payment_sandbox_transactions set status = 'failed', updated_at = now()
              where token = $1 and status = 'registered'
          returning *",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        if let Some(failed) = failed {
            return Ok(failed);
        }
        let current = self.transaction(token).await?.ok_or(PaymentError::NotFound)?;
        match current.status {
            SandboxStatus::Failed => Ok(current),
            SandboxStatus::Registered | SandboxStatus::Paid => {
                Err(PaymentError::WrongState("this payment is already paid".into()))
            }
        }
    }

    /// Sends a paid transaction's notification again (e.g. after the shop was down).
    #[tracing::instrument(skip(self))]
    pub async fn redeliver(&self, token: &str) -> Result<(), PaymentError> {
        let t = self.transaction(token).await?.ok_or(PaymentError::NotFound)?;
        self.notify(&t).await
    }

    /// The signed notification of a paid transaction.
    pub fn notification(&self, t: &SandboxTransaction) -> Result<Notification, PaymentError> {
        let order_id = match (t.status, t.p24_order_id) {
            (SandboxStatus::Paid, Some(order_id)) => order_id,
            _ => return Err(PaymentError::WrongState("this payment is not paid".into())),
        };
        let mut n = Notification {
            merchant_id: self.config.merchant_id,
            pos_id: self.config.pos_id,
            session_id: t.session_id.clone(),
            amount: t.amount,
            origin_amount: t.amount,
            currency: t.currency.clone(),
            order_id,
            method_id: SANDBOX_METHOD_ID,
            statement: format!("p24-sandbox-{order_id}"),
            sign: String::new(),
        };
        n.sign = sign::notification(&n, &self.config.crc);
        Ok(n)
    }

    async fn notify(&self, t: &SandboxTransaction) -> Result<(), PaymentError> {
        let n = self.notification(t)?;
        let response =
            self.client.post(&t.url_status).json(&n).send().await.map_err(|e| PaymentError::Http(e.to_string()))?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(PaymentError::Http(format!("the shop answered {}", response.status().as_u16())))
        }
    }
}

#[async_trait::async_trait]
impl PaymentGateway for Sandbox {
    fn provider(&self) -> &'static str {
        "sandbox"
    }

    #[tracing::instrument(skip(self, req), fields(session_id = %req.session_id))]
    async fn register(&self, req: RegisterTransaction) -> Result<Registration, PaymentError> {
        req.validate()?;
        // Stored normalised (percent-encoded), so they are always valid `Location`s.
        let normalise =
            |url: &str| reqwest::Url::parse(url).map(String::from).map_err(|e| PaymentError::Invalid(e.to_string()));
        let token = uuid::Uuid::new_v4().to_string();
        let row = Registered {
            token: token.clone(),
            session_id: req.session_id,
            amount: req.amount,
            currency: req.currency,
            description: req.description,
            email: req.email,
            url_return: normalise(&req.url_return)?,
            url_status: normalise(&req.url_status)?,
            language: req.language.as_str(),
        };
        self.registrations.submit(row).await.map_err(|e| PaymentError::Database(e.to_string()))?;
        let redirect_url = format!("{}/payment/sandbox/{token}", self.config.public_url);
        Ok(Registration { token, redirect_url })
    }

    fn check_notification(&self, n: &Notification) -> Result<(), PaymentError> {
        sign::check_notification(n, self.config.merchant_id, self.config.pos_id, &self.config.crc)
    }

    #[tracing::instrument(skip(self, n), fields(session_id = %n.session_id, order_id = n.order_id))]
    async fn verify(&self, n: &Notification) -> Result<(), PaymentError> {
        let t: SandboxTransaction =
            sqlx::query_as("select * from payment_sandbox_transactions where p24_order_id = $1")
                .bind(n.order_id)
                .fetch_optional(&self.pool)
                .await?
                .ok_or(PaymentError::NotFound)?;
        if t.status != SandboxStatus::Paid {
            return Err(PaymentError::WrongState("this payment is not paid".into()));
        }
        if t.session_id != n.session_id {
            return Err(PaymentError::Mismatch("session id".into()));
        }
        if t.amount != n.amount || t.currency != n.currency {
            return Err(PaymentError::Mismatch("amount".into()));
        }
        Ok(())
    }

    /// Records the refund in `payment_sandbox_refunds`. The paid transaction's row is
    /// locked first, so the refunds of one transaction are decided one at a time and
    /// never add up to more than was paid.
    #[tracing::instrument(skip(self, req), fields(request_id = %req.request_id, order_id = req.order_id))]
    async fn refund(&self, req: &RefundRequest) -> Result<(), PaymentError> {
        req.validate()?;
        let mut tx = self.pool.begin().await?;
        let paid: Option<i64> = sqlx::query_scalar(
            "select amount from payment_sandbox_transactions
              where p24_order_id = $1 and session_id = $2 and status = 'paid' for update",
        )
        .bind(req.order_id)
        .bind(&req.session_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(paid) = paid else { return Err(PaymentError::WrongState("Transaction not found".into())) };
        // A statement after the lock: it sees every refund committed before it.
        let (refunded, known): (i64, bool) = sqlx::query_as(
            "select coalesce(sum(amount), 0)::bigint, coalesce(bool_or(request_id = $2), false)
               from payment_sandbox_refunds where p24_order_id = $1",
        )
        .bind(req.order_id)
        .bind(&req.request_id)
        .fetch_one(&mut *tx)
        .await?;
        if known {
            return Ok(()); // refunded by an earlier request with this id
        }
        if refunded + req.amount > paid {
            return Err(PaymentError::WrongState(
                "The amount of refund exceeds available amount for the transaction".into(),
            ));
        }
        sqlx::query(
            "insert into payment_sandbox_refunds (request_id, p24_order_id, amount, description) values ($1, $2, $3, $4)",
        )
        .bind(&req.request_id)
        .bind(req.order_id)
        .bind(req.amount)
        .bind(&req.description)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
