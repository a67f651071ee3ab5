//! Conversions between the trait's types and the client's, and the one map of client errors.

use ::kurrentdb as kdb;
use chrono::{DateTime, Utc};
use kdb::ResolvedEvent;

use crate::model::{ExpectedVersion, Metadata, NewEvent, Position, RecordedEvent, StreamName, SubscriptionFilter};
use crate::{Result, StoreError};

/// KurrentDB's `created` system metadata counts 100 ns ticks since the Unix epoch.
pub(super) const TICKS_PER_SECOND: i64 = 10_000_000;

/// gRPC status `INVALID_ARGUMENT`, which the server answers to a read of `$all` from a
/// position that is not the start of a record.
pub(super) const GRPC_INVALID_ARGUMENT: i32 = 3;

/// What the adapter was doing when the client failed, which decides what the failure
/// means for the trait.
#[derive(Clone, Copy)]
pub(super) enum Op<'a> {
    Connect,
    Append {
        stream: &'a StreamName,
        expected: ExpectedVersion,
    },
    ReadStream(&'a StreamName),
    /// Reading `$all` from a position the caller gave.
    ReadAllAt(Position),
    Other,
}

/// The one place where the client's errors become [`StoreError`]s.
pub(super) fn map_error(err: kdb::Error, op: Op<'_>) -> StoreError {
    use kdb::Error as E;
    match (err, op) {
        (E::WrongExpectedVersion { current, .. }, Op::Append { stream, expected }) => {
            StoreError::WrongExpectedVersion {
                stream: stream.to_string(),
                expected,
                actual: match current {
                    kdb::CurrentRevision::Current(v) => Some(v),
                    kdb::CurrentRevision::NoStream => None,
                },
            }
        }
        (E::ResourceNotFound | E::ResourceDeleted, Op::ReadStream(stream)) => {
            StoreError::StreamNotFound(stream.to_string())
        }
        (E::ResourceDeleted, Op::Append { stream, .. }) => {
            StoreError::InvalidStreamName(format!("{stream:?} was deleted for good and cannot be written again"))
        }
        (E::Grpc { code, .. }, Op::ReadAllAt(p)) if i32::from(code) == GRPC_INVALID_ARGUMENT => {
            StoreError::PositionNotFound(p)
        }
        // E.g. an append larger than the server's maximum.
        (E::Grpc { code, message }, Op::Append { .. }) if i32::from(code) == GRPC_INVALID_ARGUMENT => {
            StoreError::InvalidEvent(message)
        }
        (E::AccessDenied, _) => StoreError::Unavailable(
            "access denied: the connection string's user may not do this (reading $all needs an admin or ops user)"
                .into(),
        ),
        (E::InitializationError(reason), Op::Connect) => {
            StoreError::Unavailable(format!("cannot set up the KurrentDB client: {reason}"))
        }
        // Connection failures, timeouts, a node that is not the leader (the client
        // reconnects to the leader), server errors, and anything unexpected.
        (err, _) => StoreError::Unavailable(format!("kurrentdb: {err}")),
    }
}

pub(super) fn stream_state(expected: ExpectedVersion) -> kdb::StreamState {
    match expected {
        ExpectedVersion::Any => kdb::StreamState::Any,
        ExpectedVersion::NoStream => kdb::StreamState::NoStream,
        ExpectedVersion::StreamExists => kdb::StreamState::StreamExists,
        ExpectedVersion::Exact(v) => kdb::StreamState::StreamRevision(v),
    }
}

pub(super) fn to_event_data(event: &NewEvent) -> Result<kdb::EventData> {
    // `data` is a `RawValue`: it serialises as its own JSON text, unchanged.
    kdb::EventData::json(&event.event_type, &event.data)
        .and_then(|data| data.metadata_as_json(&event.metadata))
        .map(|data| data.id(event.id))
        .map_err(|e| StoreError::InvalidEvent(e.to_string()))
}

/// The server-side filter that leaves out system events (types starting with `$`).
pub(super) fn no_system_events() -> kdb::SubscriptionFilter {
    kdb::SubscriptionFilter::on_event_type().exclude_system_events()
}

/// The server-side form of `filter`: prefixes of stream names or of event types. The
/// server's event-type filter matches prefixes, the trait's exact types, so deliveries
/// are checked again with [`SubscriptionFilter::matches`].
pub(super) fn server_filter(filter: &SubscriptionFilter) -> kdb::SubscriptionFilter {
    match filter {
        SubscriptionFilter::StreamPrefix(prefixes) if !prefixes.is_empty() => {
            prefixes.iter().fold(kdb::SubscriptionFilter::on_stream_name(), |f, p| f.add_prefix(p))
        }
        SubscriptionFilter::EventType(types) if !types.is_empty() => {
            types.iter().fold(kdb::SubscriptionFilter::on_event_type(), |f, t| f.add_prefix(t))
        }
        // `All`, and empty lists (which match nothing: the check on this side drops all).
        _ => no_system_events(),
    }
}

/// Events of KurrentDB itself: system event types (`$metadata`, links `$>`, ...) and
/// anything in a system stream (`$et-…`, `$ce-…`, `$$…`). No store accepts such names.
pub(super) fn is_system(event: &kdb::RecordedEvent) -> bool {
    event.event_type.starts_with('$') || event.stream_id().starts_with('$')
}

/// The event a read or subscription answered: the link itself when links are not
/// resolved (they are not here), else the event. The client's own accessor panics when
/// neither is present; this reports it instead.
pub(super) fn original(resolved: &ResolvedEvent) -> Result<&kdb::RecordedEvent> {
    resolved
        .link
        .as_ref()
        .or(resolved.event.as_ref())
        .ok_or_else(|| StoreError::Unavailable("kurrentdb: the server sent a read response without an event".into()))
}

pub(super) fn to_client(p: Position) -> kdb::Position {
    kdb::Position { commit: p.major(), prepare: p.minor() }
}

pub(super) fn from_client(p: kdb::Position) -> Position {
    Position::new(p.commit, p.prepare)
}

/// The trait's view of a stored event. Data must be JSON text; custom metadata, when
/// present, must be JSON of [`Metadata`] (absent metadata is the default).
pub(super) fn to_recorded(event: &kdb::RecordedEvent) -> Result<RecordedEvent> {
    let stream = event.stream_id().to_owned();
    let decode_error = |reason: String| StoreError::Decode {
        stream: stream.clone(),
        version: event.revision,
        event_type: event.event_type.clone(),
        reason,
    };
    let data = std::str::from_utf8(&event.data).map_err(|e| decode_error(format!("data is not UTF-8: {e}")))?;
    serde_json::from_str::<serde::de::IgnoredAny>(data).map_err(|e| decode_error(format!("data is not JSON: {e}")))?;
    let metadata = if event.custom_metadata.is_empty() {
        Metadata::default()
    } else {
        serde_json::from_slice(&event.custom_metadata).map_err(|e| decode_error(format!("metadata: {e}")))?
    };
    let data = data.to_owned();
    Ok(RecordedEvent {
        stream,
        version: event.revision,
        position: from_client(event.position),
        id: event.id,
        event_type: event.event_type.clone(),
        data,
        metadata,
        recorded_at: recorded_at(event),
    })
}

/// When the server recorded the event, to 100 ns: from the `created` ticks of its
/// system metadata, falling back to the client's `created` (whole seconds).
pub(super) fn recorded_at(event: &kdb::RecordedEvent) -> DateTime<Utc> {
    event
        .metadata
        .get("created")
        .and_then(|ticks| ticks.parse::<i64>().ok())
        .and_then(|ticks| {
            let nanos = u32::try_from(ticks.rem_euclid(TICKS_PER_SECOND) * 100).ok()?;
            DateTime::from_timestamp(ticks.div_euclid(TICKS_PER_SECOND), nanos)
        })
        .unwrap_or(event.created)
}

#[cfg(test)]
mod tests {
    use super::super::KurrentDbEventStore;
    use super::*;

    #[test]
    fn positions_convert_both_ways_and_keep_their_order() {
        let a = Position::new(10, 5);
        let b = Position::new(11, 0);
        assert_eq!(from_client(to_client(a)), a);
        assert!(to_client(a) < to_client(b));
    }

    #[test]
    fn expected_versions_map_to_stream_states() {
        assert_eq!(stream_state(ExpectedVersion::Any), kdb::StreamState::Any);
        assert_eq!(stream_state(ExpectedVersion::NoStream), kdb::StreamState::NoStream);
        assert_eq!(stream_state(ExpectedVersion::StreamExists), kdb::StreamState::StreamExists);
        assert_eq!(stream_state(ExpectedVersion::Exact(7)), kdb::StreamState::StreamRevision(7));
    }

    #[test]
    fn client_errors_become_typed_store_errors() {
        let stream = StreamName::parse("order-1").expect("a valid name");
        let append = Op::Append { stream: &stream, expected: ExpectedVersion::Exact(0) };
        let conflict = kdb::Error::WrongExpectedVersion {
            expected: kdb::StreamState::StreamRevision(0),
            current: kdb::CurrentRevision::Current(2),
        };
        assert!(matches!(
            map_error(conflict, append),
            StoreError::WrongExpectedVersion { actual: Some(2), expected: ExpectedVersion::Exact(0), .. }
        ));
        let missing = kdb::Error::WrongExpectedVersion {
            expected: kdb::StreamState::StreamRevision(0),
            current: kdb::CurrentRevision::NoStream,
        };
        assert!(matches!(map_error(missing, append), StoreError::WrongExpectedVersion { actual: None, .. }));
        assert!(matches!(
            map_error(kdb::Error::ResourceNotFound, Op::ReadStream(&stream)),
            StoreError::StreamNotFound(name) if name == "order-1"
        ));
        assert!(matches!(map_error(kdb::Error::ConnectionClosed, Op::Other), StoreError::Unavailable(_)));
        assert!(matches!(map_error(kdb::Error::DeadlineExceeded, append), StoreError::Unavailable(_)));
    }

    #[test]
    fn connection_strings_are_checked_without_echoing_them() {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let _guard = runtime.enter();
        assert!(KurrentDbEventStore::connect("kurrentdb://admin:changeit@localhost:2113?tls=false").is_ok());
        assert!(KurrentDbEventStore::connect("esdb://admin:changeit@localhost:2113?tls=false").is_ok());
        match KurrentDbEventStore::connect("postgres://admin:secret@localhost:2113") {
            Err(StoreError::Unavailable(message)) => assert!(!message.contains("secret"), "{message}"),
            Err(other) => panic!("expected Unavailable, got {other}"),
            Ok(_) => panic!("a postgres URL is not a KurrentDB connection string"),
        }
    }

    #[test]
    fn connect_outside_a_runtime_is_an_error_not_a_panic() {
        assert!(matches!(
            KurrentDbEventStore::connect("kurrentdb://localhost:2113?tls=false"),
            Err(StoreError::Unavailable(_))
        ));
    }

    #[test]
    fn filters_go_to_the_server_as_prefixes() {
        // Only that they build; what the server does with them needs a server.
        let _ = server_filter(&SubscriptionFilter::All);
        let _ = server_filter(&SubscriptionFilter::StreamPrefix(vec!["order-".into(), "course-".into()]));
        let _ = server_filter(&SubscriptionFilter::EventType(vec![]));
    }
}
