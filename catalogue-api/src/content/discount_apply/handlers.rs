//! The `/course/discount-apply` handlers.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::PgPool;

use super::model::{DiscountApply, DiscountApplyDraft, DiscountApplyInput, COLUMNS};
use crate::content::common::input::Body;
use crate::CatalogueState;
use api_core::resource::{fetch_page, map_db, Rule, Scope};
use api_core::Params;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "id", kind: FieldType::Integer },
    ListField { name: "discount_id", column: "discount_id", kind: FieldType::Integer },
    ListField { name: "route_id", column: "route_id", kind: FieldType::Integer },
    ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

const CONSTRAINTS: &[Rule] = &[
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

/// Which discounts apply where (public).
#[utoipa::path(get, path = "/api/course/discount-apply/all", tag = "course",
    params(("page" = Option<u32>, Query), ("per-page" = Option<u32>, Query), ("sort" = Option<String>, Query,
        description = "id, discount_id, route_id, created_at")),
    responses((status = 200, description = "`{\"data\": {\"models\": [DiscountApply], \"pagination\": …}}`", body = [DiscountApply])))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    State(state): State<CatalogueState>,
    query: RawListQuery,
) -> Result<Data<Page<DiscountApply>>, ApiError> {
    let q = query.parse(SPEC)?;
    Ok(Data::new(fetch_page(&state.pool, COLUMNS, "discount_applies", Scope::All, &q).await?))
}

/// One application (public).
#[utoipa::path(get, path = "/api/course/discount-apply/one", tag = "course", params(("id" = i64, Query)),
    responses((status = 200, description = "`{\"data\": DiscountApply}`", body = DiscountApply), (status = 404, description = "not found")))]
#[tracing::instrument(skip(state))]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<DiscountApply>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?))
}

/// Apply a discount to a route, or to every route (admin).
#[utoipa::path(post, path = "/api/course/discount-apply/save", tag = "course", request_body = DiscountApplyInput,
    responses((status = 200, description = "`{\"data\": DiscountApply}`", body = DiscountApply),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown discount, or already applied")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    Body(input): Body<DiscountApplyInput>,
) -> Result<Data<DiscountApply>, ApiError> {
    let DiscountApplyDraft { discount_id, route_id } = input.parse(None)?;
    let row = sqlx::query_as::<_, DiscountApply>(&format!(
        "insert into discount_applies (discount_id, route_id) values ($1, $2) returning {COLUMNS}"
    ))
    .bind(discount_id)
    .bind(route_id)
    .fetch_one(&state.pool)
    .await
    .map_err(|e| map_db(e, CONSTRAINTS))?;
    Ok(Data::new(row))
}

/// Change an application (admin).
#[utoipa::path(put, path = "/api/course/discount-apply/save", tag = "course", params(("id" = i64, Query)),
    request_body = DiscountApplyInput,
    responses((status = 200, description = "`{\"data\": DiscountApply}`", body = DiscountApply),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "not found"), (status = 422, description = "unknown discount, or already applied")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    Body(input): Body<DiscountApplyInput>,
) -> Result<Data<DiscountApply>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let DiscountApplyDraft { discount_id, route_id } = input.parse(Some(&current))?;
    let row = sqlx::query_as::<_, DiscountApply>(&format!(
        "update discount_applies set discount_id = $1, route_id = $2 where id = $3 returning {COLUMNS}"
    ))
    .bind(discount_id)
    .bind(route_id)
    .bind(id)
    .fetch_optional(&state.pool)
    .await
    .map_err(|e| map_db(e, CONSTRAINTS))?;
    row.map(Data::new).ok_or_else(|| not_found(id))
}

/// Stop applying a discount there (admin); answers the removed row.
#[utoipa::path(delete, path = "/api/course/discount-apply/delete", tag = "course", params(("id" = i64, Query)),
    responses((status = 200, description = "`{\"data\": DiscountApply}` (the removed row)", body = DiscountApply),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"), (status = 404, description = "not found")))]
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
    row.map(Data::new).ok_or_else(|| not_found(id))
}

fn not_found(id: i64) -> ApiError {
    ApiError::NotFound(format!("there is no discount application {id}"))
}

#[tracing::instrument(skip(pool))]
async fn find(pool: &PgPool, id: i64) -> Result<DiscountApply, ApiError> {
    sqlx::query_as::<_, DiscountApply>(&format!("select {COLUMNS} from discount_applies where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| not_found(id))
}
