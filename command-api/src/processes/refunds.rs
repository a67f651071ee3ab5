//! Money back through the payment gateway: a ticket returned, an order cancelled after
//! payment, a payment that came too late, a ticket moved to a cheaper course.
//!
//! An outbox (`refunds`, see migration 0053). The reaction to an event that owes money
//! records what is owed ([`owe`]); a refund's id derives from the event's id, so a
//! replayed event records nothing new, and a reaction that cannot record it fails and is
//! offered again. The sender ([`run`]) claims due rows every second and asks the gateway;
//! the refund's id is the gateway's request id too, so sending it twice (a crash between
//! the gateway's answer and our note of it) refunds once. A gateway that is down delays
//! a refund, with a pause that doubles up to an hour, and never loses it; one that
//! refuses it for good leaves it `refused`, with the reason, for an admin to settle.
//! Money paid at the office (an office sale) is paid back there and never sent: in cash
//! when it was paid in cash (`at_office`, for the cashier), and on the card terminal to
//! the same card when it was paid by card (`at_terminal`).

use std::time::Duration;

use domain::order::{money_back, MoneyBackFor, OrderEvent, OrderState};
use payment::{PaymentError, RefundRequest, REFUND_DESCRIPTION_MAX};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::booking::place::OfficePayment;
use crate::CommandState;

/// Rows claimed per round, and how long a claim lasts before another sender may try.
const CLAIM: i64 = 50;
const LEASE_SECONDS: i64 = 60;
/// The longest pause between two attempts of one refund.
const MAX_PAUSE: Duration = Duration::from_secs(3600);

/// Money owed back for one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owed {
    pub refund_id: Uuid,
    pub order_id: Uuid,
    /// Why, for people: also the transfer's title at the gateway (shortened to fit).
    pub reason: String,
    pub amount: i64,
    pub provider: String,
    pub session_id: String,
    /// The gateway's id of the paid transaction to refund.
    pub transaction_id: String,
}

/// What `event` (with id `event_id`, recorded on `order`) owes back in money: one refund
/// per transaction (the rule: [`domain::order::money_back`]). The refund to the payment
/// the event is about takes the id derived from the event alone; a refund to the payment
/// of a change's difference adds that payment's session to it.
pub fn owed_by(event: &OrderEvent, event_id: Uuid, order: &OrderState) -> Vec<Owed> {
    let short = order.display_number();
    money_back(event, order)
        .into_iter()
        .map(|back| {
            let reason = match &back.reason {
                MoneyBackFor::TicketReturned { number } => format!("Zwrot biletu {number}"),
                MoneyBackFor::OrderCancelled => format!("Anulowanie zamówienia {short}"),
                MoneyBackFor::CourseChanged { number } => format!("Zmiana kursu, bilet {number}"),
                MoneyBackFor::LatePayment => format!("Zwrot płatności {short}"),
                MoneyBackFor::Compensation => format!("Odszkodowanie, zamówienie {short}"),
            };
            let name = if back.to_change_payment {
                format!("refund/{event_id}/{}", back.session_id)
            } else {
                format!("refund/{event_id}")
            };
            Owed {
                refund_id: Uuid::new_v5(&order.order_id, name.as_bytes()),
                order_id: order.order_id,
                reason,
                amount: back.amount,
                provider: back.provider,
                session_id: back.session_id,
                transaction_id: back.transaction_id,
            }
        })
        .collect()
}

/// Record what is owed (once per refund id): to be sent to the gateway, or paid back at
/// the office when it was paid there.
pub async fn owe(state: &CommandState, owed: &Owed) -> Result<(), String> {
    let status = match OfficePayment::of_provider(&owed.provider) {
        Some(OfficePayment::Cash) => "at_office",
        Some(OfficePayment::CardTerminal) => "at_terminal",
        None => "pending",
    };
    sqlx::query(
        "insert into refunds (refund_id, order_id, reason, amount, provider, session_id, transaction_id, status) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (refund_id) do nothing",
    )
    .bind(owed.refund_id)
    .bind(owed.order_id)
    .bind(&owed.reason)
    .bind(owed.amount)
    .bind(&owed.provider)
    .bind(&owed.session_id)
    .bind(&owed.transaction_id)
    .bind(status)
    .execute(&state.pool)
    .await
    .map_err(|e| format!("recording a refund of order {}: {e}", owed.order_id))?;
    Ok(())
}

/// A claimed row.
#[derive(sqlx::FromRow)]
struct Due {
    refund_id: Uuid,
    reason: String,
    amount: i64,
    provider: String,
    session_id: String,
    transaction_id: String,
    attempts: i32,
}

/// What became of one attempt.
enum Outcome {
    Sent,
    Refused(String),
    Failed(String),
}

/// Send the refunds that are due (at most [`CLAIM`]). Answers how many were sent.
pub async fn send_due(state: &CommandState) -> Result<usize, sqlx::Error> {
    let due: Vec<Due> = sqlx::query_as(
        "update refunds set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2) \
          where refund_id in (select refund_id from refunds where status = 'pending' and next_attempt_at <= now() \
                               order by next_attempt_at limit $1 for update skip locked) \
      returning refund_id, reason, amount, provider, session_id, transaction_id, attempts",
    )
    .bind(CLAIM)
    .bind(LEASE_SECONDS as f64)
    .fetch_all(&state.pool)
    .await?;
    let mut sent = 0;
    for row in due {
        let outcome = attempt(state, &row).await;
        match &outcome {
            Outcome::Sent => {
                sent += 1;
                sqlx::query(
                    "update refunds set status = 'sent', sent_at = now(), last_error = null where refund_id = $1",
                )
                .bind(row.refund_id)
                .execute(&state.pool)
                .await?;
            }
            Outcome::Refused(why) => {
                tracing::warn!(refund_id = %row.refund_id, reason = %why, "the gateway refused a refund; an admin must settle it");
                sqlx::query("update refunds set status = 'refused', last_error = $2 where refund_id = $1")
                    .bind(row.refund_id)
                    .bind(why)
                    .execute(&state.pool)
                    .await?;
            }
            Outcome::Failed(why) => {
                let pause = pause_after(row.attempts);
                tracing::warn!(refund_id = %row.refund_id, error = %why, retry_in = ?pause, "a refund failed; retrying later");
                sqlx::query(
                    "update refunds set last_error = $2, next_attempt_at = now() + make_interval(secs => $3) \
                      where refund_id = $1",
                )
                .bind(row.refund_id)
                .bind(why)
                .bind(pause.as_secs_f64())
                .execute(&state.pool)
                .await?;
            }
        }
    }
    Ok(sent)
}

async fn attempt(state: &CommandState, row: &Due) -> Outcome {
    let gateway = state.gateway.provider();
    if row.provider != gateway {
        return Outcome::Refused(format!("paid through {}, but the gateway now is {gateway}", row.provider));
    }
    let Ok(order_id) = row.transaction_id.parse::<i64>() else {
        return Outcome::Refused(format!("{:?} is not a transaction of the gateway", row.transaction_id));
    };
    let request = RefundRequest {
        request_id: row.refund_id.to_string(),
        order_id,
        session_id: row.session_id.clone(),
        amount: row.amount,
        description: row.reason.chars().take(REFUND_DESCRIPTION_MAX).collect(),
    };
    match state.gateway.refund(&request).await {
        Ok(()) => Outcome::Sent,
        Err(e @ (PaymentError::WrongState(_) | PaymentError::Invalid(_) | PaymentError::NotFound)) => {
            Outcome::Refused(e.to_string())
        }
        Err(e) => Outcome::Failed(e.to_string()),
    }
}

/// The pause before the next attempt after `attempts` failed ones: 2, 4, 8 … seconds,
/// at most [`MAX_PAUSE`].
fn pause_after(attempts: i32) -> Duration {
    let exponent = attempts.clamp(1, 12) as u32;
    Duration::from_secs(2u64.pow(exponent)).min(MAX_PAUSE)
}

/// Send due refunds every second until `shutdown`.
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    super::every(Duration::from_secs(1), shutdown, || async {
        match send_due(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(refunds = n, "refunds sent to the gateway"),
            Err(e) => tracing::warn!(error = %e, "sending refunds failed"),
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::pause_after;
    use std::time::Duration;

    #[test]
    fn the_pause_doubles_up_to_an_hour() {
        assert_eq!(pause_after(1), Duration::from_secs(2));
        assert_eq!(pause_after(2), Duration::from_secs(4));
        assert_eq!(pause_after(10), Duration::from_secs(1024));
        assert_eq!(pause_after(12), Duration::from_secs(3600));
        assert_eq!(pause_after(1_000), Duration::from_secs(3600));
    }
}
