//! `/app/banner`: dismissible promo banners. `all` and `one` are public; guests see
//! only banners valid now (so scheduled ones stay unseen), admins see every banner.
//! `save` is for admins. The web asks for
//! `page=1&per-page=999&sort=-created_at&filter[valid_from][lt]=NOW&filter[valid_to][gt]=NOW`;
//! an open end (`null`) counts as since ever / for ever in those filters. `all` and `one`
//! take `lang` (`pl` or `en`) for `title` and `text`; `title_en` and `text_en` are
//! answered as written, for the admin's form.

pub mod handlers;
pub mod model;

use axum::routing::{get, post};
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/app/banner/all", get(handlers::all))
        .route("/app/banner/one", get(handlers::one))
        .route("/app/banner/save", post(handlers::create).put(handlers::update))
}
