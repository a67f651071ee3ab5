//! The `orders` projection: the `order-*` streams as `rm_orders` (one row per placed
//! order), `rm_tickets` (one row per ticket, from payment on) and `rm_order_events`
//! (every event, for the admin's history).
//!
//! The batch is folded in memory ([`crate::rows`]): the orders it touches and their
//! tickets are loaded, each event whose version the order row does not reflect yet is
//! applied, and the changed rows are written back guarded by `version`. The order row's
//! version is the guard of its whole stream (its tickets are written in the same
//! transaction), so a replayed event changes nothing. The rules follow the order's
//! `evolve` in the domain: the projector copies what the events say (names, times,
//! prices after discount) and does not recompute prices.
//!
//! An order whose placement was abandoned before `OrderPlaced` has no row, only its
//! history. An event it cannot decode stops the projection with an error.
//!
//! Here: the projection (decode, load, fold, write). `fold`: the batch's rows and the one
//! total match that hands each event to its change of the order row; `tickets`: the
//! changes of ticket rows; `rows`: the rows themselves; [`guest`]: the paid orders of an
//! address placed without an account (read by the customer's offer to attach them).

mod fold;
pub mod guest;
mod rows;
mod tickets;

use async_trait::async_trait;
use domain::order::{OrderEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde_json::value::RawValue;
use sqlx::PgConnection;

use self::fold::Fold;
use self::rows::{EventRow, OrderRow, TicketRow};
use crate::rows::{begun_earlier, insert_new, load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct OrdersProjection;

/// Order statuses as the API spells them.
pub mod status {
    pub const PENDING_PAYMENT: &str = "pending_payment";
    pub const PAID: &str = "paid";
    pub const EXPIRED: &str = "expired";
    pub const CANCELLED: &str = "cancelled";
    pub const RETURNED: &str = "returned";
}

/// Ticket states as the API spells them.
pub mod ticket_status {
    pub const VALID: &str = "valid";
    pub const RETURNED: &str = "returned";
    pub const USED: &str = "used";
    /// The order was cancelled while the ticket was still valid (it carries no one).
    pub const CANCELLED: &str = "cancelled";
}

#[async_trait]
impl Projection for OrdersProjection {
    fn name(&self) -> &'static str {
        "orders"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut decoded = Vec::with_capacity(events.len());
        let mut history = Vec::with_capacity(events.len());
        for e in events {
            let event = e.decode::<OrderEvent>()?;
            let data: &RawValue = serde_json::from_str(&e.data).map_err(|err| ProjectionError::Handler {
                projection: self.name(),
                reason: format!("{} v{}: {err}", e.stream, e.version),
            })?;
            history.push(EventRow {
                order_id: event.order_id(),
                version: e.version as i64,
                event_type: &e.event_type,
                occurred_at: e.metadata.occurred_at,
                recorded_at: e.recorded_at,
                user_id: e.metadata.user_id.as_deref(),
                data,
            });
            decoded.push((event, e.version as i64, e.recorded_at));
        }
        // Only the orders placed in an earlier batch are read (`OrderPlaced` is always an
        // order's first event).
        let ids = begun_earlier(
            decoded.iter().map(|(e, _, _)| e.order_id()),
            decoded
                .iter()
                .filter(|(e, _, _)| matches!(e, OrderEvent::OrderPlaced { .. }))
                .map(|(e, _, _)| e.order_id()),
        );

        let mut fold = Fold::default();
        for row in load::<OrderRow, _>(conn, "rm_orders", "order_id", ids.clone()).await? {
            fold.orders.insert(row.order_id, row);
        }
        for row in load::<TicketRow, _>(conn, "rm_tickets", "order_id", ids).await? {
            fold.tickets.insert(row.ticket_id, row);
        }
        for (event, version, recorded_at) in decoded {
            fold.apply(event, version, recorded_at);
        }

        let orders: Vec<&OrderRow> = fold.changed_orders.iter().filter_map(|id| fold.orders.get(id)).collect();
        upsert(conn, self.name(), "rm_orders", "order_id", &orders).await?;
        let tickets: Vec<&TicketRow> = fold.changed_tickets.iter().filter_map(|id| fold.tickets.get(id)).collect();
        upsert(conn, self.name(), "rm_tickets", "ticket_id", &tickets).await?;
        insert_new(conn, "rm_order_events", &history).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_orders, rm_tickets, rm_order_events").execute(&mut *conn).await?;
        Ok(())
    }
}
