//! `/company/company` `all`, `one` and `save`: the company rows, for admins only (they
//! hold the office e-mails and invoice data).

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::{PgExecutor, PgPool};

use super::model::{Company, Settings, SettingsInput, COLUMNS};
use crate::CatalogueState;
use api_core::resource::{fetch_page, Scope};
use api_core::AppJson;
use api_core::Params;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "id", kind: FieldType::Integer },
    ListField { name: "name", column: "name", kind: FieldType::Text },
    ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

/// The company rows (admin).
#[utoipa::path(get, path = "/api/company/company/all", tag = "company", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000), ("sort" = Option<String>, Query, description = "id, name, created_at, updated_at; -field descends", pattern = "^-?(id|name|created_at|updated_at)(,-?(id|name|created_at|updated_at))*$")),
    responses((status = 200, description = "`{\"data\": {\"models\": [Company], \"pagination\": …}}`", body = Data<Page<Company>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<CatalogueState>,
    query: RawListQuery,
) -> Result<Data<Page<Company>>, ApiError> {
    let q = query.parse(SPEC)?;
    let mut page = fetch_page::<Company>(&state.pool, COLUMNS, "companies", Scope::All, &q).await?;
    page.models = page.models.into_iter().map(Company::cleaned).collect();
    Ok(Data::new(page))
}

/// One company row (admin).
#[utoipa::path(get, path = "/api/company/company/one", tag = "company", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)),
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found")))]
#[tracing::instrument(skip(state))]
pub async fn one(_: AdminUser, State(state): State<CatalogueState>, params: Params) -> Result<Data<Company>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?.cleaned()))
}

/// Create a company row (admin). Usually `save-settings` is what you want.
#[utoipa::path(post, path = "/api/company/company/save", tag = "company", security(("bearer" = [])), request_body = SettingsInput,
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(input): AppJson<SettingsInput>,
) -> Result<Data<Company>, ApiError> {
    let settings = input.parse(Settings::default())?;
    Ok(Data::new(insert(&state.pool, &settings).await?.cleaned()))
}

/// Update a company row (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/company/company/save", tag = "company", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)), request_body = SettingsInput,
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(input): AppJson<SettingsInput>,
) -> Result<Data<Company>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let settings = input.parse(current.settings)?;
    Ok(Data::new(store(&state.pool, id, &settings).await?.cleaned()))
}

/// The company `id`; `404` if there is none.
#[tracing::instrument(skip(pool))]
pub async fn find(pool: &PgPool, id: i64) -> Result<Company, ApiError> {
    sqlx::query_as::<_, Company>(&format!("select {COLUMNS} from companies where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no company {id}")))
}

/// A new company row with `s`.
#[tracing::instrument(skip(db, s))]
pub async fn insert(db: impl PgExecutor<'_>, s: &Settings) -> Result<Company, ApiError> {
    let sql = format!(
        "insert into companies (name, invoice_prefix, invoice_issuer, invoice_email, order_report_email, \
         page_footer_1, page_footer_2, page_footer_1_en, page_footer_2_en, refresh_time, vat_rate_percent, \
         payment_time_minutes, sales_close_minutes, return_cutoff_minutes, return_fee_percent, stamps_per_reward, \
         reward_value, tax_id, address, postal_code, city, country) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning {COLUMNS}"
    );
    Ok(bind(sqlx::query_as::<_, Company>(&sql), s).fetch_one(db).await?)
}

/// Company `id` with the settings `s`.
#[tracing::instrument(skip(db, s))]
pub async fn store(db: impl PgExecutor<'_>, id: i64, s: &Settings) -> Result<Company, ApiError> {
    let sql = format!(
        "update companies set name = $1, invoice_prefix = $2, invoice_issuer = $3, invoice_email = $4, \
         order_report_email = $5, page_footer_1 = $6, page_footer_2 = $7, page_footer_1_en = $8, \
         page_footer_2_en = $9, refresh_time = $10, vat_rate_percent = $11, payment_time_minutes = $12, \
         sales_close_minutes = $13, return_cutoff_minutes = $14, return_fee_percent = $15, \
         stamps_per_reward = $16, reward_value = $17, tax_id = $18, address = $19, postal_code = $20, city = $21, \
         country = $22, updated_at = now() where id = $23 returning {COLUMNS}"
    );
    bind(sqlx::query_as::<_, Company>(&sql), s)
        .bind(id)
        .fetch_optional(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no company {id}")))
}

type CompanyQuery<'q> = sqlx::query::QueryAs<'q, sqlx::Postgres, Company, sqlx::postgres::PgArguments>;

fn bind<'q>(query: CompanyQuery<'q>, s: &'q Settings) -> CompanyQuery<'q> {
    query
        .bind(&s.name)
        .bind(&s.invoice_prefix)
        .bind(&s.invoice_issuer)
        .bind(&s.invoice_email)
        .bind(&s.order_report_email)
        .bind(&s.page_footer_1)
        .bind(&s.page_footer_2)
        .bind(&s.page_footer_1_en)
        .bind(&s.page_footer_2_en)
        .bind(s.refresh_time)
        .bind(s.vat_rate_percent)
        .bind(s.payment_time_minutes)
        .bind(s.sales_close_minutes)
        .bind(s.return_cutoff_minutes)
        .bind(s.return_fee_percent)
        .bind(s.stamps_per_reward)
        .bind(s.reward_value)
        .bind(&s.tax_id)
        .bind(&s.address)
        .bind(&s.postal_code)
        .bind(&s.city)
        .bind(&s.country)
}
