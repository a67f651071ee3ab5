//! The `sales` projection: the `order-*` streams as `rm_sales_days`, the sums of each
//! Warsaw day and route that the admin panel's home page charts (orders paid, tickets
//! sold, revenue, tickets returned and the money refunded for them), and
//! `rm_sales_orders`, what it keeps of each order to place its later events.
//!
//! The counts are the daily sales report's (`command_api::processes::daily_report`): an
//! order counts on the day it was paid, under its outbound route, with what it paid; a
//! ticket counts on the day it was issued and on the day it was returned, under its own
//! leg's route. The day is the event's own instant seen in Warsaw (the database says
//! which day that is, `at time zone 'Europe/Warsaw'`, as the report's range does).
//!
//! The day rows are counters. Each event moves them once: the order's row keeps the
//! stream version it has applied, an event at or below it is skipped (a replay), and the
//! order rows, the counters and the checkpoint commit in one transaction, so a batch
//! that did not commit moved nothing. A rebuild empties both tables and replays.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::order::{LegKind, OrderEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct SalesProjection;

/// A row of `rm_sales_orders`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct OrderRow {
    order_id: Uuid,
    outbound_route_id: i64,
    outbound_route: String,
    back_route_id: Option<i64>,
    back_route: Option<String>,
    back_tickets: Vec<Uuid>,
    version: i64,
}

impl OrderRow {
    /// The route a ticket rides: its leg's.
    fn route_of(&self, ticket_id: Uuid) -> (i64, &str) {
        match (self.back_tickets.contains(&ticket_id), self.back_route_id, self.back_route.as_deref()) {
            (true, Some(id), Some(name)) => (id, name),
            _ => (self.outbound_route_id, &self.outbound_route),
        }
    }
}

/// What one event adds to one route's sums, at one instant (its day is the database's
/// Warsaw date of `at`).
#[derive(Debug, Clone, Serialize)]
struct Delta {
    at: DateTime<Utc>,
    route_id: i64,
    route_name: String,
    orders: i64,
    tickets: i64,
    revenue: i64,
    returns: i64,
    refunded: i64,
}

impl Delta {
    fn new(at: DateTime<Utc>, (route_id, route_name): (i64, &str)) -> Delta {
        Delta {
            at,
            route_id,
            route_name: route_name.to_string(),
            orders: 0,
            tickets: 0,
            revenue: 0,
            returns: 0,
            refunded: 0,
        }
    }
}

#[derive(Default)]
struct Fold {
    orders: HashMap<Uuid, OrderRow>,
    changed: Vec<Uuid>,
    deltas: Vec<Delta>,
}

impl Fold {
    fn apply(&mut self, event: OrderEvent, version: i64) {
        let order_id = event.order_id();
        if let OrderEvent::OrderPlaced { outbound, back, .. } = &event {
            self.orders.entry(order_id).or_insert_with(|| OrderRow {
                order_id,
                outbound_route_id: outbound.route_id,
                outbound_route: outbound.route_name.clone(),
                back_route_id: back.as_ref().map(|b| b.route_id),
                back_route: back.as_ref().map(|b| b.route_name.clone()),
                back_tickets: Vec::new(),
                version: -1,
            });
        }
        let Some(order) = self.orders.get_mut(&order_id) else { return };
        if order.version >= version {
            return;
        }
        order.version = version;
        self.changed.push(order_id);
        sales_of(order, event, &mut self.deltas);
    }
}

/// What an event adds to the sums. A total match: an event that moves money does not
/// compile until it is decided here whether the home page counts it.
fn sales_of(order: &mut OrderRow, event: OrderEvent, deltas: &mut Vec<Delta>) {
    match event {
        OrderEvent::OrderPaid { paid_at, amount, tickets, .. } => {
            let mut paid = Delta::new(paid_at, (order.outbound_route_id, &order.outbound_route));
            paid.orders = 1;
            paid.revenue = amount;
            deltas.push(paid);
            for t in &tickets {
                if t.leg == LegKind::Back {
                    order.back_tickets.push(t.ticket_id);
                }
                let mut sold = Delta::new(paid_at, order.route_of(t.ticket_id));
                sold.tickets = 1;
                deltas.push(sold);
            }
        }
        OrderEvent::TicketReturned { ticket_id, returned_at, money_refund, .. } => {
            let mut returned = Delta::new(returned_at, order.route_of(ticket_id));
            returned.returns = 1;
            returned.refunded = money_refund;
            deltas.push(returned);
        }
        // As the daily report: a cancellation's refund, a late payment paid back and a
        // change's difference are money, not sales of the day.
        OrderEvent::OrderPlaced { .. }
        | OrderEvent::OrderAbandoned { .. }
        | OrderEvent::PaymentRegistered { .. }
        | OrderEvent::OrderExpired { .. }
        | OrderEvent::OrderCancelled { .. }
        | OrderEvent::LatePaymentRefunded { .. }
        | OrderEvent::TicketCourseChanged { .. }
        | OrderEvent::TicketChangeRequested { .. }
        | OrderEvent::TicketChangePaid { .. }
        | OrderEvent::TicketChangeExpired { .. }
        | OrderEvent::LegMoved { .. }
        | OrderEvent::TicketUsed { .. }
        | OrderEvent::InvoiceIssued { .. }
        | OrderEvent::InvoiceCorrected { .. }
        | OrderEvent::CustomerDetailsChanged { .. }
        | OrderEvent::OrderAssignedToUser { .. }
        | OrderEvent::InvoiceDataChanged { .. }
        | OrderEvent::KsefSendStarted { .. }
        | OrderEvent::KsefSent { .. }
        | OrderEvent::KsefAccepted { .. }
        | OrderEvent::KsefRejected { .. }
        | OrderEvent::KsefSendFailed { .. }
        | OrderEvent::KsefWentOffline { .. }
        | OrderEvent::KsefUpoReceived { .. }
        | OrderEvent::RejectedInvoiceAmended { .. }
        | OrderEvent::DisruptionTold { .. }
        | OrderEvent::DisruptionChosen { .. }
        // Compensation is damages paid out, not a sale of the day nor its return.
        | OrderEvent::CompensationOwed { .. }
        | OrderEvent::CompensationPaid { .. }
        // The refund was counted when it was owed; handing it over at the desk is the till's.
        | OrderEvent::RefundPaidOut { .. } => {}
    }
}

#[async_trait]
impl Projection for SalesProjection {
    fn name(&self) -> &'static str {
        "sales"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<OrderEvent>()?, e.version as i64)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        // Every order the batch touches is read, those placed in it too: the counters
        // have no version guard of their own, so a replayed placement must find the row
        // that says its later events were counted.
        let ids: Vec<Uuid> = decoded.iter().map(|(e, _)| e.order_id()).collect::<BTreeSet<_>>().into_iter().collect();
        let mut fold = Fold::default();
        for row in load::<OrderRow, _>(conn, "rm_sales_orders", "order_id", ids).await? {
            fold.orders.insert(row.order_id, row);
        }
        for (event, version) in decoded {
            fold.apply(event, version);
        }
        fold.changed.sort();
        fold.changed.dedup();
        let rows: Vec<&OrderRow> = fold.changed.iter().filter_map(|id| fold.orders.get(id)).collect();
        upsert(conn, self.name(), "rm_sales_orders", "order_id", &rows).await?;
        add_deltas(conn, &fold.deltas).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_sales_orders, rm_sales_days").execute(&mut *conn).await?;
        Ok(())
    }
}

/// Add the batch's deltas to the day rows, summed per Warsaw day and route in one
/// statement (the newest route name wins: a renamed route shows its name of now).
async fn add_deltas(conn: &mut PgConnection, deltas: &[Delta]) -> Result<(), ProjectionError> {
    if deltas.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "insert into rm_sales_days (day, route_id, route_name, orders, tickets, revenue, returns, refunded) \
         select (d.at at time zone 'Europe/Warsaw')::date, d.route_id, \
                (array_agg(d.route_name order by d.at desc))[1], \
                sum(d.orders), sum(d.tickets), sum(d.revenue), sum(d.returns), sum(d.refunded) \
           from jsonb_to_recordset($1) as d (at timestamptz, route_id bigint, route_name text, orders bigint, \
                tickets bigint, revenue bigint, returns bigint, refunded bigint) \
          group by 1, 2 \
         on conflict (day, route_id) do update set route_name = excluded.route_name, \
             orders = rm_sales_days.orders + excluded.orders, tickets = rm_sales_days.tickets + excluded.tickets, \
             revenue = rm_sales_days.revenue + excluded.revenue, returns = rm_sales_days.returns + excluded.returns, \
             refunded = rm_sales_days.refunded + excluded.refunded",
    )
    .bind(Json(deltas))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
