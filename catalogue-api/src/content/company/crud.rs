//! `/company/company` `all`, `one` and `save`: the company rows, declared ([`Companies`]).
//!
//! The rows hold the office e-mails and invoice data, so unlike the other declared
//! resources even their reads are for admins: `all` and `one` are this module's own
//! handlers over the declaration (its columns, list fields and cleaning); `save` is the
//! generic one ([`api_core::resource::save`]: the body laid over the stored row, read by
//! [`SettingsInput::parse`], written in one transaction).

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, find, save, Fields, Input, Resource, Scope, Sql};
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use serde_json::Value;

use super::model::{Company, Settings, SettingsInput, COLUMNS};
use crate::content::common::input::nulls_as_absent;
use crate::CatalogueState;

api_core::create_body!(
    /// The body of a company's creation in the document: [`SettingsInput`], with the `name`
    /// it cannot do without (an update and `save-settings` keep the stored one).
    NewCompanyInput, SettingsInput, "name" => api_core::values::PlainLine<200>
);

impl Input for Settings {
    type Body = NewCompanyInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_beside(|input: SettingsInput, refused| input.parse_beside(Settings::default(), refused))
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("name", self.name.into()),
            ("invoice_prefix", self.invoice_prefix.into()),
            ("invoice_issuer", self.invoice_issuer.into()),
            ("invoice_email", self.invoice_email.into()),
            ("order_report_email", self.order_report_email.into()),
            ("page_footer_1", self.page_footer_1.into()),
            ("page_footer_2", self.page_footer_2.into()),
            ("page_footer_1_en", self.page_footer_1_en.into()),
            ("page_footer_2_en", self.page_footer_2_en.into()),
            ("refresh_time", self.refresh_time.into()),
            ("vat_rate_percent", self.vat_rate_percent.into()),
            ("payment_time_minutes", self.payment_time_minutes.into()),
            ("sales_close_minutes", self.sales_close_minutes.into()),
            ("return_cutoff_minutes", self.return_cutoff_minutes.into()),
            ("return_fee_percent", self.return_fee_percent.into()),
            ("stamps_per_reward", self.stamps_per_reward.into()),
            ("reward_value", self.reward_value.into()),
            ("tax_id", self.tax_id.into()),
            ("address", self.address.into()),
            ("postal_code", self.postal_code.into()),
            ("city", self.city.into()),
            ("country", self.country.into()),
            ("ksef_send_consumers", self.ksef_send_consumers.into()),
        ]
    }
}

/// The company rows, declared.
pub struct Companies;

impl Resource for Companies {
    type Row = Company;
    type Input = Settings;
    const PATH: &'static str = "/company/company";
    const TAG: &'static str = "company";
    const NAME: &'static str = "company";
    const TABLE: &'static str = "companies";
    const COLUMNS: &'static str = COLUMNS;
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "name", column: "name", kind: FieldType::Text },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "id",
    };
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn shown(company: Company) -> Company {
        company.cleaned()
    }

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no company {id}"))
    }
}

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
    let q = query.parse(Companies::LIST)?;
    let mut page = fetch_page::<Company>(&state.pool, Companies::COLUMNS, Companies::FROM, Scope::All, &q).await?;
    page.models = page.models.into_iter().map(Companies::shown).collect();
    Ok(Data::new(page))
}

/// One company row (admin).
#[utoipa::path(get, path = "/api/company/company/one", tag = "company", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)),
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found")))]
#[tracing::instrument(skip(state))]
pub async fn one(_: AdminUser, State(state): State<CatalogueState>, params: Params) -> Result<Data<Company>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(find::<Companies>(&mut *state.pool.acquire().await?, id).await?))
}

/// Create a company row (admin). Usually `save-settings` is what you want.
#[utoipa::path(post, path = "/api/company/company/save", tag = "company", security(("bearer" = [])), request_body = NewCompanyInput,
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, body))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Company>, ApiError> {
    Ok(Data::new(save::<Companies>(&state.pool, None, nulls_as_absent(body, &[])).await?))
}

/// Update a company row (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/company/company/save", tag = "company", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)), request_body = SettingsInput,
    responses((status = 200, description = "`{\"data\": Company}`", body = Data<Company>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, body))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Company>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(save::<Companies>(&state.pool, Some(id), nulls_as_absent(body, &[])).await?))
}
