//! `/app/banner`, declared ([`Banners`]). Its reads are this module's own handlers over
//! the declaration, since what they show depends on who asks (guests see only the banners
//! valid now) and on `lang`; `save` is the generic one ([`api_core::resource::save`]: the
//! body laid over the stored row, read by [`BannerInput::parse`], written in one
//! transaction).

use api_core::auth::{AdminUser, MaybeUser, Role};
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, find, save, Fields, Input, Resource, Scope, Sql};
use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use serde_json::Value;

use super::model::{Banner, BannerDraft, BannerInput, COLUMNS};
use crate::content::common::input::nulls_as_absent;
use crate::content::common::lang::ParamsLang;
use crate::content::common::lang::{Lang, LangParam};
use crate::CatalogueState;

api_core::create_body!(
    /// The body of a banner's creation in the document: [`BannerInput`] with the `title` it
    /// cannot do without (an update keeps the stored one).
    NewBannerInput, BannerInput, "title" => api_core::values::PlainLine<200>
);

impl Input for BannerDraft {
    type Body = BannerInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_with(|input: BannerInput| input.parse())
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("title", self.title.into()),
            ("text", self.text.into()),
            ("title_en", self.title_en.into()),
            ("text_en", self.text_en.into()),
            ("link", self.link.into()),
            ("link_target", self.link_target.into()),
            ("bg_class", self.bg_class.into()),
            ("text_class", self.text_class.into()),
            ("refresh_time", self.refresh_time.into()),
            ("valid_from", self.valid_from.into()),
            ("valid_to", self.valid_to.into()),
            ("sort_order", self.sort_order.into()),
        ]
    }
}

/// The banners, declared.
pub struct Banners;

impl Resource for Banners {
    type Row = Banner;
    type Input = BannerDraft;
    const PATH: &'static str = "/app/banner";
    const TAG: &'static str = "app";
    const NAME: &'static str = "banner";
    const TABLE: &'static str = "banners";
    const COLUMNS: &'static str = COLUMNS;
    /// Open validity ends count as -infinity/infinity, so the web's "valid now" filter
    /// keeps banners without a start or an end.
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "title", column: "title", kind: FieldType::Text },
            ListField { name: "valid_from", column: "coalesce(valid_from, '-infinity')", kind: FieldType::Timestamp },
            ListField { name: "valid_to", column: "coalesce(valid_to, 'infinity')", kind: FieldType::Timestamp },
            ListField { name: "sort_order", column: "sort_order", kind: FieldType::Integer },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "sort_order, created_at desc, id desc",
    };
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn shown(banner: Banner) -> Banner {
        banner.cleaned()
    }

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no banner {id}"))
    }
}

/// The fields where `null` clears the value; elsewhere it counts as absent.
const NULLABLE: &[&str] = &["valid_from", "valid_to"];

/// What guests may see whatever they filter by.
const VALID_NOW: &str = "coalesce(valid_from, '-infinity') <= now() and coalesce(valid_to, 'infinity') > now()";

/// The banners (public: guests and users get only those valid now; admins every one),
/// `title` and `text` in `lang`.
#[utoipa::path(get, path = "/api/app/banner/all", tag = "app",
    params(LangParam, ("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, title, valid_from, valid_to, sort_order, created_at, updated_at; -field descends", pattern = "^-?(id|title|valid_from|valid_to|sort_order|created_at|updated_at)(,-?(id|title|valid_from|valid_to|sort_order|created_at|updated_at))*$"),
        ("filter[valid_from][lt]" = Option<String>, Query, description = "YYYY-MM-DD HH:MM:SS (Warsaw)", pattern = "^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$"),
        ("filter[valid_to][gt]" = Option<String>, Query, description = "YYYY-MM-DD HH:MM:SS (Warsaw)", pattern = "^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$")),
    responses((status = 200, description = "`{\"data\": {\"models\": [Banner], \"pagination\": …}}`", body = Data<Page<Banner>>),
        (status = 422, description = "unknown sort or filter field, a bad value, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state, user, query))]
pub async fn all(
    State(state): State<CatalogueState>,
    user: MaybeUser,
    query: RawListQuery,
) -> Result<Data<Page<Banner>>, ApiError> {
    let q = query.parse(Banners::LIST)?;
    let lang = Lang::of_list(&q)?;
    let is_admin = user.0.is_some_and(|u| u.role == Role::SuperAdmin);
    let restrict = (!is_admin).then_some(VALID_NOW);
    let scope = restrict.map_or(Scope::All, Scope::Where);
    let mut page = fetch_page::<Banner>(&state.pool, Banners::COLUMNS, Banners::FROM, scope, &q).await?;
    page.models = page.models.into_iter().map(|b| b.localized(lang)).collect();
    Ok(Data::new(page))
}

/// One banner (public; for guests and users only while it is valid, else `404`), `title`
/// and `text` in `lang`.
#[utoipa::path(get, path = "/api/app/banner/one", tag = "app", params(("id" = i64, Query, minimum = 1), LangParam),
    responses((status = 200, description = "`{\"data\": Banner}`", body = Data<Banner>), (status = 404, description = "not found"),
        (status = 422, description = "a bad id, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state, user))]
pub async fn one(
    State(state): State<CatalogueState>,
    user: MaybeUser,
    params: Params,
) -> Result<Data<Banner>, ApiError> {
    let id = params.id()?;
    let lang = params.lang()?;
    let banner = find::<Banners>(&mut *state.pool.acquire().await?, id).await?;
    let is_admin = user.0.is_some_and(|u| u.role == Role::SuperAdmin);
    let now = chrono::Utc::now();
    let valid_now = banner.valid_from.is_none_or(|from| from <= now) && banner.valid_to.is_none_or(|to| now < to);
    if is_admin || valid_now {
        Ok(Data::new(banner.localized(lang)))
    } else {
        Err(Banners::not_found(id))
    }
}

/// Create a banner (admin).
#[utoipa::path(post, path = "/api/app/banner/save", tag = "app", security(("bearer" = [])), request_body = NewBannerInput,
    responses((status = 200, description = "`{\"data\": Banner}`", body = Data<Banner>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, body))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Banner>, ApiError> {
    Ok(Data::new(save::<Banners>(&state.pool, None, nulls_as_absent(body, NULLABLE)).await?))
}

/// Update a banner (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/app/banner/save", tag = "app", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)), request_body = BannerInput,
    responses((status = 200, description = "`{\"data\": Banner}`", body = Data<Banner>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, body))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<Banner>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(save::<Banners>(&state.pool, Some(id), nulls_as_absent(body, NULLABLE)).await?))
}
