//! The content endpoints.

use axum::Router;

use crate::QueryState;

pub fn router() -> Router<QueryState> {
    Router::new()
}
