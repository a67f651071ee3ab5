//! Reading the booking read models: an order with its tickets. (One page of a list is
//! the kit's `api_core::resource::fetch_page`, with `Scope::Owner` for one user's rows.)

use api_core::ApiError;
use sqlx::{PgPool, Postgres};

use super::record::{OrderRecord, TicketRecord, ORDER_COLUMNS, TICKET_COLUMNS};

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
