//! The port: what the shop asks of a payment gateway, and the messages it exchanges.
//!
//! The shapes follow Przelewy24's REST API v1, because that is the gateway we speak to
//! in production and the sandbox imitates it: a [`RegisterTransaction`] becomes a token
//! and a page to send the customer to; the gateway later POSTs a [`Notification`] to the
//! shop, which checks its signature ([`PaymentGateway::check_notification`]) and confirms
//! it ([`PaymentGateway::verify`]) before marking the order paid.

use serde::{Deserialize, Serialize};

/// The language of the gateway's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Pl,
    En,
}

impl Language {
    /// The code Przelewy24 expects (`"pl"`, `"en"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Pl => "pl",
            Language::En => "en",
        }
    }

    /// Parses `"pl"` or `"en"`; anything else is `None`.
    pub fn parse(code: &str) -> Option<Language> {
        match code {
            "pl" => Some(Language::Pl),
            "en" => Some(Language::En),
            _ => None,
        }
    }
}

/// A transaction to open at the gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterTransaction {
    /// Our id of the payment (Przelewy24's `sessionId`), e.g. the order's id. It comes
    /// back in the notification.
    pub session_id: String,
    /// The amount in grosz (1/100 PLN); must be positive.
    pub amount: i64,
    /// `"PLN"`.
    pub currency: String,
    /// What the customer sees on the gateway's page.
    pub description: String,
    /// The customer's e-mail.
    pub email: String,
    /// Where the gateway sends the customer's browser afterwards (http or https).
    pub url_return: String,
    /// Where the gateway POSTs the [`Notification`] (http or https).
    pub url_status: String,
    pub language: Language,
}

impl RegisterTransaction {
    /// Refuses what Przelewy24 would refuse, before any I/O: a non-positive amount, a
    /// currency that is not three capital letters, an empty or over-long session id
    /// (P24 allows 100 characters), an empty description or e-mail, return and status
    /// addresses that are not absolute http(s) URLs.
    pub fn validate(&self) -> Result<(), PaymentError> {
        let invalid = |m: &str| Err(PaymentError::Invalid(m.to_string()));
        if self.amount <= 0 {
            return invalid("amount must be positive");
        }
        if self.currency.len() != 3 || !self.currency.bytes().all(|b| b.is_ascii_uppercase()) {
            return invalid("currency must be a three-letter code");
        }
        if self.session_id.is_empty() || self.session_id.chars().count() > 100 {
            return invalid("session id must have 1 to 100 characters");
        }
        if self.description.trim().is_empty() {
            return invalid("description is required");
        }
        if self.email.trim().is_empty() {
            return invalid("email is required");
        }
        for (name, url) in [("url_return", &self.url_return), ("url_status", &self.url_status)] {
            match reqwest::Url::parse(url) {
                Ok(u) if matches!(u.scheme(), "http" | "https") && u.has_host() => {}
                _ => return Err(PaymentError::Invalid(format!("{name} must be an http(s) URL"))),
            }
        }
        Ok(())
    }
}

/// An opened transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// The gateway's token for the transaction (keep it with the order).
    pub token: String,
    /// The page to send the customer's browser to.
    pub redirect_url: String,
}

/// The body Przelewy24 POSTs to `urlStatus` once a transaction is paid (field names
/// as on the wire, camelCase).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub merchant_id: i64,
    pub pos_id: i64,
    /// Our [`RegisterTransaction::session_id`].
    pub session_id: String,
    /// What was paid, in grosz.
    pub amount: i64,
    /// What was registered, in grosz.
    pub origin_amount: i64,
    pub currency: String,
    /// The gateway's id of the transaction (needed by `verify` and by refunds).
    pub order_id: i64,
    pub method_id: i64,
    /// The transfer title.
    pub statement: String,
    /// SHA-384 hex over the fields above and the CRC key (see [`crate::p24::sign`]).
    pub sign: String,
}

/// Money back to the payer of a paid transaction (Przelewy24's `transaction/refund`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRequest {
    /// Ours, unique per refund: asking again with the same id refunds once.
    pub request_id: String,
    /// The gateway's id of the paid transaction ([`Notification::order_id`]).
    pub order_id: i64,
    /// Our id of the paid transaction ([`RegisterTransaction::session_id`]).
    pub session_id: String,
    /// Grosz, above zero.
    pub amount: i64,
    /// Shown in the transfer's details (Przelewy24 takes at most 35 characters).
    pub description: String,
}

/// The most characters of a refund's description that Przelewy24 takes.
pub const REFUND_DESCRIPTION_MAX: usize = 35;

impl RefundRequest {
    /// Refuses what no gateway would take, before any I/O.
    pub fn validate(&self) -> Result<(), PaymentError> {
        if self.amount <= 0 {
            return Err(PaymentError::Invalid("a refund must be above zero".into()));
        }
        if self.request_id.is_empty() || self.session_id.is_empty() {
            return Err(PaymentError::Invalid("a refund needs its request id and session id".into()));
        }
        if self.description.chars().count() > REFUND_DESCRIPTION_MAX {
            return Err(PaymentError::Invalid(format!(
                "a refund's description takes at most {REFUND_DESCRIPTION_MAX} characters"
            )));
        }
        Ok(())
    }
}

/// Why a gateway call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    /// The notification's `sign` is not ours: forged or corrupted. Refuse it.
    #[error("bad signature")]
    BadSignature,
    /// Signed, but not for us or not for this transaction (merchant, POS, amount,
    /// session or order id differ).
    #[error("mismatch: {0}")]
    Mismatch(String),
    /// No such transaction.
    #[error("transaction not found")]
    NotFound,
    /// The transaction is not in a state that allows this (e.g. paying a failed one).
    #[error("{0}")]
    WrongState(String),
    /// The request was refused before reaching the gateway (bad amount, bad URL).
    #[error("invalid transaction: {0}")]
    Invalid(String),
    /// The gateway answered with an error.
    #[error("gateway error: {0}")]
    Gateway(String),
    /// The gateway could not be reached, or answered something unreadable.
    #[error("http error: {0}")]
    Http(String),
    /// The sandbox's own storage failed.
    #[error("database error: {0}")]
    Database(String),
}

impl From<sqlx::Error> for PaymentError {
    fn from(err: sqlx::Error) -> Self {
        PaymentError::Database(err.to_string())
    }
}

/// A payment gateway: Przelewy24 itself ([`crate::Przelewy24`]) or the built-in
/// [`crate::Sandbox`].
///
/// The shop's notification endpoint does, in this order: deserialize the body into a
/// [`Notification`]; [`check_notification`](Self::check_notification); compare
/// `session_id` and `amount` with its own order; [`verify`](Self::verify); then record
/// the payment (idempotently: gateways may notify more than once).
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync {
    /// A short name for the provider (`"przelewy24"`, `"sandbox"`), e.g. for
    /// `POST /api/payment/notify/{provider}` and `PaymentRef::provider`.
    fn provider(&self) -> &'static str;

    /// Opens a transaction; send the customer to [`Registration::redirect_url`].
    async fn register(&self, req: RegisterTransaction) -> Result<Registration, PaymentError>;

    /// Checks that a notification is signed with our CRC key and is for our merchant
    /// and POS. No I/O.
    fn check_notification(&self, n: &Notification) -> Result<(), PaymentError>;

    /// Confirms the notified transaction with the gateway (`transaction/verify`). Until
    /// this succeeds the money is not the shop's.
    async fn verify(&self, n: &Notification) -> Result<(), PaymentError>;

    /// Pays `req.amount` of a paid transaction back. The same `request_id` twice refunds
    /// once. [`PaymentError::WrongState`] when the gateway refuses it for good (more
    /// than is left of the transaction, or it is not paid); other errors may pass.
    async fn refund(&self, req: &RefundRequest) -> Result<(), PaymentError>;
}
