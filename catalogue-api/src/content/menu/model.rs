//! A menu as stored and shown, and the rules a save must pass.

use api_core::values::{OrEmpty, PlainLine, ValueError};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::items::{clean_items, parse_items, MenuItem};
use super::items_input::{MenuItems, MenuItemsOrBlank};
use crate::content::common::html::plain_text;
use crate::content::common::lang::Lang;
use api_core::Fields;

/// The menu types the layout shows.
pub const MENU_TYPES: &[&str] = &["top", "bottom1", "bottom2"];

/// A menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Menu {
    pub id: i64,
    pub name: String,
    /// `top`, `bottom1` or `bottom2`.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub kind: String,
    /// JSON text of a list of [`MenuItem`]s.
    pub content: String,
    /// The English name; empty: not translated (an English read shows `name`).
    pub name_en: String,
    /// JSON text of the English [`MenuItem`]s; empty: not translated (an English read
    /// shows `content`, the whole list).
    pub content_en: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const COLUMNS: &str = "id, name, type, content, name_en, content_en, created_at, updated_at";

impl Menu {
    /// As shown: items cleaned again ([`clean_items`]), whatever the row holds.
    pub fn cleaned(mut self) -> Self {
        self.name = plain_text(&self.name);
        self.content = items_text(&clean_items(&self.content));
        self.name_en = plain_text(&self.name_en);
        self.content_en = english_items_text(&clean_items(&self.content_en));
        self
    }
}

/// What `get-menu` answers: `content` is JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PublicMenu {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// JSON text of a list of [`MenuItem`]s.
    pub content: String,
}

impl PublicMenu {
    /// `menu` cleaned, its name and items in `lang` ([`Lang::pick`]: the English items
    /// replace the Polish ones as a whole, never item by item).
    pub fn new(menu: Menu, lang: Lang) -> Self {
        let Menu { name, kind, content, name_en, content_en, .. } = menu.cleaned();
        PublicMenu { name: lang.pick(name, name_en), kind, content: lang.pick(content, content_en) }
    }
}

/// What a client sends to save a menu; on update absent fields keep their value. `name`
/// and `type` are required (on create: an update lays the body over the stored menu); an
/// empty `name_en` is "not translated". Each field is its value type, parsed by serde.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MenuInput {
    #[schema(required = true, nullable = false)]
    pub name: Option<PlainLine<100>>,
    /// Where the menu is shown.
    #[serde(rename = "type")]
    #[schema(required = true, nullable = false)]
    pub kind: Option<MenuType>,
    /// The items (their JSON text is taken too: the form they are stored in).
    #[schema(value_type = Option<MenuItems>)]
    pub content: Option<Value>,
    /// Empty: not translated.
    pub name_en: Option<OrEmpty<PlainLine<100>>>,
    /// The English items, like `content`; blank, `null` or no items: not translated.
    #[schema(value_type = Option<MenuItemsOrBlank>)]
    pub content_en: Option<Value>,
}

/// Where a menu is shown: one of [`MENU_TYPES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MenuType {
    Top,
    Bottom1,
    Bottom2,
}

impl MenuType {
    pub fn as_str(self) -> &'static str {
        match self {
            MenuType::Top => "top",
            MenuType::Bottom1 => "bottom1",
            MenuType::Bottom2 => "bottom2",
        }
    }
}

/// A checked menu, ready to store (`content` is normalised JSON text).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MenuDraft {
    pub name: String,
    pub kind: String,
    pub content: String,
    pub name_en: String,
    /// `''` when there are no English items.
    pub content_en: String,
}

fn items_text(items: &[MenuItem]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".into())
}

/// English items as stored: none is `''` ("not translated"), so that an English read
/// shows the Polish menu rather than an empty one.
fn english_items_text(items: &[MenuItem]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        items_text(items)
    }
}

/// The items of a `content`-like field (JSON text, or a list itself), every problem
/// recorded under `field` (`content[0].link`, …).
fn parse_content(field: &str, content: Value, e: &mut Fields<'_>) -> Option<Vec<MenuItem>> {
    let value = match content {
        Value::String(text) if text.chars().count() > 50_000 => {
            e.value(field, Err::<Value, _>(ValueError::TooLong { max: 50_000 }))
        }
        Value::String(text) => e.value(
            field,
            serde_json::from_str::<Value>(&text)
                .map_err(|_| ValueError::invalid(api_core::codes::FIELD_INVALID, "JSON text of a list of menu items")),
        ),
        other => Some(other),
    };
    value.map(|value| parse_items(&value, field, 1, e))
}

impl MenuInput {
    /// Check every field; all problems at once. (An update is the stored menu with the
    /// body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<MenuDraft, ApiError> {
        let mut e = Fields::default();
        let name = e.value("name", self.name.ok_or(ValueError::Blank)).map(PlainLine::into_string);
        let kind = e.value("type", self.kind.ok_or(ValueError::Blank)).map(|k| k.as_str().to_owned());
        let content = match self.content {
            None | Some(Value::Null) => Value::String("[]".into()),
            Some(content) => content,
        };
        let items = parse_content("content", content, &mut e);
        let name_en = Some(self.name_en.map(OrEmpty::into_text).unwrap_or_default());
        let content_en = self.content_en.filter(|c| !c.is_null());
        let items_en = match content_en {
            None => Some(vec![]),
            Some(Value::String(text)) if text.trim().is_empty() => Some(vec![]),
            Some(content) => parse_content("content_en", content, &mut e),
        };
        e.finish()?;
        match (name, kind, items, name_en, items_en) {
            (Some(name), Some(kind), Some(items), Some(name_en), Some(items_en)) => Ok(MenuDraft {
                name,
                kind,
                content: items_text(&items),
                name_en,
                content_en: english_items_text(&items_en),
            }),
            _ => Err(ApiError::Internal("a menu field was refused without an error".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const PL: &str = r#"[{"name":"Regulamin","link":"/regulamin","target":"nuxt-link"}]"#;
    const EN: &str = r#"[{"name":"Terms","link":"/regulamin","target":"nuxt-link"}]"#;

    fn menu(name_en: &str, content_en: &str) -> Menu {
        Menu {
            id: 1,
            name: "Stopka".into(),
            kind: "bottom1".into(),
            content: PL.into(),
            name_en: name_en.into(),
            content_en: content_en.into(),
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn english_items_replace_the_polish_as_a_whole_or_not_at_all() {
        assert_eq!(PublicMenu::new(menu("Footer", EN), Lang::En).content, EN);
        assert_eq!(PublicMenu::new(menu("Footer", ""), Lang::En).content, PL);
        assert_eq!(PublicMenu::new(menu("Footer", "[]"), Lang::En).content, PL, "no items is not translated");
        assert_eq!(PublicMenu::new(menu("Footer", "not json"), Lang::En).content, PL);
        assert_eq!(PublicMenu::new(menu("Footer", EN), Lang::Pl).content, PL);
    }

    #[test]
    fn the_name_falls_back_on_its_own() {
        assert_eq!(PublicMenu::new(menu("", EN), Lang::En).name, "Stopka");
        assert_eq!(PublicMenu::new(menu("Footer", ""), Lang::En).name, "Footer");
    }

    #[test]
    fn english_items_are_parsed_like_the_polish_and_none_is_empty() {
        let parse = |content_en: Value| {
            MenuInput {
                name: PlainLine::parse("M").ok(),
                kind: Some(MenuType::Top),
                content_en: Some(content_en),
                ..Default::default()
            }
            .parse()
        };
        assert_eq!(parse(json!(EN)).unwrap().content_en, EN);
        assert_eq!(parse(serde_json::from_str(EN).unwrap()).unwrap().content_en, EN);
        for none in [json!(""), json!("[]"), json!([]), Value::Null] {
            assert_eq!(parse(none.clone()).unwrap().content_en, "", "{none}");
        }
        let Err(ApiError::Validation { errors, .. }) = parse(json!([{"name": "", "link": "/"}])) else { panic!() };
        assert_eq!(errors[0].field, "content_en[0].name");
        let Err(ApiError::Validation { errors, .. }) = parse(json!("[{")) else { panic!() };
        assert_eq!(errors[0].field, "content_en");
    }
}
