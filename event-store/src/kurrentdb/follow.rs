//! A live subscription of `$all` that delivers each event once, whatever the server repeats.

use ::kurrentdb as kdb;
use kdb::{ResolvedEvent, SubscriptionEvent};

use super::convert::{is_system, map_error, original, to_recorded, Op};
use crate::model::{RecordedEvent, SubscriptionFilter};
use crate::Result;

/// A live subscription: the client's subscription, the trait's filter, and the last
/// position passed (delivered or skipped), below which nothing is delivered again.
pub(super) struct Following {
    pub(super) subscription: kdb::Subscription,
    pub(super) filter: SubscriptionFilter,
    pub(super) last: Option<kdb::Position>,
}

impl Following {
    /// The event to deliver for `resolved`, if it passes the filters.
    fn accept(&mut self, resolved: &ResolvedEvent) -> Result<Option<RecordedEvent>> {
        let event = original(resolved)?;
        if self.last.is_some_and(|l| event.position <= l) {
            return Ok(None); // at or before the start (an inclusive server), or a repeat
        }
        self.last = Some(event.position);
        if is_system(event) || !self.filter.matches(event.stream_id(), &event.event_type) {
            return Ok(None);
        }
        to_recorded(event).map(Some)
    }
}

/// The next item of a subscription. After an error the stream ends, as in the
/// PostgreSQL store: the subscriber resumes from its checkpoint.
pub(super) async fn next_delivery(state: Option<Following>) -> Option<(Result<RecordedEvent>, Option<Following>)> {
    let mut following = state?;
    loop {
        match following.subscription.next_subscription_event().await {
            Ok(SubscriptionEvent::EventAppeared(resolved)) => match following.accept(&resolved) {
                Ok(Some(event)) => return Some((Ok(event), Some(following))),
                Ok(None) => {}
                Err(e) => return Some((Err(e), None)),
            },
            // Confirmation, checkpoints of the filter, caught-up and fell-behind notices.
            Ok(_) => {}
            Err(e) => return Some((Err(map_error(e, Op::Other)), None)),
        }
    }
}
