//! The `streams` projection: one row per stream in `rm_streams` (category, last version,
//! event count, first and last event time, last event type).
//!
//! Idempotent by position: a row only moves forward (`last_version` grows), so a batch
//! offered twice changes nothing the second time.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use event_store::RecordedEvent;
use sqlx::PgConnection;

use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct StreamsProjection;

struct Summary<'a> {
    first_version: i64,
    last_version: i64,
    first_at: DateTime<Utc>,
    last_at: DateTime<Utc>,
    last_type: &'a str,
}

#[async_trait]
impl Projection for StreamsProjection {
    fn name(&self) -> &'static str {
        "streams"
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        // Fold the batch per stream first: one row per stream, one statement per batch.
        let mut per_stream: BTreeMap<&str, Summary> = BTreeMap::new();
        for e in events {
            let version = e.version as i64;
            per_stream
                .entry(e.stream.as_str())
                .and_modify(|s| {
                    if version > s.last_version {
                        s.last_version = version;
                        s.last_at = e.recorded_at;
                        s.last_type = &e.event_type;
                    }
                })
                .or_insert(Summary {
                    first_version: version,
                    last_version: version,
                    first_at: e.recorded_at,
                    last_at: e.recorded_at,
                    last_type: &e.event_type,
                });
        }
        let mut ids = Vec::with_capacity(per_stream.len());
        let mut categories = Vec::with_capacity(per_stream.len());
        let (mut firsts, mut lasts, mut first_ats, mut last_ats, mut types) = (vec![], vec![], vec![], vec![], vec![]);
        for (stream, s) in &per_stream {
            ids.push(*stream);
            categories.push(stream.split_once('-').map_or(*stream, |(c, _)| c));
            firsts.push(s.first_version);
            lasts.push(s.last_version);
            first_ats.push(s.first_at);
            last_ats.push(s.last_at);
            types.push(s.last_type);
        }
        // event_count = last_version + 1: streams have no gaps, so the count is derived
        // from the facts in the event rather than incremented (which replay would break).
        sqlx::query(
            "insert into rm_streams (stream_id, category, last_version, event_count, first_event_at, last_event_at, last_event_type) \
             select id, cat, last_v, last_v + 1, first_at, last_at, typ \
             from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[], $7::text[]) \
                  as t(id, cat, first_v, last_v, first_at, last_at, typ) \
             on conflict (stream_id) do update set \
                last_version = excluded.last_version, event_count = excluded.event_count, \
                last_event_at = excluded.last_event_at, last_event_type = excluded.last_event_type \
             where rm_streams.last_version < excluded.last_version",
        )
        .bind(&ids)
        .bind(&categories)
        .bind(&firsts)
        .bind(&lasts)
        .bind(&first_ats)
        .bind(&last_ats)
        .bind(&types)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_streams").execute(&mut *conn).await?;
        Ok(())
    }
}
