//! The SMS gateway adapter for SMSAPI.pl's REST API (`POST {SMSAPI_URL}/sms.do`, an
//! OAuth token as `Authorization: Bearer`, form fields, `format=json`), as its
//! documentation describes it. What this adapter was tested against is the stand-in
//! ([`crate::stand_in`]), which speaks the same requests and answers; no test reaches
//! the live service.
//!
//! - `idx` is derived from the outbox key (32 hex digits of its SHA-256) and sent with
//!   `check_idx=1`: the gateway refuses a second message with the same `idx` (its error
//!   53), which this adapter takes as "sent already", so a retry after a lost answer is
//!   never a second text.
//! - `notify_url` asks for delivery reports on the product's callback
//!   (`GET /api/sms/smsapi-report?key=…`), which names the message by the gateway's id
//!   (`MsgId`) or its `idx`.
//! - `test=1` (`SMSAPI_TEST`): the gateway checks the message and sends nothing.
//! - Errors: the account's (101–105: authorization, credit) and the message's (8–14: its
//!   number, text or sender) are refusals for good; the gateway's own trouble (201, 202,
//!   203, 999, a 5xx, a timeout) is tried again by the outbox.

use api_core::sms::{normalise_phone, Sms, SmsError, SmsSender};
use async_trait::async_trait;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The gateway's error for an `idx` sent already under `check_idx`.
pub const DUPLICATE_IDX: i64 = 53;

/// The gateway's configuration.
#[derive(Debug, Clone)]
pub struct SmsApiConfig {
    /// `https://api.smsapi.pl` (or the stand-in's address).
    pub base_url: String,
    /// The OAuth token (from the environment only).
    pub token: String,
    /// The sender name registered with the gateway; `None`: the account's default.
    pub from: Option<String>,
    /// Where delivery reports go (with its secret key), or `None`.
    pub notify_url: Option<String>,
    /// `test=1`: checked, not sent.
    pub test: bool,
}

/// SMSAPI.pl.
pub struct SmsApi {
    config: SmsApiConfig,
    client: reqwest::Client,
}

impl SmsApi {
    pub fn new(config: SmsApiConfig) -> Self {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(15))
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        SmsApi { config, client }
    }
}

/// The `idx` of an outbox key.
pub fn idx_of(key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// What `sms.do` answers.
#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    error: Option<i64>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    list: Vec<Sent>,
}

#[derive(Debug, Deserialize)]
struct Sent {
    id: String,
}

/// An error code of the gateway as a refusal or a failure worth trying again.
fn classify(code: i64, message: &str) -> SmsError {
    let text = format!("SMSAPI error {code}: {message}");
    match code {
        201..=203 | 999 => SmsError::Failed(text),
        _ => SmsError::Refused(text),
    }
}

#[async_trait]
impl SmsSender for SmsApi {
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        self.send_keyed(sms, &uuid::Uuid::now_v7().to_string()).await.map(|_| ())
    }

    async fn send_keyed(&self, sms: Sms, key: &str) -> Result<Option<String>, SmsError> {
        let to = normalise_phone(&sms.to)?;
        let idx = idx_of(key);
        let mut form: Vec<(&str, String)> = vec![
            ("to", to.trim_start_matches('+').to_owned()),
            ("message", sms.text),
            ("format", "json".into()),
            ("encoding", "utf-8".into()),
            ("idx", idx.clone()),
            ("check_idx", "1".into()),
        ];
        if let Some(from) = &self.config.from {
            form.push(("from", from.clone()));
        }
        if let Some(url) = &self.config.notify_url {
            form.push(("notify_url", url.clone()));
        }
        if self.config.test {
            form.push(("test", "1".into()));
        }
        let response = self
            .client
            .post(format!("{}/sms.do", self.config.base_url.trim_end_matches('/')))
            .bearer_auth(&self.config.token)
            .form(&form)
            .send()
            .await
            .map_err(|e| SmsError::Failed(format!("SMSAPI unreachable: {e}")))?;
        let status = response.status();
        let body = response.text().await.map_err(|e| SmsError::Failed(format!("SMSAPI answer lost: {e}")))?;
        let answer: Option<Answer> = serde_json::from_str(&body).ok();
        if let Some(Answer { error: Some(code), message, .. }) = &answer {
            if *code == DUPLICATE_IDX {
                // Sent before under this key: the report names it by its idx.
                return Ok(Some(format!("idx:{idx}")));
            }
            return Err(classify(*code, message.as_deref().unwrap_or_default()));
        }
        if status.is_server_error() || status.as_u16() == 429 {
            return Err(SmsError::Failed(format!("SMSAPI answered {status}")));
        }
        if !status.is_success() {
            return Err(SmsError::Refused(format!("SMSAPI answered {status}: {body}")));
        }
        match answer.and_then(|a| a.list.into_iter().next()) {
            Some(sent) => Ok(Some(sent.id)),
            None => Err(SmsError::Failed(format!("SMSAPI answered without a message id: {body}"))),
        }
    }
}

/// A delivery report's `status` (SMSAPI's codes): delivered, failed for good, or still
/// on its way (`None`).
pub fn report_status(code: i64) -> Option<bool> {
    match code {
        // DELIVERED
        404 => Some(true),
        // EXPIRED, UNDELIVERED, FAILED, REJECTED
        402 | 405 | 406 | 407 => Some(false),
        // SENT, QUEUE, ACCEPTED, UNKNOWN, …: not final
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idx_is_stable_and_short() {
        assert_eq!(idx_of("order/disruption/1"), idx_of("order/disruption/1"));
        assert_ne!(idx_of("order/disruption/1"), idx_of("order/disruption/2"));
        assert_eq!(idx_of("x").len(), 32);
    }

    #[test]
    fn the_gateways_own_trouble_is_tried_again_and_the_rest_refused() {
        assert!(matches!(classify(201, "internal"), SmsError::Failed(_)));
        assert!(matches!(classify(203, "too many"), SmsError::Failed(_)));
        assert!(matches!(classify(13, "no valid numbers"), SmsError::Refused(_)));
        assert!(matches!(classify(103, "no credit"), SmsError::Refused(_)));
        assert_eq!(report_status(404), Some(true));
        assert_eq!(report_status(405), Some(false));
        assert_eq!(report_status(403), None);
    }
}
