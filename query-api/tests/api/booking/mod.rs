//! The booking read endpoints through HTTP: events written straight to the store (as the
//! command API would), the projections caught up, then each endpoint's answer, the list
//! conventions, and who may see what.

mod admin;
mod coupons_stamps;
mod customer;
mod support;
