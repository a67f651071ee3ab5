//! The `stamps` projection: the `stamps-*` streams as `rm_stamp_cards` (per user: the
//! stamped tickets held now and the number of rewards earned) and `rm_stamp_rewards`
//! (each reward coupon).
//!
//! Folded per batch like [`crate::orders`]: the card row's version guards its stream.
//! The card follows the domain's `evolve` (a ticket is stamped at most once, a reward
//! code counts once), and keeps the stamped tickets so the stamps page can ask the
//! domain's `StampCard::needed` how many tickets are still needed.

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
    tickets: Vec<StampedTicket>,
    rewards: i64,
    version: i64,
    updated_at: DateTime<Utc>,
}

/// A stamped ticket, in `rm_stamp_cards.tickets`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct StampedTicket {
    ticket_id: Uuid,
    order_id: Uuid,
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
    new_rewards: BTreeSet<(Uuid, String)>,
}

impl Fold {
    fn apply(&mut self, event: StampCardEvent, version: i64, at: DateTime<Utc>) {
        let user_id = event.user_id();
        let card = self.cards.entry(user_id).or_insert(CardRow {
            user_id,
            stamps: 0,
            tickets: Vec::new(),
            rewards: 0,
            // A card starts with its first event (version 0); -1 is "nothing applied".
            version: -1,
            updated_at: at,
        });
        if card.version >= version {
            return;
        }
        card.version = version;
        card.updated_at = at;
        self.changed_cards.insert(user_id);
        match event {
            StampCardEvent::StampAdded { ticket_id, order_id, .. } => {
                if !card.tickets.iter().any(|t| t.ticket_id == ticket_id) {
                    card.tickets.push(StampedTicket { ticket_id, order_id });
                }
            }
            StampCardEvent::StampRemoved { ticket_id, .. } => card.tickets.retain(|t| t.ticket_id != ticket_id),
            StampCardEvent::RewardEarned { coupon_code, value, .. } => {
                let key = (user_id, coupon_code.clone());
                if !self.rewards.contains_key(&key) {
                    card.rewards += 1;
                    let row = RewardRow { user_id, coupon_code, value, earned_at: at, version };
                    self.rewards.insert(key.clone(), row);
                    self.new_rewards.insert(key);
                }
            }
        }
        card.stamps = card.tickets.len() as i64;
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
        for row in load::<CardRow, _>(conn, "rm_stamp_cards", "user_id", users.clone()).await? {
            fold.cards.insert(row.user_id, row);
        }
        for row in load::<RewardRow, _>(conn, "rm_stamp_rewards", "user_id", users).await? {
            fold.rewards.insert((row.user_id, row.coupon_code.clone()), row);
        }
        for (event, version, at) in decoded {
            fold.apply(event, version, at);
        }

        let cards: Vec<&CardRow> = fold.changed_cards.iter().filter_map(|u| fold.cards.get(u)).collect();
        upsert(conn, self.name(), "rm_stamp_cards", "user_id", &cards).await?;
        let rewards: Vec<&RewardRow> = fold.new_rewards.iter().filter_map(|k| fold.rewards.get(k)).collect();
        upsert(conn, self.name(), "rm_stamp_rewards", "user_id, coupon_code", &rewards).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_stamp_cards, rm_stamp_rewards").execute(&mut *conn).await?;
        Ok(())
    }
}
