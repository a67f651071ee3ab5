//! `/course/discount-apply`, declared: the list, one, save; and the delete, which answers
//! the removed row.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Params, Resource, Rule, Sql};
use api_core::{ApiError, Data};
use axum::extract::State;

use super::model::{DiscountApply, DiscountApplyDraft, DiscountApplyInput, COLUMNS};
use crate::CatalogueState;

impl Input for DiscountApplyDraft {
    type Body = DiscountApplyInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_with(|input: DiscountApplyInput| input.parse())
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![("discount_id", self.discount_id.into()), ("route_id", self.route_id.into())]
    }
}

/// Where discounts apply, declared.
pub struct DiscountApplies;

impl Resource for DiscountApplies {
    type Row = DiscountApply;
    type Input = DiscountApplyDraft;
    const PATH: &'static str = "/course/discount-apply";
    const TAG: &'static str = "course";
    const NAME: &'static str = "discount application";
    const TABLE: &'static str = "discount_applies";
    const COLUMNS: &'static str = COLUMNS;
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "discount_id", column: "discount_id", kind: FieldType::Integer },
            ListField { name: "route_id", column: "route_id", kind: FieldType::Integer },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
        ],
        default_order: "id",
    };
    const SAVE_RULES: &'static [Rule] = &[
        Rule::Field {
            constraint: "discount_applies_unique",
            field: "route_id",
            message: "this discount already applies to this route",
        },
        Rule::Field {
            constraint: "discount_applies_discount_id_fkey",
            field: "discount_id",
            message: "there is no such discount",
        },
    ];
    const UPDATED_AT: bool = false;
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no discount application {id}"))
    }
}

/// Stop applying a discount there (admin); answers the removed row.
#[utoipa::path(delete, path = "/api/course/discount-apply/delete", tag = "course", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)),
    responses((status = 200, description = "`{\"data\": DiscountApply}` (the removed row)", body = Data<DiscountApply>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "a bad id")))]
#[tracing::instrument(skip(state))]
pub async fn remove(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<DiscountApply>, ApiError> {
    let id = params.id()?;
    let row =
        sqlx::query_as::<_, DiscountApply>(&format!("delete from discount_applies where id = $1 returning {COLUMNS}"))
            .bind(id)
            .fetch_optional(&state.pool)
            .await?;
    row.map(Data::new).ok_or_else(|| DiscountApplies::not_found(id))
}
