//! The `order_timeline` projection: what an order caused on other streams, for the
//! admin's history of the order (`GET /order/order/timeline`).
//!
//! Seat holds and releases (`course-*`), coupon spends and refunds (`coupon-*`) and
//! stamps (`stamps-*`) are appended by the placement and the order's process managers
//! with the order's id as the metadata's `correlation_id`; this projection copies those
//! events, with their metadata, into `rm_order_timeline`. Events without a correlation
//! (an admin's capacity change, a coupon issued by hand) are not an order's and are left
//! out. The order's own events are in `rm_order_events` (the `orders` projection).
//! Rows are keyed by stream and version, so a replayed batch inserts nothing twice.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::Serialize;
use serde_json::value::RawValue;
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct OrderTimelineProjection;

#[derive(Serialize)]
struct Row<'a> {
    stream_id: &'a str,
    version: i64,
    order_id: Uuid,
    event_type: &'a str,
    occurred_at: DateTime<Utc>,
    recorded_at: DateTime<Utc>,
    user_id: Option<&'a str>,
    data: &'a RawValue,
}

#[async_trait]
impl Projection for OrderTimelineProjection {
    fn name(&self) -> &'static str {
        "order_timeline"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![
            domain::seat_inventory::STREAM_PREFIX.into(),
            domain::coupon::STREAM_PREFIX.into(),
            domain::stamp_card::STREAM_PREFIX.into(),
        ])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut rows = Vec::new();
        for e in events {
            let Some(order_id) = e.metadata.correlation_id else { continue };
            let data: &RawValue = serde_json::from_str(&e.data).map_err(|err| ProjectionError::Handler {
                projection: self.name(),
                reason: format!("{} v{}: {err}", e.stream, e.version),
            })?;
            rows.push(Row {
                stream_id: e.stream.as_str(),
                version: e.version as i64,
                order_id,
                event_type: &e.event_type,
                occurred_at: e.metadata.occurred_at,
                recorded_at: e.recorded_at,
                user_id: e.metadata.user_id.as_deref(),
                data,
            });
        }
        if rows.is_empty() {
            return Ok(());
        }
        sqlx::query(
            "insert into rm_order_timeline \
             select * from jsonb_populate_recordset(null::rm_order_timeline, $1) on conflict do nothing",
        )
        .bind(Json(&rows))
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_order_timeline").execute(&mut *conn).await?;
        Ok(())
    }
}
