//! The KurrentDB (EventStoreDB) event store, through the official `kurrentdb` gRPC client.
//!
//! Enabled by the cargo feature `kurrentdb`. [`KurrentDbEventStore::connect`] takes a
//! connection string such as `kurrentdb://admin:changeit@localhost:2113?tls=false`
//! (`esdb://`, `kdb://` and the `+discover` variants work too). The user must be allowed
//! to read `$all` (an admin or ops user with the default ACLs).
//!
//! # How the trait maps onto KurrentDB
//!
//! - **Streams** are KurrentDB streams of the same name; a stream's version is the
//!   event's revision (from 0 in both stores).
//! - **Positions** are KurrentDB's `$all` positions: [`Position`]'s two numbers are the
//!   commit and the prepare position, and they order the same way (commit first).
//! - **`append`** is one `append_to_stream` call. The expected version becomes the
//!   client's `StreamState` (`Any`, `NoStream`, `StreamExists`, `StreamRevision(v)`);
//!   a refusal carries the stream's current revision, which becomes `actual`. Each event
//!   keeps its id, type and JSON data (content type `application/json`); the [`Metadata`]
//!   travels as JSON in the event's custom metadata. The server deduplicates repeated
//!   appends by event id at the same expected version, which is the trait's idempotence.
//!   KurrentDB answers the position of the *write*. For one event that is the event's
//!   own `$all` position; for several, the server code reports the commit of the whole
//!   write, which need not be its last event's position, so the adapter reads the last
//!   event back (one more round trip) to report exactly what the trait promises.
//! - **`read_stream`** is `read_stream` with a start revision and a direction; a stream
//!   that does not exist, or was deleted, is [`StoreError::StreamNotFound`].
//! - **`read_all`, `count_after`, `head`** read `$all`, with the server-side filter that
//!   leaves out system events (event types starting with `$`), and again drop any event
//!   of a `$` type or a `$` stream on this side, so what the server filters is only an
//!   optimisation.
//! - **`subscribe_all`** is a catch-up subscription to `$all`. The trait's filter becomes
//!   the server's stream-name-prefix or event-type-prefix filter (exclude-system-events
//!   for [`SubscriptionFilter::All`]), and every delivered event is checked again with
//!   [`SubscriptionFilter::matches`] (the server matches event types by prefix, the trait
//!   exactly).
//!
//! - **`subscribe_all_checkpointed`** is the trait's default: the events only, no
//!   checkpoints past filtered-out events. The server sends such checkpoints on filtered
//!   subscriptions (`checkpointReached`); passing them on is not wired yet, so a filtered
//!   projection on this store moves its checkpoint with its own events only.
//!
//! # Inclusive and exclusive positions
//!
//! The trait always means "after `p`", exclusive. KurrentDB is not uniform:
//! - a *forward read* of `$all` from `p` is inclusive: the server returns the records
//!   whose position is `>= p`, so the event at `p` comes first. That is also how the
//!   adapter checks that a position is an event's: the first event read from `p` must be
//!   at `p`. Should a server ever read exclusively, the check falls back to reading
//!   backwards from the first event after `p` and looking for `p` there.
//! - a *catch-up subscription* from `p` is exclusive (the client itself resubscribes
//!   from the last event it delivered), but servers have had off-by-one bugs here.
//!
//! So every read and every subscription of `$all` remembers the last position it has
//! passed and skips any event at or before it: the result is exclusive whatever the
//! server does, and an event is never delivered twice. Positions in `$all` strictly
//! increase, which is what makes this safe.
//!
//! # What differs from the PostgreSQL store
//!
//! - **Event ids are unique per stream only.** KurrentDB uses ids to make a repeated
//!   append idempotent, but does not refuse an id already used in another stream, so
//!   [`StoreError::DuplicateEventId`] never comes from this store.
//! - **No late commits.** The server assigns a position when it commits a write, in
//!   commit order, so a reader cannot pass over an event that commits later; the
//!   PostgreSQL late-commit test has no counterpart here.
//! - **`Any` never conflicts**, so there is no retry loop as in PostgreSQL.
//! - **Deleted streams.** A soft-deleted or tombstoned stream reads as not found; an
//!   append to a tombstoned stream is refused with [`StoreError::InvalidStreamName`]
//!   (the name can never be written again).
//! - **Invalid positions.** A position beyond the end of the log, or one between two
//!   events, is [`StoreError::PositionNotFound`]. Servers before the `InvalidPosition`
//!   answer (gRPC `INVALID_ARGUMENT`) fail a read from the middle of a record with a
//!   generic server error, which this store can only report as unavailable.
//! - **Positions of stream reads.** Events read from a single stream carry their `$all`
//!   position only on servers from 2022 on (EventStoreDB 22.x); older servers send 0/0.
//! - **`recorded_at`** is the server's creation time, to 100 ns (the client rounds it to
//!   whole seconds, so the adapter reads the server's ticks itself where present).
//! - **`count_after`** streams the events it counts from the server (PostgreSQL counts in
//!   the database), so a large cap costs a long read.
//! - Connection failures, timeouts, refused credentials and server errors are all
//!   [`StoreError::Unavailable`]; the client reconnects on its own for the next call.

use ::kurrentdb as kdb;
use async_trait::async_trait;
use futures::StreamExt;
use kdb::{AppendToStreamOptions, ReadAllOptions, ReadStreamOptions, StreamPosition, SubscribeToAllOptions};

use crate::model::{
    AppendResult, Direction, ExpectedVersion, Head, NewEvent, Position, ReadFrom, RecordedEvent, StreamName,
    SubscriptionFilter,
};
use crate::{EventStore, EventSubscription, Result, StoreError};

mod convert;
mod follow;

use convert::*;
use follow::{next_delivery, Following};

/// The most events one read returns (as in the PostgreSQL store) and the largest page a
/// scan of `$all` asks the server for.
const MAX_READ: usize = 100_000;
/// Events asked for per page when looking backwards for the newest user event.
const HEAD_PAGE: usize = 32;
/// The highest revision the server can hold (it stores revisions as signed 64-bit).
const MAX_REVISION: u64 = i64::MAX as u64;

/// The event store on a KurrentDB server or cluster. Cheap to clone; clones share the
/// client and its connection.
#[derive(Clone)]
pub struct KurrentDbEventStore {
    client: kdb::Client,
}

impl KurrentDbEventStore {
    /// A store on the server named by `url`, e.g.
    /// `kurrentdb://admin:changeit@localhost:2113?tls=false` or `esdb://…`.
    ///
    /// Must be called inside a Tokio runtime (the client runs its connection there). The
    /// connection is made lazily: an unreachable server shows as
    /// [`StoreError::Unavailable`] on the first call, not here.
    pub fn connect(url: &str) -> Result<Self, StoreError> {
        // The connection string holds the password: keep it out of every message.
        let settings: kdb::ClientSettings = url.parse().map_err(|e: kdb::ClientSettingsParseError| {
            map_error(
                kdb::Error::InitializationError(format!("invalid connection string: {}", e.message())),
                Op::Connect,
            )
        })?;
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| {
            map_error(
                kdb::Error::InitializationError("connect must be called inside a Tokio runtime".into()),
                Op::Connect,
            )
        })?;
        let client = kdb::Client::with_runtime_handle(runtime, settings)
            .map_err(|e| map_error(kdb::Error::InitializationError(e.to_string()), Op::Connect))?;
        Ok(KurrentDbEventStore { client })
    }

    /// The `$all` position of `stream`'s event at `revision`, if the server reports one.
    async fn position_of(&self, stream: &StreamName, revision: u64) -> Result<Option<kdb::Position>> {
        let op = Op::ReadStream(stream);
        let options = ReadStreamOptions::default().position(StreamPosition::Position(revision)).forwards().max_count(1);
        let mut read = self.client.read_stream(stream.as_str(), &options).await.map_err(|e| map_error(e, op))?;
        match read.next().await.map_err(|e| map_error(e, op))? {
            Some(resolved) => {
                let event = original(&resolved)?;
                // Servers before 22.x leave the $all position of stream reads unset.
                Ok((event.revision == revision && event.position != kdb::Position::start()).then_some(event.position))
            }
            None => Ok(None),
        }
    }

    /// `Ok` when `stream` has at least one readable event, else `StreamNotFound`.
    async fn ensure_stream_exists(&self, stream: &StreamName) -> Result<()> {
        let op = Op::ReadStream(stream);
        let options = ReadStreamOptions::default().position(StreamPosition::End).backwards().max_count(1);
        let mut read = self.client.read_stream(stream.as_str(), &options).await.map_err(|e| map_error(e, op))?;
        match read.next().await.map_err(|e| map_error(e, op))? {
            Some(_) => Ok(()),
            None => Err(StoreError::StreamNotFound(stream.to_string())),
        }
    }

    /// The positions of the events (system ones included) of one small read of `$all`.
    async fn positions(&self, options: &ReadAllOptions, op: Op<'_>) -> Result<Vec<kdb::Position>> {
        let mut read = self.client.read_all(options).await.map_err(|e| map_error(e, op))?;
        let mut out = Vec::new();
        while let Some(resolved) = read.next().await.map_err(|e| map_error(e, op))? {
            out.push(original(&resolved)?.position);
        }
        Ok(out)
    }

    /// `Ok` when `p` is the position of an event in `$all`, else `PositionNotFound`.
    async fn check_position(&self, p: Position) -> Result<()> {
        let at = to_client(p);
        let op = Op::ReadAllAt(p);
        // A forward read of $all includes the event at its starting position, so the
        // first event read from `p` is the one at `p` if there is one. No filter here:
        // any event's position is a position, system event or not.
        let forwards = ReadAllOptions::default().position(StreamPosition::Position(at)).forwards().max_count(1);
        let next = self.positions(&forwards, op).await?.first().copied();
        if next == Some(at) {
            return Ok(());
        }
        // Defensive, for a server that reads exclusively: then `next` is the event after
        // `p` (or there is none after it), and the event just before must be at `p`.
        // Backward reads exclude their start on current servers; two events cover both.
        let start = next.map_or(StreamPosition::End, StreamPosition::Position);
        let backwards = ReadAllOptions::default().position(start).backwards().max_count(2);
        if self.positions(&backwards, op).await?.contains(&at) {
            Ok(())
        } else {
            Err(StoreError::PositionNotFound(p))
        }
    }

    /// Visit, in order, the user events of `$all` after `after` (exclusive), at most
    /// `max` of them; answers how many were visited.
    async fn scan_all<F>(&self, after: Option<Position>, max: usize, mut visit: F) -> Result<usize>
    where
        F: FnMut(&kdb::RecordedEvent) -> Result<()> + Send,
    {
        let mut visited = 0;
        // The last position passed, system events included: the next page starts there.
        let mut last = after.map(to_client);
        let mut first_page = true;
        while visited < max {
            // Forward reads include the event at their start: ask for one more than
            // needed when starting from a position, and skip it below.
            let want = (max - visited).saturating_add(usize::from(last.is_some())).min(MAX_READ);
            let start = last.map_or(StreamPosition::Start, StreamPosition::Position);
            let options =
                ReadAllOptions::default().position(start).forwards().max_count(want).filter(no_system_events());
            // Only the caller's own position can be invalid; later pages start at events.
            let op = match after {
                Some(p) if first_page => Op::ReadAllAt(p),
                _ => Op::Other,
            };
            first_page = false;
            let mut read = self.client.read_all(&options).await.map_err(|e| map_error(e, op))?;
            let mut received = 0;
            let mut advanced = false;
            while let Some(resolved) = read.next().await.map_err(|e| map_error(e, op))? {
                received += 1;
                let event = original(&resolved)?;
                if last.is_some_and(|l| event.position <= l) {
                    continue; // the inclusive start, or anything a server sent twice
                }
                last = Some(event.position);
                advanced = true;
                if is_system(event) {
                    continue;
                }
                visit(event)?;
                visited += 1;
                if visited == max {
                    return Ok(visited); // dropping `read` cancels the rest of the call
                }
            }
            // A short page is the end of $all (the server's filter keeps reading until
            // it has `want` matching events or reaches the end).
            if received < want || !advanced {
                break;
            }
        }
        Ok(visited)
    }
}

#[async_trait]
impl EventStore for KurrentDbEventStore {
    #[tracing::instrument(skip(self, events), fields(stream = %stream, n = events.len()))]
    async fn append(
        &self,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult> {
        NewEvent::check_batch(&events)?;
        let single = events.len() == 1;
        let data = events.iter().map(to_event_data).collect::<Result<Vec<_>>>()?;
        let options = AppendToStreamOptions::default().stream_state(stream_state(expected));
        let written = self
            .client
            .append_to_stream(stream.as_str(), &options, data)
            .await
            .map_err(|e| map_error(e, Op::Append { stream, expected }))?;
        // The server reports the position of the write. For one event that is the
        // event's own position; for several it need not be the last event's, and for a
        // repeated append a server may leave it out (0/0): then read the last event back.
        let reported = written.position;
        let position = if single && reported != kdb::Position::start() {
            reported
        } else {
            self.position_of(stream, written.next_expected_version).await?.unwrap_or(reported)
        };
        Ok(AppendResult { next_expected_version: written.next_expected_version, position: from_client(position) })
    }

    #[tracing::instrument(skip(self), fields(stream = %stream))]
    async fn read_stream(
        &self,
        stream: &StreamName,
        from: ReadFrom,
        direction: Direction,
        limit: usize,
    ) -> Result<Vec<RecordedEvent>> {
        let limit = limit.min(MAX_READ);
        let start = match (from, direction) {
            (ReadFrom::Start, Direction::Forwards) => Some(StreamPosition::Start),
            (ReadFrom::Start, Direction::Backwards) => Some(StreamPosition::Position(0)),
            (ReadFrom::End, Direction::Backwards) => Some(StreamPosition::End),
            (ReadFrom::Version(v), Direction::Backwards) if v > MAX_REVISION => Some(StreamPosition::End),
            (ReadFrom::Version(v), _) if v <= MAX_REVISION => Some(StreamPosition::Position(v)),
            // Forwards from the end (or past any revision the server can hold) reads
            // nothing, as in PostgreSQL: only whether the stream exists is left to say.
            _ => None,
        };
        let Some(start) = start.filter(|_| limit > 0) else {
            self.ensure_stream_exists(stream).await?;
            return Ok(Vec::new());
        };
        // `position` also sets a direction (End means backwards): set ours after it.
        let options = ReadStreamOptions::default().position(start).max_count(limit);
        let options = match direction {
            Direction::Forwards => options.forwards(),
            Direction::Backwards => options.backwards(),
        };
        let op = Op::ReadStream(stream);
        let mut read = self.client.read_stream(stream.as_str(), &options).await.map_err(|e| map_error(e, op))?;
        let mut out = Vec::new();
        while let Some(resolved) = read.next().await.map_err(|e| map_error(e, op))? {
            out.push(to_recorded(original(&resolved)?)?);
            if out.len() >= limit {
                break;
            }
        }
        Ok(out)
    }

    #[tracing::instrument(skip(self))]
    async fn read_all(&self, after: Option<Position>, limit: usize) -> Result<Vec<RecordedEvent>> {
        if let Some(p) = after {
            self.check_position(p).await?;
        }
        let mut out = Vec::new();
        self.scan_all(after, limit.min(MAX_READ), |event| {
            out.push(to_recorded(event)?);
            Ok(())
        })
        .await?;
        Ok(out)
    }

    #[tracing::instrument(skip(self))]
    async fn subscribe_all(&self, after: Option<Position>, filter: SubscriptionFilter) -> Result<EventSubscription> {
        // A subscription from a position the server does not know would silently wait
        // (or fail later); say so now, as the PostgreSQL store does.
        if let Some(p) = after {
            self.check_position(p).await?;
        }
        let start = after.map_or(StreamPosition::Start, |p| StreamPosition::Position(to_client(p)));
        let options = SubscribeToAllOptions::default().position(start).filter(server_filter(&filter));
        // The call only prepares the subscription; it connects on the first poll, and a
        // failure then arrives as the stream's one and last item.
        let subscription = self.client.subscribe_to_all(&options).await;
        let following = Following { subscription, filter, last: after.map(to_client) };
        Ok(futures::stream::unfold(Some(following), next_delivery).boxed())
    }

    #[tracing::instrument(skip(self))]
    async fn head(&self) -> Result<Option<Head>> {
        // Backwards from the end of $all; the server's filter leaves out system events,
        // and the loop skips any that still come (a page of them leads to the next).
        let mut below: Option<kdb::Position> = None;
        loop {
            let start = below.map_or(StreamPosition::End, StreamPosition::Position);
            let options =
                ReadAllOptions::default().position(start).backwards().max_count(HEAD_PAGE).filter(no_system_events());
            let mut read = self.client.read_all(&options).await.map_err(|e| map_error(e, Op::Other))?;
            let mut received = 0;
            let mut advanced = false;
            while let Some(resolved) = read.next().await.map_err(|e| map_error(e, Op::Other))? {
                received += 1;
                let event = original(&resolved)?;
                if below.is_some_and(|b| event.position >= b) {
                    continue; // a backward read that included its start
                }
                below = Some(event.position);
                advanced = true;
                if !is_system(event) {
                    return Ok(Some(Head { position: from_client(event.position), recorded_at: recorded_at(event) }));
                }
            }
            if received < HEAD_PAGE || !advanced {
                return Ok(None);
            }
        }
    }

    #[tracing::instrument(skip(self))]
    async fn count_after(&self, after: Option<Position>, cap: u64) -> Result<u64> {
        let cap = usize::try_from(cap).unwrap_or(usize::MAX);
        let counted = self.scan_all(after, cap, |_| Ok(())).await?;
        Ok(u64::try_from(counted).unwrap_or(u64::MAX))
    }

    fn kind(&self) -> &'static str {
        "kurrentdb"
    }
}
