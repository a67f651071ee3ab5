//! [`Aggregate`]: what every aggregate is, once, for everyone who folds events.
//!
//! The command side's store glue (load a stream, append what was decided), its single
//! writer of hot streams and the given/when/then harness of the tests all work on this
//! one trait; each aggregate implements it once, beside its state.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A state folded from the events of one stream.
///
/// The state starts from `Default` (no stream yet); [`Aggregate::evolve`] is the
/// aggregate's total `evolve`; events are stored under [`Aggregate::event_type`] in the
/// stream [`Aggregate::stream`] names.
pub trait Aggregate: Default + Clone + Debug + Send + Sync + 'static {
    /// The aggregate's events (the serde enum stored in its stream).
    type Event: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static;
    /// What tells one stream of the aggregate from another (a course id, a coupon code).
    type Id: ?Sized;

    /// The state after `event`.
    fn evolve(self, event: &Self::Event) -> Self;
    /// The stored type name of `event` (`SeatsHeld`, `OrderPlaced`).
    fn event_type(event: &Self::Event) -> &'static str;
    /// The name of the stream of `id` (`course-{id}`, `coupon-{CODE}`).
    fn stream(id: &Self::Id) -> String;
}
