//! Reading the store up to a position, events of some types only (filtered by the
//! PostgreSQL store in SQL, on a checkpointed subscription that says how far it has read
//! past what it skipped; a store without checkpoints is read whole and filtered here).

use event_store::{EventStore, Position, RecordedEvent, SubscriptionFilter, SubscriptionItem};
use futures::StreamExt;

use super::JpkError;

/// Hand every event of `types` up to `head` (inclusive) to `f`, in the store's order.
pub async fn each(
    store: &dyn EventStore,
    types: &[&str],
    head: Position,
    mut f: impl FnMut(&RecordedEvent) -> Result<(), JpkError>,
) -> Result<(), JpkError> {
    let filter = if store.kind() == "postgres" {
        SubscriptionFilter::EventType(types.iter().map(|t| t.to_string()).collect())
    } else {
        SubscriptionFilter::All
    };
    let mut items = store.subscribe_all_checkpointed(None, filter).await?;
    loop {
        let item = items.next().await.ok_or(JpkError::Ended)??;
        let position = match &item {
            SubscriptionItem::Event(e) => e.position,
            SubscriptionItem::Checkpoint(c) => c.position,
        };
        if let SubscriptionItem::Event(e) = &item {
            if position <= head && types.contains(&e.event_type.as_str()) {
                f(e)?;
            }
        }
        if position >= head {
            return Ok(());
        }
    }
}
