//! The order form's calls that change nothing: `validate?step=` and
//! `calculate-for-tickets`.

use api_core::{ApiError, AppJson, Data, Params};
use axum::extract::State;
use domain::money::format_pln;
use serde::Serialize;

use super::catalogue::{course_leg, discounts, CourseLeg};
use super::input::{check_step, BookingInput, CourseRef, Step};
use super::pricing::price_lines;
use crate::CommandState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Valid {
    valid: bool,
}

/// `POST /order/order/validate?step=tickets|customer|invoice`: the step's field errors
/// as a `422`, or `{valid: true}`. The tickets step also checks the courses, stops and
/// discounts against the catalogue.
#[utoipa::path(post, path = "/api/order/order/validate", tag = "order",
    params(("step" = String, Query, description = "tickets, customer or invoice", pattern = "^(tickets|customer|invoice)$")),
    request_body(content = BookingInput, description = "The booking state; only the step's part is checked"),
    responses((status = 200, description = "`{\"data\": {\"valid\": true}}`", body = Data<Valid>),
        (status = 422, description = "the step's field errors")))]
pub async fn validate(
    State(state): State<CommandState>,
    params: Params,
    AppJson(input): AppJson<BookingInput>,
) -> Result<Data<Valid>, ApiError> {
    let step = params
        .raw("step")
        .and_then(Step::parse)
        .ok_or_else(|| ApiError::BadRequest("step must be tickets, customer or invoice".into()))?;
    let errors = check_step(&input, step);
    if !errors.is_empty() {
        return Err(ApiError::Validation { message: "Please correct the marked fields.".into(), errors });
    }
    if step == Step::Tickets {
        let (outbound, back) = legs(&state, &input).await?;
        let ids: Vec<i64> = input.tickets.iter().filter_map(|t| t.discount_id).collect();
        let found = discounts(&state.pool, &ids).await?;
        price_lines(&input.tickets, &found, &outbound, back.as_ref())?;
    }
    Ok(Data::new(Valid { valid: true }))
}

async fn legs(state: &CommandState, input: &BookingInput) -> Result<(CourseLeg, Option<CourseLeg>), ApiError> {
    let parts = |field: &str, c: Option<&CourseRef>| {
        c.and_then(CourseRef::parts)
            .ok_or_else(|| ApiError::refusal_on(field, api_core::codes::FIELD_BLANK, "Please select a ticket."))
    };
    let (id, from, to) = parts("course", input.course.as_ref())?;
    let outbound = course_leg(&state.course_legs, "course", id, from, to).await?;
    let back = match &input.course_return {
        Some(c) => {
            let (id, from, to) = parts("courseReturn", Some(c))?;
            Some(course_leg(&state.course_legs, "courseReturn", id, from, to).await?)
        }
        None => None,
    };
    Ok((outbound, back))
}

/// One ticket line, priced.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PricedTicket {
    pub qty: u32,
    pub discount_id: Option<i64>,
    /// Per passenger, both legs, after the discount.
    pub price: i64,
    pub price_formatted: String,
    pub total: i64,
    pub total_formatted: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Priced {
    pub tickets: Vec<PricedTicket>,
    pub total: i64,
    pub total_formatted: String,
}

/// `POST /course/discount/calculate-for-tickets`: the form's live prices; the returned
/// tickets replace the form's list (spec section 4).
#[utoipa::path(post, path = "/api/course/discount/calculate-for-tickets", tag = "course",
    request_body(content = super::input::required::TicketsRequest, description = "The booking state; only course, courseReturn and tickets are read"),
    responses((status = 200, description = "`{\"data\": Priced}`", body = Data<Priced>),
        (status = 422, description = "no course, bad quantities or an unavailable discount")))]
pub async fn calculate_for_tickets(
    State(state): State<CommandState>,
    AppJson(input): AppJson<BookingInput>,
) -> Result<Data<Priced>, ApiError> {
    let errors = check_step(&input, Step::Tickets);
    if !errors.is_empty() {
        return Err(ApiError::Validation { message: "Please correct the marked fields.".into(), errors });
    }
    let (outbound, back) = legs(&state, &input).await?;
    let ids: Vec<i64> = input.tickets.iter().filter_map(|t| t.discount_id).collect();
    let found = discounts(&state.pool, &ids).await?;
    let lines = price_lines(&input.tickets, &found, &outbound, back.as_ref())?;
    let total: i64 = lines.iter().map(|l| l.total).sum();
    let tickets = lines
        .iter()
        .map(|l| {
            let price = l.outbound_price + l.back_price.unwrap_or(0);
            PricedTicket {
                qty: l.quantity,
                discount_id: l.discount.as_ref().map(|d| d.discount_id),
                price,
                price_formatted: format_pln(price),
                total: l.total,
                total_formatted: format_pln(l.total),
            }
        })
        .collect();
    Ok(Data::new(Priced { tickets, total, total_formatted: format_pln(total) }))
}
