//! `/course/discount`: `all` and `one` are public (the order form lists discounts);
//! `save` is for admins.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::PgPool;

use super::model::{Discount, DiscountDraft, DiscountInput, COLUMNS};
use crate::content::common::input::Body;
use crate::CatalogueState;
use api_core::resource::{fetch_page, Scope};
use api_core::Params;

const FIELDS: &[ListField] = &[
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
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "sort_order, id" };

/// The discounts (public).
#[utoipa::path(get, path = "/api/course/discount/all", tag = "course",
    params(("page" = Option<u32>, Query), ("per-page" = Option<u32>, Query), ("sort" = Option<String>, Query,
        description = "id, name, name_en, kind, value, valid_from, valid_to, active, statutory, sort_order, created_at; -field descends")),
    responses((status = 200, description = "`{\"data\": {\"models\": [Discount], \"pagination\": …}}`", body = [Discount]),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(State(state): State<CatalogueState>, query: RawListQuery) -> Result<Data<Page<Discount>>, ApiError> {
    let q = query.parse(SPEC)?;
    let mut page = fetch_page::<Discount>(&state.pool, COLUMNS, "discounts", Scope::All, &q).await?;
    page.models = page.models.into_iter().map(Discount::cleaned).collect();
    Ok(Data::new(page))
}

/// One discount (public).
#[utoipa::path(get, path = "/api/course/discount/one", tag = "course", params(("id" = i64, Query)),
    responses((status = 200, description = "`{\"data\": Discount}`", body = Discount), (status = 404, description = "no such discount")))]
#[tracing::instrument(skip(state))]
pub async fn one(State(state): State<CatalogueState>, params: Params) -> Result<Data<Discount>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?.cleaned()))
}

/// Create a discount (admin).
#[utoipa::path(post, path = "/api/course/discount/save", tag = "course", request_body = DiscountInput,
    responses((status = 200, description = "`{\"data\": Discount}`", body = Discount),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    Body(input): Body<DiscountInput>,
) -> Result<Data<Discount>, ApiError> {
    let draft = input.parse(None)?;
    let id: i64 = bind(
        sqlx::query_scalar(
            "insert into discounts (name, name_en, kind, value, valid_from, valid_to, active, statutory, sort_order) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
        ),
        &draft,
    )
    .fetch_one(&state.pool)
    .await?;
    Ok(Data::new(find(&state.pool, id).await?.cleaned()))
}

/// Update a discount (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/course/discount/save", tag = "course", params(("id" = i64, Query)), request_body = DiscountInput,
    responses((status = 200, description = "`{\"data\": Discount}`", body = Discount),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such discount"), (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    Body(input): Body<DiscountInput>,
) -> Result<Data<Discount>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let draft = input.parse(Some(&current))?;
    bind(
        sqlx::query_scalar(
            "update discounts set name = $1, name_en = $2, kind = $3, value = $4, valid_from = $5, valid_to = $6, \
         active = $7, statutory = $8, sort_order = $9, updated_at = now() where id = $10 returning id",
        ),
        &draft,
    )
    .bind(id)
    .fetch_one(&state.pool)
    .await
    .map(|_: i64| ())?;
    Ok(Data::new(find(&state.pool, id).await?.cleaned()))
}

fn bind<'q>(
    query: sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments>,
    d: &'q DiscountDraft,
) -> sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments> {
    query
        .bind(&d.name)
        .bind(&d.name_en)
        .bind(d.kind)
        .bind(d.value)
        .bind(d.valid_from)
        .bind(d.valid_to)
        .bind(d.active)
        .bind(d.statutory)
        .bind(d.sort_order)
}

/// The discount `id`, as stored; `404` if there is none.
#[tracing::instrument(skip(pool))]
pub async fn find(pool: &PgPool, id: i64) -> Result<Discount, ApiError> {
    sqlx::query_as::<_, Discount>(&format!("select {COLUMNS} from discounts where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no discount {id}")))
}
