//! The `complaints` projection: the `complaint-*` streams as `rm_complaints`, one row
//! per complaint (what was filed, its stage, its deadlines, who responded and answered,
//! and the answer), for the admin's list and page and a customer's own complaints.
//!
//! Folded per batch like [`crate::coupons`]: the row's version guards its stream, and
//! every fact is copied from the events (the deadlines too), never computed here.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::complaint::{AttachmentRef, ComplaintEvent, ComplaintLanguage, STREAM_PREFIX};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::{load, upsert};
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct ComplaintsProjection;

/// A row of `rm_complaints`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ComplaintRow {
    complaint_id: Uuid,
    number: String,
    order_id: Uuid,
    order_number: String,
    ticket_number: Option<String>,
    email: String,
    language: ComplaintLanguage,
    user_id: Option<Uuid>,
    text: String,
    attachments: Vec<AttachmentRef>,
    state: String,
    filed_at: DateTime<Utc>,
    respond_by: NaiveDate,
    answer_by: NaiveDate,
    responded_at: Option<DateTime<Utc>>,
    responded_by: Option<Uuid>,
    answer: Option<String>,
    answered_at: Option<DateTime<Utc>>,
    answered_by: Option<Uuid>,
    /// Filed by the office for a passenger who phoned, wrote or came to the desk.
    #[serde(default)]
    received_via: Option<String>,
    version: i64,
    updated_at: DateTime<Utc>,
}

/// The row after `event` (at stream `version`), or a new row for a filing.
fn apply(rows: &mut HashMap<Uuid, ComplaintRow>, event: ComplaintEvent, version: i64, at: DateTime<Utc>) -> bool {
    if let ComplaintEvent::ComplaintFiled {
        complaint_id,
        number,
        order_id,
        order_number,
        ticket_number,
        email,
        language,
        user_id,
        text,
        attachments,
        filed_at,
        respond_by,
        answer_by,
        received_via,
    } = event
    {
        if rows.contains_key(&complaint_id) {
            return false;
        }
        let row = ComplaintRow {
            complaint_id,
            number,
            order_id,
            order_number,
            ticket_number,
            email,
            language,
            user_id,
            text,
            attachments,
            state: "received".into(),
            filed_at,
            respond_by,
            answer_by,
            responded_at: None,
            responded_by: None,
            answer: None,
            answered_at: None,
            answered_by: None,
            received_via,
            version,
            updated_at: at,
        };
        rows.insert(complaint_id, row);
        return true;
    }
    let Some(row) = rows.get_mut(&event.complaint_id()) else { return false };
    if row.version >= version {
        return false;
    }
    row.version = version;
    row.updated_at = at;
    let responded = |row: &mut ComplaintRow, state: &str, by: Uuid, when: DateTime<Utc>| {
        row.state = state.into();
        // The first response is what ends the first month's clock.
        if row.responded_at.is_none() {
            row.responded_at = Some(when);
            row.responded_by = Some(by);
        }
    };
    match event {
        ComplaintEvent::ComplaintFiled { .. } => {}
        ComplaintEvent::ComplaintAcknowledged { by, at, .. } => responded(row, "acknowledged", by, at),
        ComplaintEvent::ComplaintAccepted { by, at, .. } => responded(row, "accepted", by, at),
        ComplaintEvent::ComplaintRejected { by, at, .. } => responded(row, "rejected", by, at),
        ComplaintEvent::ComplaintAnswered { by, at, text, .. } => {
            row.state = "answered".into();
            row.answer = Some(text);
            row.answered_at = Some(at);
            row.answered_by = Some(by);
        }
    }
    true
}

#[async_trait]
impl Projection for ComplaintsProjection {
    fn name(&self) -> &'static str {
        "complaints"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events
            .iter()
            .map(|e| Ok((e.decode::<ComplaintEvent>()?, e.version as i64, e.recorded_at)))
            .collect::<Result<Vec<_>, ProjectionError>>()?;
        let ids: Vec<Uuid> =
            decoded.iter().map(|(e, _, _)| e.complaint_id()).collect::<BTreeSet<_>>().into_iter().collect();
        let mut rows: HashMap<Uuid, ComplaintRow> = HashMap::new();
        for row in load::<ComplaintRow, _>(conn, "rm_complaints", "complaint_id", ids).await? {
            rows.insert(row.complaint_id, row);
        }
        let mut changed = BTreeSet::new();
        for (event, version, at) in decoded {
            let id = event.complaint_id();
            if apply(&mut rows, event, version, at) {
                changed.insert(id);
            }
        }
        let changed: Vec<&ComplaintRow> = changed.iter().filter_map(|id| rows.get(id)).collect();
        upsert(conn, self.name(), "rm_complaints", "complaint_id", &changed).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_complaints").execute(&mut *conn).await?;
        Ok(())
    }
}
