//! The refunds of an order's money through the gateway (the `refunds` outbox), as
//! entries of its history: asked for, refused or due at the office, and sent.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::money::{format_pln, format_pln_en};
use uuid::Uuid;

use super::{Actor, TimelineEntry};
use crate::QueryState;

#[derive(sqlx::FromRow)]
struct RefundRow {
    refund_id: Uuid,
    reason: String,
    amount: i64,
    status: String,
    attempts: i32,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

/// The gateway refunds: one entry when it was asked for and one when it was sent.
pub(super) async fn refunds(state: &QueryState, order_id: Uuid) -> Result<Vec<TimelineEntry>, ApiError> {
    let rows: Vec<RefundRow> = sqlx::query_as(
        "select refund_id, reason, amount, status, attempts, last_error, created_at, sent_at from refunds \
          where order_id = $1 order by created_at",
    )
    .bind(order_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows.into_iter().flat_map(entries).collect())
}

/// A refund's entries: asked for (or refused, or due at the office), then sent.
fn entries(r: RefundRow) -> Vec<TimelineEntry> {
    let data = serde_json::json!({
        "refund_id": r.refund_id, "reason": r.reason, "amount": r.amount, "status": r.status,
        "attempts": r.attempts, "last_error": r.last_error,
    });
    let entry = |event_type: &str, recorded_at, (summary, summary_en): (String, String)| TimelineEntry {
        subject: super::subject_of("refunds"),
        stream: "refunds".into(),
        version: None,
        event_type: event_type.into(),
        recorded_at,
        actor: Actor { kind: "process", user_id: None, email: None },
        summary,
        summary_en,
        data: data.clone(),
    };
    let (event_type, said) = asked(&r);
    let mut entries = vec![entry(event_type, r.created_at, said)];
    if let Some(sent_at) = r.sent_at {
        let said = (
            format!("Bramka przyjęła zwrot {} (próby: {})", format_pln(r.amount), r.attempts),
            format!("The gateway accepted the refund of {} (attempts: {})", format_pln_en(r.amount), r.attempts),
        );
        entries.push(entry("RefundSent", sent_at, said));
    }
    entries
}

/// What became of the refund when it was asked for, as an event type and in words.
fn asked(r: &RefundRow) -> (&'static str, (String, String)) {
    let error = r.last_error.clone().unwrap_or_default();
    match r.status.as_str() {
        "refused" => (
            "RefundRefused",
            (
                format!("Bramka odmówiła zwrotu {}: {error}", format_pln(r.amount)),
                format!("The gateway refused the refund of {}: {error}", format_pln_en(r.amount)),
            ),
        ),
        "at_terminal" => (
            "RefundAtTerminal",
            (
                format!("Do zwrotu na kartę terminalem w kasie: {} ({})", format_pln(r.amount), r.reason),
                format!(
                    "To be refunded to the card on the office's terminal: {} ({})",
                    format_pln_en(r.amount),
                    r.reason
                ),
            ),
        ),
        "at_office" => (
            "RefundAtOffice",
            (
                format!("Do wypłaty w kasie: {} ({})", format_pln(r.amount), r.reason),
                format!("To be paid back at the office: {} ({})", format_pln_en(r.amount), r.reason),
            ),
        ),
        _ => (
            "RefundRequested",
            (
                format!("Zlecono zwrot {} przez bramkę ({})", format_pln(r.amount), r.reason),
                format!("Refund of {} requested through the gateway ({})", format_pln_en(r.amount), r.reason),
            ),
        ),
    }
}
