//! The `coach` application through HTTP, against a fresh PostgreSQL database per test.

mod accounts_processes;
mod authorization;
mod booking;
mod catalogue;
mod helpers;
mod hostile_input;
mod openapi;
mod operations;
mod projector_process;
mod raw_input;
