//! Rows of `es_events` and the one query that reads the stable part of the global order.

use chrono::{DateTime, Utc};
use sqlx::postgres::PgRow;
use sqlx::{PgPool, Row};

use super::metadata;
use crate::model::{Metadata, Position, RecordedEvent, SubscriptionFilter};
use crate::{Result, StoreError};

/// The columns every read selects. [`EventRow`] decodes them by position, in this order.
pub(super) const RECORDED_COLUMNS: &str =
    "seq, tx_id, stream_id, version, event_id, event_type, data::text, metadata::text, recorded_at";

/// One row of [`RECORDED_COLUMNS`], its metadata already parsed (straight from the row's
/// bytes, without a copy of the text).
pub(super) struct EventRow {
    seq: i64,
    tx_id: i64,
    stream_id: String,
    version: i64,
    event_id: uuid::Uuid,
    event_type: String,
    data: String,
    /// The metadata, or why it does not parse (reported for this event alone).
    metadata: std::result::Result<Metadata, String>,
    recorded_at: DateTime<Utc>,
}

impl<'r> sqlx::FromRow<'r, PgRow> for EventRow {
    fn from_row(row: &'r PgRow) -> std::result::Result<Self, sqlx::Error> {
        // By position: cheaper than by name, which looks every column up in a map.
        let metadata: &str = row.try_get(7)?;
        Ok(EventRow {
            seq: row.try_get(0)?,
            tx_id: row.try_get(1)?,
            stream_id: row.try_get(2)?,
            version: row.try_get(3)?,
            event_id: row.try_get(4)?,
            event_type: row.try_get(5)?,
            data: row.try_get(6)?,
            metadata: metadata::parse(metadata).map_err(|e| e.to_string()),
            recorded_at: row.try_get(8)?,
        })
    }
}

impl EventRow {
    pub(super) fn position(&self) -> Position {
        Position::new(self.tx_id as u64, self.seq as u64)
    }

    pub(super) fn into_recorded(self) -> Result<RecordedEvent> {
        let position = self.position();
        let metadata = match self.metadata {
            Ok(metadata) => metadata,
            Err(reason) => {
                return Err(StoreError::Decode {
                    stream: self.stream_id,
                    version: self.version as u64,
                    event_type: self.event_type,
                    reason: format!("metadata: {reason}"),
                })
            }
        };
        Ok(RecordedEvent {
            position,
            stream: self.stream_id,
            version: self.version as u64,
            id: self.event_id,
            event_type: self.event_type,
            data: self.data,
            metadata,
            recorded_at: self.recorded_at,
        })
    }
}

/// `(tx_id, seq)` to compare with; before every event when `None`.
pub(super) fn position_args(after: Option<Position>) -> (i64, i64) {
    match after {
        Some(p) => (p.major() as i64, p.minor() as i64),
        None => (0, 0),
    }
}

/// Up to `limit` events after `after` whose transactions lie below the oldest transaction
/// still in flight, and whether the caller should look again soon: true when the read was
/// short but committed events exist that were not yet readable (an older transaction was
/// still open when the horizon was taken).
pub(super) async fn read_stable(
    pool: &PgPool,
    after: Option<Position>,
    filter: &SubscriptionFilter,
    limit: i64,
) -> Result<(Vec<EventRow>, bool)> {
    // The horizon is taken first, in its own statement: it only grows, so reading below
    // an older horizon is always safe, and it tells the "pending" check below which
    // events this read could not yet see.
    let horizon = horizon(pool).await?;
    let rows = read_below(pool, after, filter, limit, horizon).await?;
    if rows.len() as i64 >= limit {
        return Ok((rows, false));
    }
    // Everything below the horizon has been read (or filtered out). Events at or above
    // it that are committed now must be read on the next round.
    Ok((rows, pending_from(pool, horizon).await?))
}

/// The oldest transaction still in flight. Every transaction below it has finished, and
/// new ones get higher ids, so the events below it never change any more.
pub(super) async fn horizon(pool: &PgPool) -> Result<i64> {
    Ok(sqlx::query_scalar("select pg_snapshot_xmin(pg_current_snapshot())::text::bigint").fetch_one(pool).await?)
}

/// Up to `limit` events after `after` whose transactions lie below `horizon`, in order.
pub(super) async fn read_below(
    pool: &PgPool,
    after: Option<Position>,
    filter: &SubscriptionFilter,
    limit: i64,
    horizon: i64,
) -> Result<Vec<EventRow>> {
    let (tx, seq) = position_args(after);
    let (types, prefixes): (Option<Vec<String>>, Option<Vec<String>>) = match filter {
        SubscriptionFilter::All => (None, None),
        SubscriptionFilter::EventType(types) => (Some(types.clone()), None),
        SubscriptionFilter::StreamPrefix(prefixes) => (None, Some(prefixes.iter().map(|p| like_prefix(p)).collect())),
    };
    let sql = format!(
        "select {RECORDED_COLUMNS} from es_events \
         where (tx_id, seq) > ($1, $2) and tx_id < $6 \
           and ($4::text[] is null or event_type = any($4)) \
           and ($5::text[] is null or stream_id like any($5)) \
         order by tx_id, seq limit $3"
    );
    Ok(sqlx::query_as(&sql)
        .bind(tx)
        .bind(seq)
        .bind(limit)
        .bind(types)
        .bind(prefixes)
        .bind(horizon)
        .fetch_all(pool)
        .await?)
}

/// Whether committed events exist at or above `horizon` (not readable below it).
pub(super) async fn pending_from(pool: &PgPool, horizon: i64) -> Result<bool> {
    Ok(sqlx::query_scalar("select exists(select 1 from es_events where tx_id >= $1)")
        .bind(horizon)
        .fetch_one(pool)
        .await?)
}

/// A LIKE pattern matching names that start with `prefix`.
fn like_prefix(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    #[test]
    fn like_prefix_escapes_wildcards() {
        assert_eq!(super::like_prefix("order-"), "order-%");
        assert_eq!(super::like_prefix("a_b%"), "a\\_b\\%%");
    }
}
