//! A given/when/then harness for every aggregate's decisions:
//! `given(events).when(|state| decide(&cmd, state)).then(events)` or `.then_err(error)`.
//!
//! It folds events with the one [`Aggregate`] trait the command side stores aggregates
//! by; each aggregate's `testing` module wraps [`given`] so its tests need no type
//! annotations.

use std::fmt::Debug;

use crate::Aggregate;

/// The history a decision is taken on.
pub struct Given<A>(A);

/// The outcome of a decision, to be checked.
pub struct Then<Ev, E>(Result<Vec<Ev>, E>);

/// Fold `events` into the state the decision sees.
pub fn given<A: Aggregate>(events: impl IntoIterator<Item = A::Event>) -> Given<A> {
    Given(events.into_iter().fold(A::default(), |state, e| state.evolve(&e)))
}

impl<A: Aggregate> Given<A> {
    /// Take a decision on the state.
    pub fn when<E>(self, decide: impl FnOnce(&A) -> Result<Vec<A::Event>, E>) -> Then<A::Event, E> {
        Then(decide(&self.0))
    }

    /// The state itself, for checks on what the events left.
    pub fn state(self) -> A {
        self.0
    }
}

impl<Ev: Debug + PartialEq, E: Debug + PartialEq> Then<Ev, E> {
    /// The decision produced exactly these events.
    #[track_caller]
    pub fn then(self, expected: impl IntoIterator<Item = Ev>) {
        assert_eq!(self.0, Ok(expected.into_iter().collect()));
    }

    /// The decision was refused with exactly this error.
    #[track_caller]
    pub fn then_err(self, expected: E) {
        assert_eq!(self.0, Err(expected));
    }

    /// The decision's outcome, for checks that need more than equality.
    pub fn outcome(self) -> Result<Vec<Ev>, E> {
        self.0
    }
}
