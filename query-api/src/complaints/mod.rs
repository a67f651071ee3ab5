//! Complaints from the `rm_complaints` read model (kept by the `complaints` projection):
//! the admin's list (`GET /complaint/complaint/all`, nearest deadline first, filters by
//! state and days left), one complaint (`one?id=`, for the admin or the customer who
//! filed it while logged in, with its order), a customer's own (`my`), and an
//! attachment's download (`/complaint/attachment/download?id=`, the same two people).
//!
//! Days left count Warsaw days to the open deadline: the 1-month one until the carrier
//! responded, then the 3-month one until it answered; none once answered.

pub mod attachments;
pub mod lists;
pub mod openapi;

use axum::routing::get;
use axum::Router;

use crate::QueryState;

pub fn router() -> Router<QueryState> {
    Router::new()
        .route("/complaint/complaint/all", get(lists::all))
        .route("/complaint/complaint/my", get(lists::my))
        .route("/complaint/complaint/one", get(lists::one))
        .route("/complaint/attachment/download", get(attachments::download))
}
