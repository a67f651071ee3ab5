//! A given/when/then harness for the seat inventory's decisions:
//! `given(events).when(|state| decide(&cmd, state)).then(events)` or `.then_err(error)`.

use std::fmt::Debug;

use super::{evolve, SeatInventory, SeatInventoryEvent};

/// The history a decision is taken on.
pub struct Given(SeatInventory);

/// The outcome of a decision, to be checked.
pub struct Then<E>(Result<Vec<SeatInventoryEvent>, E>);

/// Fold `events` into the state the decision sees.
pub fn given(events: impl IntoIterator<Item = SeatInventoryEvent>) -> Given {
    Given(events.into_iter().fold(SeatInventory::Unopened, |state, e| evolve(state, &e)))
}

impl Given {
    /// Take a decision on the state.
    pub fn when<E>(self, decide: impl FnOnce(&SeatInventory) -> Result<Vec<SeatInventoryEvent>, E>) -> Then<E> {
        Then(decide(&self.0))
    }
}

impl<E: Debug + PartialEq> Then<E> {
    /// The decision produced exactly these events.
    #[track_caller]
    pub fn then(self, expected: impl IntoIterator<Item = SeatInventoryEvent>) {
        assert_eq!(self.0, Ok(expected.into_iter().collect()));
    }

    /// The decision was refused with exactly this error.
    #[track_caller]
    pub fn then_err(self, expected: E) {
        assert_eq!(self.0, Err(expected));
    }
}
