//! What the KSeF sender last noted of itself (`ksef_sender_status`, one row written after
//! each round by the command side) and the oldest document KSeF does not hold yet: the
//! sending's state as the admin panel (`GET /order/ksef-outage/all`) and
//! `coach finance ksef status` show it. Only read here.
//!
//! The row holds the client's [`ksef::client::Limits`] as JSON; this module reads the
//! parts a person needs (the session in use, and per operation the calls left in each
//! window and a block after a 429) and ignores the rest, so a field added to the client's
//! snapshot never breaks the reading.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

/// The sender's state as of its last round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SenderStatus {
    /// When the sender noted it (the end of its last round).
    pub noted_at: DateTime<Utc>,
    /// The interactive session it keeps open (none between rounds without documents).
    pub session: Option<SessionInUse>,
    /// Every limited operation (none when the client runs without a throttle).
    pub operations: Vec<OperationLeft>,
}

/// The interactive session in use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionInUse {
    pub reference: String,
    pub opened_at: DateTime<Utc>,
    #[serde(default)]
    pub valid_until: Option<DateTime<Utc>>,
}

/// One operation's calls left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OperationLeft {
    /// KSeF's name for it (`sendInvoice`, `openOnlineSession`, …).
    pub operation: String,
    pub windows: Vec<WindowLeft>,
    /// Held after KSeF answered 429, until then.
    #[serde(default)]
    pub blocked_until: Option<DateTime<Utc>>,
    /// Calls made by the sending process since it started.
    #[serde(default)]
    pub calls: u64,
}

/// The calls left of one window (`second`, `minute`, `hour`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowLeft {
    pub window: String,
    /// The sender's own budget: KSeF's limit times its margin.
    pub budget: u32,
    pub left: u32,
}

#[derive(Deserialize)]
struct Noted {
    #[serde(default)]
    throttle: Option<Throttle>,
    #[serde(default)]
    session: Option<SessionInUse>,
}

#[derive(Deserialize)]
struct Throttle {
    #[serde(default)]
    operations: Vec<OperationLeft>,
}

/// The sender's state, or `None` before its first round (or for a row it cannot read,
/// which it logs).
pub async fn status(pool: &PgPool) -> Result<Option<SenderStatus>, sqlx::Error> {
    let row: Option<(DateTime<Utc>, serde_json::Value)> =
        sqlx::query_as("select at, limits from ksef_sender_status where id = 1").fetch_optional(pool).await?;
    let Some((noted_at, limits)) = row else { return Ok(None) };
    match serde_json::from_value::<Noted>(limits) {
        Ok(noted) => Ok(Some(SenderStatus {
            noted_at,
            session: noted.session,
            operations: noted.throttle.map(|t| t.operations).unwrap_or_default(),
        })),
        Err(error) => {
            tracing::warn!(%error, "the KSeF sender's noted status cannot be read");
            Ok(None)
        }
    }
}

/// The oldest document KSeF does not hold yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct OldestWaiting {
    pub document_number: String,
    /// `waiting`, `offline` or `sent` (sent, no answer yet).
    pub state: String,
    pub issued_at: DateTime<Utc>,
}

/// The document issued first among those waiting, offline or sent (`None`: KSeF holds
/// every document).
pub async fn oldest_waiting(pool: &PgPool) -> Result<Option<OldestWaiting>, sqlx::Error> {
    sqlx::query_as(
        "select document_number, state, issued_at from rm_ksef_documents \
          where state in ('waiting', 'offline', 'sent') order by issued_at, queue_position limit 1",
    )
    .fetch_optional(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON the sender writes (`ksef::client::Limits`), read back: the parts shown
    /// and nothing else required.
    #[test]
    fn reads_the_clients_snapshot() {
        let json = serde_json::json!({
            "throttle": {"margin": 0.8, "operations": [
                {"operation": "sendInvoice", "method": "POST", "path": "/sessions/online/{ref}/invoices",
                 "windows": [{"window": "minute", "limit": 30, "budget": 24, "used": 2, "left": 22}],
                 "blockedUntil": null, "calls": 2, "rateLimited": 0},
                {"operation": "openOnlineSession", "windows": [], "blockedUntil": "2026-11-28T10:00:00Z"}
            ]},
            "session": {"reference": "20261128-SO-1", "openedAt": "2026-11-28T09:00:00Z", "validUntil": null}
        });
        let noted: Noted = serde_json::from_value(json).expect("readable");
        let operations = noted.throttle.expect("a throttle").operations;
        assert_eq!(operations[0].windows[0], WindowLeft { window: "minute".into(), budget: 24, left: 22 });
        assert_eq!(operations[0].calls, 2);
        assert!(operations[1].blocked_until.is_some());
        assert_eq!(noted.session.expect("a session").reference, "20261128-SO-1");
        let none: Noted =
            serde_json::from_value(serde_json::json!({"throttle": null, "session": null})).expect("readable");
        assert!(none.throttle.is_none() && none.session.is_none());
    }
}
