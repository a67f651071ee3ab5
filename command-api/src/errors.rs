//! Where the command core's errors become HTTP answers, and only here.
//!
//! The core speaks the domain's language: [`crate::aggregate::execute`] answers
//! [`ExecuteError`] (the domain's refusal, or the store's error) and the single writer
//! answers [`WriteError`] (the refusal, or the writer's own [`WriterFailure`]). A handler
//! says how its domain's refusal reads as an answer (`hold_error`, `spend_error`, ...);
//! the rest is mapped here, the same for every command.

use api_core::codes;
use api_core::ApiError;
use event_store::StoreError;

use crate::aggregate::ExecuteError;
use crate::writer::{WriteError, WriterFailure};

impl<E> ExecuteError<E> {
    /// The answer: `refused` reads the domain's refusal; a store error answers as the
    /// store's errors always do.
    pub fn into_api(self, refused: impl FnOnce(E) -> ApiError) -> ApiError {
        match self {
            ExecuteError::Refused(e) => refused(e),
            ExecuteError::Store(e) => e.into(),
        }
    }
}

impl<E> WriteError<E> {
    /// The answer: `refused` reads the domain's refusal; the writer's failures answer
    /// as [`writer_failure`] says.
    pub fn into_api(self, refused: impl FnOnce(E) -> ApiError) -> ApiError {
        match self {
            WriteError::Refused(e) => refused(e),
            WriteError::Failed(failure) => writer_failure(failure),
        }
    }
}

/// A decision that already speaks HTTP (the catalogue's seat changes).
impl From<WriteError<ApiError>> for ApiError {
    fn from(e: WriteError<ApiError>) -> Self {
        e.into_api(|refusal| refusal)
    }
}

/// The writer's failures: a stream that kept changing is a `409` the client may retry, a
/// store that is down a `503`, anything else a `500` (logged, the cause not sent).
pub fn writer_failure(failure: WriterFailure) -> ApiError {
    match failure {
        WriterFailure::Busy => ApiError::Conflict("the course is very busy right now; please try again".into())
            .with_code(codes::COURSE_BUSY),
        WriterFailure::Store(e) => match e.as_ref() {
            StoreError::Unavailable(m) => ApiError::Unavailable(m.clone()),
            other => ApiError::Internal(other.to_string()),
        },
        WriterFailure::Stopped => ApiError::Internal("the stream writer stopped".into()),
        WriterFailure::NoWriter => ApiError::Unavailable("no stream writer could be started".into()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::http::StatusCode;

    use super::*;

    #[test]
    fn writer_failures_map_to_the_statuses_they_always_had() {
        let status = |f: WriterFailure| writer_failure(f).status();
        assert_eq!(status(WriterFailure::Busy), StatusCode::CONFLICT);
        assert_eq!(
            status(WriterFailure::Store(Arc::new(StoreError::Unavailable("down".into())))),
            StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(
            status(WriterFailure::Store(Arc::new(StoreError::InvalidEvent("x".into())))),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(status(WriterFailure::Stopped), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(status(WriterFailure::NoWriter), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn a_refusal_is_read_by_the_handlers_own_mapping() {
        let refused: WriteError<&str> = WriteError::Refused("no seats");
        assert_eq!(refused.into_api(|e| ApiError::Conflict(e.into())).status(), StatusCode::CONFLICT);
    }
}
