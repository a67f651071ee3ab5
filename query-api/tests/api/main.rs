//! The query API through HTTP, against a fresh PostgreSQL database per test.

mod booking;
mod helpers;
mod search;
