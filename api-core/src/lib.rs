//! # api-core
//!
//! The edge kit every API crate shares (command, query, catalogue, accounts), so a
//! client sees one API: the error body (docs/conventions.md, 'Answers and errors'):
//! `{"name", "message", "status", "code", "errors"}`,
//! the [`ApiError`] that renders it with its stable [`codes`], and the [`AppJson`] extractor whose rejections use
//! the same body; the list conventions ([`list`]); reading a body field by field
//! ([`fields`]) and query parameters ([`params`]); the value types a request carries, one
//! rule each: e-mail, phone, NIP, postal code, a line of text, money ([`values`], the pure
//! `values` crate the domain shares, with the field error of a refusal); the declaration of a CRUD resource
//! and its one generic router ([`resource`]); who is asking ([`auth`]); time
//! in Europe/Warsaw ([`time`]); and the ports to the outside both use: e-mail ([`mail`])
//! and SMS ([`sms`]); the ticket signing key ([`ticket_keys`]). The API crates need not depend on each other for any of it. The
//! cargo feature `event-store`, which only the command side turns on, converts the event
//! store's errors into [`ApiError`]: the query side builds without the event store.

pub mod auth;
pub mod codes;
mod error;
pub mod fields;
pub mod files;
mod json;
pub mod list;
pub mod mail;
pub mod params;
pub mod resource;
pub mod sms;
pub mod ticket_keys;
pub mod time;
pub mod values;

pub use error::{ApiError, ErrorBody, ErrorParams, FieldError};
pub use fields::{merge, Fields};
pub use json::{from_slice as json_from_slice, AppJson};
pub use params::Params;
/// The whitespace class of the API document's patterns (`values::whitespace`).
pub use values::{ws_chars, ws_class};

/// The success body of every endpoint: `{"data": …}`. Its schema is generic, so an
/// operation documents its real envelope with `body = Data<T>` (a list: `Data<Page<T>>`).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
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
