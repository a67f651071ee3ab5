//! Reading the booking read models: one page of a list, optionally restricted to one
//! user's rows (the value bound, never spliced), and an order with its tickets.

use api_core::list::{ListQuery, Page};
use api_core::ApiError;
use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use super::record::{OrderRecord, TicketRecord, ORDER_COLUMNS, TICKET_COLUMNS};

/// One page of `select {columns} from {from}` with the list's filters, order and page,
/// and the count of every matching row; with `owner = Some((column, id))` only the rows
/// whose `column` is `id`.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    owner: Option<(&str, Uuid)>,
    q: &ListQuery,
) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let filtered = |select: &str| {
        let mut qb = QueryBuilder::<Postgres>::new(format!("select {select} from {from}"));
        if let Some((column, id)) = owner {
            qb.push(" where ").push(column).push(" = ").push_bind(id);
        }
        q.push_where(&mut qb, owner.is_some());
        qb
    };
    let total: i64 = filtered("count(*)").build_query_scalar().fetch_one(pool).await?;
    let mut rows = filtered(columns);
    q.push_order(&mut rows);
    q.push_page(&mut rows);
    let models = rows.build_query_as::<T>().fetch_all(pool).await?;
    Ok(Page { models, pagination: q.pagination(total) })
}

/// The order whose `column` (`order_id` or `hash_id`) is `value`, with its tickets
/// (outbound first, then by number); `None` if there is none.
#[tracing::instrument(skip(pool, value))]
pub async fn order_with_tickets<V>(
    pool: &PgPool,
    column: &str,
    value: V,
) -> Result<Option<(OrderRecord, Vec<TicketRecord>)>, ApiError>
where
    V: for<'q> sqlx::Encode<'q, Postgres> + sqlx::Type<Postgres> + Send,
{
    let order: Option<OrderRecord> =
        sqlx::query_as(&format!("select {ORDER_COLUMNS} from rm_orders o where o.{column} = $1"))
            .bind(value)
            .fetch_optional(pool)
            .await?;
    let Some(order) = order else { return Ok(None) };
    let tickets = sqlx::query_as(&format!(
        "select {TICKET_COLUMNS} from rm_tickets t where t.order_id = $1 \
         order by t.leg = 'back', t.line, t.number"
    ))
    .bind(order.order_id)
    .fetch_all(pool)
    .await?;
    Ok(Some((order, tickets)))
}
