//! Group commit: concurrent appends to different streams share one statement.
//!
//! Every [`EventStore::append`](crate::EventStore::append) of the PostgreSQL store goes
//! through a queue. A few committer tasks ([`COMMITTERS`]) take turns at it: the one whose
//! turn it is takes whatever is queued (at least one append, at most [`MAX_GROUP_APPENDS`]
//! appends and about [`MAX_GROUP_EVENTS`] events; it never waits for more to arrive) and
//! writes the group, while the next committer already gathers the appends that arrive
//! meanwhile. Under load this turns many small transactions into a few larger ones. An
//! append while no other is under way skips the queue and takes the single-append path in
//! the caller's task (no hop to a committer), and so does a group of one.
//!
//! A group of two or more is written by one statement ([`GROUP_APPEND`]), which is one
//! transaction on its own (autocommit). For every append it reads the stream's current
//! version, checks the append's expected version, and inserts the events of the appends
//! whose check holds; it answers, per such append, the version and position of its last
//! event. Then each caller hears its own outcome:
//!
//! - an append in the answer was written, and the answer arrives only after the commit
//!   (sqlx finishes the statement at PostgreSQL's `ReadyForQuery`, after the implicit
//!   commit);
//! - an append whose check failed wrote nothing: it goes through the single-append path
//!   on its own (`es_append`), which tells an idempotent repeat from a conflict and
//!   answers the typed error;
//! - when the statement fails as a whole (a unique violation because a writer outside the
//!   group won a version or an event id is taken, bad data, a lost connection), nothing of
//!   the group was written (it was one transaction) and every member goes through the
//!   single-append path on its own. Should the outcome of the commit be unknown (the
//!   connection broke while committing), this is still safe: event ids make appends
//!   idempotent, so a member that was written is recognised as a repeat.
//!
//! Why it keeps the guarantees of single appends:
//! - all or nothing per append: the statement inserts all of an append's events or none
//!   (its check is per stream, and a failing insert aborts the whole statement);
//! - optimistic concurrency: the primary key (stream_id, version) still refuses a second
//!   event at a version, so a check made against a stale snapshot cannot succeed; a group
//!   never holds two appends to the same stream (the second waits for a later group), so
//!   members of one group never race each other;
//! - the global order: the events are inserted in the order of the group, each append's in
//!   version order (`order by` in the insert's query, which numbers `seq`), all under the
//!   transaction id of the one statement, and readers still read below the oldest
//!   appending transaction in flight, so a group that commits late is never skipped;
//! - wake-ups: the caller wakes subscribers after it has its answer, i.e. after the commit.
//!
//! `PgEventStore::append_in` (inside the caller's transaction) does not use the queue.

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use sqlx::PgPool;
use tokio::sync::{mpsc, oneshot, Mutex};
use tokio::task::JoinHandle;

use super::{append_individually, expected_code};
use crate::model::{AppendResult, ExpectedVersion, NewEvent, Position, StreamName};
use crate::{Result, StoreError};

/// Committer tasks taking turns at the queue: one gathers while others write.
pub(super) const COMMITTERS: usize = 4;
/// The most appends one group carries.
pub(super) const MAX_GROUP_APPENDS: usize = 128;
/// A group takes no further append once it holds this many events (a larger single
/// append still forms a group of its own).
pub(super) const MAX_GROUP_EVENTS: usize = 2_000;

/// One append waiting for its group.
struct Request {
    stream: StreamName,
    expected: ExpectedVersion,
    events: Vec<NewEvent>,
    reply: oneshot::Sender<Result<AppendResult>>,
}

/// The queue the committers share: new appends, and appends put back because their stream
/// already had an append in the group being gathered (they go first next time).
struct Queue {
    incoming: mpsc::UnboundedReceiver<Request>,
    deferred: VecDeque<Request>,
}

/// The queue and its committer tasks. Dropping it closes the queue: the committers write
/// what is queued and end.
pub(super) struct GroupCommit {
    pool: PgPool,
    sender: mpsc::UnboundedSender<Request>,
    /// Appends under way (queued, being written, or written directly).
    in_flight: AtomicUsize,
    _tasks: Vec<JoinHandle<()>>,
}

/// Counts an append as under way until it is dropped (finished or cancelled).
struct InFlight<'a>(&'a AtomicUsize);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl GroupCommit {
    /// Start `committers` tasks writing to `pool`. Must be called inside a Tokio runtime.
    pub(super) fn start(pool: PgPool, committers: usize) -> Self {
        let (sender, incoming) = mpsc::unbounded_channel();
        let queue = Arc::new(Mutex::new(Queue { incoming, deferred: VecDeque::new() }));
        let tasks = (0..committers.max(1)).map(|_| tokio::spawn(committer(pool.clone(), queue.clone()))).collect();
        GroupCommit { pool, sender, in_flight: AtomicUsize::new(0), _tasks: tasks }
    }

    /// Append through the next group; answers once the group has committed.
    pub(super) async fn append(
        &self,
        stream: &StreamName,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<AppendResult> {
        NewEvent::check_batch(&events)?;
        expected_code(expected)?;
        let before = self.in_flight.fetch_add(1, Ordering::AcqRel);
        let _in_flight = InFlight(&self.in_flight);
        if before == 0 {
            // Nothing else under way: no group to share, so skip the hop to a committer.
            return append_individually(&self.pool, stream, expected, &events).await;
        }
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(Request { stream: stream.clone(), expected, events, reply })
            .map_err(|_| StoreError::Unavailable("the event store's committers have stopped".into()))?;
        answer.await.map_err(|_| StoreError::Unavailable("the event store's committer stopped".into()))?
    }
}

async fn committer(pool: PgPool, queue: Arc<Mutex<Queue>>) {
    loop {
        // The lock is held only while gathering, so the next committer gathers the next
        // group while this one writes.
        let group = gather(&mut *queue.lock().await).await;
        let Some(group) = group else { return };
        write_group(&pool, group).await;
    }
}

/// The next group: deferred appends first, then whatever is queued, waiting only when
/// there is nothing at all. `None` once the queue is closed and empty.
async fn gather(queue: &mut Queue) -> Option<Vec<Request>> {
    let mut group = Group::default();
    for request in std::mem::take(&mut queue.deferred) {
        if let Some(back) = group.offer(request) {
            queue.deferred.push_back(back);
        }
    }
    // An empty group turns away only appends whose callers have gone: wait for another.
    while group.requests.is_empty() {
        let first = queue.incoming.recv().await?;
        if let Some(back) = group.offer(first) {
            queue.deferred.push_back(back);
        }
    }
    while !group.is_full() {
        match queue.incoming.try_recv() {
            Ok(request) => {
                if let Some(back) = group.offer(request) {
                    queue.deferred.push_back(back);
                }
            }
            Err(_) => break,
        }
    }
    Some(group.requests)
}

#[derive(Default)]
struct Group {
    requests: Vec<Request>,
    streams: HashSet<StreamName>,
    events: usize,
}

impl Group {
    fn is_full(&self) -> bool {
        self.requests.len() >= MAX_GROUP_APPENDS || self.events >= MAX_GROUP_EVENTS
    }

    /// Take `request`, or hand it back when the group is full or already appends to its
    /// stream. An append whose caller has gone away is dropped (it may or may not have
    /// happened, as with any cancelled append).
    fn offer(&mut self, request: Request) -> Option<Request> {
        if request.reply.is_closed() {
            return None;
        }
        if self.is_full() || self.streams.contains(&request.stream) {
            return Some(request);
        }
        self.streams.insert(request.stream.clone());
        self.events += request.events.len();
        self.requests.push(request);
        None
    }
}

/// Write one group and answer each member.
async fn write_group(pool: &PgPool, group: Vec<Request>) {
    if group.len() < 2 {
        // Alone: the single-append path is one statement as well, and a cheaper one.
        individually(pool, group).await;
        return;
    }
    match append_group(pool, &group).await {
        Ok(written) => {
            let mut rest = Vec::new();
            for (request, result) in group.into_iter().zip(written) {
                match result {
                    Some(done) => {
                        let _ = request.reply.send(Ok(done));
                    }
                    None => rest.push(request),
                }
            }
            individually(pool, rest).await;
        }
        Err(e) => {
            tracing::debug!(error = %e, appends = group.len(), "group append failed; appending one by one");
            individually(pool, group).await;
        }
    }
}

/// The single-append path for each request, a few at a time (each on a connection of
/// its own; no two of them append to the same stream). Bounded, so a failed group of a
/// hundred appends does not take every connection of the pool at once.
async fn individually(pool: &PgPool, requests: Vec<Request>) {
    use futures::StreamExt;
    futures::stream::iter(requests)
        .for_each_concurrent(INDIVIDUAL_CONCURRENCY, |request| async move {
            let result = append_individually(pool, &request.stream, request.expected, &request.events).await;
            let _ = request.reply.send(result);
        })
        .await;
}

/// Appends one committer runs at once outside a group.
const INDIVIDUAL_CONCURRENCY: usize = 4;

/// Run [`GROUP_APPEND`]: per request, its result when it was written, `None` when its
/// expected version did not hold (nothing of it was written).
async fn append_group(pool: &PgPool, group: &[Request]) -> Result<Vec<Option<AppendResult>>, sqlx::Error> {
    let events: usize = group.iter().map(|r| r.events.len()).sum();
    let mut streams = Vec::with_capacity(group.len());
    let mut codes = Vec::with_capacity(group.len());
    let (mut owners, mut ords, mut ids) =
        (Vec::with_capacity(events), Vec::with_capacity(events), Vec::with_capacity(events));
    let (mut types, mut data, mut meta) =
        (Vec::with_capacity(events), Vec::with_capacity(events), Vec::with_capacity(events));
    for (i, request) in group.iter().enumerate() {
        streams.push(request.stream.as_str());
        // Checked when the request was queued; a request that fails here is refused by
        // the statement's check (an impossible code) and reported by the single path.
        codes.push(expected_code(request.expected).unwrap_or(i64::MIN));
        for (k, event) in request.events.iter().enumerate() {
            owners.push(i as i64 + 1);
            ords.push(k as i64 + 1);
            ids.push(event.id);
            types.push(event.event_type.as_str());
            data.push(event.data.get());
            meta.push(serde_json::to_string(&event.metadata).map_err(|e| sqlx::Error::Encode(Box::new(e)))?);
        }
    }
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(GROUP_APPEND)
        .bind(&streams)
        .bind(&codes)
        .bind(&owners)
        .bind(&ords)
        .bind(&ids)
        .bind(&types)
        .bind(&data)
        .bind(&meta)
        .fetch_all(pool)
        .await?;
    let mut results = vec![None; group.len()];
    for (owner, version, tx_id, seq) in rows {
        if let Some(slot) = usize::try_from(owner - 1).ok().and_then(|i| results.get_mut(i)) {
            *slot = Some(AppendResult {
                next_expected_version: version as u64,
                position: Position::new(tx_id as u64, seq as u64),
            });
        }
    }
    Ok(results)
}

/// Appends to distinct streams in one statement (one transaction).
///
/// `$1`/`$2`: per append, its stream and expected-version code (as for `es_append`: >= 0
/// exact, -1 no stream, -2 any, -3 stream exists). `$3`..`$8`: per event, the 1-based
/// index of its append, its 1-based place in that append, id, type, data, metadata.
/// Answers, per append written, its index and the version, transaction id and sequence of
/// its last event. An append missing from the answer failed its check and wrote nothing.
///
/// The insert's rows are sorted by (append, place), so `seq` grows with the version
/// inside each append (a subquery with `order by` is planned on its own, and the identity
/// default is evaluated above it, row by row, in that order).
pub(super) const GROUP_APPEND: &str = "\
    with ok as materialized ( \
        select r.ord as req, r.stream, coalesce(cur.version, -1) as v \
          from unnest($1::text[], $2::bigint[]) with ordinality as r(stream, expected, ord) \
          left join lateral (select e.version from es_events e where e.stream_id = r.stream \
                              order by e.version desc limit 1) cur on true \
         where case when r.expected >= 0 then coalesce(cur.version, -1) = r.expected \
                    when r.expected = -1 then cur.version is null \
                    when r.expected = -3 then cur.version is not null \
                    else r.expected = -2 end), \
    ins as ( \
        insert into es_events (stream_id, version, event_id, event_type, data, metadata) \
        select ok.stream, ok.v + e.ord, e.id, e.typ, e.dat::json, e.met::json \
          from unnest($3::bigint[], $4::bigint[], $5::uuid[], $6::text[], $7::text[], $8::text[]) \
               as e(req, ord, id, typ, dat, met) \
          join ok on ok.req = e.req \
         order by e.req, e.ord \
        returning stream_id, version, tx_id, seq) \
    select ok.req, max(ins.version), max(ins.tx_id), max(ins.seq) \
      from ins join ok on ok.stream = ins.stream_id \
     group by ok.req";
