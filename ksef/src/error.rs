//! What can go wrong talking to KSeF, sorted by what the sender does next.

#[derive(Debug, thiserror::Error)]
pub enum KsefError {
    /// Not reachable, a timeout, or a 5xx: KSeF is down; invoices go offline and wait.
    #[error("KSeF is unavailable: {0}")]
    Unavailable(String),
    /// The token (or the NIP it is for) was refused: nothing can be sent until an admin fixes it.
    #[error("KSeF refused the authentication: {0}")]
    AuthRefused(String),
    /// A 4xx about the request itself (its `exceptionCode` and description).
    #[error("KSeF refused the request ({code}): {description}")]
    Refused { code: i64, description: String },
    /// KSeF is working but has not finished (an authentication still in progress): try
    /// again later. Not an outage: nothing goes offline for it.
    #[error("KSeF has not finished yet: {0}")]
    Busy(String),
    /// An operation's rate limit (`limity/limity-api.md`): KSeF answered 429 with a
    /// `Retry-After` past what the client waits, or the client's own throttle holds the
    /// call back (`client::throttle`). Try later; NOT an outage: nothing goes offline.
    #[error("{}", rate_limited(operation, *retry_after_s, *by_ksef))]
    RateLimited { operation: String, retry_after_s: u64, by_ksef: bool },
    /// An answer we cannot read (not what `open-api.json` says).
    #[error("KSeF answered something unexpected: {0}")]
    Protocol(String),
}

fn rate_limited(operation: &str, retry_after_s: u64, by_ksef: bool) -> String {
    if by_ksef {
        format!("KSeF's rate limit on {operation} (429, retry after {retry_after_s} s): the documents wait")
    } else {
        format!("{operation} is held by the client's throttle for {retry_after_s} s (KSeF's limit with a margin): the documents wait")
    }
}

impl KsefError {
    /// Whether the cause is KSeF's availability (go offline, try later) rather than our request.
    pub fn is_outage(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }

    /// Whether the cause is a rate limit (try later; nothing goes offline).
    pub fn is_rate_limited(&self) -> bool {
        matches!(self, Self::RateLimited { .. })
    }
}
