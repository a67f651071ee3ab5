//! The `stamps` projection: the `stamps-*` streams as `rm_stamp_cards` (per user: the
//! stamps held now and the rewards earned) and `rm_stamp_rewards` (each reward coupon).
//!
//! Folded per batch like [`crate::orders`]: the card row's version guards its stream.
//! `stamps` counts the stamps the card holds (added less removed), as the domain's card
//! does; the page works out from it and `rewards` how many tickets are still needed.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::stamp_card::{StampCardEvent, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct StampsProjection;

/// A row of `rm_stamp_cards`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CardRow {
    user_id: Uuid,
    stamps: i64,
    rewards: i64,
    version: i64,
    updated_at: DateTime<Utc>,
}

/// A row of `rm_stamp_rewards`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RewardRow {
    user_id: Uuid,
    coupon_code: String,
    value: i64,
    earned_at: DateTime<Utc>,
    version: i64,
}

#[derive(Default)]
struct Fold {
    cards: HashMap<Uuid, CardRow>,
    changed_cards: BTreeSet<Uuid>,
    rewards: HashMap<(Uuid, String), RewardRow>,
}

impl Fold {
    fn apply(&mut self, event: StampCardEvent, version: i64, at: DateTime<Utc>) {
        let user_id = event.user_id();
        let card = self
            .cards
            .entry(user_id)
            // A card starts with its first event (version 0); -1 is "nothing applied".
            .or_insert(CardRow { user_id, stamps: 0, rewards: 0, version: -1, updated_at: at });
        if card.version >= version {
            return;
        }
        card.version = version;
        card.updated_at = at;
        self.changed_cards.insert(user_id);
        match event {
            StampCardEvent::StampAdded { .. } => card.stamps += 1,
            StampCardEvent::StampRemoved { .. } => card.stamps = (card.stamps - 1).max(0),
            StampCardEvent::RewardEarned { coupon_code, value, .. } => {
                card.rewards += 1;
                let row = RewardRow { user_id, coupon_code: coupon_code.clone(), value, earned_at: at, version };
                self.rewards.insert((user_id, coupon_code), row);
            }
        }
    }
}

#[async_trait]
impl Projection for StampsProjection {
    fn name(&self) -> &'static str {
        "stamps"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<StampCardEvent>()?, e.version as i64, e.recorded_at)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        let users: Vec<Uuid> =
            decoded.iter().map(|(e, _, _)| e.user_id()).collect::<BTreeSet<_>>().into_iter().collect();

        let mut fold = Fold::default();
        for row in load::<CardRow, _>(conn, "rm_stamp_cards", "user_id", users).await? {
            fold.cards.insert(row.user_id, row);
        }
        for (event, version, at) in decoded {
            fold.apply(event, version, at);
        }

        let cards: Vec<&CardRow> = fold.changed_cards.iter().filter_map(|u| fold.cards.get(u)).collect();
        upsert(conn, self.name(), "rm_stamp_cards", "user_id", &cards).await?;
        let rewards: Vec<&RewardRow> = fold.rewards.values().collect();
        upsert(conn, self.name(), "rm_stamp_rewards", "user_id, coupon_code", &rewards).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_stamp_cards, rm_stamp_rewards").execute(&mut *conn).await?;
        Ok(())
    }
}
