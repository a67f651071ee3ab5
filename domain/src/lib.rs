//! # domain
//!
//! The business rules, pure: money and pricing, seat inventory, order, coupon, stamp
//! card. Each aggregate has commands, events and state; `decide(command, state)` returns
//! events or an error, `evolve(state, event)` returns the next state. No IO, no async, no
//! database types: rules are tested in microseconds with given/when/then.
//!
//! Aggregates so far: [`seat_inventory`] (a course's seats, by segment). The others arrive
//! with the booking issue.

pub mod seat_inventory;
