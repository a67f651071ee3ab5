//! # payment
//!
//! The payment gateway port and its adapters (being built).
