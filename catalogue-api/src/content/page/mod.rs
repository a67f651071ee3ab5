//! `/app/content`: content pages, shown by the web at `/{slug}`. `all`, `one` and
//! `get-content` (by numeric id or by slug) are public; `save` is for admins. A slug is
//! never all digits, so `get-content?id=` is never ambiguous. `get-content` takes `lang`
//! and answers the page in one language, without the `_en` fields (a page's two copies
//! would double what a phone downloads); `all` and `one` carry both, for the admin.

pub mod handlers;
pub mod model;

use axum::routing::get;
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    api_core::resource::routes::<handlers::ContentPages, _>()
        .route("/app/content/get-content", get(handlers::get_content))
}
