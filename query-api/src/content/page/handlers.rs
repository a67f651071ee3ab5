//! The `/app/content` handlers.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::PgPool;

use super::model::{ContentPage, ContentPageDraft, ContentPageInput, PublicContentPage, COLUMNS};
use crate::content::common::db::{fetch_page, on_constraint, Constraint};
use crate::content::common::input::{Body, Params};
use crate::content::common::lang::LangParam;
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "id", kind: FieldType::Integer },
    ListField { name: "title", column: "title", kind: FieldType::Text },
    ListField { name: "slug", column: "slug", kind: FieldType::Text },
    ListField { name: "template", column: "template", kind: FieldType::Text },
    ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

const CONSTRAINTS: &[Constraint] =
    &[Constraint { name: "contents_slug_unique", field: "slug", message: "another page already has this slug" }];

/// The content pages (public).
#[utoipa::path(get, path = "/api/app/content/all", tag = "app",
    params(("page" = Option<u32>, Query), ("per-page" = Option<u32>, Query), ("sort" = Option<String>, Query, description = "id, title, slug, template, created_at, updated_at")),
    responses((status = 200, description = "`{\"data\": {\"models\": [ContentPage], \"pagination\": …}}`", body = [ContentPage])))]
#[tracing::instrument(skip(state, query))]
pub async fn all(State(state): State<QueryState>, query: RawListQuery) -> Result<Data<Page<ContentPage>>, ApiError> {
    let q = query.parse(SPEC)?;
    let mut page = fetch_page::<ContentPage>(&state.pool, COLUMNS, "contents", None, &q).await?;
    page.models = page.models.into_iter().map(ContentPage::cleaned).collect();
    Ok(Data::new(page))
}

/// One content page by id (public).
#[utoipa::path(get, path = "/api/app/content/one", tag = "app", params(("id" = i64, Query)),
    responses((status = 200, description = "`{\"data\": ContentPage}`", body = ContentPage), (status = 404, description = "not found")))]
#[tracing::instrument(skip(state))]
pub async fn one(State(state): State<QueryState>, params: Params) -> Result<Data<ContentPage>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?.cleaned()))
}

/// One content page by numeric id or by slug (public): what `/{slug}` shows, its texts
/// in `lang` (in English, field by field, the English text where there is one).
#[utoipa::path(get, path = "/api/app/content/get-content", tag = "app",
    params(("id" = String, Query, description = "the page's id, or its slug"), LangParam),
    responses((status = 200, description = "`{\"data\": PublicContentPage}`", body = PublicContentPage),
        (status = 404, description = "not found"),
        (status = 422, description = "no id given, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state))]
pub async fn get_content(State(state): State<QueryState>, params: Params) -> Result<Data<PublicContentPage>, ApiError> {
    let key = params.required("id")?;
    let lang = params.lang()?;
    let page = match key.parse::<i64>() {
        Ok(id) => {
            sqlx::query_as::<_, ContentPage>(&format!("select {COLUMNS} from contents where id = $1"))
                .bind(id)
                .fetch_optional(&state.pool)
                .await?
        }
        Err(_) => {
            sqlx::query_as::<_, ContentPage>(&format!("select {COLUMNS} from contents where slug = $1"))
                .bind(key)
                .fetch_optional(&state.pool)
                .await?
        }
    };
    page.map(|p| Data::new(PublicContentPage::new(p, lang))).ok_or_else(|| {
        ApiError::NotFound("This page could not be found".into()).with_code(api_core::codes::PAGE_NOT_FOUND)
    })
}

/// Create a content page (admin).
#[utoipa::path(post, path = "/api/app/content/save", tag = "app", request_body = ContentPageInput,
    responses((status = 200, description = "`{\"data\": ContentPage}`", body = ContentPage), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field; a slug in use")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<QueryState>,
    Body(input): Body<ContentPageInput>,
) -> Result<Data<ContentPage>, ApiError> {
    let draft = input.parse(None)?;
    let sql = format!(
        "insert into contents (title, slug, keywords, content, side_content, template, title_en, keywords_en, \
         content_en, side_content_en) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning {COLUMNS}"
    );
    let page = bind(sqlx::query_as::<_, ContentPage>(&sql), &draft)
        .fetch_one(&state.pool)
        .await
        .map_err(|e| on_constraint(e, CONSTRAINTS))?;
    Ok(Data::new(page.cleaned()))
}

/// Update a content page (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/app/content/save", tag = "app", params(("id" = i64, Query)), request_body = ContentPageInput,
    responses((status = 200, description = "`{\"data\": ContentPage}`", body = ContentPage), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field; a slug in use")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
    Body(input): Body<ContentPageInput>,
) -> Result<Data<ContentPage>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let draft = input.parse(Some(&current))?;
    let sql = format!(
        "update contents set title = $1, slug = $2, keywords = $3, content = $4, side_content = $5, template = $6, \
         title_en = $7, keywords_en = $8, content_en = $9, side_content_en = $10, updated_at = now() \
         where id = $11 returning {COLUMNS}"
    );
    let page = bind(sqlx::query_as::<_, ContentPage>(&sql), &draft)
        .bind(id)
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| on_constraint(e, CONSTRAINTS))?;
    page.map(|p| Data::new(p.cleaned())).ok_or_else(|| not_found(id))
}

type PageQuery<'q> = sqlx::query::QueryAs<'q, sqlx::Postgres, ContentPage, sqlx::postgres::PgArguments>;

fn bind<'q>(query: PageQuery<'q>, d: &'q ContentPageDraft) -> PageQuery<'q> {
    query
        .bind(&d.title)
        .bind(&d.slug)
        .bind(&d.keywords)
        .bind(&d.content)
        .bind(&d.side_content)
        .bind(&d.template)
        .bind(&d.title_en)
        .bind(&d.keywords_en)
        .bind(&d.content_en)
        .bind(&d.side_content_en)
}

fn not_found(id: i64) -> ApiError {
    ApiError::NotFound(format!("there is no content page {id}"))
}

#[tracing::instrument(skip(pool))]
async fn find(pool: &PgPool, id: i64) -> Result<ContentPage, ApiError> {
    sqlx::query_as::<_, ContentPage>(&format!("select {COLUMNS} from contents where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| not_found(id))
}
