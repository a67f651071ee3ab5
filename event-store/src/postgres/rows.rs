//! Rows of `es_events` and the one query that reads the stable part of the global order.

use sqlx::postgres::{PgRow, Postgres};
use sqlx::{Column, PgPool, Row, Type};

use super::metadata;
use crate::model::{Head, Position, RecordedEvent, SubscriptionFilter};
use crate::{Result, StoreError};

/// The columns every read selects. [`decoder`] decodes them by position, in this order.
pub(super) const RECORDED_COLUMNS: &str =
    "seq, tx_id, stream_id, version, event_id, event_type, data::text, metadata::text, recorded_at";

/// One row of [`RECORDED_COLUMNS`]: its place in the global order and the event, or why
/// its metadata does not decode (reported for this event alone, in order).
#[derive(Clone)]
pub(super) struct EventRow {
    position: Position,
    /// When it was recorded (also for a row whose metadata did not decode).
    recorded_at: chrono::DateTime<chrono::Utc>,
    event: Result<RecordedEvent>,
}

impl EventRow {
    pub(super) fn position(&self) -> Position {
        self.position
    }

    pub(super) fn recorded_at(&self) -> chrono::DateTime<chrono::Utc> {
        self.recorded_at
    }

    pub(super) fn into_recorded(self) -> Result<RecordedEvent> {
        self.event
    }

    /// Whether a read filtered by `filter` selects this row (what the query's `where`
    /// says, in memory); a row whose metadata did not decode is judged by its stream and
    /// type too, so its error reaches exactly the readers that would have read it.
    pub(super) fn passes(&self, filter: &SubscriptionFilter) -> bool {
        match &self.event {
            Ok(e) => filter.matches(&e.stream, &e.event_type),
            Err(StoreError::Decode { stream, event_type, .. }) => filter.matches(stream, event_type),
            Err(_) => true,
        }
    }
}

/// Decodes the rows of one result set of [`RECORDED_COLUMNS`], for `Query::try_map`.
///
/// By position, not by name (which looks every column up in a map), and the column types
/// are checked once, on the first row: every row of a result set has the same.
pub(super) fn decoder() -> impl FnMut(PgRow) -> std::result::Result<EventRow, sqlx::Error> + Send {
    let mut checked = false;
    move |row| {
        if !checked {
            check_columns(&row)?;
            checked = true;
        }
        decode(&row)
    }
}

fn check_columns(row: &PgRow) -> std::result::Result<(), sqlx::Error> {
    fn check<T: Type<Postgres>>(row: &PgRow, index: usize) -> std::result::Result<(), sqlx::Error> {
        let column = row.try_column(index)?;
        if T::compatible(column.type_info()) {
            return Ok(());
        }
        Err(sqlx::Error::ColumnDecode {
            index: index.to_string(),
            source: format!("the column is {}, the store reads {}", column.type_info(), T::type_info()).into(),
        })
    }
    check::<i64>(row, 0)?;
    check::<i64>(row, 1)?;
    check::<&str>(row, 2)?;
    check::<i64>(row, 3)?;
    check::<uuid::Uuid>(row, 4)?;
    check::<&str>(row, 5)?;
    check::<&str>(row, 6)?;
    check::<&str>(row, 7)?;
    check::<chrono::DateTime<chrono::Utc>>(row, 8)
}

fn decode(row: &PgRow) -> std::result::Result<EventRow, sqlx::Error> {
    let seq: i64 = row.try_get_unchecked(0)?;
    let tx_id: i64 = row.try_get_unchecked(1)?;
    let position = Position::new(tx_id as u64, seq as u64);
    let stream: String = row.try_get_unchecked(2)?;
    let version: i64 = row.try_get_unchecked(3)?;
    let event_type: String = row.try_get_unchecked(5)?;
    let recorded_at = row.try_get_unchecked(8)?;
    // Parsed straight from the row's bytes, without a copy of the text.
    let metadata = match metadata::parse(row.try_get_unchecked::<&str, _>(7)?) {
        Ok(metadata) => metadata,
        Err(e) => {
            let reason = format!("metadata: {e}");
            let error = StoreError::Decode { stream, version: version as u64, event_type, reason };
            return Ok(EventRow { position, recorded_at, event: Err(error) });
        }
    };
    let event = RecordedEvent {
        position,
        stream,
        version: version as u64,
        id: row.try_get_unchecked(4)?,
        event_type,
        data: row.try_get_unchecked(6)?,
        metadata,
        recorded_at,
    };
    Ok(EventRow { position, recorded_at, event: Ok(event) })
}

/// `(tx_id, seq)` to compare with; before every event when `None`.
pub(super) fn position_args(after: Option<Position>) -> (i64, i64) {
    match after {
        Some(p) => (p.major() as i64, p.minor() as i64),
        None => (0, 0),
    }
}

/// Up to `limit` events after `after` whose transactions lie below the oldest appending
/// transaction still in flight, and whether the caller should look again soon: true when the read was
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

/// The oldest transaction in flight that can still append (`es_read_horizon`, migration
/// 0122): every appending transaction below it has finished, and those that start later
/// get higher ids, so the events below it never change any more. Transactions that do not
/// append (a projection's round, a process's batch) do not hold it back.
pub(super) async fn horizon(pool: &PgPool) -> Result<i64> {
    Ok(sqlx::query_scalar("select es_read_horizon()").fetch_one(pool).await?)
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
    Ok(sqlx::query(&sql)
        .bind(tx)
        .bind(seq)
        .bind(limit)
        .bind(types)
        .bind(prefixes)
        .bind(horizon)
        .try_map(decoder())
        .fetch_all(pool)
        .await?)
}

/// Whether committed events exist at or above `horizon` (not readable below it).
///
/// Written as an ordered `limit 1`, not `exists(...)`: once PostgreSQL switches a
/// prepared statement to its generic plan it cannot know that `$1` is near the end, and
/// for `exists` it picks a sequential scan from the start of the table (tens of
/// milliseconds at a few hundred thousand events, growing with the store). The order
/// by the position index keeps it an index probe of one entry.
pub(super) async fn pending_from(pool: &PgPool, horizon: i64) -> Result<bool> {
    let first: Option<i64> = sqlx::query_scalar("select tx_id from es_events where tx_id >= $1 order by tx_id limit 1")
        .bind(horizon)
        .fetch_optional(pool)
        .await?;
    Ok(first.is_some())
}

/// The last committed event below `horizon`, if any (an index probe from the end); with
/// `i64::MAX`, the store's head.
pub(super) async fn last_below(pool: &PgPool, horizon: i64) -> Result<Option<Head>> {
    let row: Option<(i64, i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "select tx_id, seq, recorded_at from es_events where tx_id < $1 order by tx_id desc, seq desc limit 1",
    )
    .bind(horizon)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(tx, seq, at)| Head { position: Position::new(tx as u64, seq as u64), recorded_at: at }))
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
