//! The API's rate limits (`limity/limity-api.md`; the values are each operation's
//! `x-rate-limits` in `open-api.json`, production's: the client's table,
//! `client::throttle::OPERATIONS`), in a sliding window: a request is refused with 429
//! and `Retry-After` when the last second, minute or hour already holds the limit. A
//! client that ignores them fails here as it would at the Ministry.
//!
//! As at the Ministry, the block lengthens when the excess repeats ("wielokrotne
//! przekroczenia mogą skutkować znacznym wydłużeniem blokady"): the first refusals of an
//! operation say when its window frees; from the [`HAMMERED`]th refusal within
//! [`STRIKES_KEPT`] on, the operation is blocked for two minutes, then four, eight …
//! (at most an hour), every request during the block refused and counted again.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Requests per second, minute and hour for one operation.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub per_second: u32,
    pub per_minute: u32,
    pub per_hour: u32,
}

/// The refusals of one operation within this long count towards a longer block.
pub const STRIKES_KEPT: Duration = Duration::from_secs(600);
/// From this many refusals within [`STRIKES_KEPT`] the operation is blocked past a minute.
pub const HAMMERED: usize = 3;
const LONGEST_BLOCK: Duration = Duration::from_secs(3600);

/// The operation a request is (its `open-api.json` path template) and its limit.
pub fn operation(method: &str, path: &str) -> Option<(&'static str, Limit)> {
    let op = crate::client::throttle::operation(method, path)?;
    let unlimited = u32::MAX;
    let limit = Limit {
        per_second: op.limit.per_second.unwrap_or(unlimited),
        per_minute: op.limit.per_minute.unwrap_or(unlimited),
        per_hour: op.limit.per_hour.unwrap_or(unlimited),
    };
    Some((op.name, limit))
}

#[derive(Debug, Default)]
struct Seen {
    admitted: VecDeque<Instant>,
    refusals: VecDeque<Instant>,
    blocked_until: Option<Instant>,
    calls: u64,
    refused: u64,
}

/// The requests seen per operation in the last hour, and the refusals.
#[derive(Debug, Default)]
pub struct Limiter {
    seen: Mutex<HashMap<&'static str, Seen>>,
}

/// What the stand-in counted, for `GET /sandbox/stats`.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Counts {
    /// Requests admitted, per operation.
    pub calls: std::collections::BTreeMap<&'static str, u64>,
    /// Requests answered 429, per operation.
    pub too_many: std::collections::BTreeMap<&'static str, u64>,
}

impl Limiter {
    /// Counts the request, or says how long to wait (and which limit) if it is over one.
    /// `scale` multiplies the limits (10 = KSeF's test environment).
    pub fn admit(&self, op: &'static str, limit: Limit, scale: u32) -> Result<(), (u64, String)> {
        let now = Instant::now();
        let mut all = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let seen = all.entry(op).or_default();
        while seen.admitted.front().is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(3600)) {
            seen.admitted.pop_front();
        }
        while seen.refusals.front().is_some_and(|t| now.duration_since(*t) >= STRIKES_KEPT) {
            seen.refusals.pop_front();
        }
        let refusal = match seen.blocked_until.filter(|u| *u > now) {
            Some(until) => Some((until - now, format!("blokada po wielokrotnym przekroczeniu limitu ({op})"))),
            None => over(&seen.admitted, now, limit, scale, op),
        };
        let Some((wait, which)) = refusal else {
            seen.admitted.push_back(now);
            seen.calls += 1;
            return Ok(());
        };
        seen.refused += 1;
        seen.refusals.push_back(now);
        let strikes = seen.refusals.len();
        let wait = if strikes >= HAMMERED {
            let doubling = u32::try_from(strikes - HAMMERED).unwrap_or(u32::MAX).min(5);
            let block = (Duration::from_secs(120) * 2u32.pow(doubling)).min(LONGEST_BLOCK);
            seen.blocked_until = Some(now + block);
            block
        } else {
            wait
        };
        Err((wait.as_secs_f64().ceil().max(1.0) as u64, which))
    }

    /// The requests admitted and refused so far, per operation.
    pub fn counts(&self) -> Counts {
        let all = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut counts = Counts::default();
        for (op, seen) in all.iter() {
            counts.calls.insert(op, seen.calls);
            if seen.refused > 0 {
                counts.too_many.insert(op, seen.refused);
            }
        }
        counts
    }
}

/// The first limit the request would exceed: the wait until it frees, and its name.
fn over(times: &VecDeque<Instant>, now: Instant, limit: Limit, scale: u32, op: &str) -> Option<(Duration, String)> {
    let windows = [
        (Duration::from_secs(1), limit.per_second, "req/s"),
        (Duration::from_secs(60), limit.per_minute, "req/min"),
        (Duration::from_secs(3600), limit.per_hour, "req/h"),
    ];
    for (window, max, unit) in windows {
        let max = usize::try_from(max.saturating_mul(scale)).unwrap_or(usize::MAX);
        let inside: Vec<&Instant> = times.iter().filter(|t| now.duration_since(**t) < window).collect();
        if inside.len() >= max {
            // Free again when the oldest request inside the window leaves it.
            let oldest = inside.first().map(|t| now.duration_since(**t)).unwrap_or_default();
            return Some((window.saturating_sub(oldest), format!("{max} {unit} ({op})")));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_map_to_their_operations() {
        let op = |m, p| operation(m, p).map(|(o, _)| o);
        assert_eq!(op("POST", "/sessions/online/R/invoices"), Some("sendInvoice"));
        assert_eq!(op("GET", "/sessions/R/invoices/I"), Some("invoiceStatus"));
        assert_eq!(op("GET", "/sessions/R/invoices"), Some("sessionInvoices"));
        assert_eq!(op("GET", "/sessions/R/invoices/ksef/K/upo"), Some("invoiceUpoByKsef"));
        assert_eq!(op("GET", "/auth/R"), Some("authStatus"));
        assert_eq!(op("POST", "/sandbox/faults"), None);
        assert_eq!(op("POST", "/sessions/batch"), Some("openBatch"));
        assert_eq!(op("POST", "/sessions/batch/R/close"), Some("closeBatch"));
        assert_eq!(op("PUT", "/sandbox/batch-parts/R/1"), None, "part uploads are not limited");
    }

    #[test]
    fn the_eleventh_send_in_a_second_waits() {
        let limiter = Limiter::default();
        let Some((op, limit)) = operation("POST", "/sessions/online/R/invoices") else {
            panic!("sendInvoice is limited");
        };
        for _ in 0..10 {
            assert!(limiter.admit(op, limit, 1).is_ok());
        }
        let refused = limiter.admit(op, limit, 1);
        assert!(matches!(refused, Err((1, _))), "{refused:?}");
        assert!(limiter.admit(op, limit, 2).is_ok(), "ten times the limits (test environment) admits it");
    }

    #[test]
    fn repeated_excess_is_blocked_past_a_minute_and_longer_each_time() {
        let limiter = Limiter::default();
        let Some((op, limit)) = operation("POST", "/sessions/online") else { panic!("openOnline is limited") };
        for _ in 0..10 {
            assert!(limiter.admit(op, limit, 1).is_ok());
        }
        let first = limiter.admit(op, limit, 1).expect_err("over 10 a second");
        assert!(first.0 <= 1, "the first excess: the window's wait {first:?}");
        limiter.admit(op, limit, 1).expect_err("still over");
        let hammered = limiter.admit(op, limit, 1).expect_err("hammered");
        assert_eq!(hammered.0, 120, "{hammered:?}");
        let again = limiter.admit(op, limit, 1).expect_err("blocked");
        assert_eq!(again.0, 240, "a request during the block lengthens it: {again:?}");
        assert!(limiter.admit(op, limit, 10).is_err(), "blocked whatever the limits now");
        let counts = limiter.counts();
        assert_eq!((counts.calls.get("openOnline"), counts.too_many.get("openOnline")), (Some(&10), Some(&5)));
    }
}
