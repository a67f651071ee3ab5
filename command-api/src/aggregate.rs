//! Loading an aggregate from its stream and appending what it decided.
//!
//! Every aggregate is the domain's one [`Aggregate`] trait, implemented once beside its
//! state: the state is the fold of the stream's events with its `evolve`; new events are
//! stored under its event type and get ids derived from the command's id
//! ([`event_ids`]), so a retried command that decides the same events at the same
//! version appends nothing new. The names below ([`OrderAgg`], ...) are the domain's
//! states under the names the handlers use.

pub use domain::Aggregate;
use event_store::{
    AppendResult, Direction, EventStore, ExpectedVersion, Metadata, NewEvent, ReadFrom, StoreError, StreamName,
};
use uuid::Uuid;

/// A course's seat inventory (`course-{id}`).
pub type InventoryAgg = domain::seat_inventory::SeatInventory;
/// An order (`order-{id}`).
pub type OrderAgg = domain::order::Order;
/// A coupon (`coupon-{CODE}`).
pub type CouponAgg = domain::coupon::Coupon;
/// A user's stamp card (`stamps-{user id}`).
pub type StampCardAgg = domain::stamp_card::StampCard;

/// The stream of `id`, as the store names it.
pub fn stream_of<A: Aggregate>(id: &A::Id) -> Result<StreamName, StoreError> {
    StreamName::parse(A::stream(id))
}

/// How many events one read asks for while loading a stream.
const PAGE: usize = 1000;

/// A stream's state and its version (`None`: no stream yet).
#[derive(Debug, Clone)]
pub struct Loaded<S> {
    pub state: S,
    pub version: Option<u64>,
}

impl<S> Loaded<S> {
    /// What to expect when appending after this load.
    pub fn expected(&self) -> ExpectedVersion {
        ExpectedVersion::from_current(self.version)
    }
}

/// Fold every event of `stream` into the aggregate's state.
pub async fn load<A: Aggregate>(store: &dyn EventStore, stream: &StreamName) -> Result<Loaded<A>, StoreError> {
    let mut state = A::default();
    let mut version = None;
    let mut from = ReadFrom::Start;
    loop {
        let page = match store.read_stream(stream, from, Direction::Forwards, PAGE).await {
            Ok(page) => page,
            Err(StoreError::StreamNotFound(_)) => break,
            Err(e) => return Err(e),
        };
        let full = page.len() == PAGE;
        for recorded in &page {
            let event: A::Event = recorded.decode()?;
            state = state.evolve(&event);
            version = Some(recorded.version);
        }
        match (full, version) {
            (true, Some(v)) => from = ReadFrom::Version(v + 1),
            _ => break,
        }
    }
    Ok(Loaded { state, version })
}

/// The ids of the events a command decided, derived from the command id and the index:
/// a UUID v8 whose first six bytes are the command id's and whose rest is the UUID v5 of
/// both. For a time-ordered command id (UUID v7, as a new order's) those six bytes are its
/// millisecond timestamp, so new events land at the right edge of the store's event-id
/// index rather than on a random page of it.
pub fn event_ids(command_id: Uuid, count: usize) -> impl Iterator<Item = Uuid> {
    (0..count).map(move |i| {
        let mut bytes = *Uuid::new_v5(&command_id, &(i as u64).to_be_bytes()).as_bytes();
        bytes[..6].copy_from_slice(&command_id.as_bytes()[..6]);
        uuid::Builder::from_custom_bytes(bytes).into_uuid()
    })
}

/// Turn decided events into events to append, with ids derived from `command_id`.
pub fn to_new_events<A: Aggregate>(
    command_id: Uuid,
    events: &[A::Event],
    metadata: &Metadata,
) -> Result<Vec<NewEvent>, StoreError> {
    event_ids(command_id, events.len())
        .zip(events)
        .map(|(id, event)| NewEvent::json(id, A::event_type(event), event, metadata.clone()))
        .collect()
}

/// Append decided events (nothing to do for none).
pub async fn append<A: Aggregate>(
    store: &dyn EventStore,
    stream: &StreamName,
    expected: ExpectedVersion,
    command_id: Uuid,
    events: &[A::Event],
    metadata: &Metadata,
) -> Result<Option<AppendResult>, StoreError> {
    if events.is_empty() {
        return Ok(None);
    }
    let new = to_new_events::<A>(command_id, events, metadata)?;
    store.append(stream, expected, new).await.map(Some)
}

/// Load, decide, append; on a lost race, load again and decide again (a few times).
///
/// `decide` sees the current state and returns the events (possibly none) or a refusal.
/// Answers the decided events and the state after them.
pub async fn execute<A, E, F>(
    store: &dyn EventStore,
    stream: &StreamName,
    command_id: Uuid,
    metadata: &Metadata,
    decide: F,
) -> Result<(Vec<A::Event>, A), ExecuteError<E>>
where
    A: Aggregate,
    F: FnMut(&A) -> Result<Vec<A::Event>, E>,
{
    execute_from::<A, E, F>(store, stream, command_id, metadata, decide, None)
        .await
        .map(|(events, after)| (events, after.state))
}

/// [`execute`] for a stream that is almost certainly new (its id was just made): the
/// first attempt decides on the empty state and appends expecting no stream, one round
/// trip instead of a read and an append. If the stream exists after all (a retry, a
/// recovery sweep that took the id), the lost race loads it as usual.
pub async fn execute_new<A, E, F>(
    store: &dyn EventStore,
    stream: &StreamName,
    command_id: Uuid,
    metadata: &Metadata,
    decide: F,
) -> Result<(Vec<A::Event>, A), ExecuteError<E>>
where
    A: Aggregate,
    F: FnMut(&A) -> Result<Vec<A::Event>, E>,
{
    let empty = Loaded { state: A::default(), version: None };
    execute_from::<A, E, F>(store, stream, command_id, metadata, decide, Some(empty))
        .await
        .map(|(events, after)| (events, after.state))
}

/// [`execute`] on a state the caller loaded and looked at first (to do the IO a decision
/// needs beforehand, e.g. reserve a document number); a lost race loads it again as
/// usual. Answers the decided events and the stream after them, with its version.
pub async fn execute_loaded<A, E, F>(
    store: &dyn EventStore,
    stream: &StreamName,
    command_id: Uuid,
    metadata: &Metadata,
    decide: F,
    loaded: Loaded<A>,
) -> Result<(Vec<A::Event>, Loaded<A>), ExecuteError<E>>
where
    A: Aggregate,
    F: FnMut(&A) -> Result<Vec<A::Event>, E>,
{
    execute_from::<A, E, F>(store, stream, command_id, metadata, decide, Some(loaded)).await
}

/// The loop of [`execute`]; the first attempt works from `assumed` when given, every
/// later one from a fresh load.
async fn execute_from<A, E, F>(
    store: &dyn EventStore,
    stream: &StreamName,
    command_id: Uuid,
    metadata: &Metadata,
    mut decide: F,
    mut assumed: Option<Loaded<A>>,
) -> Result<(Vec<A::Event>, Loaded<A>), ExecuteError<E>>
where
    A: Aggregate,
    F: FnMut(&A) -> Result<Vec<A::Event>, E>,
{
    const ATTEMPTS: usize = 8;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let loaded = match assumed.take() {
            Some(loaded) => loaded,
            None => load::<A>(store, stream).await?,
        };
        let events = decide(&loaded.state).map_err(ExecuteError::Refused)?;
        match append::<A>(store, stream, loaded.expected(), command_id, &events, metadata).await {
            Ok(appended) => {
                let version = appended.map_or(loaded.version, |a| Some(a.next_expected_version));
                let state = events.iter().fold(loaded.state, A::evolve);
                return Ok((events, Loaded { state, version }));
            }
            Err(StoreError::WrongExpectedVersion { .. }) if attempt < ATTEMPTS => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Why [`execute`] did not append.
#[derive(Debug, thiserror::Error)]
pub enum ExecuteError<E> {
    /// The domain refused the command.
    #[error("refused")]
    Refused(E),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::event_ids;
    use uuid::Uuid;

    #[test]
    fn event_ids_are_stable_distinct_and_keep_the_command_ids_timestamp() {
        let command = Uuid::now_v7();
        let ids: Vec<Uuid> = event_ids(command, 3).collect();
        assert_eq!(ids, event_ids(command, 3).collect::<Vec<_>>(), "a retried command decides the same ids");
        assert!(ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2]);
        for id in &ids {
            assert_eq!(id.as_bytes()[..6], command.as_bytes()[..6]);
            assert_eq!(id.get_version_num(), 8);
            assert_ne!(*id, command);
        }
        let other: Vec<Uuid> = event_ids(Uuid::now_v7(), 3).collect();
        assert!(ids.iter().all(|id| !other.contains(id)), "another command, other ids");
    }

    #[test]
    fn later_commands_with_time_ordered_ids_get_later_event_ids() {
        let first = Uuid::now_v7();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let second = Uuid::now_v7();
        let (a, b) = (event_ids(first, 1).next(), event_ids(second, 1).next());
        assert!(a < b, "{a:?} before {b:?}");
    }
}
