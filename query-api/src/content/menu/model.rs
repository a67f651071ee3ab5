//! A menu as stored and shown, and the rules a save must pass.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::items::{clean_items, parse_items, MenuItem};
use crate::content::common::html::plain_text;
use crate::content::common::validate::{self, Errors};

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
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const COLUMNS: &str = "id, name, type, content, created_at, updated_at";

impl Menu {
    /// As shown: items cleaned again ([`clean_items`]), whatever the row holds.
    pub fn cleaned(mut self) -> Self {
        self.name = plain_text(&self.name);
        self.content = items_text(&clean_items(&self.content));
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

impl From<Menu> for PublicMenu {
    fn from(menu: Menu) -> Self {
        let Menu { name, kind, content, .. } = menu.cleaned();
        PublicMenu { name, kind, content }
    }
}

/// What a client sends to save a menu; on update absent fields keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MenuInput {
    pub name: Option<String>,
    /// `top`, `bottom1` or `bottom2`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// JSON text of a list of items (a list itself is accepted too).
    #[schema(value_type = Option<String>)]
    pub content: Option<Value>,
}

/// A checked menu, ready to store (`content` is normalised JSON text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuDraft {
    pub name: String,
    pub kind: String,
    pub content: String,
}

fn items_text(items: &[MenuItem]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".into())
}

impl MenuInput {
    /// Check every field, merged over `current`; all problems at once.
    pub fn parse(self, current: Option<&Menu>) -> Result<MenuDraft, ApiError> {
        let mut e = Errors::default();
        let name = self.name.or_else(|| current.map(|c| c.name.clone())).unwrap_or_default();
        let name = e.check("name", validate::plain_line(&name, 1, 100));
        let kind = match self.kind.or_else(|| current.map(|c| c.kind.clone())) {
            Some(k) if MENU_TYPES.contains(&k.as_str()) => Some(k),
            Some(_) => e.check("type", Err(format!("must be one of {}", MENU_TYPES.join(", ")))),
            None => e.check("type", Err("type is required (top, bottom1 or bottom2)".into())),
        };
        let content = match self.content {
            None => Some(Value::String(current.map_or_else(|| "[]".to_string(), |c| c.content.clone()))),
            Some(Value::Null) => Some(Value::String("[]".into())),
            Some(content) => Some(content),
        };
        let items = match content {
            Some(Value::String(text)) if text.chars().count() > 50_000 => {
                e.check("content", Err::<Value, _>("must have at most 50000 characters".into()))
            }
            Some(Value::String(text)) => e.check(
                "content",
                serde_json::from_str::<Value>(&text).map_err(|err| format!("is not valid JSON: {err}")),
            ),
            other => other,
        };
        let items = items.map(|value| parse_items(&value, "content", 1, &mut e));
        e.finish()?;
        match (name, kind, items) {
            (Some(name), Some(kind), Some(items)) => Ok(MenuDraft { name, kind, content: items_text(&items) }),
            _ => Err(ApiError::Internal("a menu field was refused without an error".into())),
        }
    }
}
