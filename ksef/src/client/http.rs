//! One HTTP exchange with KSeF: the request timeout, waiting out a 429 as its
//! `Retry-After` says (bounded), and sorting failures into `KsefError`: no answer, a
//! timeout or a 5xx is an outage (`Unavailable`); a 4xx is KSeF refusing the request.

use crate::wire::{ExceptionResponse, ProblemDetails};
use crate::KsefError;
use reqwest::{Method, StatusCode};
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
}

impl Http {
    pub fn new(base: &str, options: Options) -> Result<Self, KsefError> {
        let client = reqwest::Client::builder()
            .timeout(options.timeout)
            .build()
            .map_err(|e| KsefError::Protocol(format!("the HTTP client cannot be built: {e}")))?;
        Ok(Self { client, base: base.trim_end_matches('/').to_owned(), options })
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
        let mut waited = 0;
        loop {
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
                if waited >= self.options.rate_limit_retries || wait > self.options.max_retry_after {
                    return Err(KsefError::Unavailable(format!(
                        "{path}: rate limited by KSeF (429, retry after {} s)",
                        wait.as_secs()
                    )));
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
