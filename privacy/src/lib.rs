//! # privacy
//!
//! Personal data under RODO (the GDPR) in an event store that keeps everything:
//! **crypto-shredding**. Every data subject (an order's customer and passengers, an
//! order's invoice buyer, a complaint's author) has a key of its own in PostgreSQL; its
//! values are sealed with it before an event is stored, and erasing the subject deletes
//! the key, after which every copy of those values in every event, in every backup of the
//! events and in the KurrentDB store alike reads as erased.
//!
//! - [`policy`]: which values of which event types are personal, whose, and what they read
//!   as once erased (`"[usunięto]"`, or `""` for an e-mail or phone).
//! - [`seal`]: one value sealed (ChaCha20-Poly1305 from `ring`) into a JSON string that
//!   names its subject.
//! - [`transform`]: a whole event sealed (one JSON pass, only for the types the policy
//!   names) or opened (a substring scan: an event without sealed values costs nothing more).
//! - [`keys`]: the key table and the register of erasures, with a per-process cache.
//! - [`journal`]: every erasure also written to a file outside the database, so a restored
//!   backup of the database forgets again at the next start.
//! - [`migrate`]: the events stored before sealing, sealed in place (PostgreSQL store).
//! - [`SealingStore`]: the decorator that puts all of it in front of any
//!   [`event_store::EventStore`]; the app opens every store through it.
//!
//! Why crypto-shredding rather than forgettable payloads (values in a table, events
//! holding references): events stay self-contained (a reader needs no second lookup by
//! reference, a replay of finance reads the same bytes), the two stores behave the same
//! since nothing of the store changes, and an erased value is gone from every copy of the
//! events at once, backups included, without rewriting any of them.

pub mod conformance;
pub mod journal;
pub mod keys;
pub mod migrate;
pub mod policy;
pub mod seal;
mod store;
mod subject;
pub mod transform;

pub use journal::Journal;
pub use keys::{Actor, Erasure, KeyCommit, KeyError, Keyring};
pub use policy::ERASED_TEXT;
pub use store::SealingStore;
pub use subject::Subject;
