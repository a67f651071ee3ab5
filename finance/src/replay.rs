//! [`replay`]: the register rebuilt from the event store.
//!
//! It reads the invoice events from the start of the global order (the PostgreSQL store
//! filters them by type in SQL, on a checkpointed subscription that says how far it has
//! read past the events it skipped), folds each into the [`Register`] and hands its row
//! to the [`Sink`] at once. It stops
//!
//! - at the store's head as it was when the replay started: what is appended meanwhile
//!   is not part of this register (a register as of today is as of its start);
//! - or once events are recorded [`STOP_AFTER`] past the register's cut, since every
//!   event after that was recorded later still. Events are kept or left out by their own
//!   `recorded_at`, never by where the replay stopped: the store stamps an event with its
//!   transaction's start, so an event a little further in the order may carry an
//!   earlier time than the one before it, by as long as an append's transaction stays
//!   open (milliseconds; [`STOP_AFTER`] allows an hour).
//!
//! Positions are only compared, never computed. An invoice event that does not decode
//! fails the replay: a register that silently missed a document would be wrong.

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};
use event_store::{EventStore, Position, StoreError, SubscriptionFilter, SubscriptionItem};
use futures::StreamExt;

use crate::format::Sink;
use crate::register::{InvoiceEvent, Register, RegisterQuery, Summary, EVENT_TYPES, KSEF_EVENT_TYPES};

/// How far past the register's cut the recorded times must be before the replay stops.
pub const STOP_AFTER: TimeDelta = TimeDelta::hours(1);

/// How many events between two [`Sink::flush`]es.
const FLUSH_EVERY: u64 = 1024;

/// Why a register could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the event store failed: {0}")]
    Store(#[from] StoreError),
    #[error("the invoice event {stream} version {version} could not be read: {reason}")]
    Decode { stream: String, version: u64, reason: String },
    #[error("the event store's subscription ended before its head")]
    Ended,
    #[error("the register could not be written: {0}")]
    Write(#[from] std::io::Error),
}

/// Rebuild the register of `query` from `store` into `sink`, and end it with its sums.
#[tracing::instrument(skip(store, sink), fields(store = store.kind()))]
pub async fn replay(
    store: &dyn EventStore,
    query: &RegisterQuery,
    sink: &mut dyn Sink,
) -> Result<Summary, ReplayError> {
    let mut register = Register::new(*query);
    if let Some(head) = store.head().await? {
        let stop = Stop { head: head.position, after: query.recorded_before + STOP_AFTER };
        register = register.with_ksef_numbers(ksef_numbers(store, query, stop).await?);
        read(store, &mut register, stop, sink).await?;
    }
    let summary = register.summary();
    sink.end(&summary)?;
    sink.flush().await?;
    tracing::debug!(rows = summary.rows, "register replayed");
    Ok(summary)
}

/// Where the replay ends: at this position or once events are recorded after `after`.
#[derive(Debug, Clone, Copy)]
struct Stop {
    head: Position,
    after: DateTime<Utc>,
}

impl Stop {
    fn reached(&self, position: Position, recorded_at: DateTime<Utc>) -> bool {
        position >= self.head || recorded_at > self.after
    }
}

/// What a register reads of a `KsefAccepted` event.
#[derive(serde::Deserialize)]
struct Accepted {
    document: String,
    ksef_number: String,
}

/// The KSeF numbers of the documents KSeF accepted by the register's cut (document
/// number → KSeF number): read before the rows, which are written out one by one as
/// their documents are issued, before KSeF numbers them.
async fn ksef_numbers(
    store: &dyn EventStore,
    query: &RegisterQuery,
    stop: Stop,
) -> Result<HashMap<String, String>, ReplayError> {
    let filter = if store.kind() == "postgres" {
        SubscriptionFilter::EventType(KSEF_EVENT_TYPES.iter().map(|t| t.to_string()).collect())
    } else {
        SubscriptionFilter::All
    };
    let mut items = store.subscribe_all_checkpointed(None, filter).await?;
    let mut numbers = HashMap::new();
    loop {
        let item = items.next().await.ok_or(ReplayError::Ended)??;
        let (position, recorded_at) = match &item {
            SubscriptionItem::Event(e) => (e.position, e.recorded_at),
            SubscriptionItem::Checkpoint(c) => (c.position, c.recorded_at),
        };
        if recorded_at > stop.after {
            return Ok(numbers);
        }
        if let SubscriptionItem::Event(e) = &item {
            if KSEF_EVENT_TYPES.contains(&e.event_type.as_str()) && e.recorded_at < query.recorded_before {
                let accepted: Accepted = serde_json::from_str(&e.data).map_err(|err| ReplayError::Decode {
                    stream: e.stream.clone(),
                    version: e.version,
                    reason: err.to_string(),
                })?;
                numbers.insert(accepted.document, accepted.ksef_number);
            }
        }
        if stop.reached(position, recorded_at) {
            return Ok(numbers);
        }
    }
}

async fn read(
    store: &dyn EventStore,
    register: &mut Register,
    stop: Stop,
    sink: &mut dyn Sink,
) -> Result<(), ReplayError> {
    // A store that sends no checkpoints on a filtered subscription (the trait's default,
    // which KurrentDB's adapter keeps) would never show a head that is not an invoice
    // event: there the replay reads every event and skips the others itself.
    let filter = if store.kind() == "postgres" {
        SubscriptionFilter::EventType(EVENT_TYPES.iter().map(|t| t.to_string()).collect())
    } else {
        SubscriptionFilter::All
    };
    let mut items = store.subscribe_all_checkpointed(None, filter).await?;
    let mut seen: u64 = 0;
    loop {
        let item = items.next().await.ok_or(ReplayError::Ended)??;
        let (position, recorded_at) = match &item {
            SubscriptionItem::Event(e) => (e.position, e.recorded_at),
            SubscriptionItem::Checkpoint(c) => (c.position, c.recorded_at),
        };
        if recorded_at > stop.after {
            return Ok(());
        }
        if let SubscriptionItem::Event(e) = &item {
            let event = InvoiceEvent::decode(&e.event_type, &e.data).map_err(|err| ReplayError::Decode {
                stream: e.stream.clone(),
                version: e.version,
                reason: err.to_string(),
            })?;
            if let Some(row) = event.as_ref().and_then(|event| register.apply(e.recorded_at, event)) {
                sink.document(&row, &e.stream, e.version)?;
            }
            seen += 1;
            if seen.is_multiple_of(FLUSH_EVERY) {
                sink.flush().await?;
            }
        }
        if stop.reached(position, recorded_at) {
            return Ok(());
        }
    }
}
