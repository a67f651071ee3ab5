//! # api-core
//!
//! The HTTP conventions the command API and the query API share, so a client sees one
//! API: the error body of `DECISIONS.md` (`{"name", "message", "status", "errors"}`),
//! the [`ApiError`] that renders it, and the [`AppJson`] extractor whose rejections use
//! the same body. (A crate of its own, beside the ones `ARCHITECTURE.md` lists, so the
//! two API crates need not depend on each other.)

mod error;
mod json;

pub use error::{ApiError, FieldError};
pub use json::AppJson;
