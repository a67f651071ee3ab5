//! # batching
//!
//! Group commit for plain rows: many tasks that each need one row written, durably,
//! before they go on share a few statements instead of paying a statement and a commit
//! each.
//!
//! A [`Batcher`] owns a queue and a few writer tasks that take turns at it: the one whose
//! turn it is takes whatever is queued (at least one item, at most `max_batch`; it never
//! waits for more to arrive) and writes it with the caller's `write` function, while the
//! next writer already gathers what arrives meanwhile. So a lone item is written at once,
//! and under load the items of a few milliseconds share one statement.
//!
//! [`Batcher::submit`] answers only after `write` returned for the item's batch, i.e.
//! after its transaction committed. When a batch fails as a whole, each of its items is
//! written again on its own, so one bad item (or a lost connection) fails only the
//! callers it concerns, each with its own error. `write` must therefore be safe to run
//! again for an item of a batch that failed: it runs in one transaction (one statement,
//! autocommit, is the usual case), so a failed batch wrote nothing. [`Batcher::push`]
//! queues an item without waiting for it (a clean-up whose failure only costs a retry
//! later): it is written like the others, and nobody hears how it went.
//!
//! The writer tasks start with the first item, so a batcher can be built outside a
//! runtime (in a state struct built before the server starts, say).
//!
//! Used by the placement records of the booking process (`command-api`: inserted with
//! `submit`, removed with `push`), the orders' numbers and courses' legs (`command-api`:
//! a batch that reads, `write` then being a statement whose answer it hands back), the
//! personal-data keys (`privacy`) and the payment sandbox's registrations (`payment`).
//! The event store has its own group commit, which also keeps appends to one stream
//! apart.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, Mutex};

/// Writes a batch of items in one transaction.
pub type WriteFn<T, E> = Arc<dyn Fn(Vec<T>) -> Pin<Box<dyn Future<Output = Result<(), E>> + Send>> + Send + Sync>;

/// Why an item was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchError<E> {
    /// `write` failed for this item on its own.
    Write(E),
    /// The batcher's tasks have stopped (the runtime is shutting down).
    Stopped,
}

impl<E: std::fmt::Display> std::fmt::Display for BatchError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::Write(e) => e.fmt(f),
            BatchError::Stopped => f.write_str("the batch writer has stopped"),
        }
    }
}

impl<E: std::fmt::Debug + std::fmt::Display> std::error::Error for BatchError<E> {}

struct Item<T, E> {
    value: T,
    /// `None` for an item pushed without waiting for its answer.
    reply: Option<oneshot::Sender<Result<(), BatchError<E>>>>,
}

impl<T, E> Item<T, E> {
    /// Nobody waits for this item any more (a pushed item is always awaited).
    fn abandoned(&self) -> bool {
        self.reply.as_ref().is_some_and(|reply| reply.is_closed())
    }

    fn answer(self, result: Result<(), BatchError<E>>) {
        if let Some(reply) = self.reply {
            let _ = reply.send(result);
        }
    }
}

/// What the writer tasks need, kept until the first item arrives.
struct Pending<T, E> {
    receiver: mpsc::UnboundedReceiver<Item<T, E>>,
    write: WriteFn<T, E>,
    writers: usize,
    max_batch: usize,
}

/// A queue of items and the writer tasks that write them in batches. The tasks start with
/// the first item, on the runtime that item comes from, so a batcher can be built
/// anywhere. Cheap to share behind an `Arc`; dropping the last handle closes the queue
/// (the writers write what is queued and end).
pub struct Batcher<T, E> {
    sender: mpsc::UnboundedSender<Item<T, E>>,
    /// Taken by the first item; after that, `started` lets items pass without a lock.
    pending: std::sync::Mutex<Option<Pending<T, E>>>,
    started: std::sync::Once,
}

impl<T, E> Batcher<T, E>
where
    T: Clone + Send + 'static,
    E: Clone + Send + 'static,
{
    /// A batcher whose `writers` tasks (at least one) write up to `max_batch` items (at
    /// least one) at a time with `write`.
    pub fn new<F, Fut>(writers: usize, max_batch: usize, write: F) -> Self
    where
        F: Fn(Vec<T>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(), E>> + Send + 'static,
    {
        let write: WriteFn<T, E> = Arc::new(move |items| Box::pin(write(items)));
        let (sender, receiver) = mpsc::unbounded_channel();
        let pending = Pending { receiver, write, writers: writers.max(1), max_batch: max_batch.max(1) };
        Batcher { sender, pending: std::sync::Mutex::new(Some(pending)), started: std::sync::Once::new() }
    }

    /// Write `value` in the next batch; answers once that batch's transaction committed.
    pub async fn submit(&self, value: T) -> Result<(), BatchError<E>> {
        let (reply, answer) = oneshot::channel();
        self.enqueue(Item { value, reply: Some(reply) })?;
        answer.await.map_err(|_| BatchError::Stopped)?
    }

    /// Write `value` in the next batch without waiting for it; a failure is only logged
    /// (by `write`). Must be called inside a Tokio runtime.
    pub fn push(&self, value: T) {
        if self.enqueue(Item { value, reply: None }).is_err() {
            tracing::debug!("the batch writer has stopped; an item pushed to it is dropped");
        }
    }

    fn enqueue(&self, item: Item<T, E>) -> Result<(), BatchError<E>> {
        self.start_writers();
        self.sender.send(item).map_err(|_| BatchError::Stopped)
    }

    /// Start the writer tasks, once (later calls are one atomic load).
    fn start_writers(&self) {
        self.started.call_once(|| {
            let pending = self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
            if let Some(Pending { receiver, write, writers, max_batch }) = pending {
                let receiver = Arc::new(Mutex::new(receiver));
                for _ in 0..writers {
                    tokio::spawn(writer(receiver.clone(), write.clone(), max_batch));
                }
            }
        });
    }
}

async fn writer<T: Clone, E: Clone>(
    receiver: Arc<Mutex<mpsc::UnboundedReceiver<Item<T, E>>>>,
    write: WriteFn<T, E>,
    max_batch: usize,
) {
    let mut batch = Vec::with_capacity(max_batch);
    loop {
        // The lock is held only while gathering, so the next writer gathers the next
        // batch while this one writes.
        let received = receiver.lock().await.recv_many(&mut batch, max_batch).await;
        if received == 0 {
            return;
        }
        // Callers that went away need no answer, and their rows no writing.
        batch.retain(|item| !item.abandoned());
        if batch.is_empty() {
            continue;
        }
        let values = batch.iter().map(|item| item.value.clone()).collect();
        match write(values).await {
            Ok(()) => {
                for item in batch.drain(..) {
                    item.answer(Ok(()));
                }
            }
            Err(_) if batch.len() > 1 => {
                tracing::debug!(items = batch.len(), "a batch failed; writing its items one by one");
                for item in batch.drain(..) {
                    let result = write(vec![item.value.clone()]).await.map_err(BatchError::Write);
                    item.answer(result);
                }
            }
            Err(e) => {
                for item in batch.drain(..) {
                    item.answer(Err(BatchError::Write(e.clone())));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex as StdMutex};
    use std::time::Duration;

    use super::{BatchError, Batcher};

    /// A writer that records each batch it was given and refuses any batch holding a
    /// negative number.
    fn recording(batches: Arc<StdMutex<Vec<Vec<i32>>>>) -> Batcher<i32, String> {
        Batcher::new(2, 8, move |items: Vec<i32>| {
            let batches = batches.clone();
            async move {
                tokio::time::sleep(Duration::from_millis(5)).await;
                if items.iter().any(|&i| i < 0) {
                    return Err(format!("refused {items:?}"));
                }
                batches.lock().unwrap().push(items);
                Ok(())
            }
        })
    }

    #[tokio::test]
    async fn a_lone_item_is_written_at_once() {
        let batches = Arc::new(StdMutex::new(Vec::new()));
        let batcher = recording(batches.clone());
        batcher.submit(7).await.unwrap();
        assert_eq!(*batches.lock().unwrap(), vec![vec![7]]);
    }

    #[tokio::test]
    async fn concurrent_items_share_batches_and_each_is_written_once() {
        let batches = Arc::new(StdMutex::new(Vec::new()));
        let batcher = Arc::new(recording(batches.clone()));
        let tasks: Vec<_> = (0..100)
            .map(|i| {
                let batcher = batcher.clone();
                tokio::spawn(async move { batcher.submit(i).await })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        let batches = batches.lock().unwrap();
        assert!(batches.len() < 100, "no batching happened: {} batches", batches.len());
        assert!(batches.iter().all(|b| !b.is_empty() && b.len() <= 8), "a batch over its limit: {batches:?}");
        let mut written: Vec<i32> = batches.iter().flatten().copied().collect();
        written.sort_unstable();
        assert_eq!(written, (0..100).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_failed_batch_fails_only_the_item_that_cannot_be_written() {
        let batches = Arc::new(StdMutex::new(Vec::new()));
        let batcher = Arc::new(recording(batches.clone()));
        let tasks: Vec<_> = [1, 2, -3, 4, 5]
            .into_iter()
            .map(|i| {
                let batcher = batcher.clone();
                tokio::spawn(async move { (i, batcher.submit(i).await) })
            })
            .collect();
        for task in tasks {
            let (i, result) = task.await.unwrap();
            if i < 0 {
                assert_eq!(result, Err(BatchError::Write("refused [-3]".to_string())));
            } else {
                assert_eq!(result, Ok(()), "item {i}");
            }
        }
        let mut written: Vec<i32> = batches.lock().unwrap().iter().flatten().copied().collect();
        written.sort_unstable();
        assert_eq!(written, vec![1, 2, 4, 5]);
    }

    #[tokio::test]
    async fn pushed_items_are_written_though_nobody_waits_and_the_batcher_is_built_outside_a_runtime() {
        let batches = Arc::new(StdMutex::new(Vec::new()));
        // Built before any runtime exists, as a server's state is.
        let batcher = std::thread::spawn({
            let batches = batches.clone();
            move || recording(batches)
        })
        .join()
        .unwrap();
        for i in 0..20 {
            batcher.push(i);
        }
        batcher.submit(20).await.unwrap();
        // The submitted item was queued last; the pushed ones were taken before it or
        // are being written by the other writer.
        for _ in 0..200 {
            if batches.lock().unwrap().iter().flatten().count() == 21 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut written: Vec<i32> = batches.lock().unwrap().iter().flatten().copied().collect();
        written.sort_unstable();
        assert_eq!(written, (0..=20).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn an_item_whose_caller_left_is_not_written() {
        let calls = Arc::new(AtomicUsize::new(0));
        let gate = Arc::new(tokio::sync::Notify::new());
        let batcher = {
            let (calls, gate) = (calls.clone(), gate.clone());
            Arc::new(Batcher::new(1, 8, move |items: Vec<i32>| {
                let (calls, gate) = (calls.clone(), gate.clone());
                async move {
                    calls.fetch_add(items.len(), Ordering::SeqCst);
                    gate.notified().await;
                    Ok::<(), String>(())
                }
            }))
        };
        // The first item occupies the one writer; the second is queued behind it and
        // given up before the writer comes back for it.
        let first = tokio::spawn({
            let batcher = batcher.clone();
            async move { batcher.submit(1).await }
        });
        while calls.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let abandoned = tokio::time::timeout(Duration::from_millis(20), batcher.submit(2)).await;
        assert!(abandoned.is_err(), "the second item cannot have been written yet");
        gate.notify_one();
        first.await.unwrap().unwrap();
        // No write is waiting now, so this stores the permit the third item's write takes.
        gate.notify_one();
        batcher.submit(3).await.unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 2, "items 1 and 3 were written, 2 was not");
    }
}
