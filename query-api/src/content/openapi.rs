//! The OpenAPI description of the content endpoints; the lead merges it into
//! `/api/openapi.json`. Paths are written in full (`/api/...`), as clients call them.

use super::banner::{handlers as banner, model as banner_model};
use super::company::{crud as company, model as company_model, settings};
use super::discount::{handlers as discount, model as discount_model};
use super::discount_apply::{handlers as discount_apply, model as discount_apply_model};
use super::menu::{handlers as menu, items as menu_items, model as menu_model};
use super::page::{handlers as page, model as page_model};

/// Company settings, discounts, banners, menus and content pages.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        company::all, company::one, company::create, company::update,
        settings::get_settings, settings::get_public_settings, settings::save_settings,
        discount::all, discount::one, discount::create, discount::update,
        discount_apply::all, discount_apply::one, discount_apply::create, discount_apply::update, discount_apply::remove,
        banner::all, banner::one, banner::create, banner::update,
        menu::all, menu::one, menu::get_menu, menu::create, menu::update,
        page::all, page::one, page::get_content, page::create, page::update,
    ),
    components(schemas(
        company_model::Company, company_model::Settings, company_model::SettingsInput,
        settings::SettingsView, settings::PublicSettings,
        discount_model::Discount, discount_model::DiscountKind, discount_model::DiscountInput,
        discount_apply_model::DiscountApply, discount_apply_model::DiscountApplyInput,
        banner_model::Banner, banner_model::BannerInput,
        menu_model::Menu, menu_model::PublicMenu, menu_model::MenuInput, menu_items::MenuItem,
        page_model::ContentPage, page_model::ContentPageInput,
    )),
    tags(
        (name = "company", description = "The company record and its settings"),
        (name = "course", description = "Discounts and where they apply"),
        (name = "app", description = "Banners, menus and content pages"),
    )
)]
pub struct ContentApi;

#[cfg(test)]
mod tests {
    use utoipa::OpenApi;

    #[test]
    fn every_content_path_is_documented() {
        let doc = ContentApi::openapi();
        for path in [
            "/api/company/company/get-public-settings",
            "/api/course/discount/save",
            "/api/course/discount-apply/delete",
            "/api/app/banner/all",
            "/api/app/menu/get-menu",
            "/api/app/content/get-content",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        assert!(serde_json::to_string(&doc).is_ok());
    }

    use super::ContentApi;
}
