//! The document's schema of a menu's items as a client sends them ([`MenuItemInput`]): the
//! rules [`super::items::parse_items`] applies, stated as types (a name of 1 to 100
//! characters, a link the site may follow, a target from the list, at most 50 items a
//! level and two levels). The one rule a schema cannot state is across fields: an item
//! without sub-items needs a link. These types are never built: the items are read by
//! `parse_items`, which also takes the JSON text of a list (the stored form).

use api_core::values::PlainLine;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use super::items::MAX_ITEMS;
use crate::content::banner::model::LinkTarget;
use crate::content::common::values::Link;

/// An item of a menu's first level.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct MenuItemInput {
    name: PlainLine<100>,
    /// Empty or absent only for an item with sub-items.
    link: Option<Link>,
    /// `_self` when absent.
    target: Option<LinkTarget>,
    /// Its sub-items, at most 50.
    #[schema(max_items = 50)]
    children: Option<Vec<MenuSubItemInput>>,
}

/// A sub-item: as an item, without sub-items of its own.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct MenuSubItemInput {
    name: PlainLine<100>,
    /// Required (a sub-item has nothing under it).
    link: Option<Link>,
    /// `_self` when absent.
    target: Option<LinkTarget>,
    /// Always empty: menus are two levels deep.
    #[schema(value_type = Option<Vec<Object>>, max_items = 0)]
    children: Option<()>,
}

/// A menu's items: a list of at most [`MAX_ITEMS`].
pub struct MenuItems;

impl PartialSchema for MenuItems {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(Ref::from_schema_name(MenuItemInput::name()))
            .max_items(Some(MAX_ITEMS))
            .description(Some("The menu's items, at most 50 (two levels)."))
            .into()
    }
}

impl ToSchema for MenuItems {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, schema) in
            [(MenuItemInput::name(), MenuItemInput::schema()), (MenuSubItemInput::name(), MenuSubItemInput::schema())]
        {
            schemas.push((name.into_owned(), schema));
        }
        MenuItemInput::schemas(schemas);
        MenuSubItemInput::schemas(schemas);
    }
}

/// The English items: a list, or blank text ("not translated").
pub struct MenuItemsOrBlank;

impl PartialSchema for MenuItemsOrBlank {
    fn schema() -> RefOr<Schema> {
        let blank = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(concat!("^", api_core::ws_class!(), "*$")))
            .max_length(Some(50_000));
        OneOfBuilder::new()
            .item(Ref::from_schema_name(MenuItems::name()))
            .item(blank)
            .description(Some("The English items, like `content`; blank text or no items: not translated."))
            .into()
    }
}

impl ToSchema for MenuItemsOrBlank {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((MenuItems::name().into_owned(), MenuItems::schema()));
        MenuItems::schemas(schemas);
    }
}
