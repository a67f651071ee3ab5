//! The booking commands: the order form, placing, returning, changing, cancelling and
//! sending tickets.

pub mod cancel;
pub mod catalogue;
pub mod change;
pub mod form;
pub mod input;
pub mod place;
pub mod pricing;
pub mod returns;
pub mod send;
