//! The orders of a disrupted course, folded from `rm_order_events` (every order event as
//! the domain serialises it, kept by the `orders` projection) with the domain's own fold:
//! the same state the command side loads from the order's stream, as far as the
//! projection has followed it.

use std::collections::HashMap;

use api_core::ApiError;
use domain::order::{Order, OrderEvent, OrderState};
use domain::Aggregate;
use sqlx::types::Json;
use sqlx::PgPool;
use uuid::Uuid;

/// The orders that may stand on `course_id`'s disruption: with a ticket on it now (sold
/// on it, or moved to it), placed on it and not paid yet, or told of its disruption or
/// having chosen (moved away, refunded, or cancelled unpaid). An order that left the
/// course before it was disrupted has nothing to show there.
pub async fn on_course(pool: &PgPool, course_id: Uuid) -> Result<Vec<Uuid>, ApiError> {
    Ok(sqlx::query_scalar(
        "select order_id from rm_tickets where course_id = $1 \
         union select order_id from rm_orders \
               where (outbound_course_id = $1 or back_course_id = $1) and status = 'pending_payment' \
         union select order_id from rm_order_events \
               where event_type in ('DisruptionTold', 'DisruptionChosen') and data->>'course_id' = $1::text",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?)
}

/// The placed orders among `ids`, each folded from its events.
pub async fn load(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<OrderState>, ApiError> {
    let rows: Vec<(Uuid, Json<OrderEvent>)> = sqlx::query_as(
        "select order_id, data from rm_order_events where order_id = any($1) order by order_id, version",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let mut folded: HashMap<Uuid, Order> = HashMap::with_capacity(ids.len());
    for (order_id, Json(event)) in rows {
        let order = folded.entry(order_id).or_default();
        *order = std::mem::take(order).evolve(&event);
    }
    Ok(folded.into_values().filter_map(|order| order.placed().cloned()).collect())
}

/// The order `order_id`, when it was placed.
pub async fn one(pool: &PgPool, order_id: Uuid) -> Result<Option<OrderState>, ApiError> {
    Ok(load(pool, &[order_id]).await?.pop())
}
