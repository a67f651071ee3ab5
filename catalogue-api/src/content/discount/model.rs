//! A discount as stored and shown, what a client sends to save one, and the rules that
//! turn the one into the other.

use crate::content::common::plain_line::{PlainLine, PlainLineOrEmpty};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::plain_text;
use crate::content::common::input::{flag, nullable};
use crate::content::common::validate;
use api_core::Fields;
use domain::money::Reduction;

/// How a discount reduces a price.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, sqlx::Type, ToSchema)]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum DiscountKind {
    /// `value` is a percentage, 1-100 (8 = 8%).
    #[default]
    Percent,
    /// `value` is an amount in grosz.
    Amount,
}

/// A named reduction of one ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Discount {
    pub id: i64,
    /// The Polish name (e.g. "Ulga 37% – …").
    pub name: String,
    pub name_en: String,
    pub kind: DiscountKind,
    /// A percentage (1-100) or grosz, per `kind`.
    pub value: i64,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub active: bool,
    /// One of the statutory reductions (seeded by a migration).
    pub statutory: bool,
    pub sort_order: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns of [`Discount`], for `select`.
pub const COLUMNS: &str =
    "id, name, name_en, kind, value, valid_from, valid_to, active, statutory, sort_order, created_at, updated_at";

impl Discount {
    /// What this discount does to a price, for [`domain::money::discounted_price`].
    pub fn reduction(&self) -> Reduction {
        match self.kind {
            DiscountKind::Percent => Reduction::Percent(u8::try_from(self.value.clamp(0, 100)).unwrap_or(100)),
            DiscountKind::Amount => Reduction::Amount(self.value),
        }
    }

    /// Whether it may be chosen at `now` (active and within its validity).
    pub fn is_valid_at(&self, now: DateTime<Utc>) -> bool {
        self.active && self.valid_from.is_none_or(|from| from <= now) && self.valid_to.is_none_or(|to| now < to)
    }

    /// As shown to clients: names are plain text whatever the row holds.
    pub fn cleaned(mut self) -> Self {
        self.name = plain_text(&self.name);
        self.name_en = plain_text(&self.name_en);
        self
    }
}

/// The kinds of discount, as a save names them.
#[derive(ToSchema)]
#[schema(as = DiscountKindName)]
#[allow(dead_code)] // a name for the document only
pub enum DiscountKindName {
    #[schema(rename = "percent")]
    Percent,
    #[schema(rename = "amount")]
    Amount,
}

/// What a client sends to save a discount. On update, absent fields keep their stored
/// value; `null` clears `valid_from`/`valid_to`.
/// `name` is required on create; an empty `name_en` is "not translated".
/// (A plain-line field's description is its type's, inlined so that the field states its
/// `maxLength`: its comments here are for the reader.)
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DiscountInput {
    // Required on create.
    #[schema(value_type = PlainLine<255>, inline, required = false)]
    pub name: Option<String>,
    #[schema(value_type = PlainLineOrEmpty<255>, inline, required = false)]
    pub name_en: Option<String>,
    /// `percent` or `amount`; required on create.
    #[schema(value_type = Option<DiscountKindName>)]
    pub kind: Option<String>,
    /// Required on create: 1 to 100 for a percentage, 1 to 1 000 000 grosz for an amount.
    #[schema(minimum = 1, maximum = 1_000_000)]
    pub value: Option<i64>,
    /// `YYYY-MM-DD HH:MM:SS` (Warsaw) or RFC 3339; `null` for no start.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_from: Option<Option<String>>,
    /// `YYYY-MM-DD HH:MM:SS` (Warsaw) or RFC 3339; `null` for no end.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_to: Option<Option<String>>,
    #[serde(default, deserialize_with = "flag")]
    pub active: Option<bool>,
    #[serde(default, deserialize_with = "flag")]
    pub statutory: Option<bool>,
    #[schema(minimum = -1_000_000, maximum = 1_000_000)]
    pub sort_order: Option<i64>,
}

/// A discount that passed every rule, ready to store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiscountDraft {
    pub name: String,
    pub name_en: String,
    pub kind: DiscountKind,
    pub value: i64,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub active: bool,
    pub statutory: bool,
    pub sort_order: i32,
}

/// The largest amount a discount may take off: 10 000 PLN.
const MAX_AMOUNT: i64 = 1_000_000;

impl DiscountInput {
    /// Check every field; all problems at once. (An update is the stored discount with
    /// the body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<DiscountDraft, ApiError> {
        let mut errors = Fields::default();
        let name = match self.name {
            Some(name) => errors.check("name", PlainLine::<255>::parse(&name).map(String::from)),
            None => {
                errors.error("name", "name is required");
                None
            }
        };
        let name_en = self.name_en.unwrap_or_default();
        let name_en = errors.check("name_en", PlainLineOrEmpty::<255>::parse(&name_en).map(String::from));
        let kind = match self.kind.as_deref() {
            Some("percent") => Some(DiscountKind::Percent),
            Some("amount") => Some(DiscountKind::Amount),
            Some(_) => errors.check("kind", Err("must be percent or amount".into())),
            None => errors.check("kind", Err("kind is required (percent or amount)".into())),
        };
        let value = match (self.value, kind) {
            (None, _) => errors.check("value", Err("value is required".into())),
            (Some(v), Some(DiscountKind::Percent)) => errors
                .check("value", validate::int_in(v, 1, 100).map_err(|_| "a percentage must be from 1 to 100".into())),
            (Some(v), Some(DiscountKind::Amount)) => errors.check(
                "value",
                validate::int_in(v, 1, MAX_AMOUNT)
                    .map_err(|_| format!("an amount must be from 1 to {MAX_AMOUNT} grosz")),
            ),
            (Some(_), None) => None,
        };
        let (from, to) = (self.valid_from.flatten(), self.valid_to.flatten());
        let (valid_from, valid_to) = validate::validity(&mut errors, from.as_deref(), to.as_deref());
        let sort_order = self.sort_order.unwrap_or(0);
        let sort_order = errors.check("sort_order", validate::int_in(sort_order, -1_000_000, 1_000_000));
        errors.finish()?;
        match (name, name_en, kind, value, sort_order) {
            (Some(name), Some(name_en), Some(kind), Some(value), Some(sort_order)) => Ok(DiscountDraft {
                name,
                name_en,
                kind,
                value,
                valid_from,
                valid_to,
                active: self.active.unwrap_or(true),
                statutory: self.statutory.unwrap_or(false),
                sort_order: i32::try_from(sort_order).unwrap_or_default(),
            }),
            _ => Err(ApiError::Internal("a discount field was refused without an error".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: serde_json::Value) -> DiscountInput {
        serde_json::from_value(json).unwrap()
    }

    fn fields(err: ApiError) -> Vec<String> {
        match err {
            ApiError::Validation { errors, .. } => errors.into_iter().map(|e| e.field).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_complete_discount_parses() {
        let draft = input(serde_json::json!({"name": " Promocja ", "kind": "amount", "value": 500})).parse().unwrap();
        assert_eq!(draft.name, "Promocja");
        assert_eq!((draft.kind, draft.value, draft.active, draft.statutory), (DiscountKind::Amount, 500, true, false));
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let err = input(serde_json::json!({
            "name": "", "kind": "percent", "value": 101, "valid_from": "2026-02-01 00:00:00",
            "valid_to": "2026-01-01 00:00:00", "sort_order": 5_000_000
        }))
        .parse()
        .unwrap_err();
        assert_eq!(fields(err), ["name", "value", "valid_to", "sort_order"]);
        assert_eq!(fields(DiscountInput::default().parse().unwrap_err()), ["name", "kind", "value"]);
        assert_eq!(
            fields(input(serde_json::json!({"name": "x", "kind": "free", "value": 1})).parse().unwrap_err()),
            ["kind"]
        );
    }

    #[test]
    fn a_percentage_reduction_is_capped_at_100() {
        let mut d = Discount {
            id: 1,
            name: "x".into(),
            name_en: String::new(),
            kind: DiscountKind::Percent,
            value: 37,
            valid_from: None,
            valid_to: None,
            active: true,
            statutory: true,
            sort_order: 0,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        };
        assert_eq!(d.reduction(), Reduction::Percent(37));
        d.value = 500;
        assert_eq!(d.reduction(), Reduction::Percent(100));
        assert!(d.is_valid_at(Utc::now()));
        d.active = false;
        assert!(!d.is_valid_at(Utc::now()));
    }
}
