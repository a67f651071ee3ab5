//! When a document whose send reached no outcome goes again: backoff that doubles with
//! each failed send, from the policy's first pause up to its cap. KSeF's own "try
//! again" (405, 500, 550) starts short; a send blocked by something an admin must fix
//! (a refused request, the token's permissions) starts longer, so a document never
//! drowns KSeF in requests it will refuse, yet is tried again by itself once fixed.

use chrono::{DateTime, Duration, Utc};

/// The pauses of the backoff.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// After the first failed send of a transient kind.
    pub transient_first: Duration,
    /// After the first failed send blocked by something to fix.
    pub blocked_first: Duration,
    /// The longest pause.
    pub cap: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            transient_first: Duration::seconds(30),
            blocked_first: Duration::minutes(5),
            cap: Duration::hours(1),
        }
    }
}

impl RetryPolicy {
    /// No pause at all (tests that drive rounds by hand).
    pub fn immediate() -> Self {
        RetryPolicy { transient_first: Duration::zero(), blocked_first: Duration::zero(), cap: Duration::zero() }
    }
}

/// When the next send may go after the `failed_sends`-th failed one (1 for the first)
/// at `at`.
pub fn retry_at(policy: &RetryPolicy, at: DateTime<Utc>, failed_sends: u32, blocked: bool) -> DateTime<Utc> {
    let first = if blocked { policy.blocked_first } else { policy.transient_first };
    let doublings = failed_sends.saturating_sub(1).min(16);
    let pause = first.checked_mul(1 << doublings).unwrap_or(policy.cap).min(policy.cap);
    at + pause
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 28, 12, 0, 0).single().expect("a valid instant")
    }

    #[test]
    fn transient_failures_back_off_from_thirty_seconds_to_an_hour() {
        let p = RetryPolicy::default();
        let pauses: Vec<i64> = (1..=9).map(|n| (retry_at(&p, at(), n, false) - at()).num_seconds()).collect();
        assert_eq!(pauses, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    }

    #[test]
    fn blocked_sends_start_at_five_minutes() {
        let p = RetryPolicy::default();
        assert_eq!((retry_at(&p, at(), 1, true) - at()).num_minutes(), 5);
        assert_eq!((retry_at(&p, at(), 2, true) - at()).num_minutes(), 10);
        assert_eq!((retry_at(&p, at(), 40, true) - at()).num_minutes(), 60, "capped, never overflowing");
    }

    #[test]
    fn immediate_means_now() {
        assert_eq!(retry_at(&RetryPolicy::immediate(), at(), 3, true), at());
    }
}
