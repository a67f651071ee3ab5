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
    /// The next invoice sent is rejected as a duplicate (status 440).
    Duplicate,
    /// Every access token given so far stops working now (the next call gets a 401).
    TokenExpired,
    /// The next request naming a `publicKeyId` is refused with 21470, as when KSeF
    /// withdraws a key between the client's fetching it and using it.
    KeyWithdrawn,
    /// The next KSeF request answers 429 with this `Retry-After` (seconds), as KSeF's
    /// lengthened block after repeated excess does.
    TooManyRequests(u64),
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
    /// Rate limits: `Some(n)` = the documented (production) limits times n; `None` = off.
    pub rate_limit_scale: Option<u32>,
    /// Closed batch sessions wait unprocessed (status 150) until this is cleared, as a
    /// large package keeps KSeF busy: what a sender does meanwhile can be tested.
    pub hold_batches: bool,
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
            Fault::SchemaRejection | Fault::Duplicate => state.invoices.push_back(fault),
            Fault::TokenExpired => state.expire_tokens = true,
            Fault::KeyWithdrawn => state.withdraw_key = true,
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

    pub(crate) fn batches_held(&self) -> bool {
        self.lock().hold_batches
    }

    /// Forgets every queued fault and comes back up.
    pub fn clear(&self) {
        let mut state = self.lock();
        state.down = false;
        state.hold_batches = false;
        state.requests.clear();
        state.invoices.clear();
        state.expire_tokens = false;
        state.withdraw_key = false;
    }

    pub(crate) fn take_request_fault(&self) -> Option<Fault> {
        self.lock().requests.pop_front()
    }

    pub(crate) fn take_invoice_fault(&self) -> Option<Fault> {
        self.lock().invoices.pop_front()
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
}

/// A `Fault` in JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FaultSpec {
    ServerError,
    Timeout { ms: u64 },
    SchemaRejection,
    Duplicate,
    TokenExpired,
    KeyWithdrawn,
    TooManyRequests { seconds: u64 },
}

impl FaultSpec {
    fn to_fault(&self) -> Fault {
        match self {
            Self::ServerError => Fault::ServerError,
            Self::Timeout { ms } => Fault::Timeout(Duration::from_millis(*ms)),
            Self::SchemaRejection => Fault::SchemaRejection,
            Self::Duplicate => Fault::Duplicate,
            Self::TokenExpired => Fault::TokenExpired,
            Self::KeyWithdrawn => Fault::KeyWithdrawn,
            Self::TooManyRequests { seconds } => Fault::TooManyRequests(*seconds),
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
