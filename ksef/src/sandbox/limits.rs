//! The API's rate limits (`limity/limity-api.md`; the values are each operation's
//! `x-rate-limits` in `open-api.json`, production's), in a sliding window: a request is
//! refused with 429 and `Retry-After` when the last second, minute or hour already holds
//! the limit. A client that ignores them fails here as it would at the Ministry.

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

const fn limit(per_second: u32, per_minute: u32, per_hour: u32) -> Limit {
    Limit { per_second, per_minute, per_hour }
}

/// The operation a request is (its `open-api.json` path template) and its limit.
pub fn operation(method: &str, path: &str) -> Option<(&'static str, Limit)> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let unlimited = u32::MAX;
    let op = match (method, segments.as_slice()) {
        ("GET", ["security", "public-key-certificates"]) => ("publicKeys", limit(60, unlimited, unlimited)),
        ("POST", ["auth", "challenge"]) => ("challenge", limit(60, unlimited, unlimited)),
        ("POST", ["auth", "ksef-token"]) => ("ksefToken", limit(60, unlimited, unlimited)),
        ("POST", ["auth", "token", "redeem"]) => ("redeem", limit(60, unlimited, unlimited)),
        ("POST", ["auth", "token", "refresh"]) => ("refresh", limit(60, unlimited, unlimited)),
        ("GET", ["auth", _]) => ("authStatus", limit(60, unlimited, unlimited)),
        ("POST", ["sessions", "online"]) => ("openOnline", limit(10, 30, 120)),
        ("POST", ["sessions", "online", _, "invoices"]) => ("sendInvoice", limit(10, 30, 180)),
        ("POST", ["sessions", "online", _, "close"]) => ("closeOnline", limit(10, 30, 120)),
        ("POST", ["sessions", "batch"]) => ("openBatch", limit(10, 20, 60)),
        ("POST", ["sessions", "batch", _, "close"]) => ("closeBatch", limit(10, 20, 60)),
        ("GET", ["sessions", _]) => ("sessionStatus", limit(10, 120, 1200)),
        ("GET", ["sessions", _, "invoices"]) => ("sessionInvoices", limit(10, 20, 200)),
        ("GET", ["sessions", _, "invoices", "ksef", _, "upo"]) => ("invoiceUpoByKsef", limit(10, 120, 1200)),
        ("GET", ["sessions", _, "invoices", _, "upo"]) => ("invoiceUpo", limit(10, 120, 1200)),
        ("GET", ["sessions", _, "invoices", _]) => ("invoiceStatus", limit(30, 120, 1200)),
        _ => return None,
    };
    Some(op)
}

/// The requests seen per operation in the last hour.
#[derive(Debug, Default)]
pub struct Limiter {
    seen: Mutex<HashMap<&'static str, VecDeque<Instant>>>,
}

impl Limiter {
    /// Counts the request, or says how long to wait (and which limit) if it is over one.
    /// `scale` multiplies the limits (10 = KSeF's test environment).
    pub fn admit(&self, op: &'static str, limit: Limit, scale: u32) -> Result<(), (u64, String)> {
        let now = Instant::now();
        let mut seen = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let times = seen.entry(op).or_default();
        while times.front().is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(3600)) {
            times.pop_front();
        }
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
                let wait = window.saturating_sub(oldest).as_secs_f64().ceil().max(1.0) as u64;
                return Err((wait, format!("{max} {unit} ({op})")));
            }
        }
        times.push_back(now);
        Ok(())
    }
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
}
