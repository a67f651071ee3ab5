//! The catch-up-then-live subscription of the PostgreSQL store.
//!
//! A task reads batches below the in-flight horizon and sends them through a small
//! bounded channel, so the next batch is fetched while the consumer works on the last
//! one and memory stays bounded whatever the backlog. When it has caught up it waits for
//! a wake-up (an append here or a NOTIFY from another process) or the poll interval.

use std::time::Duration;

use futures::StreamExt;
use sqlx::PgPool;
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;

use super::rows::{read_stable, EventRow};
use super::SUBSCRIPTION_BATCH;
use crate::model::{Position, SubscriptionFilter};
use crate::{EventSubscription, Result};

/// Batches in flight between the reading task and the consumer.
const CHANNEL_BATCHES: usize = 2;
/// Longest pause while waiting for an older transaction to finish.
const MAX_PENDING_BACKOFF: Duration = Duration::from_millis(50);

pub(super) fn start(
    pool: PgPool,
    wakeups: watch::Receiver<u64>,
    poll_interval: Duration,
    after: Option<Position>,
    filter: SubscriptionFilter,
) -> EventSubscription {
    let (tx, rx) = mpsc::channel::<Result<Vec<EventRow>>>(CHANNEL_BATCHES);
    tokio::spawn(follow(pool, wakeups, poll_interval, after, filter, tx));
    // Rows are decoded here, on the consumer's side, so the reading task is already
    // fetching the next batch while this one is decoded and applied.
    ReceiverStream::new(rx)
        .flat_map(|batch| match batch {
            Ok(rows) => futures::stream::iter(rows.into_iter().map(EventRow::into_recorded).collect::<Vec<_>>()),
            Err(e) => futures::stream::iter(vec![Err(e)]),
        })
        .boxed()
}

async fn follow(
    pool: PgPool,
    mut wakeups: watch::Receiver<u64>,
    poll_interval: Duration,
    mut after: Option<Position>,
    filter: SubscriptionFilter,
    out: mpsc::Sender<Result<Vec<EventRow>>>,
) {
    let mut backoff = Duration::from_millis(1);
    loop {
        // Mark the wake-ups seen so far before reading: one arriving during the read is
        // not lost, it makes the wait below return at once.
        wakeups.borrow_and_update();
        let (rows, pending) = match read_stable(&pool, after, &filter, SUBSCRIPTION_BATCH).await {
            Ok(read) => read,
            Err(e) => {
                let _ = out.send(Err(e)).await;
                return;
            }
        };
        let full = rows.len() as i64 >= SUBSCRIPTION_BATCH;
        if let Some(last) = rows.last() {
            after = Some(last.position());
        }
        if !rows.is_empty() && out.send(Ok(rows)).await.is_err() {
            return; // the subscriber went away
        }
        if full {
            backoff = Duration::from_millis(1);
            continue;
        }
        if pending {
            // Committed events wait behind an older open transaction: look again soon.
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MAX_PENDING_BACKOFF);
            continue;
        }
        backoff = Duration::from_millis(1);
        tokio::select! {
            changed = wakeups.changed() => if changed.is_err() { tokio::time::sleep(poll_interval).await },
            _ = tokio::time::sleep(poll_interval) => {},
            _ = out.closed() => return,
        }
    }
}
