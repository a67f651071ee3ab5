//! `/course/discount`, declared: `all` and `one` are public (the order form lists
//! discounts); `save` is for admins. Names are shown as plain text whatever the row holds.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Resource, Sql};
use api_core::ApiError;

use super::model::{Discount, DiscountDraft, DiscountInput, DiscountKind, COLUMNS};

impl Input for DiscountDraft {
    type Body = DiscountInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_with(|input: DiscountInput| input.parse())
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        let kind = match self.kind {
            DiscountKind::Percent => "percent",
            DiscountKind::Amount => "amount",
        };
        vec![
            ("name", self.name.into()),
            ("name_en", self.name_en.into()),
            ("kind", kind.to_string().into()),
            ("value", self.value.into()),
            ("valid_from", self.valid_from.into()),
            ("valid_to", self.valid_to.into()),
            ("active", self.active.into()),
            ("statutory", self.statutory.into()),
            ("sort_order", self.sort_order.into()),
        ]
    }
}

/// The discounts, declared.
pub struct Discounts;

impl Resource for Discounts {
    type Row = Discount;
    type Input = DiscountDraft;
    const PATH: &'static str = "/course/discount";
    const TAG: &'static str = "course";
    const NAME: &'static str = "discount";
    const TABLE: &'static str = "discounts";
    const COLUMNS: &'static str = COLUMNS;
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "name", column: "name", kind: FieldType::Text },
            ListField { name: "name_en", column: "name_en", kind: FieldType::Text },
            ListField { name: "kind", column: "kind", kind: FieldType::Text },
            ListField { name: "value", column: "value", kind: FieldType::Integer },
            ListField { name: "valid_from", column: "valid_from", kind: FieldType::Timestamp },
            ListField { name: "valid_to", column: "valid_to", kind: FieldType::Timestamp },
            ListField { name: "active", column: "active", kind: FieldType::Boolean },
            ListField { name: "statutory", column: "statutory", kind: FieldType::Boolean },
            ListField { name: "sort_order", column: "sort_order", kind: FieldType::Integer },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
        ],
        default_order: "sort_order, id",
    };
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn shown(discount: Discount) -> Discount {
        discount.cleaned()
    }

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no discount {id}"))
    }
}
