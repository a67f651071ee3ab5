//! The `/app/menu` handlers.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use sqlx::PgPool;

use super::model::{Menu, MenuInput, PublicMenu, COLUMNS, MENU_TYPES};
use crate::content::common::db::{fetch_page, on_constraint, Constraint};
use crate::content::common::input::{Body, Params};
use crate::content::common::lang::LangParam;
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "id", kind: FieldType::Integer },
    ListField { name: "name", column: "name", kind: FieldType::Text },
    ListField { name: "type", column: "type", kind: FieldType::Text },
    ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

const CONSTRAINTS: &[Constraint] =
    &[Constraint { name: "menus_type_unique", field: "type", message: "there is already a menu of this type" }];

/// The menus (public).
#[utoipa::path(get, path = "/api/app/menu/all", tag = "app",
    params(("page" = Option<u32>, Query), ("per-page" = Option<u32>, Query), ("sort" = Option<String>, Query, description = "id, name, type, created_at, updated_at")),
    responses((status = 200, description = "`{\"data\": {\"models\": [Menu], \"pagination\": …}}`", body = [Menu])))]
#[tracing::instrument(skip(state, query))]
pub async fn all(State(state): State<QueryState>, query: RawListQuery) -> Result<Data<Page<Menu>>, ApiError> {
    let q = query.parse(SPEC)?;
    let mut page = fetch_page::<Menu>(&state.pool, COLUMNS, "menus", None, &q).await?;
    page.models = page.models.into_iter().map(Menu::cleaned).collect();
    Ok(Data::new(page))
}

/// One menu (public).
#[utoipa::path(get, path = "/api/app/menu/one", tag = "app", params(("id" = i64, Query)),
    responses((status = 200, description = "`{\"data\": Menu}`", body = Menu), (status = 404, description = "not found")))]
#[tracing::instrument(skip(state))]
pub async fn one(State(state): State<QueryState>, params: Params) -> Result<Data<Menu>, ApiError> {
    Ok(Data::new(find(&state.pool, params.id()?).await?.cleaned()))
}

/// The menu of a type (public); `content` is JSON text. Its name and items are in
/// `lang`: in English the English items as a whole when there are any, else the Polish.
#[utoipa::path(get, path = "/api/app/menu/get-menu", tag = "app",
    params(("type" = String, Query, description = "top, bottom1 or bottom2"), LangParam),
    responses((status = 200, description = "`{\"data\": {\"name\", \"type\", \"content\": \"<JSON text>\"}}`", body = PublicMenu),
        (status = 404, description = "no menu of this type"),
        (status = 422, description = "missing or unknown type, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state))]
pub async fn get_menu(State(state): State<QueryState>, params: Params) -> Result<Data<PublicMenu>, ApiError> {
    let kind = params.required("type")?;
    let lang = params.lang()?;
    if !MENU_TYPES.contains(&kind) {
        return Err(ApiError::invalid_field("type", &format!("type must be one of {}", MENU_TYPES.join(", ")))
            .with_code(api_core::codes::FIELD_INVALID_CHOICE));
    }
    let menu = sqlx::query_as::<_, Menu>(&format!("select {COLUMNS} from menus where type = $1"))
        .bind(kind)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no {kind} menu")))?;
    Ok(Data::new(PublicMenu::new(menu, lang)))
}

/// Create a menu (admin).
#[utoipa::path(post, path = "/api/app/menu/save", tag = "app", request_body = MenuInput,
    responses((status = 200, description = "`{\"data\": Menu}`", body = Menu), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 422, description = "one error per invalid field; a type that has a menu")))]
#[tracing::instrument(skip(state, input))]
pub async fn create(
    _: AdminUser,
    State(state): State<QueryState>,
    Body(input): Body<MenuInput>,
) -> Result<Data<Menu>, ApiError> {
    let draft = input.parse(None)?;
    let menu = sqlx::query_as::<_, Menu>(&format!(
        "insert into menus (name, type, content, name_en, content_en) values ($1, $2, $3, $4, $5) returning {COLUMNS}"
    ))
    .bind(&draft.name)
    .bind(&draft.kind)
    .bind(&draft.content)
    .bind(&draft.name_en)
    .bind(&draft.content_en)
    .fetch_one(&state.pool)
    .await
    .map_err(|e| on_constraint(e, CONSTRAINTS))?;
    Ok(Data::new(menu.cleaned()))
}

/// Update a menu (admin); absent fields keep their value.
#[utoipa::path(put, path = "/api/app/menu/save", tag = "app", params(("id" = i64, Query)), request_body = MenuInput,
    responses((status = 200, description = "`{\"data\": Menu}`", body = Menu), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"), (status = 404, description = "not found"),
        (status = 422, description = "one error per invalid field; a type that has a menu")))]
#[tracing::instrument(skip(state, input))]
pub async fn update(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
    Body(input): Body<MenuInput>,
) -> Result<Data<Menu>, ApiError> {
    let id = params.id()?;
    let current = find(&state.pool, id).await?;
    let draft = input.parse(Some(&current))?;
    let menu = sqlx::query_as::<_, Menu>(&format!(
        "update menus set name = $1, type = $2, content = $3, name_en = $4, content_en = $5, updated_at = now() \
         where id = $6 returning {COLUMNS}"
    ))
    .bind(&draft.name)
    .bind(&draft.kind)
    .bind(&draft.content)
    .bind(&draft.name_en)
    .bind(&draft.content_en)
    .bind(id)
    .fetch_optional(&state.pool)
    .await
    .map_err(|e| on_constraint(e, CONSTRAINTS))?;
    menu.map(|m| Data::new(m.cleaned())).ok_or_else(|| not_found(id))
}

fn not_found(id: i64) -> ApiError {
    ApiError::NotFound(format!("there is no menu {id}"))
}

#[tracing::instrument(skip(pool))]
async fn find(pool: &PgPool, id: i64) -> Result<Menu, ApiError> {
    sqlx::query_as::<_, Menu>(&format!("select {COLUMNS} from menus where id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| not_found(id))
}
