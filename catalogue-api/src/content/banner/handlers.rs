//! The `/app/banner` handlers.

use api_core::auth::{AdminUser, MaybeUser, Role};
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::PgPool;

use super::model::{Banner, BannerDraft, BannerInput, COLUMNS};
use crate::content::common::lang::ParamsLang;
use crate::content::common::lang::{Lang, LangParam};
use crate::CatalogueState;
use api_core::resource::{fetch_page, Scope};
use api_core::AppJson;
use api_core::Params;

/// Open validity ends count as -infinity/infinity, so the web's "valid now" filter
/// keeps banners without a start or an end.
const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "id", kind: FieldType::Integer },
    ListField { name: "title", column: "title", kind: FieldType::Text },
    ListField { name: "valid_from", column: "coalesce(valid_from, '-infinity')", kind: FieldType::Timestamp },
    ListField { name: "valid_to", column: "coalesce(valid_to, 'infinity')", kind: FieldType::Timestamp },
    ListField { name: "sort_order", column: "sort_order", kind: FieldType::Integer },
    ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "sort_order, created_at desc, id desc" };

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
    let q = query.parse(SPEC)?;
    let lang = Lang::of_list(&q)?;
    let is_admin = user.0.is_some_and(|u| u.role == Role::SuperAdmin);
    let restrict = (!is_admin).then_some(VALID_NOW);
    let mut page =
        fetch_page::<Banner>(&state.pool, COLUMNS, "banners", restrict.map_or(Scope::All, Scope::Where), &q).await?;
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
    let banner = find(&state.pool, id).await?;
    let is_admin = user.0.is_some_and(|u| u.role == Role::SuperAdmin);
    let now = chrono::Utc::now();
    let valid_now = banner.valid_from.is_none_or(|from| from <= now) && banner.valid_to.is_none_or(|to| now < to);
    if is_admin || valid_now {
        Ok(Data::new(banner.localized(lang)))
    } else {
        Err(not_found(id))
    }
}

/// Create a banner (admin).
#[utoipa::path(post, path = "/api/app/banner/save", tag = "app", security(("bearer" = [])), request_body = BannerInput,
    responses((status = 200, description = "`{\"data\": Banner}`", body = Data<Banner>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<CatalogueState>,
    AppJson(input): AppJson<BannerInput>,
) -> Result<Data<Banner>, ApiError> {
    let draft = input.parse(None)?;
    let sql = format!(
        "insert into banners (title, text, title_en, text_en, link, link_target, bg_class, text_class, \
         refresh_time, valid_from, valid_to, sort_order) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         returning {COLUMNS}"
    );
    let banner = bind(sqlx::query_as::<_, Banner>(&sql), &draft).fetch_one(&state.pool).await?;
    Ok(Data::new(banner.cleaned()))
}

/// Update a banner (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/app/banner/save", tag = "app", security(("bearer" = [])), params(("id" = i64, Query, minimum = 1)), request_body = BannerInput,
    responses((status = 200, description = "`{\"data\": Banner}`", body = Data<Banner>), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(input): AppJson<BannerInput>,
) -> Result<Data<Banner>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let draft = input.parse(Some(&current))?;
    let sql = format!(
        "update banners set title = $1, text = $2, title_en = $3, text_en = $4, link = $5, link_target = $6, \
         bg_class = $7, text_class = $8, refresh_time = $9, valid_from = $10, valid_to = $11, sort_order = $12, \
         updated_at = now() where id = $13 returning {COLUMNS}"
    );
    let banner = bind(sqlx::query_as::<_, Banner>(&sql), &draft).bind(id).fetch_optional(&state.pool).await?;
    banner.map(|b| Data::new(b.cleaned())).ok_or_else(|| not_found(id))
}

type BannerQuery<'q> = sqlx::query::QueryAs<'q, sqlx::Postgres, Banner, sqlx::postgres::PgArguments>;

fn bind<'q>(query: BannerQuery<'q>, d: &'q BannerDraft) -> BannerQuery<'q> {
    query
        .bind(&d.title)
        .bind(&d.text)
        .bind(&d.title_en)
        .bind(&d.text_en)
        .bind(&d.link)
        .bind(&d.link_target)
        .bind(&d.bg_class)
        .bind(&d.text_class)
        .bind(d.refresh_time)
        .bind(d.valid_from)
        .bind(d.valid_to)
        .bind(d.sort_order)
}

fn not_found(id: i64) -> ApiError {
    ApiError::NotFound(format!("there is no banner {id}"))
}

#[tracing::instrument(skip(pool))]
async fn find(pool: &PgPool, id: i64) -> Result<Banner, ApiError> {
    sqlx::query_as::<_, Banner>(&format!("select {COLUMNS} from banners where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| not_found(id))
}
