//! Discounts: named reductions of one ticket (`/course/discount`), where they apply is
//! in [`super::discount_apply`]. The statutory Polish reductions are seeded by the
//! migration `0031_discounts.sql`; admins add commercial ones. The price rule is
//! `domain::money::discounted_price`, shared with the booking.

pub mod handlers;
pub mod model;

use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    api_core::resource::routes::<handlers::Discounts, _>()
}
