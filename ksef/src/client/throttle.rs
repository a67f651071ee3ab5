//! The client's own rate limits, per operation: KSeF counts every call in sliding
//! windows of a second, a minute and an hour (`limity/limity-api.md`, "przesuwające się
//! okno czasowe"), and a call over any of them gets 429, whose block lengthens when the
//! excess repeats. So the client counts its calls the same way, against each operation's
//! documented limits ([`OPERATIONS`], the `x-rate-limits` of `open-api.json`, a test
//! holds the table to the document) times a safety margin (80 % by default: other
//! programs of the same company and the same address count too).
//!
//! Before a call ([`Throttle::take`]): within every window, it goes at once; over a short
//! one it waits (at most [`Options::throttle_wait`](super::Options), e.g. the rest of a
//! second); otherwise it is not made and the caller gets
//! [`KsefError::RateLimited`]: "try later", NOT an outage (documents stay queued, none goes
//! offline). A 429 KSeF answers anyway blocks that operation for its `Retry-After`
//! ([`Throttle::refused`]). [`Throttle::snapshot`] says what is left, for the status views.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::KsefError;

/// Requests per second, minute and hour (`None`: the document sets none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub per_second: Option<u32>,
    pub per_minute: Option<u32>,
    pub per_hour: Option<u32>,
}

/// One operation of the API, as `open-api.json` names its path, and its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Operation {
    /// A short name, used in logs, the snapshot and the stand-in's statistics.
    pub name: &'static str,
    pub method: &'static str,
    /// The path template under `/v2`, `{…}` standing for one segment.
    pub path: &'static str,
    pub limit: Limit,
}

const fn op(name: &'static str, method: &'static str, path: &'static str, s: u32, m: u32, h: u32) -> Operation {
    Operation { name, method, path, limit: Limit { per_second: Some(s), per_minute: Some(m), per_hour: Some(h) } }
}

/// Only a per-second limit (the public, unauthenticated operations).
const fn per_second(name: &'static str, method: &'static str, path: &'static str, s: u32) -> Operation {
    Operation { name, method, path, limit: Limit { per_second: Some(s), per_minute: None, per_hour: None } }
}

/// The operations this client and the stand-in use, with their production limits: each
/// operation's `x-rate-limits` in `open-api.json` (checked by `the_table_is_the_documents`).
pub const OPERATIONS: &[Operation] = &[
    per_second("publicKeys", "GET", "/security/public-key-certificates", 60),
    per_second("challenge", "POST", "/auth/challenge", 60),
    per_second("ksefToken", "POST", "/auth/ksef-token", 60),
    per_second("authStatus", "GET", "/auth/{referenceNumber}", 60),
    per_second("redeem", "POST", "/auth/token/redeem", 60),
    per_second("refresh", "POST", "/auth/token/refresh", 60),
    op("openOnline", "POST", "/sessions/online", 10, 30, 120),
    op("sendInvoice", "POST", "/sessions/online/{referenceNumber}/invoices", 10, 30, 180),
    op("closeOnline", "POST", "/sessions/online/{referenceNumber}/close", 10, 30, 120),
    op("openBatch", "POST", "/sessions/batch", 10, 20, 60),
    op("closeBatch", "POST", "/sessions/batch/{referenceNumber}/close", 10, 20, 60),
    op("sessions", "GET", "/sessions", 5, 10, 60),
    op("sessionStatus", "GET", "/sessions/{referenceNumber}", 10, 120, 1200),
    op("sessionInvoices", "GET", "/sessions/{referenceNumber}/invoices", 10, 20, 200),
    op("failedInvoices", "GET", "/sessions/{referenceNumber}/invoices/failed", 10, 20, 200),
    op("invoiceStatus", "GET", "/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}", 30, 120, 1200),
    op("invoiceUpoByKsef", "GET", "/sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo", 10, 120, 1200),
    op("invoiceUpo", "GET", "/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo", 10, 120, 1200),
    op("sessionUpo", "GET", "/sessions/{referenceNumber}/upo/{upoReferenceNumber}", 10, 120, 1200),
];

/// The operation a request is: its method and its path (a query string ignored) matched
/// against the templates, the one with most literal segments winning (`…/invoices/failed`
/// over `…/invoices/{invoiceReferenceNumber}`).
pub fn operation(method: &str, path: &str) -> Option<&'static Operation> {
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    OPERATIONS
        .iter()
        .filter(|o| o.method.eq_ignore_ascii_case(method))
        .filter_map(|o| {
            let template: Vec<&str> = o.path.trim_matches('/').split('/').collect();
            if template.len() != segments.len() {
                return None;
            }
            let mut literal = 0;
            for (t, s) in template.iter().zip(&segments) {
                if t.starts_with('{') {
                    continue;
                }
                if t != s {
                    return None;
                }
                literal += 1;
            }
            Some((literal, o))
        })
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, o)| o)
}

const WINDOWS: [(Duration, &str); 3] =
    [(Duration::from_secs(1), "second"), (Duration::from_secs(60), "minute"), (Duration::from_secs(3600), "hour")];

fn window_limit(limit: &Limit, index: usize) -> Option<u32> {
    [limit.per_second, limit.per_minute, limit.per_hour][index]
}

#[derive(Debug, Default)]
struct Calls {
    /// When each call of the last hour was made.
    at: VecDeque<Instant>,
    /// A 429's `Retry-After` (or the throttle's own refusal) holds the operation until then.
    blocked_until: Option<Instant>,
    made: u64,
    rate_limited: u64,
}

impl Calls {
    fn forget_old(&mut self, now: Instant) {
        while self.at.front().is_some_and(|t| now.duration_since(*t) >= WINDOWS[2].0) {
            self.at.pop_front();
        }
    }

    fn inside(&self, now: Instant, window: Duration) -> Vec<Instant> {
        self.at.iter().filter(|t| now.duration_since(**t) < window).copied().collect()
    }
}

/// One window of one operation in a [`Snapshot`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WindowLeft {
    /// `second`, `minute` or `hour`.
    pub window: &'static str,
    /// KSeF's limit.
    pub limit: u32,
    /// What this client allows itself (the limit times the margin).
    pub budget: u32,
    /// Calls made inside the window now.
    pub used: u32,
    /// Calls the client may still make in it now.
    pub left: u32,
}

/// Where one operation stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OperationLeft {
    pub operation: &'static str,
    pub method: &'static str,
    pub path: &'static str,
    pub windows: Vec<WindowLeft>,
    /// Held after a 429 (or by the throttle) until then.
    pub blocked_until: Option<DateTime<Utc>>,
    /// Calls made since the client started, and how many of them KSeF answered 429.
    pub calls: u64,
    pub rate_limited: u64,
}

/// The calls left per operation and window, for the status views.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    /// The share of each documented limit the client allows itself (0.8 = 80 %).
    pub margin: f64,
    pub operations: Vec<OperationLeft>,
}

/// The per-operation sliding windows of one client.
#[derive(Debug)]
pub struct Throttle {
    margin: f64,
    calls: Mutex<HashMap<&'static str, Calls>>,
}

impl Throttle {
    /// A throttle allowing `margin` (0 < margin ≤ 1) of every documented limit.
    pub fn new(margin: f64) -> Self {
        let margin = if margin.is_finite() && margin > 0.0 { margin.min(1.0) } else { 1.0 };
        Self { margin, calls: Mutex::new(HashMap::new()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<&'static str, Calls>> {
        self.calls.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// What the client allows itself of `limit`: the margin's share, at least one call.
    pub fn budget(&self, limit: u32) -> u32 {
        ((f64::from(limit) * self.margin).floor() as u32).max(1)
    }

    /// Take a call of `op` now, or say how long until one is free (nothing taken).
    pub fn try_take(&self, op: &'static Operation) -> Result<(), Duration> {
        let now = Instant::now();
        let mut all = self.lock();
        let calls = all.entry(op.name).or_default();
        calls.forget_old(now);
        if let Some(until) = calls.blocked_until.filter(|u| *u > now) {
            return Err(until - now);
        }
        let mut wait = Duration::ZERO;
        for (i, (window, _)) in WINDOWS.iter().enumerate() {
            let Some(limit) = window_limit(&op.limit, i) else { continue };
            let inside = calls.inside(now, *window);
            let budget = self.budget(limit) as usize;
            if inside.len() >= budget {
                // Free when the call `budget` back from the newest leaves the window.
                let oldest_to_leave = inside[inside.len() - budget];
                wait = wait.max(window.saturating_sub(now.duration_since(oldest_to_leave)));
            }
        }
        if wait > Duration::ZERO {
            return Err(wait);
        }
        calls.at.push_back(now);
        calls.made += 1;
        Ok(())
    }

    /// Take a call of `op`, waiting up to `max_wait` for one; longer: `RateLimited`.
    pub async fn take(&self, op: &'static Operation, max_wait: Duration) -> Result<(), KsefError> {
        loop {
            match self.try_take(op) {
                Ok(()) => return Ok(()),
                Err(wait) if wait <= max_wait => tokio::time::sleep(wait).await,
                Err(wait) => {
                    return Err(KsefError::RateLimited {
                        operation: op.name.to_owned(),
                        retry_after_s: wait.as_secs_f64().ceil() as u64,
                        by_ksef: false,
                    })
                }
            }
        }
    }

    /// KSeF answered 429 to a call of `op`: hold it for `retry_after`.
    pub fn refused(&self, op: &'static Operation, retry_after: Duration) {
        let until = Instant::now() + retry_after;
        let mut all = self.lock();
        let calls = all.entry(op.name).or_default();
        calls.rate_limited += 1;
        calls.blocked_until = Some(calls.blocked_until.map_or(until, |u| u.max(until)));
    }

    /// How many calls of the operation named `name` could go now without being refused:
    /// the least left over its minute and hour windows (the second's is only waited for),
    /// 0 while it is blocked; `u32::MAX` for an operation the table does not limit.
    pub fn left(&self, name: &str) -> u32 {
        let Some(op) = OPERATIONS.iter().find(|o| o.name == name) else { return u32::MAX };
        self.operation_left(op, Instant::now()).map_or(u32::MAX, |o| {
            if o.blocked_until.is_some() {
                0
            } else {
                o.windows.iter().filter(|w| w.window != "second").map(|w| w.left).min().unwrap_or(u32::MAX)
            }
        })
    }

    fn operation_left(&self, op: &'static Operation, now: Instant) -> Option<OperationLeft> {
        let mut all = self.lock();
        let calls = all.entry(op.name).or_default();
        calls.forget_old(now);
        let windows = WINDOWS
            .iter()
            .enumerate()
            .filter_map(|(i, (window, label))| {
                let limit = window_limit(&op.limit, i)?;
                let used = u32::try_from(calls.inside(now, *window).len()).unwrap_or(u32::MAX);
                let budget = self.budget(limit);
                Some(WindowLeft { window: label, limit, budget, used, left: budget.saturating_sub(used) })
            })
            .collect();
        let blocked_until = calls
            .blocked_until
            .filter(|u| *u > now)
            .and_then(|u| chrono::Duration::from_std(u - now).ok())
            .map(|d| Utc::now() + d);
        Some(OperationLeft {
            operation: op.name,
            method: op.method,
            path: op.path,
            windows,
            blocked_until,
            calls: calls.made,
            rate_limited: calls.rate_limited,
        })
    }

    /// Every operation's windows now.
    pub fn snapshot(&self) -> Snapshot {
        let now = Instant::now();
        Snapshot {
            margin: self.margin,
            operations: OPERATIONS.iter().filter_map(|o| self.operation_left(o, now)).collect(),
        }
    }
}

/// The interactive session a client has open (opened through it and not closed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionInUse {
    pub reference: String,
    pub opened_at: DateTime<Utc>,
    /// When KSeF closes it by itself (12 hours after opening).
    pub valid_until: Option<DateTime<Utc>>,
}

/// What [`Client::limits`](super::Client::limits) shows: the calls left per operation
/// and window (`None` without a throttle) and the session in use.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub throttle: Option<Snapshot>,
    pub session: Option<SessionInUse>,
}

impl super::Client {
    /// The calls left in the current windows of every operation (the client's own count,
    /// against the documented limits times its margin; what other programs of the same
    /// context and address used is not known to it), what is blocked after a 429 and
    /// until when, and the interactive session in use and since when. For
    /// `coach finance ksef status` and the admin panel.
    pub fn limits(&self) -> Limits {
        let session = self.session_in_use.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        Limits { throttle: self.http.throttle.as_ref().map(|t| t.snapshot()), session }
    }

    /// How many calls of the operation named `name` (e.g. `sendInvoice`) could go now
    /// without being refused, in the minute's and the hour's windows (`u32::MAX` without
    /// a throttle).
    pub fn calls_left(&self, name: &str) -> u32 {
        self.http.throttle.as_ref().map_or(u32::MAX, |t| t.left(name))
    }

    pub(super) fn note_session(&self, session: Option<SessionInUse>) {
        *self.session_in_use.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = session;
    }

    pub(super) fn forget_session(&self, reference: &str) {
        let mut held = self.session_in_use.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if held.as_ref().is_some_and(|s| s.reference == reference) {
            *held = None;
        }
    }
}

#[cfg(test)]
#[path = "throttle_tests.rs"]
mod tests;
