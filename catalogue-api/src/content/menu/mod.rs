//! `/app/menu`: the site's menus, one per type (`top`, `bottom1`, `bottom2`). `content`
//! is JSON TEXT (a string) holding a list of items `{name, link, target, children?}`,
//! as the web parses it; at most two levels deep. `all`, `one` and `get-menu` are
//! public; `save` is for admins. `content_en` holds the English items the same way (`''`
//! when not translated), and `get-menu?lang=en` answers them in `content`, or the Polish
//! items when there are none: a menu is translated as a whole, never item by item.

pub mod handlers;
pub mod items;
pub mod items_input;
pub mod model;

use axum::routing::get;
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    api_core::resource::routes::<handlers::Menus, _>().route("/app/menu/get-menu", get(handlers::get_menu))
}
