//! The catch-up-then-live subscription of the PostgreSQL store.
//!
//! A task reads batches below the in-flight horizon and sends them through a small
//! bounded channel, so the next batch is fetched while the consumer works on the last
//! one and memory stays bounded whatever the backlog. While catching up (full batches) it
//! keeps reading below the horizon it took first, which is safe because nothing below a
//! horizon ever changes, and takes a new one only when it has read everything below. When it has caught up it waits for
//! a wake-up (an append here or a NOTIFY from another process) or the poll interval.
//!
//! A short read has seen every event below the horizon, the filtered-out ones too, so the
//! next read starts at the horizon. A checkpointed subscription also tells its consumer
//! so now and then (the position of the last event below the horizon), letting a
//! filtered projection move its checkpoint past events it does not want.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::Either;
use futures::StreamExt;
use sqlx::PgPool;
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;

use super::rows::{self, EventRow};
use super::tail::{Tail, TailRead};
use super::SUBSCRIPTION_BATCH;
use crate::model::{Head, Position, SubscriptionFilter, SubscriptionItem};
use crate::{CheckpointedSubscription, EventSubscription, Result};

/// Batches in flight between the reading task and the consumer.
const CHANNEL_BATCHES: usize = 2;
/// Longest pause while waiting for an older transaction to finish.
const MAX_PENDING_BACKOFF: Duration = Duration::from_millis(50);
/// Shortest time between two checkpoints of a filtered subscription.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// How a live subscriber paces its reads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pace {
    /// How long an idle subscriber waits for a wake-up before it looks anyway.
    pub poll_interval: Duration,
    /// The shortest time between the starts of two live reads. A wake-up that comes
    /// sooner waits out the rest, so under a steady stream of appends each subscriber
    /// reads (and its consumer commits) at most once per interval, with more events each
    /// time, instead of once per append; a wake-up after a quiet spell is served at once.
    pub min_round: Duration,
    /// The shortest time between the starts of two rounds of the shared reader after a
    /// busy one (see [`super::tail`]): under a heavy load every subscriber it serves reads
    /// and commits once per this interval, with more events each time.
    pub busy_round: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        let ms = Duration::from_millis;
        // Polling is the safety net for a lost notification; the minimum round is what a
        // projection's lag may grow by, for one read and one commit per interval under load
        // instead of one per append.
        Pace { poll_interval: ms(500), min_round: ms(20), busy_round: ms(60) }
    }
}

pub(super) fn start(
    pool: PgPool,
    reader: Reader,
    after: Option<Position>,
    filter: SubscriptionFilter,
) -> EventSubscription {
    let rx = spawn(pool, reader, after, filter, false);
    // The reading task decodes the rows as they arrive and fetches the next batch while
    // the consumer works on this one.
    ReceiverStream::new(rx)
        .flat_map(|batch| match batch {
            Ok(batch) => Either::Left(futures::stream::iter(batch.rows.into_iter().map(EventRow::into_recorded))),
            Err(e) => Either::Right(futures::stream::once(futures::future::ready(Err(e)))),
        })
        .boxed()
}

/// [`start`] with checkpoints past the events a filter skips.
pub(super) fn start_checkpointed(
    pool: PgPool,
    reader: Reader,
    after: Option<Position>,
    filter: SubscriptionFilter,
) -> CheckpointedSubscription {
    let checkpoints = filter != SubscriptionFilter::All;
    let rx = spawn(pool, reader, after, filter, checkpoints);
    ReceiverStream::new(rx)
        .flat_map(|batch| match batch {
            Ok(Batch { rows, checkpoint }) => {
                let events = rows.into_iter().map(|row| row.into_recorded().map(SubscriptionItem::Event));
                let checkpoint = checkpoint.map(|head| Ok(SubscriptionItem::Checkpoint(head)));
                Either::Left(futures::stream::iter(events.chain(checkpoint)))
            }
            Err(e) => Either::Right(futures::stream::once(futures::future::ready(Err(e)))),
        })
        .boxed()
}

/// What one read hands the consumer: its events, then perhaps a checkpoint past them.
struct Batch {
    rows: Vec<EventRow>,
    checkpoint: Option<Head>,
}

/// What a subscriber reads and waits with: the store's wake-ups and pace, and the shared
/// reader of the live end ([`Tail`]).
pub(super) struct Reader {
    pub(super) wakeups: watch::Receiver<u64>,
    pub(super) pace: Pace,
    pub(super) tail: Arc<Tail>,
}

fn spawn(
    pool: PgPool,
    reader: Reader,
    after: Option<Position>,
    filter: SubscriptionFilter,
    checkpoints: bool,
) -> mpsc::Receiver<Result<Batch>> {
    let (tx, rx) = mpsc::channel::<Result<Batch>>(CHANNEL_BATCHES);
    let checkpoints = checkpoints.then_some(Checkpoints { delivered: after, last_sent: None });
    tokio::spawn(follow(pool, reader, after, filter, checkpoints, tx));
    rx
}

/// When a checkpointed subscription last told its consumer how far it had read.
struct Checkpoints {
    /// The last position handed over (an event's or a checkpoint's).
    delivered: Option<Position>,
    last_sent: Option<Instant>,
}

impl Checkpoints {
    /// A checkpoint after a short read below `horizon`, at most one per
    /// [`CHECKPOINT_EVERY`] and only past what was delivered.
    async fn after_short_read(&mut self, pool: &PgPool, horizon: i64) -> Result<Option<Head>> {
        if self.last_sent.is_some_and(|at| at.elapsed() < CHECKPOINT_EVERY) {
            return Ok(None);
        }
        let Some(last) = rows::last_below(pool, horizon).await? else { return Ok(None) };
        if self.delivered.is_some_and(|d| d >= last.position) {
            return Ok(None);
        }
        self.last_sent = Some(Instant::now());
        self.delivered = Some(last.position);
        Ok(Some(last))
    }
}

/// The scan position once everything below `horizon` has been read: just before the
/// horizon's first possible event (never behind `after`). It is this task's own marker,
/// never handed to the subscriber, which only sees the positions of real events.
pub(super) fn scanned_to(after: Option<Position>, horizon: i64) -> Option<Position> {
    let Ok(below) = u64::try_from(horizon - 1) else { return after };
    let marker = Position::new(below, i64::MAX as u64);
    Some(after.map_or(marker, |a| a.max(marker)))
}

async fn follow(
    pool: PgPool,
    reader: Reader,
    mut after: Option<Position>,
    filter: SubscriptionFilter,
    mut checkpoints: Option<Checkpoints>,
    out: mpsc::Sender<Result<Batch>>,
) {
    let Reader { mut wakeups, pace, tail } = reader;
    let mut tail_rounds = tail.follow();
    let mut waiting = PendingBackoff::default();
    // The horizon of the last full batch: while catching up, the next batch is read below
    // it too (the events below a horizon never change), saving a round trip per batch.
    let mut horizon: Option<i64> = None;
    // When the last live read (one that took a fresh horizon) started.
    let mut round_started = Instant::now();
    loop {
        // Mark the wake-ups seen so far before reading: one arriving during the read is
        // not lost, it makes the wait below return at once.
        wakeups.borrow_and_update();
        tail_rounds.borrow_and_update();
        if horizon.is_none() {
            round_started = Instant::now();
        }
        let fresh = horizon.is_none();
        let Round { rows, below, pending: tail_pending, served } =
            match next_round(&pool, &tail, after, &filter, horizon.take()).await {
                Ok(round) => round,
                Err(e) => {
                    let _ = out.send(Err(e)).await;
                    return;
                }
            };
        let full = rows.len() as i64 >= SUBSCRIPTION_BATCH;
        let progressed = !rows.is_empty();
        if let Some(last) = rows.last() {
            after = Some(last.position());
        }
        if !deliver(&pool, checkpoints.as_mut(), rows, full, below, &out).await {
            return;
        }
        if full {
            horizon = Some(below);
            waiting.reset();
            continue;
        }
        // A short read scanned every event below the horizon, including those the filter
        // skipped: the next read starts at the horizon, not at the last event delivered.
        // Without this a filtered subscription whose events are rare would scan the same
        // skipped events again on every round, more of them as the store grows.
        after = scanned_to(after, below);
        if !fresh {
            // Everything below an older horizon is read: look again at once, below a new one.
            continue;
        }
        // Everything below the horizon has been read (or filtered out). Committed events
        // at or above it must be read on the next round.
        let pending = match tail_pending {
            Some(pending) => pending,
            None => match rows::pending_from(&pool, below).await {
                Ok(pending) => pending,
                Err(e) => {
                    let _ = out.send(Err(e)).await;
                    return;
                }
            },
        };
        if pending {
            waiting.pause(pace.min_round, round_started, progressed).await;
            continue;
        }
        waiting.reset();
        // Served by the shared reader: its next round is what brings more.
        let waits_on = if served { &mut tail_rounds } else { &mut wakeups };
        if !wait_for_more(waits_on, &pace, round_started, &out).await {
            return; // the subscriber went away
        }
    }
}

/// Hand `rows` to the subscriber, with the checkpoint a short read (one below `below`
/// that was not `full`) allows. `false`: stop (the subscriber went away, or was sent the
/// error).
async fn deliver(
    pool: &PgPool,
    checkpoints: Option<&mut Checkpoints>,
    rows: Vec<EventRow>,
    full: bool,
    below: i64,
    out: &mpsc::Sender<Result<Batch>>,
) -> bool {
    let checkpoint = match checkpoints {
        Some(c) => {
            if let Some(last) = rows.last() {
                c.delivered = Some(last.position());
            }
            if full {
                None
            } else {
                match c.after_short_read(pool, below).await {
                    Ok(checkpoint) => checkpoint,
                    Err(e) => {
                        let _ = out.send(Err(e)).await;
                        return false;
                    }
                }
            }
        }
        None => None,
    };
    (rows.is_empty() && checkpoint.is_none()) || out.send(Ok(Batch { rows, checkpoint })).await.is_ok()
}

/// One round's read, from the shared reader or the table.
struct Round {
    rows: Vec<EventRow>,
    /// The horizon it was read below.
    below: i64,
    /// Whether events wait behind an open transaction, when the shared reader knows.
    pending: Option<bool>,
    /// Answered by the shared reader: its next round is what brings more.
    served: bool,
}

/// The next read: at the live end the shared reader has read the round already (a fresh
/// read only: below an older `horizon` the table is read as before).
async fn next_round(
    pool: &PgPool,
    tail: &Tail,
    after: Option<Position>,
    filter: &SubscriptionFilter,
    horizon: Option<i64>,
) -> Result<Round> {
    if horizon.is_none() {
        if let Some(TailRead { rows, below, pending }) = tail.read(after, filter, SUBSCRIPTION_BATCH as usize) {
            return Ok(Round { rows, below, pending: Some(pending), served: true });
        }
    }
    let (rows, below) = read_round(pool, after, filter, horizon).await?;
    Ok(Round { rows, below, pending: None, served: false })
}

/// The pause while committed events wait behind an older open transaction: paced like a
/// wake-up, and growing only while reads bring nothing (a transaction that stays open),
/// not while events keep coming (under a steady load some transaction is always open).
/// The shared reader pauses the same way.
pub(super) struct PendingBackoff(Duration);

impl Default for PendingBackoff {
    fn default() -> Self {
        PendingBackoff(Duration::from_millis(1))
    }
}

impl PendingBackoff {
    pub(super) fn reset(&mut self) {
        *self = PendingBackoff::default();
    }

    /// Wait before the next read: at least until `gap` after the round started.
    pub(super) async fn pause(&mut self, gap: Duration, round_started: Instant, progressed: bool) {
        let paced = gap.saturating_sub(round_started.elapsed());
        tokio::time::sleep(self.0.max(paced)).await;
        self.0 = if progressed { Duration::from_millis(1) } else { (self.0 * 2).min(MAX_PENDING_BACKOFF) };
    }
}

/// One read: the events after `after` below `horizon` (a fresh horizon when `None`),
/// and the horizon read below.
async fn read_round(
    pool: &PgPool,
    after: Option<Position>,
    filter: &SubscriptionFilter,
    horizon: Option<i64>,
) -> Result<(Vec<EventRow>, i64)> {
    let below = match horizon {
        Some(h) => h,
        None => rows::horizon(pool).await?,
    };
    Ok((rows::read_below(pool, after, filter, SUBSCRIPTION_BATCH, below).await?, below))
}

/// Wait for a wake-up (or the poll interval), then let the appends of the rest of the
/// round gather before reading them. `false`: the subscriber went away meanwhile.
async fn wait_for_more(
    wakeups: &mut watch::Receiver<u64>,
    pace: &Pace,
    round_started: Instant,
    out: &mpsc::Sender<Result<Batch>>,
) -> bool {
    tokio::select! {
        changed = wakeups.changed() => if changed.is_err() { tokio::time::sleep(pace.poll_interval).await },
        _ = tokio::time::sleep(pace.poll_interval) => {},
        _ = out.closed() => return false,
    }
    let wait = pace.min_round.saturating_sub(round_started.elapsed());
    if !wait.is_zero() {
        tokio::select! {
            _ = tokio::time::sleep(wait) => {},
            _ = out.closed() => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::scanned_to;
    use crate::model::Position;

    #[test]
    fn a_short_read_moves_the_scan_to_just_below_the_horizon() {
        let marker = Position::new(99, i64::MAX as u64);
        assert_eq!(scanned_to(None, 100), Some(marker));
        assert_eq!(scanned_to(Some(Position::new(40, 7)), 100), Some(marker));
        // The first possible event at the horizon comes after the marker.
        assert!(Position::new(100, 1) > marker);
    }

    #[test]
    fn the_scan_never_moves_back() {
        let ahead = Position::new(120, 3);
        assert_eq!(scanned_to(Some(ahead), 100), Some(ahead));
        assert_eq!(scanned_to(Some(ahead), 0), Some(ahead));
        assert_eq!(scanned_to(None, 0), None);
    }
}
