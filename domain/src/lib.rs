//! # domain
//!
//! The business rules, pure: money and pricing, seat inventory, order, coupon, stamp
//! card. Each aggregate has commands, events and state; `decide(command, state)` returns
//! events or an error, `evolve(state, event)` returns the next state. No IO, no async, no
//! database types: rules are tested in microseconds with given/when/then.

pub mod coupon;
pub mod money;
pub mod order;
pub mod seat_inventory;
pub mod stamp_card;
#[cfg(test)]
mod testing;
