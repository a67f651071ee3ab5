//! The company's settings as a whole: `get-settings` and `save-settings` (admin) and
//! `get-public-settings` (everyone: the footer texts every page shows).

use api_core::auth::AdminUser;
use api_core::resource::{find, map_db, write, Resource};
use api_core::{ApiError, Data};
use axum::extract::State;
use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use utoipa::ToSchema;

use super::crud::Companies;
use super::model::{Company, Settings, SettingsInput, COLUMNS};
use crate::content::common::lang::ParamsLang;
use crate::content::common::lang::{Lang, LangParam};
use crate::CatalogueState;
use api_core::AppJson;
use api_core::Params;

/// `{"settings": …}`, as the web reads `data.settings`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsBody<T> {
    pub settings: T,
}

/// Every setting, with the company row's id (`null` before the first save).
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsView {
    pub id: Option<i64>,
    #[serde(flatten)]
    pub settings: Settings,
}

/// What anyone may read: the footer texts (sanitised HTML), in one language.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSettings {
    pub page_footer_1: String,
    pub page_footer_2: String,
}

impl PublicSettings {
    /// The footers of `settings` (already cleaned) in `lang` ([`Lang::pick`]).
    pub fn new(settings: Settings, lang: Lang) -> Self {
        let Settings { page_footer_1, page_footer_2, page_footer_1_en, page_footer_2_en, .. } = settings;
        PublicSettings {
            page_footer_1: lang.pick(page_footer_1, page_footer_1_en),
            page_footer_2: lang.pick(page_footer_2, page_footer_2_en),
        }
    }
}

/// The company whose settings are used: the one with the lowest id.
#[tracing::instrument(skip(db))]
pub async fn current(db: impl PgExecutor<'_>) -> Result<Option<Company>, ApiError> {
    Ok(sqlx::query_as::<_, Company>(&format!("select {COLUMNS} from companies order by id limit 1"))
        .fetch_optional(db)
        .await?)
}

/// The settings in force: the company's, or the defaults
/// (docs/settings.md, 'The settings in force') before the
/// first save. For other areas (booking, returns, invoices) that need a setting.
#[tracing::instrument(skip(pool))]
pub async fn settings_in_force(pool: &PgPool) -> Result<Settings, ApiError> {
    Ok(current(pool).await?.map(|c| c.settings).unwrap_or_default().cleaned())
}

/// Every setting (admin).
#[utoipa::path(get, path = "/api/company/company/get-settings", tag = "company", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": {\"settings\": SettingsView}}`", body = Data<SettingsBody<SettingsView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin")))]
#[tracing::instrument(skip(state))]
pub async fn get_settings(
    _: AdminUser,
    State(state): State<CatalogueState>,
) -> Result<Data<SettingsBody<SettingsView>>, ApiError> {
    Ok(Data::new(SettingsBody { settings: view(current(&state.pool).await?) }))
}

/// The footer texts (public), in `lang`.
#[utoipa::path(get, path = "/api/company/company/get-public-settings", tag = "company", params(LangParam),
    responses((status = 200, description = "`{\"data\": {\"settings\": {\"page_footer_1\", \"page_footer_2\"}}}`", body = Data<SettingsBody<PublicSettings>>),
        (status = 422, description = "a `lang` other than pl or en")))]
#[tracing::instrument(skip(state))]
pub async fn get_public_settings(
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<SettingsBody<PublicSettings>>, ApiError> {
    let lang = params.lang()?;
    let settings = settings_in_force(&state.pool).await?;
    Ok(Data::new(SettingsBody { settings: PublicSettings::new(settings, lang) }))
}

/// Save the settings (admin); creates the company row if there is none. Absent fields
/// keep their value.
#[utoipa::path(post, path = "/api/company/company/save-settings", tag = "company", security(("bearer" = [])), request_body = SettingsInput,
    responses((status = 200, description = "`{\"data\": {\"settings\": SettingsView}}`", body = Data<SettingsBody<SettingsView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, body))]
pub async fn save_settings(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<serde_json::Value>,
) -> Result<Data<SettingsBody<SettingsView>>, ApiError> {
    // Read field by field (serde, then the rules), so one answer lists every problem.
    let mut fields = api_core::Fields::new(&body)?;
    let mut tx = state.pool.begin().await?;
    // Two first saves at once must not create two companies.
    sqlx::query("select pg_advisory_xact_lock(hashtext('companies.save-settings'))").execute(&mut *tx).await?;
    // The fields sent, over the settings in force (the defaults when there is no row).
    let company = current(&mut *tx).await?;
    let id = company.as_ref().map(|c| c.id);
    let current = company.map(|c| c.settings).unwrap_or_default();
    let settings = fields.parse_beside(|input: SettingsInput, refused| input.parse_beside(current, refused));
    fields.finish()?;
    let id = write::<Companies>(&mut tx, id, settings).await.map_err(|e| map_db(e, Companies::SAVE_RULES))?;
    let saved = find::<Companies>(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Data::new(SettingsBody { settings: view(Some(saved)) }))
}

fn view(company: Option<Company>) -> SettingsView {
    match company {
        Some(c) => SettingsView { id: Some(c.id), settings: c.settings.cleaned() },
        None => SettingsView { id: None, settings: Settings::default() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_public_footer_falls_back_to_polish_on_its_own() {
        let settings = Settings {
            page_footer_1: "<p>Biuro</p>".into(),
            page_footer_2: "<p>Kasa</p>".into(),
            page_footer_1_en: "<p>Office</p>".into(),
            ..Settings::default()
        };
        let en = PublicSettings::new(settings.clone(), Lang::En);
        assert_eq!((en.page_footer_1.as_str(), en.page_footer_2.as_str()), ("<p>Office</p>", "<p>Kasa</p>"));
        let pl = PublicSettings::new(settings, Lang::Pl);
        assert_eq!((pl.page_footer_1.as_str(), pl.page_footer_2.as_str()), ("<p>Biuro</p>", "<p>Kasa</p>"));
    }
}
