//! The catalogue API through HTTP, against a fresh PostgreSQL database per test.

mod catalogue;
mod content;
mod helpers;
