//! A discount as stored and shown, what a client sends to save one, and the rules that
//! turn the one into the other.

use api_core::codes;
use api_core::values::{Moment, OrEmpty, PlainLine, ValueError};
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

/// What a client sends to save a discount. On update, absent fields keep their stored
/// value; `null` clears `valid_from`/`valid_to`. `name`, `kind` and `value` are required
/// (on create: an update lays the body over the stored discount); an empty `name_en` is
/// "not translated". Each field is its value type, parsed by serde; the schema is the type's.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DiscountInput {
    #[schema(required = true, nullable = false)]
    pub name: Option<PlainLine<255>>,
    pub name_en: Option<OrEmpty<PlainLine<255>>>,
    /// `percent` or `amount`.
    #[schema(required = true, nullable = false)]
    pub kind: Option<DiscountKind>,
    /// 1 to 100 for a percentage, 1 to 1 000 000 grosz for an amount.
    #[schema(required = true, nullable = false, minimum = 1, maximum = 1_000_000)]
    pub value: Option<i64>,
    /// `null` for no start.
    #[serde(default, deserialize_with = "nullable")]
    pub valid_from: Option<Option<Moment>>,
    /// `null` for no end.
    #[serde(default, deserialize_with = "nullable")]
    pub valid_to: Option<Option<Moment>>,
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
        let name = errors.value("name", self.name.ok_or(ValueError::Blank));
        let kind = errors.value("kind", self.kind.ok_or(ValueError::Blank));
        let value = match (self.value, kind) {
            (None, _) => errors.value("value", Err(ValueError::Blank)),
            (Some(v), Some(DiscountKind::Percent)) => {
                errors.value_with("value", validate::int_in(v, 1, 100), |_| "a percentage must be from 1 to 100".into())
            }
            (Some(v), Some(DiscountKind::Amount)) => {
                errors.value_with("value", validate::int_in(v, 1, MAX_AMOUNT), |_| {
                    format!("an amount must be from 1 to {MAX_AMOUNT} grosz")
                })
            }
            (Some(_), None) => None,
        };
        let (valid_from, valid_to) =
            (self.valid_from.flatten().map(Moment::at), self.valid_to.flatten().map(Moment::at));
        if let (Some(f), Some(t)) = (valid_from, valid_to) {
            if f >= t {
                errors.error_coded("valid_to", codes::FIELD_OUT_OF_RANGE, "valid_to must be later than valid_from");
            }
        }
        let sort_order =
            errors.value("sort_order", validate::int_in(self.sort_order.unwrap_or(0), -1_000_000, 1_000_000));
        errors.finish()?;
        match (name, kind, value, sort_order) {
            (Some(name), Some(kind), Some(value), Some(sort_order)) => Ok(DiscountDraft {
                name: name.into_string(),
                name_en: self.name_en.map(OrEmpty::into_text).unwrap_or_default(),
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

    /// The body read as the save reads it (`Fields::parse_with`): every problem at once.
    fn save(body: serde_json::Value) -> Result<DiscountDraft, ApiError> {
        let mut f = Fields::new(&body).expect("an object");
        let draft = f.parse_with(|input: DiscountInput| input.parse());
        f.finish().map(|()| draft)
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
        let err = save(serde_json::json!({
            "name": "", "kind": "percent", "value": 101, "valid_from": "2026-02-01 00:00:00",
            "valid_to": "2026-01-01 00:00:00", "sort_order": 5_000_000
        }))
        .unwrap_err();
        assert_eq!(fields(err), ["name", "value", "valid_to", "sort_order"]);
        assert_eq!(fields(DiscountInput::default().parse().unwrap_err()), ["name", "kind", "value"]);
        assert_eq!(fields(save(serde_json::json!({"name": "x", "kind": "free", "value": 1})).unwrap_err()), ["kind"]);
        let Err(ApiError::Validation { errors, .. }) = save(serde_json::json!({"name": "x", "value": 1})) else {
            panic!("a discount needs its kind")
        };
        assert_eq!((errors[0].field.as_str(), errors[0].code), ("kind", "field.blank"));
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
