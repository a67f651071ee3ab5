//! The events of a user's stamp card: one stamp per paid ticket, a reward coupon every
//! `stamps_per_reward` stamps.
//!
//! Stored with the event type [`StampCardEvent::event_type`] and, as data, the JSON of
//! the enum (internally tagged by `type`). Version 1 of each type.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "stamps-";

/// The stream of a user's stamp card: `stamps-{user id}`.
pub fn stream_name(user_id: Uuid) -> String {
    format!("{STREAM_PREFIX}{user_id}")
}

/// What happened to a stamp card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum StampCardEvent {
    /// A paid ticket of the user earned a stamp.
    StampAdded { user_id: Uuid, ticket_id: Uuid, order_id: Uuid },
    /// The ticket was returned (or its order cancelled): its stamp is gone.
    StampRemoved { user_id: Uuid, ticket_id: Uuid },
    /// The stamp just added reached a reward: a coupon `coupon_code` worth `value` grosz
    /// is to be issued to the user.
    RewardEarned { user_id: Uuid, coupon_code: String, value: i64 },
}

impl StampCardEvent {
    /// The stored event type (the same text as the `type` tag of the data).
    pub fn event_type(&self) -> &'static str {
        match self {
            StampCardEvent::StampAdded { .. } => "StampAdded",
            StampCardEvent::StampRemoved { .. } => "StampRemoved",
            StampCardEvent::RewardEarned { .. } => "RewardEarned",
        }
    }

    /// The user whose card it is.
    pub fn user_id(&self) -> Uuid {
        match self {
            StampCardEvent::StampAdded { user_id, .. }
            | StampCardEvent::StampRemoved { user_id, .. }
            | StampCardEvent::RewardEarned { user_id, .. } => *user_id,
        }
    }

    /// The event's id, derived from the stream version the decision was taken on and
    /// what makes the event unique, so a retried command appends the same id. (The
    /// version is needed: a ticket's stamp may be removed and, in theory, added again.)
    pub fn event_id(&self, after_version: u64) -> Uuid {
        let key = match self {
            StampCardEvent::StampAdded { ticket_id, .. } | StampCardEvent::StampRemoved { ticket_id, .. } => {
                ticket_id.to_string()
            }
            StampCardEvent::RewardEarned { coupon_code, .. } => coupon_code.clone(),
        };
        let name = format!("{}/{after_version}/{}/{key}", stream_name(self.user_id()), self.event_type());
        Uuid::new_v5(&super::EVENT_ID_NAMESPACE, name.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_and_event_ids_are_per_user_and_fact() {
        let user = Uuid::from_u128(42);
        assert_eq!(stream_name(user), format!("stamps-{user}"));
        let added = |t: u128| StampCardEvent::StampAdded {
            user_id: user,
            ticket_id: Uuid::from_u128(t),
            order_id: Uuid::nil(),
        };
        assert_eq!(added(1).event_id(0), added(1).event_id(0));
        assert_ne!(added(1).event_id(0), added(2).event_id(0));
        assert_ne!(added(1).event_id(0), added(1).event_id(1));
        assert_eq!((added(1).event_type(), added(1).user_id()), ("StampAdded", user));
    }
}
