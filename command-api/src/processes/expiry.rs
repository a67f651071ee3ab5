//! Expiry of unpaid reservations at their deadline (docs/booking-rules.md, 'An unpaid reservation expires':
//! 15 minutes, a
//! *setting*), and of changes to a dearer course whose difference was not paid in the
//! same time ([`expire_overdue_changes`]: the ticket stays, the new seat goes back). Every second it asks the orders read model for pending orders past
//! their `expires_at` and records `OrderExpired` on each (the order decides: a payment
//! recorded in the meantime wins the race, and the expiry is refused). The seats go
//! back at once ([`super::effects::after_end`]) and again, harmlessly, by the reactions.
//! Durable: the deadline lives in the events (and the read model rebuilt from them), so
//! a restart simply finds the overdue orders on its first tick.

use std::time::Duration;

use api_core::ApiError;
use chrono::Utc;
use domain::order::{self, ExpireOrder, ExpireTicketChange, OrderEvent};
use event_store::Metadata;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::effects::{self, End};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// Expire every overdue pending order (at most `limit`). Answers how many expired.
pub async fn expire_overdue(state: &CommandState, limit: i64) -> Result<usize, ApiError> {
    let overdue: Vec<Uuid> = sqlx::query_scalar(
        "select order_id from rm_orders where status = 'pending_payment' and expires_at <= now() \
         order by expires_at limit $1",
    )
    .bind(limit)
    .fetch_all(&state.pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("finding overdue orders: {e}")))?;
    let mut expired = 0;
    for order_id in overdue {
        if expire(state, order_id).await? {
            expired += 1;
        }
    }
    Ok(expired)
}

/// Expire one order if it is still pending and overdue.
pub async fn expire(state: &CommandState, order_id: Uuid) -> Result<bool, ApiError> {
    let now = Utc::now();
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command = ExpireOrder { order_id, now };
    let stream = order_stream(order_id)?;
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        Uuid::new_v5(&order_id, b"expire"),
        &metadata,
        |o| order::decide_expire(&command, o),
    )
    .await;
    match result {
        Ok((events, after)) => {
            if events.is_empty() {
                return Ok(false);
            }
            if let Some(placed) = after.placed() {
                effects::after_end(state, placed, End::Expired, &metadata).await;
            }
            Ok(true)
        }
        Err(ExecuteError::Refused(e)) => {
            tracing::debug!(%order_id, error = %e, "not expired");
            Ok(false)
        }
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}

/// Drop every change of course whose difference was not paid in time (at most `limit`).
/// Answers how many were dropped.
pub async fn expire_overdue_changes(state: &CommandState, limit: i64) -> Result<usize, ApiError> {
    let overdue: Vec<(Uuid, Uuid)> = sqlx::query_as(
        "select order_id, ticket_id from rm_tickets where change_expires_at <= now() \
         order by change_expires_at limit $1",
    )
    .bind(limit)
    .fetch_all(&state.pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("finding unpaid changes: {e}")))?;
    let mut expired = 0;
    for (order_id, ticket_id) in overdue {
        if expire_change(state, order_id, ticket_id, Utc::now()).await? {
            expired += 1;
        }
    }
    Ok(expired)
}

/// Drop the change of one ticket if it still waits and its time is over at `now`.
pub async fn expire_change(
    state: &CommandState,
    order_id: Uuid,
    ticket_id: Uuid,
    now: chrono::DateTime<Utc>,
) -> Result<bool, ApiError> {
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command = ExpireTicketChange { order_id, ticket_id, now };
    let stream = order_stream(order_id)?;
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        Uuid::new_v5(&ticket_id, format!("expire-change/{now}").as_bytes()),
        &metadata,
        |o| order::decide_expire_change(&command, o),
    )
    .await;
    match result {
        Ok((events, _)) => {
            let Some(OrderEvent::TicketChangeExpired { to_course_id, hold_id, .. }) = events.first() else {
                return Ok(false);
            };
            effects::after_change_expired(state, order_id, *to_course_id, *hold_id, &metadata).await;
            Ok(true)
        }
        Err(ExecuteError::Refused(e)) => {
            tracing::debug!(%order_id, %ticket_id, error = %e, "change not expired");
            Ok(false)
        }
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}

/// How often the reminders of unpaid reservations are looked for: every 10 seconds when
/// they go out at half the reservation (minutes after placing; the lookup reads every
/// order still waiting for payment, and under load, every second, it was a tenth of
/// PostgreSQL's work per order in the orders benchmark), every second when the delay is
/// under five minutes (a test's, or a site's that wants the link at once).
fn reminder_period(after: Option<Duration>) -> Duration {
    match after {
        Some(after) if after < Duration::from_secs(300) => Duration::from_secs(1),
        _ => Duration::from_secs(10),
    }
}

/// Look for overdue orders and changes every second, and for reservations to remind of
/// every [`reminder_period`], until `shutdown`.
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    // Every so many rounds of one second (counted, not timed: a tick a hair early must not
    // skip a round).
    let remind_every = reminder_period(state.payment_reminder_after).as_secs().max(1);
    let rounds = std::sync::atomic::AtomicU64::new(0);
    super::every(Duration::from_secs(1), shutdown, || async {
        match expire_overdue(&state, 500).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "unpaid reservations expired"),
            Err(e) => tracing::warn!(error = %e, "the expiry of unpaid reservations failed"),
        }
        match expire_overdue_changes(&state, 500).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "unpaid changes of course dropped"),
            Err(e) => tracing::warn!(error = %e, "the expiry of unpaid changes failed"),
        }
        if rounds.fetch_add(1, std::sync::atomic::Ordering::Relaxed).is_multiple_of(remind_every) {
            if let Err(e) = crate::booking::payment_link_mail::remind_due(&state).await {
                tracing::warn!(error = %e, "the reminders of unpaid reservations failed");
            }
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::reminder_period;

    #[test]
    fn reminders_are_looked_for_every_second_only_when_they_are_due_within_minutes() {
        assert_eq!(reminder_period(None), Duration::from_secs(10));
        assert_eq!(reminder_period(Some(Duration::from_secs(3600))), Duration::from_secs(10));
        assert_eq!(reminder_period(Some(Duration::ZERO)), Duration::from_secs(1));
        assert_eq!(reminder_period(Some(Duration::from_secs(299))), Duration::from_secs(1));
    }
}
