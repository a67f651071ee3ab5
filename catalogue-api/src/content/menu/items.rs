//! A menu's items: checked strictly when saved ([`parse_items`]: every problem named
//! by its path, e.g. `content[0].children[1].link`), and cleaned leniently when read
//! ([`clean_items`]: whatever the row holds, no unsafe link or markup comes out).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, safe_link};
use crate::content::common::validate::{self, LINK_TARGETS};
use api_core::codes;
use api_core::values::{PlainLine, ValueError};
use api_core::Fields;

/// One menu entry; `children` only on the first level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MenuItem {
    pub name: String,
    /// A relative path or an http(s) URL.
    pub link: String,
    /// `nuxt-link` (in-app) or an anchor target (`_self`, `_blank`, …).
    pub target: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<MenuItem>,
}

/// Levels a menu may have (items and their sub-items).
pub const MAX_DEPTH: usize = 2;
/// Items on one level.
pub const MAX_ITEMS: usize = 50;

/// The items of `value` (a list), each rule checked, problems recorded under `path`.
pub fn parse_items(value: &Value, path: &str, depth: usize, errors: &mut Fields<'_>) -> Vec<MenuItem> {
    let Some(list) = value.as_array() else {
        errors.error_coded(path, codes::FIELD_INVALID, "must be a list of menu items");
        return vec![];
    };
    if list.len() > MAX_ITEMS {
        let max = i64::try_from(MAX_ITEMS).unwrap_or(i64::MAX);
        errors.push(
            api_core::FieldError::new(path, codes::FIELD_OUT_OF_RANGE, format!("may have at most {MAX_ITEMS} items"))
                .with_param("max", max),
        );
        return vec![];
    }
    list.iter().enumerate().filter_map(|(i, item)| parse_item(item, &format!("{path}[{i}]"), depth, errors)).collect()
}

fn parse_item(value: &Value, path: &str, depth: usize, errors: &mut Fields<'_>) -> Option<MenuItem> {
    let Some(item) = value.as_object() else {
        errors.error_coded(path, codes::FIELD_INVALID, "must be an object {name, link, target, children?}");
        return None;
    };
    // A field as sent: `Some(None)` when absent or null, `None` (refused) when not text.
    let sent = |key: &str, errors: &mut Fields<'_>| match item.get(key) {
        None | Some(Value::Null) => Some(None),
        Some(Value::String(s)) => Some(Some(s.as_str())),
        Some(_) => {
            errors.refuse(&format!("{path}.{key}"), ValueError::NotText);
            None
        }
    };
    let text = |key: &str, errors: &mut Fields<'_>| sent(key, errors).map(|s| s.unwrap_or_default().trim().to_string());
    let name = text("name", errors)
        .and_then(|n| errors.value(&format!("{path}.name"), PlainLine::<100>::parse(&n).map(String::from)));
    let link = text("link", errors).and_then(|l| errors.value(&format!("{path}.link"), validate::link(&l)));
    // As the document states it: absent or null is `_self`, else exactly one of the list
    // (not trimmed, not blank: the editor sends one of its choices).
    let target = sent("target", errors)
        .and_then(|t| errors.value(&format!("{path}.target"), validate::link_target(t.unwrap_or("_self"))));
    let children = match item.get("children") {
        None | Some(Value::Null) => vec![],
        Some(Value::Array(list)) if list.is_empty() => vec![],
        Some(_) if depth >= MAX_DEPTH => {
            let max = i64::try_from(MAX_DEPTH).unwrap_or(i64::MAX);
            errors.push(
                api_core::FieldError::new(
                    format!("{path}.children"),
                    codes::FIELD_OUT_OF_RANGE,
                    format!("menus are at most {MAX_DEPTH} levels deep"),
                )
                .with_param("max", max),
            );
            vec![]
        }
        Some(children) => parse_items(children, &format!("{path}.children"), depth + 1, errors),
    };
    if link.as_deref() == Some("") && children.is_empty() {
        errors.error_coded(&format!("{path}.link"), codes::FIELD_BLANK, "an item without sub-items needs a link");
    }
    Some(MenuItem { name: name?, link: link?, target: target?, children })
}

/// The items of stored JSON text, cleaned for showing: unsafe links emptied, markup
/// removed from names, unknown targets made `_self`, anything malformed or deeper than
/// [`MAX_DEPTH`] left out.
pub fn clean_items(json_text: &str) -> Vec<MenuItem> {
    match serde_json::from_str::<Value>(json_text) {
        Ok(value) => clean_level(&value, 1),
        Err(_) => vec![],
    }
}

fn clean_level(value: &Value, depth: usize) -> Vec<MenuItem> {
    let Some(list) = value.as_array() else { return vec![] };
    list.iter()
        .filter_map(|item| {
            let item = item.as_object()?;
            let text = |key: &str| item.get(key).and_then(Value::as_str).unwrap_or("").to_string();
            let target = text("target");
            Some(MenuItem {
                name: plain_text(&text("name")),
                link: safe_link(&text("link")),
                target: if LINK_TARGETS.contains(&target.as_str()) { target } else { "_self".into() },
                children: match item.get("children") {
                    Some(children) if depth < MAX_DEPTH => clean_level(children, depth + 1),
                    _ => vec![],
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(value: Value) -> (Vec<MenuItem>, Vec<String>) {
        let mut errors = Fields::default();
        let items = parse_items(&value, "content", 1, &mut errors);
        let fields = match errors.finish() {
            Ok(()) => vec![],
            Err(api_core::ApiError::Validation { errors, .. }) => errors.into_iter().map(|e| e.field).collect(),
            Err(other) => panic!("{other:?}"),
        };
        (items, fields)
    }

    #[test]
    fn a_two_level_menu_parses() {
        let (items, errors) = parse(json!([
            {"name": "Strona główna", "link": "/", "target": "nuxt-link"},
            {"name": "Rozkład", "link": "", "target": "_self", "children": [
                {"name": "Nisko – Kraków", "link": "/old/nisko-krakow", "target": "nuxt-link"},
                {"name": "PKS", "link": "https://pks.example", "target": "_blank", "children": []}
            ]}
        ]));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].children[1].target, "_blank");
    }

    #[test]
    fn every_bad_item_is_named_by_its_path() {
        let (_, errors) = parse(json!([
            {"name": "", "link": "javascript:alert(1)", "target": "nuxt-link"},
            {"name": "x", "link": "/", "target": "popup"},
            {"name": "y", "link": "/", "children": [{"name": "z", "link": "/z", "children": [{"name": "deep", "link": "/d"}]}]},
            "text",
            {"name": 5, "link": ""}
        ]));
        assert_eq!(
            errors,
            [
                "content[0].name",
                "content[0].link",
                "content[1].target",
                "content[2].children[0].children",
                "content[3]",
                "content[4].name",
                "content[4].link"
            ]
        );
        assert_eq!(parse(json!({"name": "x"})).1, ["content"]);
    }

    #[test]
    fn a_target_is_one_of_the_list_as_sent_or_absent() {
        let (items, errors) = parse(json!([{"name": "a", "link": "/a"}, {"name": "b", "link": "/b", "target": null}]));
        assert!(errors.is_empty(), "{errors:?}");
        assert!(items.iter().all(|item| item.target == "_self"));
        let (_, errors) = parse(json!([
            {"name": "a", "link": "/a", "target": ""},
            {"name": "b", "link": "/b", "target": " _blank"},
            {"name": "c", "link": "/c", "target": 1}
        ]));
        assert_eq!(errors, ["content[0].target", "content[1].target", "content[2].target"]);
    }

    #[test]
    fn stored_rows_are_cleaned_on_the_way_out() {
        let items = clean_items(
            r#"[{"name": "<img src=x onerror=alert(1)>Home", "link": "javascript:alert(1)", "target": "javascript:x",
                "children": [{"name": "a", "link": "/a", "target": "_blank", "children": [{"name": "too deep"}]}]}, 7]"#,
        );
        assert_eq!(
            items,
            [MenuItem {
                name: "Home".into(),
                link: String::new(),
                target: "_self".into(),
                children: vec![MenuItem {
                    name: "a".into(),
                    link: "/a".into(),
                    target: "_blank".into(),
                    children: vec![]
                }],
            }]
        );
        assert!(clean_items("not json").is_empty());
    }
}
