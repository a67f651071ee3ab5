//! The office's till, its commands (SuperAdmins; docs/till.md):
//!
//! - `POST /till/refund/pay-out`: a refund owed at the desk handed over (cash, or the
//!   card on the terminal): the order's `RefundPaidOut`, once, whatever the day or desk.
//! - `POST /till/cash/save`: cash put into the till or taken out of it, with its reason.
//! - `POST /till/day/close`: the day closed by counting the cash, with the fiscal
//!   printer's daily (Z) report number; a difference needs its reason.
//!
//! The close counts against the figures of the till's read model once it has caught up
//! with the store ([`finance::till::figures`], the page's and the report's own), and the
//! till's stream decides the rest (a day closes once). Each answers the day as the page
//! shows it.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::{NaiveDate, Utc};
use domain::order::{PayOutError, PayOutRefund};
use domain::till::{CloseDay, CorrectCash, TillDay, TillError};
use domain::ErrorCode;
use event_store::Metadata;
use finance::till::TillDayView;
use serde::Deserialize;
use uuid::Uuid;

use crate::aggregate::{self, stream_of, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// `POST /till/refund/pay-out`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PayOutInput {
    /// A refund waiting at the desk (`waiting_refunds` of `GET /till/day/one`).
    #[schema(value_type = Uuid, required = true)]
    pub refund_id: Option<Uuid>,
}

/// `POST /till/cash/save`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CashInput {
    /// Grosz: positive puts cash in (a float), negative takes it out (to the bank); not 0.
    #[schema(value_type = i64, required = true, minimum = -100000000, maximum = 100000000)]
    pub amount: Option<i64>,
    /// 3 to 300 characters.
    #[serde(default)]
    #[schema(min_length = 3, max_length = 300, required = true)]
    pub reason: String,
}

/// `POST /till/day/close`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CloseInput {
    /// The day (`YYYY-MM-DD`), not in the future; today in Warsaw when absent.
    #[schema(value_type = Option<String>, format = Date)]
    pub day: Option<NaiveDate>,
    /// The cash counted in the till, grosz.
    #[schema(value_type = i64, required = true, minimum = 0, maximum = 100000000)]
    pub counted_cash: Option<i64>,
    /// Why the count differs from what the till should hold (required when it does).
    #[serde(default)]
    #[schema(max_length = 300)]
    pub reason: String,
    /// The fiscal printer's daily (Z) report number: up to 30 letters, digits, `/`, `-`, `.`.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 30, required = true)]
    pub z_report: String,
}

/// The largest amount a till takes in one movement or count: a million złoty.
const MAX_AMOUNT: i64 = 100_000_000;

fn metadata(user: Uuid, correlation: Uuid) -> Metadata {
    Metadata {
        correlation_id: Some(correlation),
        user_id: Some(user.to_string()),
        occurred_at: Utc::now(),
        ..Metadata::default()
    }
}

fn till_error(e: TillError) -> ApiError {
    let code = e.code();
    let params = e.params();
    match e {
        TillError::DayClosed => ApiError::Conflict("The day is closed already.".into()),
        TillError::FutureDay => ApiError::invalid_field("day", code, "The day has not begun yet."),
        TillError::ZeroAmount => ApiError::invalid_field("amount", code, "Please give an amount other than zero."),
        TillError::NegativeCount => {
            ApiError::invalid_field("counted_cash", code, "The counted cash cannot be negative.")
        }
        TillError::ReasonRequired => {
            ApiError::invalid_field("reason", code, "Please give the reason (3 to 300 characters).")
        }
        TillError::ZReportRequired => {
            ApiError::invalid_field("z_report", code, "Please enter the number of the fiscal printer's daily report.")
        }
        TillError::ZReportInvalid => ApiError::invalid_field(
            "z_report",
            code,
            "The daily report number has at most 30 letters, digits, '/', '-' or '.'.",
        ),
    }
    .with_code(code)
    .with_params(params)
}

fn pay_out_error(e: PayOutError) -> ApiError {
    let code = e.code();
    match e {
        PayOutError::NotFound => ApiError::NotFound("There is no such order.".into()),
        PayOutError::AlreadyPaidOut => ApiError::Conflict("The refund was paid out already.".into()),
        PayOutError::NotAtTheDesk => ApiError::invalid_field(
            "refund_id",
            code,
            "This refund goes back through the payment gateway, not at the desk.",
        ),
        PayOutError::NothingToPay => ApiError::invalid_field("refund_id", code, "There is nothing to pay out."),
    }
    .with_code(code)
}

fn required<T>(value: Option<T>, field: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::refusal_on(field, api_core::codes::FIELD_BLANK, "This field is required."))
}

fn within(amount: i64, field: &str) -> Result<i64, ApiError> {
    if amount.abs() > MAX_AMOUNT {
        return Err(ApiError::refusal_on(field, api_core::codes::FIELD_OUT_OF_RANGE, "The amount is too large.")
            .with_params(vec![("max", MAX_AMOUNT)]));
    }
    Ok(amount)
}

/// The day after the till's projection has caught up with `stream` (read your writes).
async fn day_view(
    state: &CommandState,
    day: NaiveDate,
    stream: &event_store::StreamName,
) -> Result<Data<TillDayView>, ApiError> {
    crate::visible::after_write(&state.pool, state.store.as_ref(), stream, "till").await?;
    Ok(Data::new(finance::till::day(&state.pool, day).await?))
}

/// Pay out a refund waiting at the desk (admin).
#[utoipa::path(post, path = "/api/till/refund/pay-out", tag = "till", security(("bearer" = [])), request_body = PayOutInput,
    responses((status = 200, description = "`{\"data\": TillDayView}`: today's till with the refund paid out", body = Data<TillDayView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such refund"),
        (status = 409, description = "`till.already_paid_out`, or `till.day_closed`: today's till is closed"),
        (status = 422, description = "no refund id, or `till.not_at_the_desk`: the refund goes through the gateway")))]
pub async fn pay_out(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<PayOutInput>,
) -> Result<Data<TillDayView>, ApiError> {
    let refund_id = required(input.refund_id, "refund_id")?;
    let row: Option<(Uuid, i64, String, String)> =
        sqlx::query_as("select order_id, amount, provider, status from refunds where refund_id = $1")
            .bind(refund_id)
            .fetch_optional(&state.pool)
            .await?;
    let (order_id, amount, provider, status) =
        row.ok_or_else(|| ApiError::NotFound("There is no such refund.".into()))?;
    if !matches!(status.as_str(), "at_office" | "at_terminal") {
        return Err(pay_out_error(PayOutError::NotAtTheDesk));
    }
    let today = api_core::time::warsaw_today();
    let till = aggregate::load::<TillDay>(state.store.as_ref(), &till_stream(today)?).await?;
    if till.state.is_closed() {
        return Err(till_error(TillError::DayClosed));
    }
    let command = PayOutRefund { order_id, refund_id, amount, method: provider, by_user_id: admin.id, now: Utc::now() };
    let stream = order_stream(order_id)?;
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &stream,
        Uuid::new_v5(&refund_id, b"pay-out"),
        &metadata(admin.id, order_id),
        |o| domain::order::decide_pay_out(&command, o),
    )
    .await;
    match result {
        Ok(_) => {}
        Err(ExecuteError::Refused(e)) => return Err(pay_out_error(e)),
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    }
    day_view(&state, today, &stream).await
}

fn till_stream(day: NaiveDate) -> Result<event_store::StreamName, ApiError> {
    stream_of::<TillDay>(&day).map_err(|e| ApiError::Internal(e.to_string()))
}

/// Put cash into the till or take it out (admin).
#[utoipa::path(post, path = "/api/till/cash/save", tag = "till", security(("bearer" = [])), request_body = CashInput,
    responses((status = 200, description = "`{\"data\": TillDayView}`: today's till with the movement", body = Data<TillDayView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 409, description = "`till.day_closed`: today's till is closed"),
        (status = 422, description = "no amount, 0 (`till.zero_amount`), too large, or no reason (`till.reason_required`)")))]
pub async fn cash(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<CashInput>,
) -> Result<Data<TillDayView>, ApiError> {
    let amount = within(required(input.amount, "amount")?, "amount")?;
    let today = api_core::time::warsaw_today();
    let movement_id = Uuid::now_v7();
    let command = CorrectCash {
        day: today,
        today,
        movement_id,
        amount,
        reason: input.reason,
        by_user_id: admin.id,
        now: Utc::now(),
    };
    let stream = till_stream(today)?;
    let result = aggregate::execute::<TillDay, _, _>(
        state.store.as_ref(),
        &stream,
        movement_id,
        &metadata(admin.id, movement_id),
        |t| domain::till::decide_correct(&command, t),
    )
    .await;
    match result {
        Ok(_) => {}
        Err(ExecuteError::Refused(e)) => return Err(till_error(e)),
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    }
    day_view(&state, today, &stream).await
}

/// Close a day by counting the cash (admin).
#[utoipa::path(post, path = "/api/till/day/close", tag = "till", security(("bearer" = [])), request_body = CloseInput,
    responses((status = 200, description = "`{\"data\": TillDayView}`: the day, closed", body = Data<TillDayView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 409, description = "`till.day_closed`: closed already"),
        (status = 422, description = "a day in the future (`till.future_day`), no count or a negative one, a difference without its reason (`till.reason_required`), no or a bad Z report number")))]
pub async fn close(
    State(state): State<CommandState>,
    AdminUser(admin): AdminUser,
    AppJson(input): AppJson<CloseInput>,
) -> Result<Data<TillDayView>, ApiError> {
    let counted_cash = within(required(input.counted_cash, "counted_cash")?, "counted_cash")?;
    let today = api_core::time::warsaw_today();
    let day = input.day.unwrap_or(today);
    if day > today {
        return Err(till_error(TillError::FutureDay));
    }
    // Every movement recorded so far is on the read model the figures come from.
    if let Some(head) = state.store.head().await? {
        projections::wait_until_reached(&state.pool, "till", head.position, crate::visible::PATIENCE)
            .await
            .map_err(|e| ApiError::Internal(format!("reading the till's checkpoint: {e}")))?;
    }
    let (figures, _) = finance::till::figures(&state.pool, day).await?;
    let command = CloseDay {
        day,
        today,
        figures,
        counted_cash,
        reason: input.reason,
        z_report: input.z_report,
        by_user_id: admin.id,
        now: Utc::now(),
    };
    let stream = till_stream(day)?;
    let command_id = Uuid::new_v5(&Uuid::nil(), format!("till-close/{day}").as_bytes());
    let result = aggregate::execute::<TillDay, _, _>(
        state.store.as_ref(),
        &stream,
        command_id,
        &metadata(admin.id, command_id),
        |t| domain::till::decide_close(&command, t),
    )
    .await;
    match result {
        Ok(_) => {}
        Err(ExecuteError::Refused(e)) => return Err(till_error(e)),
        Err(ExecuteError::Store(e)) => return Err(e.into()),
    }
    day_view(&state, day, &stream).await
}
