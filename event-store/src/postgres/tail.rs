//! One reader of the live end of the store, shared by every subscriber of this process.
//!
//! Each projection and process manager follows the store with a subscription of its own.
//! At the live end they all want the same few events at the same moment, and each used to
//! read them with three statements of its own (the horizon, the events, the check for
//! events pending behind an open transaction): sixteen readers, sixteen times the reads.
//! The tail reads each round once, unfiltered, exactly as a subscriber would (below the
//! horizon, until a short read, then the pending check), and keeps the newest events in
//! memory with the horizon they were read below. A subscriber whose position lies inside
//! that window is answered from it (its filter applied in memory, by stream and type,
//! before anything is decoded further) and waits for the tail's next round instead of the
//! store's wake-ups; one behind the window (catching up, or the tail restarting) reads the
//! table itself as before, until it reaches the window.
//!
//! Why this keeps every guarantee of the subscription: the window holds every event after
//! its start below its horizon, and the events below a horizon never change, so what the
//! window answers is exactly what the subscriber's own read below that horizon would have
//! answered. The window is published whole after each round (never half a round), and a
//! subscriber takes from it only events after its own position, in order.

use std::collections::VecDeque;
use std::sync::{Arc, RwLock, Weak};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use tokio::sync::watch;

use super::rows::{self, EventRow};
use super::subscription::{scanned_to, Pace, PendingBackoff};
use super::SUBSCRIPTION_BATCH;
use crate::model::{Lag, Position, SubscriptionFilter};

/// The most events the window keeps: a few seconds of the heaviest load measured (orders
/// at a few thousand a second, two or three events each); a subscriber further behind
/// reads the table.
const WINDOW_EVENTS: usize = 20_000;
/// The pause after a failed round (the window is closed meanwhile).
const RETRY: Duration = Duration::from_millis(200);
/// A round that read at least this many events was busy: the next starts no sooner than
/// [`Pace::busy_round`] after it. Like PostgreSQL's `commit_delay`, which waits for others
/// only while `commit_siblings` are active: a quiet store's events (a customer's order, a
/// test's request) are read at the shorter [`Pace::min_round`], and under a heavy load each
/// round and each subscriber's commit carries more events for the same fixed cost.
const BUSY_ROUND_EVENTS: usize = 64;

/// The shared reader of one store (its clones share it).
pub(super) struct Tail {
    window: RwLock<Window>,
    /// Bumped after each round that published a window.
    rounds: watch::Sender<u64>,
    started: std::sync::Once,
    pool: PgPool,
    wakeups: watch::Receiver<u64>,
    pace: Pace,
}

/// What the tail has read: every event after `start` below `horizon`.
#[derive(Default)]
struct Window {
    /// False until the first round, and after a failure until the next good one.
    open: bool,
    /// The window begins after this position (`None`: at the store's beginning).
    start: Option<Position>,
    events: VecDeque<EventRow>,
    horizon: i64,
    /// The scan position: everything below the horizon up to here is in `events`.
    scanned: Option<Position>,
    /// Committed events were waiting behind an older transaction when it was read.
    pending: bool,
}

impl Window {
    /// Where the events after `after` begin in the window, when it covers `after`: open,
    /// starting at or before it, and scanned at least up to it.
    fn first_after(&self, after: Option<Position>) -> Option<usize> {
        let from_start = match (self.start, after) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(start), Some(after)) => start <= after,
        };
        let not_ahead = match (after, self.scanned) {
            (None, _) => true,
            (Some(after), Some(scanned)) => after <= scanned,
            (Some(_), None) => false,
        };
        if !(self.open && from_start && not_ahead) {
            return None;
        }
        Some(after.map_or(0, |a| self.events.partition_point(|e| e.position() <= a)))
    }
}

/// What the window answers of readers' lag ([`Tail::lag_within`]).
pub(super) struct WindowLag {
    /// Per position asked, the window's part of its lag, when the window covers it.
    pub(super) lags: Vec<Option<Lag>>,
    /// The window holds every event up to here; the events after it are not in it.
    pub(super) scanned: Option<Position>,
}

/// A subscriber's read, answered from the window.
pub(super) struct TailRead {
    pub(super) rows: Vec<EventRow>,
    /// The horizon the window was read below.
    pub(super) below: i64,
    pub(super) pending: bool,
}

impl Tail {
    pub(super) fn new(pool: PgPool, wakeups: watch::Receiver<u64>, pace: Pace) -> Arc<Self> {
        let (rounds, _) = watch::channel(0);
        Arc::new(Tail {
            window: RwLock::new(Window::default()),
            rounds,
            started: std::sync::Once::new(),
            pool,
            wakeups,
            pace,
        })
    }

    /// The tail's rounds, to wait on; starts the reading task with the first subscriber
    /// (so a store only appended to never reads).
    pub(super) fn follow(self: &Arc<Self>) -> watch::Receiver<u64> {
        self.started.call_once(|| {
            tokio::spawn(run(Arc::downgrade(self), self.pool.clone(), self.wakeups.clone(), self.pace));
        });
        self.rounds.subscribe()
    }

    /// The events after `after` that pass `filter` (at most `limit`), when the window
    /// covers `after`; `None`: read the table.
    pub(super) fn read(&self, after: Option<Position>, filter: &SubscriptionFilter, limit: usize) -> Option<TailRead> {
        let window = self.window.read().unwrap_or_else(|e| e.into_inner());
        let first = window.first_after(after)?;
        let rows = window.events.range(first..).filter(|e| e.passes(filter)).take(limit).cloned().collect();
        Some(TailRead { rows, below: window.horizon, pending: window.pending })
    }

    /// The window's part of each reader's lag: for each of `positions` the window covers,
    /// the events after it up to the scan position and the oldest one's time (`None` for a
    /// position it does not cover); the rest of the store's end lies after `scanned`.
    /// `None` while the window is closed.
    pub(super) fn lag_within(&self, positions: &[Option<Position>]) -> Option<WindowLag> {
        let window = self.window.read().unwrap_or_else(|e| e.into_inner());
        if !window.open {
            return None;
        }
        let firsts: Vec<Option<usize>> = positions.iter().map(|&p| window.first_after(p)).collect();
        // The oldest time from each event to the scan, only as far back as the lowest reader
        // covered (times do not follow positions: a transaction's events carry its start).
        let len = window.events.len();
        let lowest = firsts.iter().flatten().min().copied().unwrap_or(len);
        let mut oldest_from: Vec<Option<DateTime<Utc>>> = vec![None; len - lowest + 1];
        for (i, e) in window.events.range(lowest..).enumerate().rev() {
            oldest_from[i] = Some(oldest_from[i + 1].map_or(e.recorded_at(), |o| o.min(e.recorded_at())));
        }
        let lags = firsts
            .into_iter()
            .map(|first| first.map(|i| Lag { events: (len - i) as u64, oldest_at: oldest_from[i - lowest] }))
            .collect();
        Some(WindowLag { lags, scanned: window.scanned })
    }

    fn publish(&self, read: Vec<EventRow>, horizon: i64, pending: bool) {
        let mut window = self.window.write().unwrap_or_else(|e| e.into_inner());
        let last = read.last().map(EventRow::position).or(window.scanned);
        window.events.extend(read);
        while window.events.len() > WINDOW_EVENTS {
            let dropped = window.events.pop_front().map(|e| e.position());
            window.start = dropped.or(window.start);
        }
        window.horizon = horizon;
        window.scanned = scanned_to(last, horizon);
        window.pending = pending;
        window.open = true;
        drop(window);
        self.rounds.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Start again at the store's head: after a failure nothing read before is trusted.
    fn restart(&self, start: Option<Position>, horizon: i64, pending: bool) {
        let mut window = self.window.write().unwrap_or_else(|e| e.into_inner());
        *window = Window {
            open: true,
            start,
            events: VecDeque::new(),
            horizon,
            scanned: scanned_to(start, horizon),
            pending,
        };
        drop(window);
        self.rounds.send_modify(|n| *n = n.wrapping_add(1));
    }

    fn close(&self) {
        self.window.write().unwrap_or_else(|e| e.into_inner()).open = false;
        self.rounds.send_modify(|n| *n = n.wrapping_add(1));
    }

    fn scanned(&self) -> Option<Position> {
        self.window.read().unwrap_or_else(|e| e.into_inner()).scanned
    }
}

/// The reading task: rounds paced like a subscriber's, for as long as the store lives.
async fn run(tail: Weak<Tail>, pool: PgPool, mut wakeups: watch::Receiver<u64>, pace: Pace) {
    let mut fresh = true;
    let mut waiting = PendingBackoff::default();
    loop {
        wakeups.borrow_and_update();
        let round_started = Instant::now();
        let Some(shared) = tail.upgrade() else { return };
        let outcome = if fresh { begin(&pool, &shared).await } else { round(&pool, &shared).await };
        let (read, pending) = match outcome {
            Ok(read) => read,
            Err(e) => {
                tracing::warn!(error = %e, "the shared reader of the store failed; subscribers read alone meanwhile");
                shared.close();
                fresh = true;
                drop(shared);
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        fresh = false;
        drop(shared);
        let gap = gap_after(read, &pace);
        if pending {
            waiting.pause(gap, round_started, read > 0).await;
            continue;
        }
        waiting.reset();
        tokio::select! {
            changed = wakeups.changed() => if changed.is_err() { tokio::time::sleep(pace.poll_interval).await },
            _ = tokio::time::sleep(pace.poll_interval) => {},
        }
        tokio::time::sleep(gap.saturating_sub(round_started.elapsed())).await;
    }
}

/// The shortest time from the start of a round that read `read` events to the next.
fn gap_after(read: usize, pace: &Pace) -> Duration {
    if read >= BUSY_ROUND_EVENTS {
        pace.busy_round.max(pace.min_round)
    } else {
        pace.min_round
    }
}

/// The window opened empty at the head (nothing read: `(0, pending)`).
async fn begin(pool: &PgPool, tail: &Tail) -> crate::Result<(usize, bool)> {
    let horizon = rows::horizon(pool).await?;
    let start = rows::last_below(pool, horizon).await?.map(|head| head.position);
    let pending = rows::pending_from(pool, horizon).await?;
    tail.restart(start, horizon, pending);
    Ok((0, pending))
}

/// One round: everything after the window below a fresh horizon, published at once; how
/// many events it read, and whether events wait behind an open transaction.
async fn round(pool: &PgPool, tail: &Tail) -> crate::Result<(usize, bool)> {
    let horizon = rows::horizon(pool).await?;
    let mut after = tail.scanned();
    let mut read = Vec::new();
    loop {
        let batch = rows::read_below(pool, after, &SubscriptionFilter::All, SUBSCRIPTION_BATCH, horizon).await?;
        let full = batch.len() as i64 >= SUBSCRIPTION_BATCH;
        if let Some(last) = batch.last() {
            after = Some(last.position());
        }
        read.extend(batch);
        if !full {
            break;
        }
        if read.len() > WINDOW_EVENTS {
            // More than the window holds arrived in one round: start the window again past
            // them (subscribers behind it read the table).
            let pending = rows::pending_from(pool, horizon).await?;
            let start = rows::last_below(pool, horizon).await?.map(|head| head.position);
            let read = read.len();
            tail.restart(start, horizon, pending);
            return Ok((read, pending));
        }
    }
    let pending = rows::pending_from(pool, horizon).await?;
    let count = read.len();
    tail.publish(read, horizon, pending);
    Ok((count, pending))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{gap_after, Pace, BUSY_ROUND_EVENTS};

    #[test]
    fn only_a_busy_round_waits_the_longer_gap() {
        let ms = Duration::from_millis;
        let pace = Pace { poll_interval: ms(500), min_round: ms(20), busy_round: ms(60) };
        assert_eq!(gap_after(0, &pace), ms(20));
        assert_eq!(gap_after(BUSY_ROUND_EVENTS - 1, &pace), ms(20));
        assert_eq!(gap_after(BUSY_ROUND_EVENTS, &pace), ms(60));
        // A busy gap shorter than the minimum never shortens the minimum.
        let short = Pace { busy_round: ms(5), ..pace };
        assert_eq!(gap_after(10_000, &short), ms(20));
    }
}
