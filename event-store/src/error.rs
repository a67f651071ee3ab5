//! The store's one error type. Every adapter maps its failures to these variants, so the
//! APIs answer the same status whatever store runs underneath.

use crate::model::{ExpectedVersion, Position};

/// What can go wrong when talking to an event store.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The stream is not at the version the writer expected. APIs answer `409 Conflict`.
    #[error("wrong expected version for stream {stream}: expected {expected}, actual {}", actual.map_or("no stream".to_string(), |v| v.to_string()))]
    WrongExpectedVersion { stream: String, expected: ExpectedVersion, actual: Option<u64> },
    /// An event id of the append is already used elsewhere (another stream or position).
    /// APIs answer `409 Conflict`.
    #[error("event id {0} is already used by another event")]
    DuplicateEventId(uuid::Uuid),
    /// The stream has no events. APIs answer `404 Not Found`.
    #[error("stream {0} not found")]
    StreamNotFound(String),
    /// A stream name that cannot be stored. APIs answer `422`.
    #[error("invalid stream name: {0}")]
    InvalidStreamName(String),
    /// An event that cannot be stored (no type, data that is not a JSON object, ...).
    /// APIs answer `422`.
    #[error("invalid event: {0}")]
    InvalidEvent(String),
    /// A position that is not the position of any event in this store. APIs answer `400`.
    #[error("position {0} does not exist in this store")]
    PositionNotFound(Position),
    /// A text that is not a position of this store. APIs answer `400`.
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// Stored data that does not decode into the type the reader asked for.
    #[error("cannot decode event {event_type} at {stream}@{version}: {reason}")]
    Decode { stream: String, version: u64, event_type: String, reason: String },
    /// The store could not be reached or failed. APIs answer `503`/`500` and log it.
    #[error("event store unavailable: {0}")]
    Unavailable(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        StoreError::Unavailable(err.to_string())
    }
}

/// `Result` with [`StoreError`].
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
