//! A stand-in for SMSAPI.pl's `sms.do`, speaking its documented requests and answers, so
//! the adapter ([`crate::smsapi`]) and the outbox are tested end to end without the live
//! service (as the KSeF stand-in is for KSeF):
//!
//! - `POST /sms.do` with `Authorization: Bearer {token}` and the form fields `to`,
//!   `message`, `format=json`, `idx`, `check_idx`, `notify_url`, `test`: answers
//!   `{"count": 1, "list": [{"id", "points", "number", "date_sent", "submitted_number",
//!   "status": "QUEUE", "idx"}]}`, or `{"error": code, "message"}` (101 a wrong token,
//!   13 no valid number, 11 an empty message, 53 an `idx` sent already with `check_idx`,
//!   201 its own failure). A message sent for real (not `test=1`) gets a delivery report
//!   on its `notify_url`: `GET …&MsgId={id}&status=404&idx={idx}&to={number}&donedate=…`.
//! - For tests only: `POST /stand-in/fail` (`to`, `times`) makes the next `times`
//!   messages to `to` fail with 201 (HTTP 500); `GET /stand-in/messages` lists what was
//!   sent.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::extract::{Form, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A message the stand-in took.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Taken {
    pub id: String,
    pub to: String,
    pub message: String,
    pub idx: Option<String>,
    pub test: bool,
}

#[derive(Default)]
struct Inner {
    taken: Vec<Taken>,
    idx_seen: HashSet<String>,
    failing: HashMap<String, u32>,
}

/// The stand-in's state: its token and what it took.
#[derive(Clone)]
pub struct StandIn {
    token: String,
    inner: Arc<Mutex<Inner>>,
    client: reqwest::Client,
}

#[derive(Debug, Deserialize)]
struct SmsForm {
    #[serde(default)]
    to: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    idx: Option<String>,
    #[serde(default)]
    check_idx: Option<String>,
    #[serde(default)]
    notify_url: Option<String>,
    #[serde(default)]
    test: Option<String>,
}

#[derive(Debug, Deserialize)]
struct FailForm {
    to: String,
    #[serde(default = "one")]
    times: u32,
}

fn one() -> u32 {
    1
}

fn error(status: StatusCode, code: i64, message: &str) -> Response {
    (status, Json(json!({ "error": code, "message": message }))).into_response()
}

impl StandIn {
    pub fn new(token: impl Into<String>) -> Self {
        StandIn { token: token.into(), inner: Arc::default(), client: reqwest::Client::new() }
    }

    /// Its routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/sms.do", post(sms_do))
            .route("/stand-in/fail", post(fail))
            .route("/stand-in/messages", get(messages))
            .with_state(self.clone())
    }

    /// Serve it on a free local port: its base address.
    pub async fn serve(&self) -> std::io::Result<String> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = format!("http://{}", listener.local_addr()?);
        let router = self.router();
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, router).await {
                tracing::warn!(error = %e, "the SMSAPI stand-in stopped");
            }
        });
        Ok(address)
    }

    /// What it took, in order.
    pub fn taken(&self) -> Vec<Taken> {
        self.inner.lock().map(|i| i.taken.clone()).unwrap_or_default()
    }

    /// The next `times` messages to `to` fail.
    pub fn fail_next(&self, to: &str, times: u32) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.failing.insert(digits(to), times);
        }
    }
}

fn digits(number: &str) -> String {
    number.chars().filter(char::is_ascii_digit).collect()
}

async fn sms_do(State(stand_in): State<StandIn>, headers: HeaderMap, Form(form): Form<SmsForm>) -> Response {
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    if bearer != Some(stand_in.token.as_str()) {
        return error(StatusCode::UNAUTHORIZED, 101, "Authorization failed");
    }
    let number = digits(&form.to);
    if !(9..=15).contains(&number.len()) {
        return error(StatusCode::OK, 13, "No valid phone numbers");
    }
    if form.message.trim().is_empty() {
        return error(StatusCode::OK, 11, "Message is empty");
    }
    let test = form.test.as_deref() == Some("1");
    let taken = {
        let Ok(mut inner) = stand_in.inner.lock() else {
            return error(StatusCode::INTERNAL_SERVER_ERROR, 201, "System internal error");
        };
        if let Some(left) = inner.failing.get_mut(&number).filter(|left| **left > 0) {
            *left -= 1;
            return error(StatusCode::INTERNAL_SERVER_ERROR, 201, "System internal error");
        }
        if form.check_idx.as_deref() == Some("1") {
            if let Some(idx) = &form.idx {
                if !inner.idx_seen.insert(idx.clone()) {
                    return error(
                        StatusCode::OK,
                        crate::smsapi::DUPLICATE_IDX,
                        "Not unique idx parameter, message with the same idx was already sent",
                    );
                }
            }
        }
        let taken = Taken {
            id: uuid::Uuid::new_v4().simple().to_string(),
            to: number.clone(),
            message: form.message.clone(),
            idx: form.idx.clone(),
            test,
        };
        inner.taken.push(taken.clone());
        taken
    };
    if let (Some(url), false) = (form.notify_url.clone(), test) {
        let (client, taken) = (stand_in.client.clone(), taken.clone());
        tokio::spawn(async move {
            let report = [
                ("MsgId", taken.id.clone()),
                ("status", "404".into()),
                ("status_name", "DELIVERED".into()),
                ("idx", taken.idx.clone().unwrap_or_default()),
                ("to", taken.to.clone()),
                ("donedate", chrono::Utc::now().timestamp().to_string()),
                ("username", "stand-in".into()),
                ("points", "0.16".into()),
            ];
            if let Err(e) = client.get(url).query(&report).send().await {
                tracing::warn!(error = %e, "the SMSAPI stand-in could not deliver a report");
            }
        });
    }
    Json(json!({
        "count": 1,
        "list": [{
            "id": taken.id,
            "points": 0.16,
            "number": number,
            "date_sent": chrono::Utc::now().timestamp(),
            "submitted_number": form.to,
            "status": "QUEUE",
            "error": null,
            "idx": form.idx,
        }]
    }))
    .into_response()
}

async fn fail(State(stand_in): State<StandIn>, Form(form): Form<FailForm>) -> StatusCode {
    stand_in.fail_next(&form.to, form.times);
    StatusCode::NO_CONTENT
}

async fn messages(State(stand_in): State<StandIn>) -> Json<Vec<Taken>> {
    Json(stand_in.taken())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smsapi::{SmsApi, SmsApiConfig};
    use api_core::sms::{Sms, SmsError, SmsSender};

    async fn gateway(stand_in: &StandIn, token: &str) -> SmsApi {
        let base_url = stand_in.serve().await.expect("serves");
        SmsApi::new(SmsApiConfig { base_url, token: token.into(), from: None, notify_url: None, test: false })
    }

    fn sms(text: &str) -> Sms {
        Sms { to: "+48 600 100 200".into(), text: text.into() }
    }

    #[tokio::test]
    async fn a_key_is_one_text_however_often_it_is_sent() {
        let stand_in = StandIn::new("secret");
        let api = gateway(&stand_in, "secret").await;
        let first = api.send_keyed(sms("Kurs odwołany"), "order/disruption/1").await.expect("sent");
        let again = api.send_keyed(sms("Kurs odwołany"), "order/disruption/1").await.expect("taken as sent");
        assert!(first.is_some_and(|id| !id.starts_with("idx:")));
        assert!(again.is_some_and(|id| id.starts_with("idx:")));
        let taken = stand_in.taken();
        assert_eq!(taken.len(), 1, "{taken:?}");
        assert_eq!((taken[0].to.as_str(), taken[0].message.as_str()), ("48600100200", "Kurs odwołany"));
    }

    #[tokio::test]
    async fn the_gateways_failure_is_retryable_and_a_wrong_token_is_not() {
        let stand_in = StandIn::new("secret");
        stand_in.fail_next("48600100200", 1);
        let api = gateway(&stand_in, "secret").await;
        assert!(matches!(api.send_keyed(sms("a"), "k1").await, Err(SmsError::Failed(_))));
        assert!(api.send_keyed(sms("a"), "k1").await.is_ok(), "the retry goes through");
        let wrong = SmsApi::new(SmsApiConfig {
            base_url: stand_in.serve().await.expect("serves"),
            token: "wrong".into(),
            from: None,
            notify_url: None,
            test: false,
        });
        assert!(matches!(wrong.send_keyed(sms("a"), "k2").await, Err(SmsError::Refused(_))));
        let not_a_number = Sms { to: "12".into(), text: "a".into() };
        assert!(matches!(api.send_keyed(not_a_number, "k3").await, Err(SmsError::NotANumber(_))));
    }
}
