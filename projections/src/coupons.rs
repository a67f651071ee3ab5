//! The `coupons` projection: the `coupon-*` streams as `rm_coupons` (one row per code:
//! values, usages, expiry, owner) and `rm_coupon_usages` (what each order spent and got
//! back).
//!
//! Folded per batch like [`crate::orders`]: the coupon row's version guards its stream.
//! The events carry the amounts (a spend is already `min(value left, wanted)`), so the
//! projector adds and subtracts what they say. `used` means nothing is left to spend.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::coupon::{CouponEvent, CouponOrigin, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct CouponsProjection;

/// A row of `rm_coupons`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CouponRow {
    code: String,
    initial_value: i64,
    current_value: i64,
    usages: i64,
    used: bool,
    expires_at: Option<DateTime<Utc>>,
    expired_at: Option<DateTime<Utc>>,
    user_id: Option<Uuid>,
    origin: CouponOrigin,
    issued_at: DateTime<Utc>,
    version: i64,
    updated_at: DateTime<Utc>,
}

/// A row of `rm_coupon_usages`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct UsageRow {
    code: String,
    order_id: Uuid,
    amount: i64,
    refunded: i64,
    spent_at: DateTime<Utc>,
    version: i64,
}

#[derive(Default)]
struct Fold {
    coupons: HashMap<String, CouponRow>,
    usages: HashMap<(String, Uuid), UsageRow>,
    changed_coupons: BTreeSet<String>,
    changed_usages: BTreeSet<(String, Uuid)>,
}

impl Fold {
    fn apply(&mut self, event: CouponEvent, version: i64, at: DateTime<Utc>) {
        let code = event.code().to_string();
        if let CouponEvent::CouponIssued { code, value, expires_at, user_id, origin } = event {
            if !self.coupons.contains_key(&code) {
                self.changed_coupons.insert(code.clone());
                self.coupons.insert(
                    code.clone(),
                    CouponRow {
                        code,
                        initial_value: value,
                        current_value: value,
                        usages: 0,
                        used: value <= 0,
                        expires_at,
                        expired_at: None,
                        user_id,
                        origin,
                        issued_at: at,
                        version,
                        updated_at: at,
                    },
                );
            }
            return;
        }
        let Some(coupon) = self.coupons.get_mut(&code) else { return };
        if coupon.version >= version {
            return;
        }
        coupon.version = version;
        coupon.updated_at = at;
        self.changed_coupons.insert(code.clone());
        match event {
            CouponEvent::CouponIssued { .. } => {}
            CouponEvent::CouponChanged { current_value, expires_at, .. } => {
                coupon.current_value = current_value;
                coupon.expires_at = expires_at;
                // A change revives an expired coupon.
                coupon.expired_at = None;
            }
            CouponEvent::CouponSpent { order_id, amount, .. } => {
                coupon.current_value -= amount;
                coupon.usages += 1;
                let key = (code.clone(), order_id);
                self.usages
                    .insert(key.clone(), UsageRow { code, order_id, amount, refunded: 0, spent_at: at, version });
                self.changed_usages.insert(key);
            }
            CouponEvent::CouponRefunded { order_id, amount, .. } => {
                coupon.current_value += amount;
                let key = (code, order_id);
                if let Some(usage) = self.usages.get_mut(&key) {
                    usage.refunded += amount;
                    usage.version = version;
                    self.changed_usages.insert(key);
                }
            }
            CouponEvent::CouponExpired { at: expired, .. } => coupon.expired_at = Some(expired),
        }
        coupon.used = coupon.current_value <= 0;
    }
}

#[async_trait]
impl Projection for CouponsProjection {
    fn name(&self) -> &'static str {
        "coupons"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<CouponEvent>()?, e.version as i64, e.recorded_at)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        let codes: Vec<String> =
            decoded.iter().map(|(e, _, _)| e.code().to_string()).collect::<BTreeSet<_>>().into_iter().collect();
        // Usages by order, not by code: a promotion's code may have thousands of them.
        let orders: Vec<Uuid> = decoded
            .iter()
            .filter_map(|(e, _, _)| match e {
                CouponEvent::CouponSpent { order_id, .. } | CouponEvent::CouponRefunded { order_id, .. } => {
                    Some(*order_id)
                }
                _ => None,
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();

        let mut fold = Fold::default();
        for row in load::<CouponRow, _>(conn, "rm_coupons", "code", codes).await? {
            fold.coupons.insert(row.code.clone(), row);
        }
        for row in load::<UsageRow, _>(conn, "rm_coupon_usages", "order_id", orders).await? {
            fold.usages.insert((row.code.clone(), row.order_id), row);
        }
        for (event, version, at) in decoded {
            fold.apply(event, version, at);
        }

        let coupons: Vec<&CouponRow> = fold.changed_coupons.iter().filter_map(|c| fold.coupons.get(c)).collect();
        upsert(conn, self.name(), "rm_coupons", "code", &coupons).await?;
        let usages: Vec<&UsageRow> = fold.changed_usages.iter().filter_map(|k| fold.usages.get(k)).collect();
        upsert(conn, self.name(), "rm_coupon_usages", "code, order_id", &usages).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_coupons, rm_coupon_usages").execute(&mut *conn).await?;
        Ok(())
    }
}
