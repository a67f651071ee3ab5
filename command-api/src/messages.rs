//! The SMS gateway's delivery reports (`GET /api/sms/smsapi-report`): SMSAPI.pl calls the
//! `notify_url` each message was sent with (its secret `key` in the address) with the
//! message's id (`MsgId`), its `idx` and its `status`; a final status marks the outbox's
//! row `delivered` or `failed` ([`outbox::report_delivery`]). The gateway expects `OK`.
//! A wrong or missing key, or none configured, answers 404: the address is unguessable
//! and says nothing.

use api_core::{ApiError, Params};
use axum::extract::State;

use crate::CommandState;

#[utoipa::path(get, path = "/api/sms/smsapi-report", tag = "sms",
    params(
        ("key" = api_core::values::Text<200>, Query, description = "the secret of the delivery reports' address (`SMSAPI_CALLBACK_KEY`)"),
        ("MsgId" = Option<api_core::values::Text<100>>, Query, description = "the gateway's id of the message"),
        ("idx" = Option<api_core::values::Text<100>>, Query, description = "the message's idx (its outbox key's)"),
        ("status" = Option<i64>, Query, description = "the gateway's status code: 404 delivered; 402, 405, 406, 407 not delivered; others not final")),
    responses((status = 200, description = "`OK` (text): the report was taken", content_type = "text/plain", body = String),
        (status = 404, description = "no delivery reports at this key"),
        (status = 422, description = "a status that is not a number")))]
pub async fn smsapi_report(State(state): State<CommandState>, params: Params) -> Result<&'static str, ApiError> {
    let not_found = || ApiError::NotFound("There is nothing here.".into());
    let expected = state.sms_callback_key.as_deref().filter(|k| !k.is_empty()).ok_or_else(not_found)?;
    let key = params.raw("key").unwrap_or_default();
    if !constant_time_eq(key.as_bytes(), expected.as_bytes()) {
        return Err(not_found());
    }
    let status = match params.raw("status").map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => Some(s.parse::<i64>().map_err(|_| {
            ApiError::refusal_on("status", api_core::codes::FIELD_NOT_INTEGER, "status must be a whole number")
        })?),
        None => None,
    };
    let Some(delivered) = status.and_then(outbox::smsapi::report_status) else { return Ok("OK") };
    let reason = format!("SMSAPI status {}", status.unwrap_or_default());
    let by_id = params.raw("MsgId").map(str::trim).filter(|s| !s.is_empty());
    let by_idx = params.raw("idx").map(str::trim).filter(|s| !s.is_empty());
    outbox::report_delivery(&state.pool, by_id, by_idx, delivered, &reason).await?;
    Ok("OK")
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
