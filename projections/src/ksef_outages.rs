//! KSeF's announced outages (`ksef_outages`, plain rows entered by an admin or
//! `coach finance ksef outage`) and the sender's last trouble (`ksef_sender_trouble`): what
//! the deadlines' reading ([`crate::ksef_deadlines`]) needs besides the KSeF read model, so
//! the admin panel, the daily report and `coach finance ksef status` read them alike.
//! Written by the command side; only read here.

use chrono::{DateTime, NaiveDate, Utc};
use domain::order::{Outage, OutageKind};
use serde::Serialize;
use sqlx::PgPool;

/// An announcement as entered, with who entered it and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct OutageRow {
    pub id: i64,
    /// `unavailable` or `emergency`.
    pub kind: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub note: String,
    pub entered_by: String,
    pub entered_at: DateTime<Utc>,
}

impl OutageRow {
    /// The domain's announcement (`None` for a row the domain would refuse, which the
    /// table's checks keep out).
    pub fn outage(&self) -> Option<Outage> {
        Outage::new(OutageKind::parse(&self.kind).ok()?, self.starts_on, self.ends_on).ok()
    }
}

/// Every announcement, the latest entered first.
pub async fn rows(pool: &PgPool) -> Result<Vec<OutageRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, kind, starts_on, ends_on, note, entered_by, entered_at from ksef_outages \
          order by entered_at desc, id desc",
    )
    .fetch_all(pool)
    .await
}

/// Every announcement as the domain's deadlines take them.
pub async fn outages(pool: &PgPool) -> Result<Vec<Outage>, sqlx::Error> {
    Ok(rows(pool).await?.iter().filter_map(OutageRow::outage).collect())
}

/// Why the sender could not use KSeF in its last rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct SenderTrouble {
    /// The client's error: an outage (`KSeF is unavailable: …`), a refused token or
    /// request, a protocol error (nothing goes until someone fixes those).
    pub message: String,
    /// The first round with it, and the latest.
    pub since: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

/// The sender's trouble now (`None`: its last round had none, or no round ran).
pub async fn sender_trouble(pool: &PgPool) -> Result<Option<SenderTrouble>, sqlx::Error> {
    sqlx::query_as("select message, since, last_at from ksef_sender_trouble where id = 1").fetch_optional(pool).await
}
