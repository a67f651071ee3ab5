//! Interactive or batch, under the limits (`limity/limity-api.md`): the interactive send
//! is limited to 30 a minute and 180 an hour, the batch session's opening to 20 a minute
//! and 60 an hour, whatever it holds (up to 10,000 invoices). The client's throttle
//! allows itself 80 % of each (`ksef::client::throttle`).
//!
//! - A queue the interactive budget left now (the calls left in the minute's and the
//!   hour's windows of `sendInvoice`) can take, and no longer than
//!   [`KsefLink::batch_over`](super::KsefLink), goes interactively: each document gets its
//!   number at once, which its e-mail waits for.
//! - Otherwise it goes in a batch session, rather than drip-feeding into 429s; but
//!   at most one batch session every [`KsefLink::batch_pace`](super::KsefLink)
//!   ([`BATCH_PACE`], 150 s: at most 24 openings an hour, half the 48 the margin allows),
//!   so under steady load the documents gather for a while and go in one package instead
//!   of a session each round: a surge of 600 invoices in 10 minutes opens a handful of
//!   sessions (`bench/run.sh ksef-load`), each document waiting at most a pace longer. Meanwhile they wait in the queue (the report's `held`), never offline.

use std::time::Duration;

/// The shortest time between two batch sessions of this process.
pub const BATCH_PACE: Duration = Duration::from_secs(150);

/// How a round sends its queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Interactive,
    Batch,
    /// The documents wait for the next batch session.
    Hold,
}

/// The mode for `to_send` documents, with `sends_left` interactive sends in the budget
/// now and the last batch session sent `since_batch` ago (`None`: none yet).
pub fn choose(
    to_send: usize,
    batch_over: usize,
    sends_left: u32,
    since_batch: Option<Duration>,
    batch_pace: Duration,
) -> Mode {
    let fits = to_send <= batch_over && u64::try_from(to_send).unwrap_or(u64::MAX) <= u64::from(sends_left);
    if to_send == 0 || fits {
        return Mode::Interactive;
    }
    match since_batch {
        Some(since) if since < batch_pace => Mode::Hold,
        _ => Mode::Batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PACE: Duration = BATCH_PACE;

    #[test]
    fn a_small_queue_within_the_budget_goes_interactively() {
        assert_eq!(choose(10, 30, 24, None, PACE), Mode::Interactive);
        assert_eq!(choose(0, 30, 0, Some(Duration::ZERO), PACE), Mode::Interactive);
    }

    #[test]
    fn a_long_queue_goes_in_a_batch_session() {
        assert_eq!(choose(31, 30, 24, None, PACE), Mode::Batch);
        assert_eq!(choose(31, 30, 24, Some(PACE), PACE), Mode::Batch);
    }

    #[test]
    fn when_the_interactive_budget_is_spent_the_queue_waits_for_one_batch() {
        assert_eq!(choose(10, 30, 4, None, PACE), Mode::Batch, "the budget left cannot take ten");
        assert_eq!(choose(10, 30, 4, Some(Duration::from_secs(20)), PACE), Mode::Hold);
        assert_eq!(choose(60, 30, 24, Some(Duration::from_secs(20)), PACE), Mode::Hold, "paced");
        assert_eq!(choose(60, 30, 24, Some(PACE + Duration::from_secs(5)), PACE), Mode::Batch);
    }
}
