//! A batch of the booking reactions split by stream, so that orders are reacted to side by
//! side while each order's events keep their order.

use std::collections::HashMap;

use event_store::RecordedEvent;

/// How many streams' reactions run side by side. One order's reactions are a few round
/// trips each (its events read, the seats confirmed, the mail queued): one at a time they
/// took about 3.5 ms a payment in the orders bench's paid phase, under 300 payments a
/// second. Orders do not wait for one another, and the seat inventories they share batch
/// their commands ([`crate::holds`]). Eight keeps most of the API's pool (32 connections
/// by default) for its requests.
pub(super) const STREAMS_AT_ONCE: usize = 8;

/// A batch's events grouped by stream, each group in the batch's order, the groups in the
/// order of their first event.
pub(super) fn by_stream(events: &[RecordedEvent]) -> Vec<Vec<&RecordedEvent>> {
    let mut groups: Vec<Vec<&RecordedEvent>> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for recorded in events {
        let at = *index.entry(recorded.stream.as_str()).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(recorded);
    }
    groups
}

#[cfg(test)]
mod tests {
    use event_store::{Metadata, Position, RecordedEvent};
    use uuid::Uuid;

    use super::by_stream;

    /// An event whose `version` carries its place in the batch.
    fn recorded(stream: &str, place: u64) -> RecordedEvent {
        RecordedEvent {
            stream: stream.into(),
            version: place,
            position: format!("1/{place}").parse::<Position>().expect("a position"),
            id: Uuid::new_v4(),
            event_type: "OrderPaid".into(),
            data: "{}".into(),
            metadata: Metadata::default(),
            recorded_at: chrono::Utc::now(),
        }
    }

    /// Side by side across streams, never within one: each stream's events stay in the
    /// batch's order, and no event is lost or repeated.
    #[test]
    fn a_batch_splits_by_stream_keeping_each_streams_order() {
        let batch: Vec<RecordedEvent> = ["order-a", "order-b", "order-a", "stamps-u", "order-b", "order-a"]
            .iter()
            .zip(1..)
            .map(|(s, n)| recorded(s, n))
            .collect();
        let groups: Vec<Vec<(&str, u64)>> =
            by_stream(&batch).iter().map(|g| g.iter().map(|e| (e.stream.as_str(), e.version)).collect()).collect();
        assert_eq!(
            groups,
            vec![
                vec![("order-a", 1), ("order-a", 3), ("order-a", 6)],
                vec![("order-b", 2), ("order-b", 5)],
                vec![("stamps-u", 4)],
            ]
        );
        assert!(by_stream(&[]).is_empty());
    }
}
