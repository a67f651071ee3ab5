//! The `till` projection: the office desk's money (docs/till.md) as `rm_till_movements`,
//! every cash and card-terminal movement, and `rm_till_days`, each closed day.
//!
//! It reads four event types (filtered by the store): an office sale's `OrderPaid` (its
//! transaction `cash-…` or `card_terminal-…`; a gateway's payment is no movement of the
//! till), `RefundPaidOut`, `CashCorrected` and `TillDayClosed`. Who recorded a movement
//! is the event's `user_id`.
//!
//! A movement counts on its Warsaw day, unless that day was already closed when the
//! movement came (in the store's order): then on the next day not closed. So a closed
//! day's movements never change, and a rebuild, reading the same order, puts every
//! movement on the same day. Rows are keyed by the event's id: a replayed batch writes
//! nothing new.

use std::collections::HashSet;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Europe::Warsaw;
use domain::till::{Closing, TillEvent};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct TillProjection;

/// The stored event types it reads.
pub const EVENT_TYPES: [&str; 4] = ["OrderPaid", "RefundPaidOut", "CashCorrected", "TillDayClosed"];

/// A row of `rm_till_movements`.
#[derive(Debug, Clone, Serialize)]
struct Movement {
    movement_id: Uuid,
    day: NaiveDate,
    at: DateTime<Utc>,
    kind: &'static str,
    method: &'static str,
    amount: i64,
    order_id: Option<Uuid>,
    refund_id: Option<Uuid>,
    note: String,
    by_user_id: Option<Uuid>,
}

/// What the till reads of `OrderPaid`.
#[derive(Deserialize)]
struct Paid {
    order_id: Uuid,
    paid_at: DateTime<Utc>,
    amount: i64,
    transaction_id: String,
}

/// What the till reads of `RefundPaidOut`.
#[derive(Deserialize)]
struct PaidOut {
    order_id: Uuid,
    refund_id: Uuid,
    amount: i64,
    method: String,
    paid_out_at: DateTime<Utc>,
}

/// How an office sale was paid, from its transaction id (`cash-<order>`,
/// `card_terminal-<order>`, as `command_api::payments::pay_at_office` names it); `None`
/// for any other payment.
pub fn desk_method(transaction_id: &str) -> Option<&'static str> {
    if transaction_id.starts_with("cash-") {
        Some("cash")
    } else if transaction_id.starts_with("card_terminal-") {
        Some("card_terminal")
    } else {
        None
    }
}

fn warsaw_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&Warsaw).date_naive()
}

/// The batch's movements and closes, with the closed days it knows.
#[derive(Default)]
struct Fold {
    closed: HashSet<NaiveDate>,
    movements: Vec<Movement>,
    closes: Vec<(NaiveDate, Closing)>,
}

impl Fold {
    /// The day a movement at `at` counts on: its own, or the next one not closed.
    fn day_of(&self, at: DateTime<Utc>) -> NaiveDate {
        let mut day = warsaw_day(at);
        while self.closed.contains(&day) {
            match day.succ_opt() {
                Some(next) => day = next,
                None => break,
            }
        }
        day
    }

    #[allow(clippy::too_many_arguments)]
    fn movement(
        &mut self,
        id: Uuid,
        at: DateTime<Utc>,
        kind: &'static str,
        method: &'static str,
        amount: i64,
        order_id: Option<Uuid>,
        refund_id: Option<Uuid>,
        note: String,
        by: Option<Uuid>,
    ) {
        let day = self.day_of(at);
        self.movements.push(Movement {
            movement_id: id,
            day,
            at,
            kind,
            method,
            amount,
            order_id,
            refund_id,
            note,
            by_user_id: by,
        });
    }

    fn apply(&mut self, e: &RecordedEvent) -> Result<(), ProjectionError> {
        let by = e.metadata.user_id.as_deref().and_then(|u| u.parse::<Uuid>().ok());
        match e.event_type.as_str() {
            "OrderPaid" => {
                let paid: Paid = e.decode()?;
                if let Some(method) = desk_method(&paid.transaction_id) {
                    if paid.amount != 0 {
                        self.movement(
                            e.id,
                            paid.paid_at,
                            "sale",
                            method,
                            paid.amount,
                            Some(paid.order_id),
                            None,
                            String::new(),
                            by,
                        );
                    }
                }
            }
            "RefundPaidOut" => {
                let out: PaidOut = e.decode()?;
                let method = if out.method == "cash" { "cash" } else { "card_terminal" };
                self.movement(
                    e.id,
                    out.paid_out_at,
                    "refund",
                    method,
                    -out.amount,
                    Some(out.order_id),
                    Some(out.refund_id),
                    String::new(),
                    by,
                );
            }
            _ => match e.decode::<TillEvent>()? {
                TillEvent::CashCorrected { amount, reason, by_user_id, at, .. } => {
                    let kind = if amount > 0 { "cash_in" } else { "cash_out" };
                    self.movement(e.id, at, kind, "cash", amount, None, None, reason, Some(by_user_id));
                }
                TillEvent::TillDayClosed { day, closing } => {
                    self.closed.insert(day);
                    self.closes.push((day, closing));
                }
            },
        }
        Ok(())
    }
}

#[async_trait]
impl Projection for TillProjection {
    fn name(&self) -> &'static str {
        "till"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::EventType(EVENT_TYPES.iter().map(|t| t.to_string()).collect())
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut fold = Fold::default();
        let Some(first) = events.iter().map(|e| warsaw_day(e.recorded_at)).min() else { return Ok(()) };
        // The days closed so far from the batch's first day on (a movement never counts
        // on a day before its own).
        let earliest = first.pred_opt().unwrap_or(first);
        let closed: Vec<NaiveDate> = sqlx::query_scalar("select day from rm_till_days where day >= $1")
            .bind(earliest)
            .fetch_all(&mut *conn)
            .await?;
        fold.closed.extend(closed);
        for e in events {
            if EVENT_TYPES.contains(&e.event_type.as_str()) {
                fold.apply(e)?;
            }
        }
        if !fold.movements.is_empty() {
            sqlx::query(
                "insert into rm_till_movements \
                 select * from jsonb_populate_recordset(null::rm_till_movements, $1) \
                 on conflict (movement_id) do nothing",
            )
            .bind(Json(&fold.movements))
            .execute(&mut *conn)
            .await?;
        }
        for (day, c) in &fold.closes {
            sqlx::query(
                "insert into rm_till_days (day, closed_at, opening_cash, expected_cash, counted_cash, difference, \
                 reason, z_report, by_user_id, closing) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 on conflict (day) do nothing",
            )
            .bind(day)
            .bind(c.closed_at)
            .bind(c.opening_cash)
            .bind(c.expected_cash)
            .bind(c.counted_cash)
            .bind(c.difference)
            .bind(&c.reason)
            .bind(&c.z_report)
            .bind(c.by_user_id)
            .bind(Json(c))
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_till_movements, rm_till_days").execute(&mut *conn).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn only_the_office_s_payments_are_movements_of_the_till() {
        assert_eq!(desk_method("cash-0195f1c2-7a6b-7cc1-8f00-000000000001"), Some("cash"));
        assert_eq!(desk_method("card_terminal-0195f1c2"), Some("card_terminal"));
        assert_eq!(desk_method("4815162342"), None);
        assert_eq!(desk_method("coupon-0195f1c2"), None);
    }

    #[test]
    fn a_movement_after_its_day_was_closed_counts_on_the_next_open_day() {
        let mut fold = Fold::default();
        let late = Utc.with_ymd_and_hms(2026, 11, 30, 20, 0, 0).unwrap(); // 21:00 in Warsaw
        let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        assert_eq!(fold.day_of(late), day);
        fold.closed.insert(day);
        fold.closed.insert(day.succ_opt().unwrap());
        assert_eq!(fold.day_of(late), NaiveDate::from_ymd_opt(2026, 12, 2).unwrap());
        // Warsaw's day, not UTC's: 23:30Z on the 29th is the 30th in Warsaw.
        let fresh = Fold::default();
        assert_eq!(fresh.day_of(Utc.with_ymd_and_hms(2026, 11, 29, 23, 30, 0).unwrap()), day);
    }
}
