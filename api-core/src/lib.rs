//! # api-core
//!
//! The HTTP conventions the command API and the query API share, so a client sees one
//! API: the error body of `DECISIONS.md` (`{"name", "message", "status", "code", "errors"}`),
//! the [`ApiError`] that renders it with its stable [`codes`], and the [`AppJson`] extractor whose rejections use
//! the same body; the list conventions ([`list`]); who is asking ([`auth`]); time
//! in Europe/Warsaw ([`time`]); and the ports to the outside both use: e-mail ([`mail`])
//! and SMS ([`sms`]). (A crate of its own, beside the ones `ARCHITECTURE.md` lists, so the
//! two API crates need not depend on each other.) The cargo feature `event-store`, which
//! only the command side turns on, converts the event store's errors into [`ApiError`]:
//! the query side builds without the event store.

pub mod auth;
pub mod codes;
mod error;
mod json;
pub mod list;
pub mod mail;
pub mod sms;
pub mod time;

pub use error::{ApiError, ErrorBody, FieldError};
pub use json::AppJson;

/// The success body of every endpoint: `{"data": …}`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Data { data }
    }
}

impl<T: serde::Serialize> axum::response::IntoResponse for Data<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self).into_response()
    }
}
