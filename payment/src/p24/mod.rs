//! The Przelewy24 adapter: the real gateway's REST API v1.
//!
//! Every call authenticates with HTTP basic auth, login = POS id, password = the API
//! key ("klucz do raportów" in the merchant panel), and carries a `sign` made with the
//! CRC key ([`sign`]). `register` answers a token; the customer pays at
//! `{base}/trnRequest/{token}`; Przelewy24 POSTs a notification to `urlStatus`; the shop
//! checks it and calls `verify` (`PUT /api/v1/transaction/verify`), without which the
//! payment is not booked to the merchant.
//!
//! Tested against a fake server only (`tests/przelewy24.rs`): this workplace has no
//! internet. Before going live, run one sandbox payment with real sandbox credentials.

pub mod sign;

use std::fmt;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::gateway::{
    Language, Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction, Registration,
};

/// Przelewy24's sandbox (test merchant accounts, no real money).
pub const SANDBOX_URL: &str = "https://sandbox.przelewy24.pl";
/// Przelewy24's production address.
pub const SECURE_URL: &str = "https://secure.przelewy24.pl";

/// The merchant's Przelewy24 account.
#[derive(Clone)]
pub struct Przelewy24Config {
    /// [`SANDBOX_URL`] or [`SECURE_URL`] (a test may point it at a fake server).
    pub base_url: String,
    pub merchant_id: i64,
    /// Usually equal to the merchant id.
    pub pos_id: i64,
    /// The API ("reports") key: the basic auth password. Secret.
    pub api_key: String,
    /// The CRC key that salts every signature. Secret.
    pub crc: String,
}

impl fmt::Debug for Przelewy24Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Przelewy24Config")
            .field("base_url", &self.base_url)
            .field("merchant_id", &self.merchant_id)
            .field("pos_id", &self.pos_id)
            .field("api_key", &"[redacted]")
            .field("crc", &"[redacted]")
            .finish()
    }
}

/// The Przelewy24 gateway.
#[derive(Debug, Clone)]
pub struct Przelewy24 {
    config: Przelewy24Config,
    client: reqwest::Client,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegisterBody<'a> {
    merchant_id: i64,
    pos_id: i64,
    session_id: &'a str,
    amount: i64,
    currency: &'a str,
    description: &'a str,
    email: &'a str,
    country: &'a str,
    language: &'a str,
    url_return: &'a str,
    url_status: &'a str,
    sign: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VerifyBody<'a> {
    merchant_id: i64,
    pos_id: i64,
    session_id: &'a str,
    amount: i64,
    currency: &'a str,
    order_id: i64,
    sign: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundBody<'a> {
    request_id: &'a str,
    refunds: [RefundItem<'a>; 1],
    refunds_uuid: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundItem<'a> {
    order_id: i64,
    session_id: &'a str,
    amount: i64,
    description: &'a str,
}

/// One refund's outcome in `transaction/refund`'s answer.
#[derive(Deserialize)]
struct RefundOutcome {
    status: bool,
    #[serde(default)]
    message: String,
}

/// Przelewy24 wraps every successful answer in `{"data": …, "responseCode": 0}`.
#[derive(Deserialize)]
struct Envelope<T> {
    data: T,
}

#[derive(Deserialize)]
struct TokenData {
    token: String,
}

#[derive(Deserialize)]
struct VerifyData {
    status: String,
}

impl Przelewy24 {
    /// An adapter for `config` (a trailing `/` of `base_url` is ignored).
    pub fn new(mut config: Przelewy24Config) -> Result<Self, PaymentError> {
        config.base_url = config.base_url.trim_end_matches('/').to_string();
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| PaymentError::Http(e.to_string()))?;
        Ok(Przelewy24 { config, client })
    }

    /// The page where the customer pays a registered transaction.
    pub fn redirect_url(&self, token: &str) -> String {
        format!("{}/trnRequest/{token}", self.config.base_url)
    }

    /// Sends an authenticated call and unwraps `data`; a non-2xx answer becomes
    /// [`PaymentError::Gateway`] with Przelewy24's `error` text.
    async fn call<T: DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T, PaymentError> {
        let (status, text) = self.send(request).await?;
        if !status.is_success() {
            return Err(PaymentError::Gateway(format!("{}: {}", status.as_u16(), error_text(&text))));
        }
        serde_json::from_str::<Envelope<T>>(&text)
            .map(|envelope| envelope.data)
            .map_err(|e| PaymentError::Http(format!("unreadable answer: {e}")))
    }

    /// Sends a call with basic auth: the answer's status and body.
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<(reqwest::StatusCode, String), PaymentError> {
        let response = request
            .basic_auth(self.config.pos_id, Some(&self.config.api_key))
            .send()
            .await
            .map_err(|e| PaymentError::Http(e.to_string()))?;
        let status = response.status();
        let text = response.text().await.map_err(|e| PaymentError::Http(e.to_string()))?;
        Ok((status, text))
    }
}

/// The `error` field of a Przelewy24 error body (a string or an object), or the start
/// of whatever was answered.
fn error_text(body: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(map)) => match map.get("error") {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => body.chars().take(200).collect(),
        },
        _ => body.chars().take(200).collect(),
    }
}

#[async_trait::async_trait]
impl PaymentGateway for Przelewy24 {
    fn provider(&self) -> &'static str {
        "przelewy24"
    }

    #[tracing::instrument(skip(self, req), fields(session_id = %req.session_id))]
    async fn register(&self, req: RegisterTransaction) -> Result<Registration, PaymentError> {
        req.validate()?;
        let c = &self.config;
        let body = RegisterBody {
            merchant_id: c.merchant_id,
            pos_id: c.pos_id,
            session_id: &req.session_id,
            amount: req.amount,
            currency: &req.currency,
            description: &req.description,
            email: &req.email,
            country: "PL",
            language: Language::as_str(req.language),
            url_return: &req.url_return,
            url_status: &req.url_status,
            sign: sign::register(&req.session_id, c.merchant_id, req.amount, &req.currency, &c.crc),
        };
        let url = format!("{}/api/v1/transaction/register", c.base_url);
        let data: TokenData = self.call(self.client.post(url).json(&body)).await?;
        Ok(Registration { redirect_url: self.redirect_url(&data.token), token: data.token })
    }

    fn check_notification(&self, n: &Notification) -> Result<(), PaymentError> {
        sign::check_notification(n, self.config.merchant_id, self.config.pos_id, &self.config.crc)
    }

    #[tracing::instrument(skip(self, n), fields(session_id = %n.session_id, order_id = n.order_id))]
    async fn verify(&self, n: &Notification) -> Result<(), PaymentError> {
        let c = &self.config;
        let body = VerifyBody {
            merchant_id: c.merchant_id,
            pos_id: c.pos_id,
            session_id: &n.session_id,
            amount: n.amount,
            currency: &n.currency,
            order_id: n.order_id,
            sign: sign::verify(&n.session_id, n.order_id, n.amount, &n.currency, &c.crc),
        };
        let url = format!("{}/api/v1/transaction/verify", c.base_url);
        let data: VerifyData = self.call(self.client.put(url).json(&body)).await?;
        if data.status == "success" {
            Ok(())
        } else {
            Err(PaymentError::Gateway(format!("verify answered status {:?}", data.status)))
        }
    }

    /// `POST transaction/refund` with one refund; `refundsUuid` is our request id too.
    /// Przelewy24 answers 201 with the refund's `status`, or 409 when it refuses it
    /// (not found, wrong status, more than is left).
    #[tracing::instrument(skip(self, req), fields(request_id = %req.request_id, order_id = req.order_id))]
    async fn refund(&self, req: &RefundRequest) -> Result<(), PaymentError> {
        req.validate()?;
        let body = RefundBody {
            request_id: &req.request_id,
            refunds: [RefundItem {
                order_id: req.order_id,
                session_id: &req.session_id,
                amount: req.amount,
                description: &req.description,
            }],
            refunds_uuid: &req.request_id,
        };
        let url = format!("{}/api/v1/transaction/refund", self.config.base_url);
        let (status, text) = self.send(self.client.post(url).json(&body)).await?;
        let refused = |message: &str| PaymentError::WrongState(format!("Przelewy24 refused the refund: {message}"));
        if status == reqwest::StatusCode::CONFLICT {
            let outcome = serde_json::from_str::<Envelope<Vec<RefundOutcome>>>(&text).ok();
            let message = outcome.and_then(|o| o.data.into_iter().next()).map(|o| o.message);
            return Err(refused(&message.unwrap_or_else(|| error_text(&text))));
        }
        if !status.is_success() {
            return Err(PaymentError::Gateway(format!("{}: {}", status.as_u16(), error_text(&text))));
        }
        let outcome = serde_json::from_str::<Envelope<Vec<RefundOutcome>>>(&text)
            .map_err(|e| PaymentError::Http(format!("unreadable answer: {e}")))?;
        match outcome.data.into_iter().next() {
            Some(o) if o.status => Ok(()),
            Some(o) => Err(refused(&o.message)),
            None => Err(PaymentError::Http("the answer lists no refund".into())),
        }
    }
}
