//! # Coupon: a stored-value code
//!
//! One aggregate per code, in the stream `coupon-{CODE}`.

mod events;

pub use events::{normalize_code, stream_name, CouponEvent, CouponOrigin, STREAM_PREFIX};

/// The namespace of the UUID v5 event ids of this aggregate.
const EVENT_ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x9b3d_61c4_0e27_4f55_8c1a_7e4b_3a90_c2d6);
