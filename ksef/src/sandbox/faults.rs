//! Fault injection: make the stand-in fail on purpose, from a test (`StandIn::faults()`)
//! or over HTTP (`POST /sandbox/faults`, not part of the KSeF API) for browser tests
//! and the benchmark.

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// One failure to inject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The next KSeF request answers 500.
    ServerError,
    /// The next KSeF request answers only after this long (past a client's timeout).
    Timeout(Duration),
    /// The next invoice sent is rejected as not valid against the schema (status 450).
    SchemaRejection,
    /// The next invoice sent is one KSeF holds already (a send whose answer was lost):
    /// a copy is accepted in an earlier session first, and the invoice answers 440
    /// naming it (`originalKsefNumber`, `originalSessionReferenceNumber`).
    Duplicate,
    /// The next invoice sent ends with this status code instead of being processed:
    /// 405, 500 or 550 (KSeF's "try again"), 410 (the token's permissions), 435, ...
    InvoiceStatus(i64),
    /// The next refresh of an access token is refused with 403 (Forbidden).
    RefreshForbidden,
    /// The next authentication stays "in progress" (100) for this many looks.
    SlowAuthentication(u32),
    /// The next invoice send is refused as a request (400 with this `exceptionCode`):
    /// 21180 closes its session first (as when KSeF ended it), 21405 refuses the input.
    SendRefused(i64),
    /// Every access token given so far stops working now (the next call gets a 401).
    TokenExpired,
    /// The next request naming a `publicKeyId` is refused with 21470, as when KSeF
    /// withdraws a key between the client's fetching it and using it.
    KeyWithdrawn,
    /// The next KSeF request answers 429 with this `Retry-After` (seconds), as KSeF's
    /// lengthened block after repeated excess does.
    TooManyRequests(u64),
    /// The next interactive session opened is valid for this many minutes (not 12
    /// hours): its `validUntil` is near.
    ShortSession(u32),
}

#[derive(Debug, Default)]
pub(crate) struct FaultState {
    pub down: bool,
    /// Request-level faults (server error, timeout), the next request takes the first.
    pub requests: VecDeque<Fault>,
    /// Invoice-level faults (schema rejection, duplicate), the next invoice takes the first.
    pub invoices: VecDeque<Fault>,
    /// Set by `TokenExpired`: the auth module expires every access token it sees.
    pub expire_tokens: bool,
    /// Set by `KeyWithdrawn`.
    pub withdraw_key: bool,
    /// Set by `RefreshForbidden`: the next refresh answers 403.
    pub forbid_refresh: bool,
    /// `SlowAuthentication`: how many looks the next authentication stays in progress.
    pub slow_authentication: Option<u32>,
    /// `SendRefused`: the next sends refused, in order.
    pub send_refusals: VecDeque<i64>,
    /// Rate limits: `Some(n)` = the documented (production) limits times n; `None` = off.
    pub rate_limit_scale: Option<u32>,
    /// Closed batch sessions wait unprocessed (status 150) until this is cleared, as a
    /// large package keeps KSeF busy: what a sender does meanwhile can be tested.
    pub hold_batches: bool,
    /// With `hold_batches`: a held batch still answers 100, as KSeF's does for a while
    /// after its close before it picks the package up.
    pub held_batches_at_100: bool,
    /// `ShortSession`: the next interactive session's validity, in minutes.
    pub short_session: Option<u32>,
}

/// The handle tests hold to inject faults.
#[derive(Debug, Clone)]
pub struct Faults(pub(crate) Arc<Mutex<FaultState>>);

impl Faults {
    pub(crate) fn new() -> Self {
        Self(Arc::new(Mutex::new(FaultState { rate_limit_scale: Some(1), ..FaultState::default() })))
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, FaultState> {
        // A panic while holding this lock leaves plain data behind: keep using it.
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// While down, every KSeF call answers 503.
    pub fn down(&self, down: bool) {
        self.lock().down = down;
    }

    /// Queues one failure (see `Fault`).
    pub fn fail_next(&self, fault: Fault) {
        let mut state = self.lock();
        match fault {
            Fault::ServerError | Fault::Timeout(_) | Fault::TooManyRequests(_) => state.requests.push_back(fault),
            Fault::SchemaRejection | Fault::Duplicate | Fault::InvoiceStatus(_) => state.invoices.push_back(fault),
            Fault::TokenExpired => state.expire_tokens = true,
            Fault::RefreshForbidden => state.forbid_refresh = true,
            Fault::SendRefused(code) => state.send_refusals.push_back(code),
            Fault::SlowAuthentication(polls) => state.slow_authentication = Some(polls),
            Fault::KeyWithdrawn => state.withdraw_key = true,
            Fault::ShortSession(minutes) => state.short_session = Some(minutes),
        }
    }

    /// The documented rate limits times `scale` (`None`: no limits). Production limits
    /// (scale 1) by default; KSeF's test environment has them ten times higher.
    pub fn rate_limits(&self, scale: Option<u32>) {
        self.lock().rate_limit_scale = scale;
    }

    /// While held, closed batch sessions are not processed (they stay at 150).
    pub fn hold_batches(&self, hold: bool) {
        self.lock().hold_batches = hold;
    }

    /// While held, closed batch sessions answer 100 (not picked up yet) instead of 150.
    pub fn hold_batches_at_100(&self, hold: bool) {
        let mut state = self.lock();
        state.hold_batches = hold;
        state.held_batches_at_100 = hold;
    }

    pub(crate) fn batches_held(&self) -> bool {
        self.lock().hold_batches
    }

    /// Whether a closed, unprocessed batch answers 100 now.
    pub(crate) fn batches_look_open(&self) -> bool {
        let state = self.lock();
        state.hold_batches && state.held_batches_at_100
    }

    /// Takes the next invoice fault if it is `Duplicate`.
    pub(crate) fn take_duplicate(&self) -> bool {
        let mut state = self.lock();
        let next = state.invoices.front() == Some(&Fault::Duplicate);
        if next {
            state.invoices.pop_front();
        }
        next
    }

    /// The `exceptionCode` to refuse this send with, if a test asked.
    pub(crate) fn take_send_refusal(&self) -> Option<i64> {
        self.lock().send_refusals.pop_front()
    }

    /// How many looks the next authentication stays in progress, if a test asked (once).
    pub(crate) fn take_slow_authentication(&self) -> Option<u32> {
        self.lock().slow_authentication.take()
    }

    /// How long the next interactive session is valid for, if a test asked (once).
    pub(crate) fn take_short_session(&self) -> Option<u32> {
        self.lock().short_session.take()
    }

    /// Whether the next refresh is refused (once).
    pub(crate) fn take_forbid_refresh(&self) -> bool {
        std::mem::take(&mut self.lock().forbid_refresh)
    }

    /// Forgets every queued fault and comes back up.
    pub fn clear(&self) {
        let mut state = self.lock();
        state.down = false;
        state.hold_batches = false;
        state.held_batches_at_100 = false;
        state.forbid_refresh = false;
        state.send_refusals.clear();
        state.slow_authentication = None;
        state.short_session = None;
        state.requests.clear();
        state.invoices.clear();
        state.expire_tokens = false;
        state.withdraw_key = false;
    }

    pub(crate) fn take_request_fault(&self) -> Option<Fault> {
        self.lock().requests.pop_front()
    }

    /// The next invoice fault, unless it is `Duplicate` (which `take_duplicate` takes
    /// once the invoice proved valid).
    pub(crate) fn take_invoice_fault(&self) -> Option<Fault> {
        let mut state = self.lock();
        if state.invoices.front() == Some(&Fault::Duplicate) {
            return None;
        }
        state.invoices.pop_front()
    }

    /// Applies a `POST /sandbox/faults` body.
    pub fn apply(&self, request: &FaultsRequest) {
        if request.clear {
            self.clear();
        }
        if let Some(down) = request.down {
            self.down(down);
        }
        if let Some(hold) = request.hold_batches {
            self.hold_batches(hold);
        }
        if let Some(hold) = request.hold_batches_at_100 {
            self.hold_batches_at_100(hold);
        }
        for f in &request.fail_next {
            self.fail_next(f.to_fault());
        }
        if let Some(limits) = &request.rate_limits {
            self.rate_limits(match limits {
                RateLimits::Production => Some(1),
                RateLimits::Test => Some(10),
                RateLimits::Off => None,
            });
        }
    }
}

/// The body of `POST /sandbox/faults`, e.g. `{"down": true}`,
/// `{"failNext": [{"kind": "timeout", "ms": 40000}, {"kind": "schemaRejection"}]}`,
/// `{"rateLimits": "off"}`, `{"holdBatches": true}`, `{"clear": true}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaultsRequest {
    #[serde(default)]
    pub clear: bool,
    #[serde(default)]
    pub down: Option<bool>,
    #[serde(default)]
    pub fail_next: Vec<FaultSpec>,
    #[serde(default)]
    pub rate_limits: Option<RateLimits>,
    #[serde(default)]
    pub hold_batches: Option<bool>,
    /// Hold closed batches, answering 100 (not picked up) rather than 150.
    #[serde(default)]
    pub hold_batches_at_100: Option<bool>,
}

/// A `Fault` in JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FaultSpec {
    ServerError,
    Timeout { ms: u64 },
    SchemaRejection,
    Duplicate,
    InvoiceStatus { code: i64 },
    TokenExpired,
    KeyWithdrawn,
    RefreshForbidden,
    SendRefused { code: i64 },
    SlowAuthentication { polls: u32 },
    TooManyRequests { seconds: u64 },
    ShortSession { minutes: u32 },
}

impl FaultSpec {
    fn to_fault(&self) -> Fault {
        match self {
            Self::ServerError => Fault::ServerError,
            Self::Timeout { ms } => Fault::Timeout(Duration::from_millis(*ms)),
            Self::SchemaRejection => Fault::SchemaRejection,
            Self::Duplicate => Fault::Duplicate,
            Self::InvoiceStatus { code } => Fault::InvoiceStatus(*code),
            Self::RefreshForbidden => Fault::RefreshForbidden,
            Self::SendRefused { code } => Fault::SendRefused(*code),
            Self::SlowAuthentication { polls } => Fault::SlowAuthentication(*polls),
            Self::TokenExpired => Fault::TokenExpired,
            Self::KeyWithdrawn => Fault::KeyWithdrawn,
            Self::TooManyRequests { seconds } => Fault::TooManyRequests(*seconds),
            Self::ShortSession { minutes } => Fault::ShortSession(*minutes),
        }
    }
}

/// Which rate limits the stand-in enforces.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RateLimits {
    /// The documented (production) limits.
    Production,
    /// Ten times those, as KSeF's test environment.
    Test,
    Off,
}
