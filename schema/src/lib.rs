//! # schema
//!
//! The SQL migrations of the whole product, embedded in the binary: the event store
//! (`es_events`), projection checkpoints, and (in later migrations) the catalogue, read
//! models and accounts. `coach migrate` runs [`MIGRATOR`]; tests pass it to
//! `#[sqlx::test(migrator = "schema::MIGRATOR")]` so every test database starts from the
//! same schema as production.
//!
//! The event catalogue (every event type, its fields and version) is documented in
//! `schema/EVENTS.md`.

/// Every migration under `schema/migrations`, in order.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
