//! The single writer of a hot stream, with group commit.
//!
//! Commands for one stream are serialised in the process that owns it and may share one
//! append (docs/booking-rules.md, 'A course is never oversold'). A popular course gets
//! hundreds of holds a second; if
//! each request loaded the stream and appended with its expected version, all but one
//! would lose the race and retry. Instead every command for a stream goes to one task
//! ([`StreamWriters::submit`]), which keeps the stream's state in memory, takes every
//! command waiting in its queue, decides them one after the other on the running state,
//! and appends all their events in one append. Each caller then hears its own outcome.
//!
//! Other processes may write the same stream (one writer per process, not per cluster):
//! the append still carries the expected version, and on a conflict the writer reloads
//! the stream and decides the whole batch again. A batch that appends nothing because
//! its commands were refused on the cached state (no seats left, say) looks for newer
//! events first (a read of at most one), so a release by another process is not missed.
//! A store error drops the cached state.
//!
//! The writer speaks the domain's language: a command's refusal comes back as the
//! domain's own error ([`WriteError::Refused`]) and the writer's own failures as
//! [`WriterFailure`]; HTTP answers are made from them at the edge ([`crate::errors`]).
//! A writer with nothing to do for a while ends; the next command starts a new one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use event_store::{Direction, EventStore, ExpectedVersion, Metadata, NewEvent, ReadFrom, StoreError, StreamName};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

use crate::aggregate::{load, to_new_events, Aggregate, Loaded};

/// A decision on the stream's current state: the events, or the domain's refusal `E`.
pub type Decision<A, E> = Box<dyn Fn(&A) -> Result<Vec<<A as Aggregate>::Event>, E> + Send>;

/// Why [`StreamWriters::submit`] appended nothing for a command: the domain refused it,
/// or the writer could not get its events into the stream. The edge turns it into an
/// answer ([`crate::errors`]).
#[derive(Debug, thiserror::Error)]
pub enum WriteError<E> {
    /// The domain refused the command.
    #[error("refused: {0}")]
    Refused(E),
    #[error(transparent)]
    Failed(#[from] WriterFailure),
}

/// What went wrong in the writer itself (the same for every command of a batch).
#[derive(Debug, Clone, thiserror::Error)]
pub enum WriterFailure {
    /// Other processes wrote the stream on every attempt.
    #[error("the stream kept changing under the writer")]
    Busy,
    /// The store failed (or an event could not be encoded).
    #[error(transparent)]
    Store(Arc<StoreError>),
    /// The writer ended before it answered.
    #[error("the stream writer stopped")]
    Stopped,
    /// No writer could be started for the stream.
    #[error("no stream writer could be started")]
    NoWriter,
}

/// The most commands one append carries.
const MAX_BATCH: usize = 512;
/// A writer without work for this long ends.
const IDLE: Duration = Duration::from_secs(30);
/// Appends tried per batch before giving up on conflicts.
const ATTEMPTS: usize = 8;

/// A command waiting in a writer's queue, whatever its refusal type: it decides on the
/// running state, keeps its outcome, and answers its caller at the end of the batch.
trait Pending<A: Aggregate>: Send {
    /// Decide on `state`, keep the outcome, add the events to append to `append`, and
    /// answer the state after them (`state` itself when refused).
    fn decide(&mut self, state: A, append: &mut Vec<NewEvent>) -> A;
    /// Whether the last decision appended nothing because it failed.
    fn failed(&self) -> bool;
    /// Fail the command (the batch could not be appended).
    fn fail(&mut self, failure: WriterFailure);
    /// Answer the caller with the outcome.
    fn reply(self: Box<Self>);
}

/// One command: its ids, its decision, its outcome and where to send it.
struct Job<A: Aggregate, E> {
    command_id: Uuid,
    metadata: Metadata,
    decide: Decision<A, E>,
    outcome: Option<Result<Vec<A::Event>, WriteError<E>>>,
    reply: oneshot::Sender<Result<Vec<A::Event>, WriteError<E>>>,
}

impl<A: Aggregate, E: Send + 'static> Pending<A> for Job<A, E> {
    fn decide(&mut self, state: A, append: &mut Vec<NewEvent>) -> A {
        match (self.decide)(&state) {
            Err(refusal) => {
                self.outcome = Some(Err(WriteError::Refused(refusal)));
                state
            }
            Ok(events) => match to_new_events::<A>(self.command_id, &events, &self.metadata) {
                Ok(new) => {
                    append.extend(new);
                    let state = events.iter().fold(state, A::evolve);
                    self.outcome = Some(Ok(events));
                    state
                }
                Err(e) => {
                    self.outcome = Some(Err(WriterFailure::Store(Arc::new(e)).into()));
                    state
                }
            },
        }
    }

    fn failed(&self) -> bool {
        matches!(self.outcome, Some(Err(_)))
    }

    fn fail(&mut self, failure: WriterFailure) {
        self.outcome = Some(Err(failure.into()));
    }

    fn reply(self: Box<Self>) {
        let outcome = self.outcome.unwrap_or(Err(WriterFailure::Stopped.into()));
        let _ = self.reply.send(outcome);
    }
}

type Queued<A> = Box<dyn Pending<A>>;

/// The writers of the streams of one aggregate type, one task per stream in use.
pub struct StreamWriters<A: Aggregate> {
    store: Arc<dyn EventStore>,
    writers: Mutex<HashMap<String, mpsc::UnboundedSender<Queued<A>>>>,
}

impl<A: Aggregate> StreamWriters<A> {
    pub fn new(store: Arc<dyn EventStore>) -> Arc<Self> {
        Arc::new(StreamWriters { store, writers: Mutex::new(HashMap::new()) })
    }

    /// Decide and append one command on `stream`, sharing the append with the commands
    /// queued beside it. Answers the events it appended (none: nothing to do).
    pub async fn submit<E: Send + 'static>(
        self: &Arc<Self>,
        stream: StreamName,
        command_id: Uuid,
        metadata: Metadata,
        decide: Decision<A, E>,
    ) -> Result<Vec<A::Event>, WriteError<E>> {
        let (reply, answer) = oneshot::channel();
        let mut job: Queued<A> = Box::new(Job { command_id, metadata, decide, outcome: None, reply });
        // A writer that just ended (idle) has a closed queue: start a new one and retry.
        for _ in 0..3 {
            let sender = self.sender(&stream);
            match sender.send(job) {
                Ok(()) => return answer.await.unwrap_or(Err(WriterFailure::Stopped.into())),
                Err(mpsc::error::SendError(returned)) => {
                    job = returned;
                    self.forget(&stream, &sender);
                }
            }
        }
        Err(WriterFailure::NoWriter.into())
    }

    fn sender(self: &Arc<Self>, stream: &StreamName) -> mpsc::UnboundedSender<Queued<A>> {
        let mut writers = self.writers.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = writers.get(stream.as_str()) {
            if !sender.is_closed() {
                return sender.clone();
            }
        }
        let (sender, queue) = mpsc::unbounded_channel();
        writers.insert(stream.as_str().to_owned(), sender.clone());
        let this = Arc::clone(self);
        let stream = stream.clone();
        tokio::spawn(async move {
            this.run(&stream, queue).await;
        });
        sender
    }

    fn forget(&self, stream: &StreamName, sender: &mpsc::UnboundedSender<Queued<A>>) {
        let mut writers = self.writers.lock().unwrap_or_else(|p| p.into_inner());
        if writers.get(stream.as_str()).is_some_and(|s| s.same_channel(sender)) {
            writers.remove(stream.as_str());
        }
    }

    async fn run(&self, stream: &StreamName, mut queue: mpsc::UnboundedReceiver<Queued<A>>) {
        let mut cached: Option<Loaded<A>> = None;
        loop {
            let first = match tokio::time::timeout(IDLE, queue.recv()).await {
                Ok(Some(job)) => job,
                Ok(None) => return,
                Err(_) => {
                    queue.close();
                    // Serve what slipped in before the close, then end.
                    let mut rest = Vec::new();
                    while let Ok(job) = queue.try_recv() {
                        rest.push(job);
                    }
                    if !rest.is_empty() {
                        self.process(stream, &mut cached, rest).await;
                    }
                    return;
                }
            };
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            self.process(stream, &mut cached, batch).await;
        }
    }

    async fn process(&self, stream: &StreamName, cached: &mut Option<Loaded<A>>, mut batch: Vec<Queued<A>>) {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let (loaded, fresh) = match cached.take() {
                Some(loaded) => (loaded, false),
                None => match load::<A>(self.store.as_ref(), stream).await {
                    Ok(loaded) => (loaded, true),
                    Err(e) => return fail_all(batch, e),
                },
            };
            // Decide each command on the state the ones before it leave. The state is
            // moved, never cloned: a hot course's state holds every hold it ever had, so a
            // copy per batch cost time in proportion to the seats sold. If the append
            // fails the evolved state is dropped and the stream loaded again.
            let version = loaded.version;
            let expected = loaded.expected();
            let mut state = loaded.state;
            let mut new_events: Vec<NewEvent> = Vec::new();
            for job in &mut batch {
                state = job.decide(state, &mut new_events);
            }
            if new_events.is_empty() {
                // Nothing to append, so no version check will tell whether the cached state
                // is still the stream's. A refusal decided on it (no seats left, say) may be
                // out of date if another process wrote the stream since: look, and if so
                // decide the batch again on the stream as it is.
                let refused = batch.iter().any(|job| job.failed());
                if refused && !fresh && attempt < ATTEMPTS {
                    match moved_since(self.store.as_ref(), stream, version).await {
                        Ok(true) => continue,
                        Ok(false) => {}
                        Err(e) => return fail_all(batch, e),
                    }
                }
                // Nothing decided, nothing evolved: the state is still the stream's.
                *cached = Some(Loaded { state, version });
                return reply_all(batch);
            }
            let count = new_events.len() as u64;
            match self.store.append(stream, expected, new_events).await {
                Ok(result) => {
                    let appended = result.next_expected_version;
                    debug_assert_eq!(Some(appended + 1 - count), version.map_or(Some(0), |v| Some(v + 1)));
                    *cached = Some(Loaded { state, version: Some(appended) });
                    return reply_all(batch);
                }
                Err(StoreError::WrongExpectedVersion { .. }) if attempt < ATTEMPTS => {
                    // Another process wrote the stream: reload and decide again.
                    continue;
                }
                Err(e) => return fail_all(batch, e),
            }
        }
    }
}

/// Whether `stream` has events after `version` (any events, for `None`).
async fn moved_since(store: &dyn EventStore, stream: &StreamName, version: Option<u64>) -> Result<bool, StoreError> {
    let from = version.map_or(ReadFrom::Start, |v| ReadFrom::Version(v + 1));
    match store.read_stream(stream, from, Direction::Forwards, 1).await {
        Ok(events) => Ok(!events.is_empty()),
        Err(StoreError::StreamNotFound(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

fn reply_all<A: Aggregate>(batch: Vec<Queued<A>>) {
    for job in batch {
        job.reply();
    }
}

fn fail_all<A: Aggregate>(batch: Vec<Queued<A>>, error: StoreError) {
    let failure = match error {
        StoreError::WrongExpectedVersion { .. } => WriterFailure::Busy,
        other => WriterFailure::Store(Arc::new(other)),
    };
    for mut job in batch {
        job.fail(failure.clone());
        job.reply();
    }
}

/// `ExpectedVersion` is re-exported for callers building decisions.
pub type Expected = ExpectedVersion;
