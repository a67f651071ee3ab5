//! `/course/discount-apply`: which discounts may be chosen on which routes. A row with
//! no route applies the discount to every route. Reads are public (the order form needs
//! them); `save` and `delete` are for admins.

pub mod handlers;
pub mod model;

use axum::routing::{delete, get, post};
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/course/discount-apply/all", get(handlers::all))
        .route("/course/discount-apply/one", get(handlers::one))
        .route("/course/discount-apply/save", post(handlers::create).put(handlers::update))
        .route("/course/discount-apply/delete", delete(handlers::remove))
}
