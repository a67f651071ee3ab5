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
    /// An answer we cannot read (not what `open-api.json` says).
    #[error("KSeF answered something unexpected: {0}")]
    Protocol(String),
}

impl KsefError {
    /// Whether the cause is KSeF's availability (go offline, try later) rather than our request.
    pub fn is_outage(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }
}
