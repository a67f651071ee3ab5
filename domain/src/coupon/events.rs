//! The events of a coupon: a stored-value code, spent on orders and refilled by refunds.
//!
//! Stored with the event type [`CouponEvent::event_type`] and, as data, the JSON of the
//! enum (internally tagged by `type`). Version 1 of each type. Codes in events are
//! always normalised ([`normalize_code`]).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "coupon-";

/// A code as it is stored and compared: without surrounding spaces, upper-cased
/// (`" lato24 "` is `LATO24`).
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase()
}

/// The stream of a coupon: `coupon-{CODE}` (the code normalised).
pub fn stream_name(code: &str) -> String {
    format!("{STREAM_PREFIX}{}", normalize_code(code))
}

/// Where a coupon came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CouponOrigin {
    /// An admin created it.
    Admin,
    /// A user earned it with stamps.
    StampReward,
}

/// What happened to a coupon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CouponEvent {
    /// The coupon exists with `value` grosz to spend, until `expires_at` if given;
    /// `user_id` is the owner of a reward coupon.
    CouponIssued {
        code: String,
        value: i64,
        expires_at: Option<DateTime<Utc>>,
        user_id: Option<Uuid>,
        origin: CouponOrigin,
    },
    /// An admin set the value left and the expiry.
    CouponChanged { code: String, current_value: i64, expires_at: Option<DateTime<Utc>> },
    /// An order spent `amount` (`min(value left, wanted)`, never below zero).
    CouponSpent { code: String, order_id: Uuid, amount: i64 },
    /// `amount` of what an order spent came back (a returned ticket, a cancelled order).
    CouponRefunded { code: String, order_id: Uuid, refund_id: Uuid, amount: i64 },
    /// The coupon reached its expiry; what is left cannot be spent any more.
    CouponExpired { code: String, at: DateTime<Utc> },
}

impl CouponEvent {
    /// The stored event type (the same text as the `type` tag of the data).
    pub fn event_type(&self) -> &'static str {
        match self {
            CouponEvent::CouponIssued { .. } => "CouponIssued",
            CouponEvent::CouponChanged { .. } => "CouponChanged",
            CouponEvent::CouponSpent { .. } => "CouponSpent",
            CouponEvent::CouponRefunded { .. } => "CouponRefunded",
            CouponEvent::CouponExpired { .. } => "CouponExpired",
        }
    }

    /// The coupon's code.
    pub fn code(&self) -> &str {
        match self {
            CouponEvent::CouponIssued { code, .. }
            | CouponEvent::CouponChanged { code, .. }
            | CouponEvent::CouponSpent { code, .. }
            | CouponEvent::CouponRefunded { code, .. }
            | CouponEvent::CouponExpired { code, .. } => code,
        }
    }

    /// The event's id, derived from the stream version the decision was taken on and
    /// what makes the event unique, so a retried command appends the same id. (The
    /// version is needed here: an admin may set the same value twice, at different times.)
    pub fn event_id(&self, after_version: u64) -> Uuid {
        let key = match self {
            CouponEvent::CouponIssued { .. }
            | CouponEvent::CouponChanged { .. }
            | CouponEvent::CouponExpired { .. } => String::new(),
            CouponEvent::CouponSpent { order_id, .. } => order_id.to_string(),
            CouponEvent::CouponRefunded { refund_id, .. } => refund_id.to_string(),
        };
        let name = format!("{}/{after_version}/{}/{key}", stream_name(self.code()), self.event_type());
        Uuid::new_v5(&super::EVENT_ID_NAMESPACE, name.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_snake_case_on_the_wire() {
        use serde::de::value::{Error, StrDeserializer};
        use serde::de::IntoDeserializer;
        let d: StrDeserializer<Error> = "stamp_reward".into_deserializer();
        assert_eq!(CouponOrigin::deserialize(d).ok(), Some(CouponOrigin::StampReward));
    }

    #[test]
    fn codes_are_trimmed_and_upper_cased_in_stream_names() {
        assert_eq!(normalize_code("  lato24 "), "LATO24");
        assert_eq!(stream_name("lato24"), "coupon-LATO24");
    }

    #[test]
    fn event_ids_depend_on_the_version_and_the_fact() {
        let spent = |order: u128| CouponEvent::CouponSpent {
            code: "LATO".into(),
            order_id: Uuid::from_u128(order),
            amount: 100,
        };
        assert_eq!(spent(1).event_id(3), spent(1).event_id(3));
        assert_ne!(spent(1).event_id(3), spent(2).event_id(3));
        assert_ne!(spent(1).event_id(3), spent(1).event_id(4));
        let changed = CouponEvent::CouponChanged { code: "LATO".into(), current_value: 100, expires_at: None };
        assert_ne!(changed.event_id(1), changed.event_id(5), "the same edit made twice is two events");
        assert_eq!(changed.event_type(), "CouponChanged");
        assert_eq!(changed.code(), "LATO");
    }
}
