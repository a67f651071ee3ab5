//! `/course/discount-apply`: which discounts may be chosen on which routes. A row with
//! no route applies the discount to every route. Reads are public (the order form needs
//! them); `save` and `delete` are for admins.

pub mod handlers;
pub mod model;

use axum::routing::delete;
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    api_core::resource::routes::<handlers::DiscountApplies, _>()
        .route("/course/discount-apply/delete", delete(handlers::remove))
}
