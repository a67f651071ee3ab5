//! `POST /order/coupon/batch` (admin): issue a batch of coupons with made-up codes in one
//! request (the admin's "batch of coupons"), rather than one request per coupon from the
//! browser.
//!
//! The batch is a process with a durable record (`coupon_batches`), as placement has: its
//! codes are made up once and kept before the first coupon is issued, and each coupon is
//! issued under a command id derived from the batch id and its place
//! ([`domain::ids::batch_coupon_command_id`]). With an `Idempotency-Key` the batch id is
//! the key's ([`crate::idempotency`]), so a retry answers the same coupons and issues none
//! twice; a batch whose process died is finished by the sweep ([`sweep`]) or by the retry.

use std::time::Duration;

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use chrono::{DateTime, Utc};
use domain::coupon::{self, CouponOrigin};
use domain::ids::batch_coupon_command_id;
use event_store::Metadata;
use projections::coupons::CouponsProjection;
use projections::Projection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{answer, check_expiry, check_value, new_code, stream, CouponAnswer};
use crate::aggregate::{self, CouponAgg, ExecuteError};
use crate::idempotency::NewId;
use crate::CommandState;

/// The most coupons one batch issues.
pub const MAX_COUNT: i64 = 100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CouponBatchInput {
    /// How many coupons: 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    count: i64,
    /// Each coupon's value in grosze, 1 to 100 000 000.
    #[schema(minimum = 1, maximum = 100_000_000)]
    value: i64,
    /// When the coupons expire (a moment ahead); never when left out.
    #[serde(default)]
    expires_at: Option<DateTime<Utc>>,
}

/// The batch issued: its coupons, in the order they were made.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CouponBatchIssued {
    pub coupons: Vec<CouponAnswer>,
}

/// A batch as recorded: its made-up codes and what each coupon is worth.
struct Batch {
    batch_id: Uuid,
    codes: Vec<String>,
    value: i64,
    expires_at: Option<DateTime<Utc>>,
    admin_id: Uuid,
}

/// `POST /order/coupon/batch` (admin): issue `count` coupons of `value` with made-up codes.
#[utoipa::path(post, path = "/api/order/coupon/batch", tag = "order", security(("bearer" = [])), request_body = CouponBatchInput,
    params(("Idempotency-Key" = Option<String>, Header, description = "one per batch: repeating a key answers the same coupons and issues none; 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    responses((status = 201, description = "`{\"data\": CouponBatchIssued}`", body = Data<CouponBatchIssued>),
        (status = 403, description = "admins only"),
        (status = 409, description = "the same batch (its Idempotency-Key) is still being issued"),
        (status = 422, description = "a count outside 1 to 100, a bad value, an expiry that has passed, or an Idempotency-Key used for another batch")))]
pub async fn issue(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    NewId(batch_id): NewId,
    AppJson(input): AppJson<CouponBatchInput>,
) -> Result<impl IntoResponse, ApiError> {
    if !(1..=MAX_COUNT).contains(&input.count) {
        return Err(ApiError::refusal_on(
            "count",
            api_core::codes::FIELD_OUT_OF_RANGE,
            "A batch has 1 to 100 coupons.",
        )
        .with_params([("min", 1), ("max", MAX_COUNT)]));
    }
    check_value(input.value)?;
    check_expiry(input.expires_at)?;
    let batch = record(&state, batch_id, admin.id, &input).await?;
    crate::failpoint("coupon-batch-after-record");
    let coupons = run(&state, &batch).await?;
    Ok((StatusCode::CREATED, Data::new(CouponBatchIssued { coupons })))
}

/// The batch's record: made now, or the one an earlier run of the same batch made.
async fn record(
    state: &CommandState,
    batch_id: Uuid,
    admin_id: Uuid,
    input: &CouponBatchInput,
) -> Result<Batch, ApiError> {
    let codes: Vec<String> = (0..input.count).map(|_| new_code()).collect();
    sqlx::query(
        "insert into coupon_batches (batch_id, codes, value, expires_at, admin_id) values ($1, $2, $3, $4, $5) \
         on conflict (batch_id) do nothing",
    )
    .bind(batch_id)
    .bind(&codes)
    .bind(input.value)
    .bind(input.expires_at)
    .bind(admin_id)
    .execute(&state.pool)
    .await
    .map_err(db)?;
    let row: BatchRow =
        sqlx::query_as("select batch_id, codes, value, expires_at, admin_id from coupon_batches where batch_id = $1")
            .bind(batch_id)
            .fetch_one(&state.pool)
            .await
            .map_err(db)?;
    Ok(row.into())
}

/// A row of `coupon_batches`.
type BatchRow = (Uuid, Vec<String>, i64, Option<DateTime<Utc>>, Uuid);

impl From<BatchRow> for Batch {
    fn from((batch_id, codes, value, expires_at, admin_id): BatchRow) -> Self {
        Batch { batch_id, codes, value, expires_at, admin_id }
    }
}

/// Issue every coupon of the batch not issued yet, then mark it done. Answers its coupons.
async fn run(state: &CommandState, batch: &Batch) -> Result<Vec<CouponAnswer>, ApiError> {
    let metadata = Metadata {
        correlation_id: Some(batch.batch_id),
        user_id: Some(batch.admin_id.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    };
    let mut coupons = Vec::with_capacity(batch.codes.len());
    for (i, code) in batch.codes.iter().enumerate() {
        coupons.push(issue_one(state, batch, i, code, &metadata).await?);
        if i == 0 {
            crate::failpoint("coupon-batch-after-first");
        }
    }
    sqlx::query("update coupon_batches set completed_at = now() where batch_id = $1 and completed_at is null")
        .bind(batch.batch_id)
        .execute(&state.pool)
        .await
        .map_err(db)?;
    // The list the admin reloads shows the whole batch (the streams are written in order).
    if let Some(last) = batch.codes.last() {
        crate::visible::after_write(&state.pool, state.store.as_ref(), &stream(last)?, CouponsProjection.name())
            .await?;
    }
    Ok(coupons)
}

/// Coupon `i` of the batch. Found issued already as the batch issues it, it is the batch's
/// own from an earlier run: the domain decides nothing ([`coupon::decide_issue`]).
async fn issue_one(
    state: &CommandState,
    batch: &Batch,
    i: usize,
    code: &str,
    metadata: &Metadata,
) -> Result<CouponAnswer, ApiError> {
    let command = coupon::IssueCoupon {
        code: code.to_owned(),
        value: batch.value,
        expires_at: batch.expires_at,
        user_id: None,
        origin: CouponOrigin::Admin,
    };
    let command_id = batch_coupon_command_id(batch.batch_id, i);
    let (_, after) =
        aggregate::execute_new::<CouponAgg, _, _>(state.store.as_ref(), &stream(code)?, command_id, metadata, |c| {
            coupon::decide_issue(&command, c)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(e) => ApiError::Internal(format!("issuing coupon {code} of a batch: {e}")),
            ExecuteError::Store(e) => e.into(),
        })?;
    answer(&after)
}

/// Finish every batch started longer than `stale` ago and not done (its process died).
/// Answers how many were finished.
pub async fn sweep(state: &CommandState, stale: Duration) -> Result<usize, ApiError> {
    let rows: Vec<BatchRow> = sqlx::query_as(
        "select batch_id, codes, value, expires_at, admin_id from coupon_batches \
         where completed_at is null and started_at < now() - make_interval(secs => $1) order by started_at limit 20",
    )
    .bind(stale.as_secs_f64())
    .fetch_all(&state.pool)
    .await
    .map_err(db)?;
    let count = rows.len();
    for row in rows {
        let batch = Batch::from(row);
        tracing::warn!(batch_id = %batch.batch_id, "finishing an interrupted coupon batch");
        run(state, &batch).await?;
    }
    Ok(count)
}

fn db(e: sqlx::Error) -> ApiError {
    ApiError::Internal(e.to_string())
}
