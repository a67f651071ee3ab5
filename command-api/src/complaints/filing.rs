//! The filing of a complaint as a process with a durable record, as placement has
//! (`placements`, [`crate::processes::recovery`]): a crash between two steps is finished
//! by whichever process starts next, and a retry of the same filing (the same
//! `Idempotency-Key`, so the same complaint id: [`crate::idempotency`]) resumes it rather
//! than filing again.
//!
//! | step | where | after a crash before the next |
//! |---|---|---|
//! | 1. take the number, keep the decided `ComplaintFiled`, store the attachments | one transaction: `complaint_filings`, `complaint_attachments` | nothing of it is kept (the number taken is a gap) |
//! | 2. append `ComplaintFiled` | `complaint-{id}` (command id: the complaint id) | the sweep appends the kept event |
//! | 3. remove the record | `complaint_filings` | the sweep removes it |
//!
//! So a complaint takes one number, its attachments are never without their complaint
//! once committed, and the confirmation e-mail (which follows the event, [`super::mails`])
//! goes once.

use std::time::Duration;

use api_core::ApiError;
use chrono::{Datelike, Utc};
use domain::complaint::{self, AttachmentRef, Complaint, ComplaintEvent, FileComplaint, Filed};
use event_store::Metadata;
use sqlx::PgPool;
use uuid::Uuid;

use super::{refusal, stream, ComplaintAgg};
use crate::aggregate::{self, ExecuteError};
use crate::CommandState;

/// Where the filing of a complaint stands.
pub(super) enum Stage {
    /// Nothing of it is stored.
    New,
    /// Step 1 is done: its event is kept, waiting to be appended.
    Recorded(Box<ComplaintEvent>),
    /// It is on its stream.
    Filed(Box<Filed>),
}

/// The stage of complaint `complaint_id`'s filing.
pub(super) async fn stage(state: &CommandState, complaint_id: Uuid) -> Result<Stage, ApiError> {
    let loaded = aggregate::load::<ComplaintAgg>(state.store.as_ref(), &stream(complaint_id)?).await?;
    if let Some(filed) = loaded.state.filed() {
        return Ok(Stage::Filed(Box::new(filed.clone())));
    }
    let kept: Option<serde_json::Value> =
        sqlx::query_scalar("select filed from complaint_filings where complaint_id = $1")
            .bind(complaint_id)
            .fetch_optional(&state.pool)
            .await
            .map_err(db)?;
    match kept {
        Some(kept) => Ok(Stage::Recorded(Box::new(event_of(kept)?))),
        None => Ok(Stage::New),
    }
}

/// Step 1: the number, the decided event and the files, in one transaction. The command
/// comes without its number and leaves with it.
pub(super) async fn record(
    state: &CommandState,
    command: &mut FileComplaint,
    files: &[(AttachmentRef, Vec<u8>)],
) -> Result<ComplaintEvent, ApiError> {
    let mut tx = state.pool.begin().await.map_err(db)?;
    let n: i64 = sqlx::query_scalar("select nextval('complaint_number_seq')").fetch_one(&mut *tx).await.map_err(db)?;
    command.number = format!("RK-{}-{n:06}", command.today.year());
    let event = complaint::decide_file(command, &Complaint::default())
        .map_err(refusal)?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::Internal("filing decided no event".into()))?;
    let kept = serde_json::to_value(&event).map_err(|e| ApiError::Internal(e.to_string()))?;
    sqlx::query("insert into complaint_filings (complaint_id, filed) values ($1, $2)")
        .bind(command.complaint_id)
        .bind(kept)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    for (reference, bytes) in files {
        sqlx::query(
            "insert into complaint_attachments (id, complaint_id, name, content_type, bytes) values ($1, $2, $3, $4, $5)",
        )
        .bind(reference.id)
        .bind(command.complaint_id)
        .bind(&reference.name)
        .bind(reference.kind.content_type())
        .bind(bytes)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    }
    crate::failpoint("complaint-in-record");
    tx.commit().await.map_err(db)?;
    Ok(event)
}

/// Step 2: the kept event on the complaint's stream, once (a stream that has it already
/// is left as it is). Answers the complaint as filed.
pub(super) async fn append(state: &CommandState, event: &ComplaintEvent) -> Result<Filed, ApiError> {
    let ComplaintEvent::ComplaintFiled { complaint_id, user_id, .. } = event else {
        return Err(ApiError::Internal("a complaint filing keeps a ComplaintFiled event".into()));
    };
    let metadata = Metadata {
        correlation_id: Some(*complaint_id),
        user_id: user_id.map(|u| u.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    };
    let (_, after) = aggregate::execute_new::<ComplaintAgg, _, _>(
        state.store.as_ref(),
        &stream(*complaint_id)?,
        *complaint_id,
        &metadata,
        |c: &Complaint| Ok(if c.filed().is_some() { vec![] } else { vec![event.clone()] }),
    )
    .await
    .map_err(|e: ExecuteError<complaint::ComplaintError>| match e {
        ExecuteError::Refused(e) => refusal(e),
        ExecuteError::Store(e) => e.into(),
    })?;
    after.filed().cloned().ok_or_else(|| ApiError::Internal("the complaint is not filed after its event".into()))
}

/// Step 3: the filing is over. A row left behind (the delete failed) is found by the
/// sweep, which appends nothing new and removes it.
pub(super) async fn finish(pool: &PgPool, complaint_id: Uuid) {
    if let Err(e) =
        sqlx::query("delete from complaint_filings where complaint_id = $1").bind(complaint_id).execute(pool).await
    {
        tracing::warn!(%complaint_id, error = %e, "could not remove a finished complaint filing");
    }
}

/// Finish every filing recorded longer than `stale` ago (its process died): append its
/// event and remove its row. Answers how many were finished.
pub async fn sweep(state: &CommandState, stale: Duration) -> Result<usize, ApiError> {
    let rows: Vec<(Uuid, serde_json::Value)> = sqlx::query_as(
        "select complaint_id, filed from complaint_filings \
         where started_at < now() - make_interval(secs => $1) order by started_at limit 100",
    )
    .bind(stale.as_secs_f64())
    .fetch_all(&state.pool)
    .await
    .map_err(db)?;
    let count = rows.len();
    for (complaint_id, kept) in rows {
        append(state, &event_of(kept)?).await?;
        tracing::warn!(%complaint_id, "an interrupted complaint filing was finished");
        finish(&state.pool, complaint_id).await;
    }
    Ok(count)
}

fn event_of(kept: serde_json::Value) -> Result<ComplaintEvent, ApiError> {
    serde_json::from_value(kept).map_err(|e| ApiError::Internal(format!("a kept complaint filing: {e}")))
}

fn db(e: sqlx::Error) -> ApiError {
    ApiError::Internal(e.to_string())
}
