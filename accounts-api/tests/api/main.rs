//! The accounts API through HTTP, against a fresh PostgreSQL database per test.

mod accounts;
mod helpers;
