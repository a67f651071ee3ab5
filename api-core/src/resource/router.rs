//! The one router of every declared [`Resource`]: `all`, `one`, `save` (create and
//! update) and `delete`, with the list conventions and the error shape of the API.

use axum::extract::{FromRef, State};
use axum::routing::{delete, get, post};
use axum::Router;
use serde_json::Value;
use sqlx::{PgConnection, PgPool, Postgres, QueryBuilder};

use super::db::{fetch_page, map_db, Scope};
use super::{Deleted, Input, Resource};
use crate::auth::AdminUser;
use crate::fields::{merge, Fields};
use crate::list::{Page, RawListQuery};
use crate::params::Params;
use crate::{ApiError, AppJson, Data};

/// The routes of `R`, relative to `/api`: `{PATH}/all`, `/one`, `/save` and, when `R`
/// allows deletes, `/delete`.
pub fn routes<R: Resource, S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    PgPool: FromRef<S>,
{
    let path = R::PATH;
    let router = Router::new()
        .route(&format!("{path}/all"), get(all::<R>))
        .route(&format!("{path}/one"), get(one::<R>))
        .route(&format!("{path}/save"), post(create::<R>).put(update::<R>));
    match R::DELETE {
        Some(_) => router.route(&format!("{path}/delete"), delete(remove::<R>)),
        None => router,
    }
}

/// Row `id` of `R` as shown, or [`Resource::not_found`].
pub async fn find<R: Resource>(db: &mut PgConnection, id: i64) -> Result<R::Row, ApiError> {
    let row: Option<R::Row> = sqlx::query_as(&format!("select {} from {} where {} = $1", R::COLUMNS, R::FROM, R::ID))
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.map(R::shown).ok_or_else(|| R::not_found(id))
}

/// Create (`id` none) or update row `id` of `R` from `body`, and answer the row: the
/// body is read ([`Input::read`]) and checked ([`Resource::check`]) with every problem
/// reported at once, then written and checked again ([`Resource::after_write`]), all in
/// one transaction.
#[tracing::instrument(skip(pool, body), fields(resource = R::PATH))]
pub async fn save<R: Resource>(pool: &PgPool, id: Option<i64>, body: Value) -> Result<R::Row, ApiError> {
    let mut tx = pool.begin().await?;
    let stored = match id {
        Some(id) => Some(find::<R>(&mut tx, id).await?),
        None => None,
    };
    let body = match &stored {
        Some(stored) => merge(stored, body),
        None => body,
    };
    let mut f = Fields::new(&body)?;
    let input = R::Input::read(&mut f);
    R::check(&mut tx, &mut f, &input, stored.as_ref()).await?;
    match R::INVALID {
        Some(message) => f.finish_with(message)?,
        None => f.finish()?,
    }
    let id = write::<R>(&mut tx, id, input).await.map_err(|e| map_db(e, R::SAVE_RULES))?;
    R::after_write(&mut tx, id).await?;
    let row = find::<R>(&mut tx, id).await?;
    tx.commit().await?;
    Ok(row)
}

/// `insert … returning id`, or `update … where id = … returning id`, on `conn`: the
/// write of [`save`], for a resource whose save needs more in its transaction (the
/// company's settings, saved under a lock).
pub async fn write<R: Resource>(conn: &mut PgConnection, id: Option<i64>, input: R::Input) -> Result<i64, sqlx::Error> {
    let columns = input.columns();
    let mut qb = QueryBuilder::<Postgres>::new("");
    match id {
        None => {
            let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
            qb.push(format!("insert into {} ({}) values (", R::TABLE, names.join(", ")));
            let mut values = qb.separated(", ");
            for (_, value) in columns {
                value.bind(&mut values);
            }
            qb.push(")");
        }
        Some(id) => {
            qb.push(format!("update {} set ", R::TABLE));
            let mut values = qb.separated(", ");
            for (name, value) in columns {
                value.assign(name, &mut values);
            }
            if R::UPDATED_AT {
                values.push("updated_at = now()");
            }
            qb.push(" where id = ").push_bind(id);
        }
    }
    qb.push(" returning id").build_query_scalar().fetch_one(conn).await
}

/// Public. One page of the list.
#[tracing::instrument(skip_all, fields(resource = R::PATH))]
async fn all<R: Resource>(State(pool): State<PgPool>, raw: RawListQuery) -> Result<Data<Page<R::Row>>, ApiError> {
    let q = raw.parse(R::LIST)?;
    let mut page: Page<R::Row> = fetch_page(&pool, R::COLUMNS, R::FROM, Scope::All, &q).await?;
    page.models = page.models.into_iter().map(R::shown).collect();
    Ok(Data::new(page))
}

/// Public. One row.
#[tracing::instrument(skip_all, fields(resource = R::PATH))]
async fn one<R: Resource>(State(pool): State<PgPool>, params: Params) -> Result<Data<R::Row>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(find::<R>(&mut *pool.acquire().await?, id).await?))
}

/// `SuperAdmin`. A new row.
async fn create<R: Resource>(
    _: AdminUser,
    State(pool): State<PgPool>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<R::Row>, ApiError> {
    Ok(Data::new(save::<R>(&pool, None, body).await?))
}

/// `SuperAdmin`. Fields left out keep their values.
async fn update<R: Resource>(
    _: AdminUser,
    State(pool): State<PgPool>,
    params: Params,
    AppJson(body): AppJson<Value>,
) -> Result<Data<R::Row>, ApiError> {
    let id = params.id()?;
    Ok(Data::new(save::<R>(&pool, Some(id), body).await?))
}

/// `SuperAdmin`. `409` while other rows refer to it.
#[tracing::instrument(skip_all, fields(resource = R::PATH))]
async fn remove<R: Resource>(
    _: AdminUser,
    State(pool): State<PgPool>,
    params: Params,
) -> Result<Data<Deleted>, ApiError> {
    let id = params.id()?;
    let done = sqlx::query(&format!("delete from {} where id = $1", R::TABLE))
        .bind(id)
        .execute(&pool)
        .await
        .map_err(|e| map_db(e, R::DELETE.unwrap_or_default()))?;
    if done.rows_affected() == 0 {
        return Err(R::not_found(id));
    }
    Ok(Data::new(Deleted { id }))
}
