//! One HTTP exchange with KSeF: the client's throttle first (`throttle`: the call waits
//! for a short window or is not made, `RateLimited`), the request timeout, waiting out a
//! 429 as its `Retry-After` says (bounded; a longer one is `RateLimited` and holds the
//! operation until then, never an outage), and sorting failures into `KsefError`: no
//! answer, a timeout or a 5xx is an outage (`Unavailable`); a 4xx is KSeF refusing the
//! request.

use super::throttle::{self, Throttle};
use crate::wire::{ExceptionResponse, ProblemDetails};
use crate::KsefError;
use reqwest::{Method, StatusCode};
use std::sync::Arc;
use std::time::Duration;

/// How the client behaves on the wire.
#[derive(Debug, Clone)]
pub struct Options {
    /// Every request's timeout (connect to last byte). Default 30 s.
    pub timeout: Duration,
    /// How many times a 429 is waited out before giving up. Default 3.
    pub rate_limit_retries: u32,
    /// The batch session's limits (the documented ones by default).
    pub batch: crate::client::BatchLimits,
    /// The longest `Retry-After` waited; a longer one gives up at once. Default 60 s.
    pub max_retry_after: Duration,
    /// The pause between two looks at an authentication in progress. Default 250 ms.
    pub auth_poll_interval: Duration,
    /// How long an authentication in progress is waited for (at most while its
    /// authentication token is valid) before the round gives up for now. Default 2 min.
    pub auth_poll_for: Duration,
    /// The timeout of one batch part's upload (up to 100 MB; the guide allows 20 minutes
    /// a part). Default 20 min.
    pub upload_timeout: Duration,
    /// The share of each documented rate limit the client allows itself (`throttle`);
    /// `None`: no throttle (only KSeF's 429s limit it). Default 0.8.
    pub throttle_margin: Option<f64>,
    /// The longest the throttle waits for a call's window; a longer wait is not waited
    /// (`RateLimited`: try later). Default 3 s.
    pub throttle_wait: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(30),
            rate_limit_retries: 3,
            max_retry_after: Duration::from_secs(60),
            batch: crate::client::BatchLimits::default(),
            auth_poll_interval: Duration::from_millis(250),
            auth_poll_for: Duration::from_secs(120),
            upload_timeout: Duration::from_secs(20 * 60),
            throttle_margin: Some(0.8),
            throttle_wait: Duration::from_secs(3),
        }
    }
}

/// A non-5xx, non-429 answer.
pub(crate) struct Answer {
    pub status: StatusCode,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> Result<T, KsefError> {
        serde_json::from_slice(&self.body).map_err(|e| KsefError::Protocol(format!("an answer's body ({e})")))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The refusal a 4xx carries: its `exceptionCode` and description (400), the problem
    /// details (401/403), else the status itself.
    pub fn refusal(&self) -> KsefError {
        if let Ok(e) = serde_json::from_slice::<ExceptionResponse>(&self.body) {
            if let Some(first) = e.exception.exception_detail_list.first() {
                let mut description = first.exception_description.clone().unwrap_or_default();
                if let Some(details) = first.details.as_ref().filter(|d| !d.is_empty()) {
                    description = format!("{description} ({})", details.join("; "));
                }
                return KsefError::Refused { code: first.exception_code, description };
            }
        }
        if let Ok(p) = serde_json::from_slice::<ProblemDetails>(&self.body) {
            let reason = p.reason_code.map(|r| format!(" [{r}]")).unwrap_or_default();
            return KsefError::Refused { code: p.status, description: format!("{}{reason}", p.detail) };
        }
        let mut text = self.text();
        text.truncate(300);
        KsefError::Refused { code: i64::from(self.status.as_u16()), description: text }
    }
}

#[derive(Clone)]
pub(crate) struct Http {
    client: reqwest::Client,
    base: String,
    pub options: Options,
    /// Shared by the clones (the batch part uploads' tasks).
    pub throttle: Option<Arc<Throttle>>,
}

impl Http {
    pub fn new(base: &str, options: Options) -> Result<Self, KsefError> {
        let client = reqwest::Client::builder()
            .timeout(options.timeout)
            .build()
            .map_err(|e| KsefError::Protocol(format!("the HTTP client cannot be built: {e}")))?;
        let throttle = options.throttle_margin.map(|m| Arc::new(Throttle::new(m)));
        Ok(Self { client, base: base.trim_end_matches('/').to_owned(), options, throttle })
    }

    /// Sends one request (JSON body if any), waiting out 429s; `Unavailable` for an
    /// outage, else the answer whatever its status.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        bearer: Option<&str>,
        body: Option<&serde_json::Value>,
    ) -> Result<Answer, KsefError> {
        self.call_with(method, path, bearer, body, &[]).await
    }

    /// `call` with extra headers (e.g. a list's `x-continuation-token`).
    pub async fn call_with(
        &self,
        method: Method,
        path: &str,
        bearer: Option<&str>,
        body: Option<&serde_json::Value>,
        headers: &[(&str, &str)],
    ) -> Result<Answer, KsefError> {
        let url = format!("{}{path}", self.base);
        let limited = throttle::operation(method.as_str(), path).zip(self.throttle.as_deref());
        let mut waited = 0;
        loop {
            if let Some((op, throttle)) = limited {
                throttle.take(op, self.options.throttle_wait).await?;
            }
            let mut request = self.client.request(method.clone(), &url);
            // JSON unless the call asks for something else (a UPO is `application/xml`).
            if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("accept")) {
                request = request.header("accept", "application/json");
            }
            if let Some(token) = bearer {
                request = request.bearer_auth(token);
            }
            for (name, value) in headers {
                request = request.header(*name, *value);
            }
            if let Some(body) = body {
                request = request.json(body);
            }
            let response = request.send().await.map_err(|e| outage(path, &e))?;
            let status = response.status();
            if status == StatusCode::TOO_MANY_REQUESTS {
                let wait = retry_after(&response);
                if let Some((op, throttle)) = limited {
                    throttle.refused(op, wait);
                }
                if waited >= self.options.rate_limit_retries || wait > self.options.max_retry_after {
                    // Not an outage: the documents wait for the limit, none goes offline.
                    let operation = limited.map_or_else(|| path.to_owned(), |(op, _)| op.name.to_owned());
                    return Err(KsefError::RateLimited {
                        operation,
                        retry_after_s: wait.as_secs_f64().ceil() as u64,
                        by_ksef: true,
                    });
                }
                waited += 1;
                tracing::info!(path, wait_s = wait.as_secs_f64(), "KSeF rate limit: waiting as Retry-After says");
                tokio::time::sleep(wait).await;
                continue;
            }
            let body = response.bytes().await.map_err(|e| outage(path, &e))?.to_vec();
            if status.is_server_error() {
                let mut text = String::from_utf8_lossy(&body).into_owned();
                text.truncate(200);
                return Err(KsefError::Unavailable(format!("{path}: KSeF answered {status}: {text}")));
            }
            return Ok(Answer { status, body });
        }
    }
}

impl Http {
    /// Puts one batch part where KSeF said (an absolute URL with its own key, the headers
    /// it gave, no access token), with the raw bytes as the body.
    pub async fn upload(
        &self,
        method: &str,
        url: &str,
        headers: &[(String, String)],
        body: Vec<u8>,
    ) -> Result<Answer, KsefError> {
        let method = Method::from_bytes(method.as_bytes())
            .map_err(|_| KsefError::Protocol(format!("a part upload with the method {method:?}")))?;
        let mut request = self.client.request(method, url).timeout(self.options.upload_timeout);
        for (name, value) in headers {
            request = request.header(name.as_str(), value.as_str());
        }
        let label = "batch part upload";
        let response = request.body(body).send().await.map_err(|e| outage(label, &e))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| outage(label, &e))?.to_vec();
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(KsefError::Unavailable(format!("{label}: KSeF storage answered {status}")));
        }
        Ok(Answer { status, body })
    }
}

fn outage(path: &str, e: &reqwest::Error) -> KsefError {
    // Whatever went wrong on the wire (no connection, timeout, a cut body) is KSeF not
    // being there for us; the error's text never holds the token (it is a header).
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "cannot connect"
    } else {
        "no answer"
    };
    KsefError::Unavailable(format!("{path}: {kind}: {e}"))
}

fn retry_after(response: &reqwest::Response) -> Duration {
    response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(Duration::from_secs(1))
}
