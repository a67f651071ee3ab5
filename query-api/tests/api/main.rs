//! The query API through HTTP, against a fresh PostgreSQL database per test.

mod accounts;
mod booking;
mod catalogue;
mod content;
mod helpers;
