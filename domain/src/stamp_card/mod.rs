//! # Stamp card: a stamp per paid ticket, a coupon every few stamps
//!
//! One aggregate per user, in the stream `stamps-{user id}`.

mod events;

pub use events::{stream_name, StampCardEvent, STREAM_PREFIX};

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x47aa_d0e8_91b3_4c62_a5f7_0d8e_6b21_f35c);
