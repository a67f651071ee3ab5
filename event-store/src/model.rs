//! The values that cross the [`EventStore`](crate::EventStore) trait: stream names,
//! expected versions, events to append, recorded events, positions and filters.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::value::RawValue;
use uuid::Uuid;

use crate::error::{Result, StoreError};

/// The longest stream name a store accepts.
pub const MAX_STREAM_NAME: usize = 200;
/// The longest event type a store accepts.
pub const MAX_EVENT_TYPE: usize = 100;

/// A validated stream name: `course-…`, `order-…`, `coupon-…`, `stamps-…`.
///
/// Names starting with `$` are reserved for KurrentDB's system streams, so no store
/// accepts them; neither are control characters nor names longer than
/// [`MAX_STREAM_NAME`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StreamName(String);

impl StreamName {
    /// Parse a stream name, rejecting names no store can hold.
    pub fn parse(name: impl Into<String>) -> Result<Self> {
        let name = name.into();
        let problem = if name.is_empty() {
            Some("empty")
        } else if name.len() > MAX_STREAM_NAME {
            Some("too long")
        } else if name.starts_with('$') {
            Some("starts with the reserved '$'")
        } else if name.chars().any(char::is_control) {
            Some("contains control characters")
        } else {
            None
        };
        match problem {
            Some(why) => Err(StoreError::InvalidStreamName(format!("{name:?} is {why}"))),
            None => Ok(StreamName(name)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for StreamName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the writer believes about the stream's version before its append.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedVersion {
    /// No check.
    Any,
    /// The stream must not exist yet.
    NoStream,
    /// The stream must have at least one event.
    StreamExists,
    /// The stream's last event must have exactly this version (versions start at 0).
    Exact(u64),
}

impl ExpectedVersion {
    /// The expected version after appending to a stream whose last version is `current`.
    pub fn from_current(current: Option<u64>) -> Self {
        current.map_or(ExpectedVersion::NoStream, ExpectedVersion::Exact)
    }
}

impl fmt::Display for ExpectedVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectedVersion::Any => f.write_str("any"),
            ExpectedVersion::NoStream => f.write_str("no stream"),
            ExpectedVersion::StreamExists => f.write_str("stream exists"),
            ExpectedVersion::Exact(v) => write!(f, "{v}"),
        }
    }
}

/// Who and what caused an event. Stored beside the event's data.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    /// The request or process the event belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correlation_id: Option<Uuid>,
    /// The command or event that caused this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub causation_id: Option<Uuid>,
    /// The user who issued the command, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// When the event happened (the command's time).
    #[serde(default)]
    pub occurred_at: DateTime<Utc>,
}

/// An event to append. Its data is a JSON object, checked on construction.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub id: Uuid,
    pub event_type: String,
    pub data: Box<RawValue>,
    pub metadata: Metadata,
}

impl NewEvent {
    /// Refuse what no store may append: an empty list of events.
    pub(crate) fn check_batch(events: &[NewEvent]) -> Result<()> {
        if events.is_empty() {
            return Err(StoreError::InvalidEvent("an append needs at least one event".into()));
        }
        Ok(())
    }

    /// An event whose data is `data` serialised to JSON.
    pub fn json<T: Serialize + ?Sized>(id: Uuid, event_type: &str, data: &T, metadata: Metadata) -> Result<Self> {
        let raw = serde_json::value::to_raw_value(data).map_err(|e| StoreError::InvalidEvent(e.to_string()))?;
        Self::raw(id, event_type, raw, metadata)
    }

    /// An event from JSON text, which must be an object.
    pub fn from_json_text(id: Uuid, event_type: &str, json: &str, metadata: Metadata) -> Result<Self> {
        let raw = RawValue::from_string(json.to_owned())
            .map_err(|e| StoreError::InvalidEvent(format!("data is not JSON: {e}")))?;
        Self::raw(id, event_type, raw, metadata)
    }

    fn raw(id: Uuid, event_type: &str, data: Box<RawValue>, metadata: Metadata) -> Result<Self> {
        if event_type.is_empty() || event_type.len() > MAX_EVENT_TYPE {
            return Err(StoreError::InvalidEvent(format!("event type must be 1 to {MAX_EVENT_TYPE} characters")));
        }
        if event_type.starts_with('$') || event_type.chars().any(char::is_control) {
            return Err(StoreError::InvalidEvent(format!("event type {event_type:?} is reserved or unprintable")));
        }
        if !data.get().trim_start().starts_with('{') {
            return Err(StoreError::InvalidEvent("data must be a JSON object".into()));
        }
        // PostgreSQL's jsonb cannot hold the NUL character; refuse it in every store alike.
        if data.get().contains("\\u0000") {
            return Err(StoreError::InvalidEvent("data must not contain NUL characters".into()));
        }
        Ok(NewEvent { id, event_type: event_type.to_owned(), data, metadata })
    }
}

/// An event as stored: where it is (stream, version, global position) and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedEvent {
    pub stream: String,
    /// The event's version in its stream, from 0.
    pub version: u64,
    /// The event's place in the global order.
    pub position: Position,
    pub id: Uuid,
    pub event_type: String,
    /// The event's data as JSON text (an object).
    pub data: String,
    pub metadata: Metadata,
    /// When the store recorded it.
    pub recorded_at: DateTime<Utc>,
}

impl RecordedEvent {
    /// Decode the data into `T`, with a typed error naming the event.
    pub fn decode<T: DeserializeOwned>(&self) -> Result<T> {
        serde_json::from_str(&self.data).map_err(|e| StoreError::Decode {
            stream: self.stream.clone(),
            version: self.version,
            event_type: self.event_type.clone(),
            reason: e.to_string(),
        })
    }
}

/// The outcome of an append: the stream's new version and the last event's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppendResult {
    pub next_expected_version: u64,
    pub position: Position,
}

/// A place in the global order of all events.
///
/// Positions are opaque: compare them, store them (as text, with `to_string`) and resume
/// from them (with `parse`), never compute with them. Every store encodes its own order
/// in the two numbers (PostgreSQL: transaction id and sequence; KurrentDB: commit and
/// prepare positions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    major: u64,
    minor: u64,
}

impl Position {
    pub(crate) const fn new(major: u64, minor: u64) -> Self {
        Position { major, minor }
    }

    pub(crate) const fn major(&self) -> u64 {
        self.major
    }

    pub(crate) const fn minor(&self) -> u64 {
        self.minor
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.major, self.minor)
    }
}

impl FromStr for Position {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || StoreError::InvalidPosition(format!("{s:?} is not a position"));
        let (major, minor) = s.split_once('/').ok_or_else(bad)?;
        Ok(Position { major: major.parse().map_err(|_| bad())?, minor: minor.parse().map_err(|_| bad())? })
    }
}

/// Where to start reading a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFrom {
    Start,
    End,
    /// From this version, inclusive.
    Version(u64),
}

/// Which way to read a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Forwards,
    Backwards,
}

/// Which events a subscription delivers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SubscriptionFilter {
    #[default]
    All,
    /// Events of streams whose name starts with one of these prefixes.
    StreamPrefix(Vec<String>),
    /// Events of these types.
    EventType(Vec<String>),
}

impl SubscriptionFilter {
    /// Whether `event` passes the filter.
    pub fn matches(&self, stream: &str, event_type: &str) -> bool {
        match self {
            SubscriptionFilter::All => true,
            SubscriptionFilter::StreamPrefix(prefixes) => prefixes.iter().any(|p| stream.starts_with(p.as_str())),
            SubscriptionFilter::EventType(types) => types.iter().any(|t| t == event_type),
        }
    }
}

/// What a checkpointed subscription ([`crate::EventStore::subscribe_all_checkpointed`])
/// delivers: an event, or word that every event up to a position has been read, the ones
/// after the last delivered event having been filtered out.
#[derive(Debug, Clone)]
pub enum SubscriptionItem {
    Event(RecordedEvent),
    /// Everything up to and including the event at this position has been read. It is
    /// a real event's position (one the filter skipped), so a reader may store it as its
    /// checkpoint and resume from it. Never behind an event already delivered.
    Checkpoint(Head),
}

impl SubscriptionItem {
    /// The position this item brings the reader to.
    pub fn position(&self) -> Position {
        match self {
            SubscriptionItem::Event(e) => e.position,
            SubscriptionItem::Checkpoint(c) => c.position,
        }
    }
}

/// The last event of the store, for lag figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    pub position: Position,
    pub recorded_at: DateTime<Utc>,
}

/// What a reader at some position still has to read: for lag figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lag {
    /// Committed events after the position, counted up to a cap.
    pub events: u64,
    /// When the oldest of them was recorded; `None` when there are none (or none is
    /// readable yet: an older transaction is still in flight).
    pub oldest_at: Option<DateTime<Utc>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_text_and_order_by_both_numbers() {
        let a = Position::new(7, 100);
        let b = Position::new(8, 2);
        assert!(a < b);
        assert_eq!(a.to_string().parse::<Position>().unwrap(), a);
        assert!(matches!("7".parse::<Position>(), Err(StoreError::InvalidPosition(_))));
        assert!(matches!("x/1".parse::<Position>(), Err(StoreError::InvalidPosition(_))));
    }

    #[test]
    fn stream_names_reject_what_no_store_can_hold() {
        assert!(StreamName::parse("order-1").is_ok());
        for bad in ["", "$all", "a\nb"] {
            assert!(matches!(StreamName::parse(bad), Err(StoreError::InvalidStreamName(_))), "{bad:?}");
        }
        assert!(StreamName::parse("x".repeat(MAX_STREAM_NAME + 1)).is_err());
    }

    #[test]
    fn events_must_carry_a_type_and_a_json_object() {
        let id = Uuid::new_v4();
        let meta = Metadata::default();
        assert!(NewEvent::from_json_text(id, "SeatsHeld", r#"{"n":1}"#, meta.clone()).is_ok());
        for (ty, data) in [("", "{}"), ("SeatsHeld", "[1]"), ("SeatsHeld", "{"), ("SeatsHeld", r#"{"a":"\u0000"}"#)] {
            assert!(
                matches!(NewEvent::from_json_text(id, ty, data, meta.clone()), Err(StoreError::InvalidEvent(_))),
                "{ty:?} {data:?}"
            );
        }
    }

    #[test]
    fn filters_match_prefixes_and_types() {
        let f = SubscriptionFilter::StreamPrefix(vec!["order-".into()]);
        assert!(f.matches("order-1", "X"));
        assert!(!f.matches("course-1", "X"));
        let f = SubscriptionFilter::EventType(vec!["OrderPlaced".into()]);
        assert!(f.matches("a", "OrderPlaced"));
        assert!(!f.matches("a", "OrderPaid"));
    }
}
