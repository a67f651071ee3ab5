//! # domain
//!
//! The business rules, pure: money and pricing, seat inventory, order, coupon, stamp
//! card. Each aggregate has commands, events and state; `decide(command, &state)` returns
//! events or an error, `evolve(state, &event)` returns the next state. No IO, no async, no
//! database types: rules are tested in microseconds with given/when/then.
//!
//! Where to look:
//! - [`money`]: grosz, their Polish and English formats, discounts, fair splits.
//! - [`rights`]: which passenger rights of EU Regulation 181/2011 a journey carries.
//! - [`seat_inventory`] (`course-{id}`): a course's seats by segment; holds for orders
//!   being placed, confirmed when paid, released on expiry, return or change.
//! - [`order`] (`order-{id}`): placing, paying (tickets are issued), expiring,
//!   cancelling, returning and changing tickets, invoices.
//! - [`coupon`] (`coupon-{CODE}`): a stored-value code spent by orders and refilled by
//!   refunds.
//! - [`complaint`] (`complaint-{id}`): a passenger's complaint, its response and answer
//!   and their deadlines.
//! - [`stamp_card`] (`stamps-{user id}`): a stamp per paid ticket, a reward coupon every
//!   few stamps.
//! - [`till`] (`till-{day}`): the office desk's cash corrections and the day's close
//!   with its count and Z report.
//!
//! - [`Aggregate`]: the one trait every aggregate implements (its events, `evolve`, the
//!   stored event type, its stream's name); the command side's store glue, its single
//!   writer and the tests' harness all fold events through it.
//! - [`ids`]: the ids a process derives from an order id (seat holds, the coupon spend,
//!   the undo of a failed placement), shared by the placement and its recovery.
//!
//! Every aggregate follows the same shape: `events.rs` (the serde enum, internally
//! tagged by `type`, with `event_type()`, the stream name and event ids derived from the
//! command, so a retried command appends nothing new), `state.rs` (the state and a
//! total `evolve`), one file per command (`decide_*` and its `thiserror` enum; a
//! repeated command on a state that already reflects it returns `Ok(vec![])`), and
//! given/when/then tests on the shared harness in `testing.rs`.
//!
//! Every refusal has a stable code for clients ([`ErrorCode`], in [`error_code`]).
//!
//! Nothing here spans two streams: placing an order (hold seats, spend a coupon, record
//! the order) is a process in the command API, with compensation, driven by these
//! decisions and their events.

mod aggregate;
pub mod complaint;
pub mod coupon;
pub mod erasure;
pub mod error_code;
pub mod ids;
pub mod money;
pub mod order;
pub mod rights;
pub mod seat_inventory;
pub mod stamp_card;
#[cfg(test)]
mod testing;
pub mod till;

pub use aggregate::Aggregate;
pub use error_code::ErrorCode;
