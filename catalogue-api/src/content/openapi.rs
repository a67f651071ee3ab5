//! The OpenAPI description of the content endpoints; the lead merges it into
//! `/api/openapi.json`. Paths are written in full (`/api/...`), as clients call them.

use super::banner::{handlers as banner, model as banner_model};
use super::company::{crud as company, model as company_model, settings};
use super::discount::model as discount_model;
use super::discount_apply::{handlers as discount_apply, model as discount_apply_model};
use super::menu::{handlers as menu, items as menu_items, model as menu_model};
use super::page::{handlers as page, model as page_model};

/// Company settings, discounts, banners, menus and content pages.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        company::all, company::one, company::create, company::update,
        settings::get_settings, settings::get_public_settings, settings::save_settings,
        discount_apply::remove,
        banner::all, banner::one, banner::create, banner::update,
        menu::get_menu,
        page::get_content,
    ),
    components(schemas(
        company_model::Company, company_model::Settings, company_model::SettingsInput,
        settings::SettingsView, settings::PublicSettings,
        discount_model::Discount, discount_model::DiscountKind, discount_model::DiscountInput,
        discount_apply_model::DiscountApply, discount_apply_model::DiscountApplyInput,
        banner_model::Banner, banner_model::BannerInput,
        menu_model::Menu, menu_model::PublicMenu, menu_model::MenuInput, menu_items::MenuItem,
        page_model::ContentPage, page_model::PublicContentPage, page_model::ContentPageInput,
    )),
    tags(
        (name = "company", description = "The company record and its settings"),
        (name = "course", description = "Discounts and where they apply"),
        (name = "app", description = "Banners, menus and content pages"),
    )
)]
pub struct ContentApi;

/// The content's paths and schemas: the declared resources' (written from their
/// declarations) and the rest.
pub fn document() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let mut doc = ContentApi::openapi();
    doc.merge(api_core::resource::openapi::paths::<super::discount_apply::handlers::DiscountApplies>());
    doc.merge(api_core::resource::openapi::paths::<super::discount::handlers::Discounts>());
    doc.merge(api_core::resource::openapi::paths::<super::menu::handlers::Menus>());
    doc.merge(api_core::resource::openapi::paths::<super::page::handlers::ContentPages>());
    doc
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use utoipa::OpenApi;

    #[test]
    fn every_content_path_is_documented() {
        let doc = super::document();
        for path in [
            "/api/company/company/get-public-settings",
            "/api/course/discount/save",
            "/api/course/discount-apply/delete",
            "/api/course/discount-apply/save",
            "/api/app/banner/all",
            "/api/app/menu/get-menu",
            "/api/app/content/get-content",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        assert!(serde_json::to_string(&doc).is_ok());
    }

    #[test]
    fn the_public_reads_document_lang_and_admin_schemas_the_english_fields() {
        let doc = serde_json::to_value(ContentApi::openapi()).unwrap();
        for path in [
            "/api/app/banner/all",
            "/api/app/banner/one",
            "/api/app/menu/get-menu",
            "/api/app/content/get-content",
            "/api/company/company/get-public-settings",
        ] {
            let params = doc["paths"][path]["get"]["parameters"].as_array().expect(path);
            let lang = params.iter().find(|p| p["name"] == "lang").expect(path);
            assert_eq!((&lang["in"], &lang["schema"]["enum"]), (&json!("query"), &json!(["pl", "en"])), "{path}");
        }
        let schemas = &doc["components"]["schemas"];
        for (schema, field) in [
            ("Banner", "text_en"),
            ("BannerInput", "title_en"),
            ("Menu", "content_en"),
            ("MenuInput", "content_en"),
            ("ContentPage", "side_content_en"),
            ("ContentPageInput", "keywords_en"),
            ("Settings", "page_footer_1_en"),
            ("SettingsInput", "page_footer_2_en"),
        ] {
            assert!(schemas[schema]["properties"][field].is_object(), "{schema}.{field}");
        }
        assert!(schemas["PublicContentPage"]["properties"]["content_en"].is_null());
    }

    use super::ContentApi;
}
