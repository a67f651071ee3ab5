//! Personal data (RODO), the reads: the office's requests with their one-month deadline
//! (`GET /privacy/request/all`), the copy of the data a request is about
//! (`…/request/export?id=`), the register of erasures (`GET /privacy/erasure/all`: what
//! was erased when, by whom and why, never the values), and a guest's own data by the
//! link e-mailed to them (`GET /privacy/guest/data?token=`). The steps are the command
//! side's (`command_api::erasure`).

pub mod guest;
pub mod openapi;
pub mod register;
pub mod requests;

use axum::routing::get;
use axum::Router;

use crate::QueryState;

pub fn router() -> Router<QueryState> {
    Router::new()
        .route("/privacy/request/all", get(requests::all))
        .route("/privacy/request/export", get(requests::export))
        .route("/privacy/erasure/all", get(register::all))
        .route("/privacy/guest/data", get(guest::data))
}
