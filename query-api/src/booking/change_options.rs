//! `GET /order/ticket/change-options?number=`: what a ticket's course can be changed to,
//! for the ticket's page, before the customer decides.
//!
//! The rules are the order's (`domain::order::decide_change_course`, which the change
//! itself runs): once per ticket, a valid ticket of a paid order, until the change
//! cutoff (the company's return cutoff, minutes before the current course leaves), to
//! another course of the same route between the same stops. This read answers whether
//! the ticket can still change (and if not, why, as a code the page translates) and the
//! candidate courses: on sale, with a free seat on the stretch, soonest first, 30 of them
//! from a few before the ticket's own day (up to 30 days past it), each with its price for
//! this ticket (the line's discount applied, as the change would) and the difference to
//! what the ticket cost.
//!
//! Who may ask: the ticket's owner (logged in), an admin, or anyone with the ticket's
//! code (as for a guest's return). Anyone else gets `404`, as for a ticket that does not
//! exist.

use api_core::auth::{MaybeUser, Role};
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, Duration, FixedOffset, Utc};
use domain::money::{format_pln, seat_price};
use domain::order::{Leg, TicketLine};
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::warsaw;
use super::settings::settings_in_force;
use crate::search::query::search;
use crate::QueryState;
use api_core::Params;

/// How far ahead candidate courses are looked for, and how many are offered.
const DAYS_AHEAD: i64 = 30;
const MAX_OPTIONS: usize = 30;

/// Why a ticket's course cannot be changed (the page words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CannotChange {
    AlreadyChanged,
    TicketReturned,
    Used,
    NotPaid,
    TooLate,
    /// A change to a dearer course waits for its difference to be paid (`pending`).
    PaymentPending,
}

/// A change to a dearer course waiting for its difference to be paid.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PendingChangeView {
    pub course_id: Uuid,
    /// The difference to pay.
    pub price_difference: i64,
    pub price_difference_formatted: String,
    /// Where to pay it.
    pub payment_url: Option<String>,
    /// Until when the new seat waits.
    pub pay_by: DateTime<FixedOffset>,
}

/// The ticket's course now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CurrentCourse {
    pub course_id: Uuid,
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    /// What the ticket cost (after any earlier change).
    pub price: i64,
    pub price_formatted: String,
}

/// A course the ticket could move to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangeOption {
    pub course_id: Uuid,
    /// At the ticket's boarding stop, Warsaw time.
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    pub free_seats: i32,
    /// The ticket's price on this course (the line's discount applied).
    pub price: i64,
    pub price_formatted: String,
    /// `price` less what the ticket cost: negative is refunded, positive is paid first.
    pub price_difference: i64,
    pub price_difference_formatted: String,
}

/// The answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangeOptions {
    pub number: String,
    pub can_change: bool,
    /// Why not, when `can_change` is false.
    pub reason: Option<CannotChange>,
    /// Changes close this many minutes before the current course leaves.
    pub cutoff_minutes: i32,
    pub current: CurrentCourse,
    /// Empty when the ticket cannot change.
    pub options: Vec<ChangeOption>,
    /// A change waiting for the payment of its difference.
    pub pending: Option<PendingChangeView>,
}

#[derive(sqlx::FromRow)]
struct TicketRow {
    code: String,
    status: String,
    leg: String,
    line: i32,
    price: i64,
    course_id: Uuid,
    departure_at: DateTime<Utc>,
    arrival_at: DateTime<Utc>,
    course_changed: bool,
    user_id: Option<Uuid>,
    order_status: String,
    outbound: Json<Leg>,
    back: Option<Json<Leg>>,
    lines: Json<Vec<TicketLine>>,
    change_course_id: Option<Uuid>,
    change_difference: Option<i64>,
    change_expires_at: Option<DateTime<Utc>>,
    change_provider: Option<String>,
    change_token: Option<String>,
}

#[utoipa::path(get, path = "/api/order/ticket/change-options", tag = "order", security((), ("bearer" = [])),
    params(("number" = inline(api_core::values::NotBlank), Query, description = "the ticket's number, e.g. NK-2026-000123"),
        ("code" = Option<String>, Query, description = "the ticket's code, for a guest (not needed by its owner)")),
    responses((status = 200, description = "`{\"data\": ChangeOptions}`", body = Data<ChangeOptions>),
        (status = 404, description = "no such ticket, or not yours"),
        (status = 422, description = "number is missing")))]
#[tracing::instrument(skip(state, user, params))]
pub async fn change_options(
    State(state): State<QueryState>,
    user: MaybeUser,
    params: Params,
) -> Result<Data<ChangeOptions>, ApiError> {
    let number = params.required("number")?.trim().to_uppercase();
    let not_found = || ApiError::NotFound("There is no ticket with this number.".into());
    if number.len() > 64 {
        return Err(not_found());
    }
    let row: TicketRow = sqlx::query_as(
        "select t.code, t.status, t.leg, t.line, t.price, t.course_id, t.departure_at, t.arrival_at, \
                t.course_changed, t.user_id, o.status as order_status, o.outbound, o.back, o.lines, \
                t.change_course_id, t.change_difference, t.change_expires_at, t.change_provider, t.change_token \
         from rm_tickets t join rm_orders o on o.order_id = t.order_id where t.number = $1",
    )
    .bind(&number)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(not_found)?;
    let code = params.optional("code").map(|c| c.trim().to_uppercase());
    let allowed = user.0.as_ref().is_some_and(|u| u.role == Role::SuperAdmin || row.user_id == Some(u.id))
        || code.is_some_and(|c| !c.is_empty() && c == row.code);
    if !allowed {
        return Err(not_found());
    }

    let settings = settings_in_force(&state.pool).await?;
    let cutoff = settings.return_cutoff_minutes.max(0);
    let now = Utc::now();
    let reason = if row.status == "returned" {
        Some(CannotChange::TicketReturned)
    } else if row.status != "valid" {
        Some(CannotChange::Used)
    } else if row.order_status != "paid" {
        Some(CannotChange::NotPaid)
    } else if row.course_changed {
        Some(CannotChange::AlreadyChanged)
    } else if now >= row.departure_at - Duration::minutes(i64::from(cutoff)) {
        Some(CannotChange::TooLate)
    } else if row.change_expires_at.is_some_and(|until| now < until) {
        Some(CannotChange::PaymentPending)
    } else {
        None
    };
    let pending = match (row.change_course_id, row.change_difference, row.change_expires_at) {
        (Some(course_id), Some(difference), Some(until)) if now < until => Some(PendingChangeView {
            course_id,
            price_difference: difference,
            price_difference_formatted: format_pln(difference),
            payment_url: super::record::payment_url(
                &state.public_url,
                row.change_provider.as_deref().unwrap_or_default(),
                row.change_token.as_deref().unwrap_or_default(),
            ),
            pay_by: warsaw(until),
        }),
        _ => None,
    };
    let options = match reason {
        Some(_) => Vec::new(),
        None => options(&state, &row, now).await?,
    };
    Ok(Data::new(ChangeOptions {
        number,
        can_change: reason.is_none(),
        reason,
        cutoff_minutes: cutoff,
        current: CurrentCourse {
            course_id: row.course_id,
            departure_at: warsaw(row.departure_at),
            arrival_at: warsaw(row.arrival_at),
            price: row.price,
            price_formatted: format_pln(row.price),
        },
        options,
        pending,
    }))
}

/// The other courses of the ticket's route between its stops, with a free seat.
async fn options(state: &QueryState, row: &TicketRow, now: DateTime<Utc>) -> Result<Vec<ChangeOption>, ApiError> {
    let leg = match (row.leg.as_str(), row.back.as_ref()) {
        ("back", Some(Json(back))) => back,
        _ => &row.outbound.0,
    };
    // From now to the ticket's day and 30 days past it, so a ticket weeks ahead has its own day.
    let until = now.max(row.departure_at) + Duration::days(DAYS_AHEAD);
    let found: Vec<_> = search(&state.pool, leg.from_waypoint_id, leg.to_waypoint_id, now, until)
        .await?
        .into_iter()
        .filter(|f| f.route_id == leg.route_id && f.course_id != row.course_id && f.seats_available >= 1)
        .collect();
    let ticket_day = warsaw(row.departure_at).date_naive();
    let first_on_ticket_day = found.iter().position(|f| warsaw(f.departs_at).date_naive() >= ticket_day);
    let offered = offered_window(found.len(), first_on_ticket_day);
    Ok(found
        .into_iter()
        .skip(offered.start)
        .take(offered.len())
        .map(|f| {
            let (price, difference) = repriced(&row.lines, row.line, f.price, row.price);
            ChangeOption {
                course_id: f.course_id,
                departure_at: warsaw(f.departs_at),
                arrival_at: warsaw(f.arrives_at),
                free_seats: f.seats_available,
                price,
                price_formatted: format_pln(price),
                price_difference: difference,
                price_difference_formatted: format_pln(difference),
            }
        })
        .collect())
}

/// Which of the candidates (soonest first) are offered: `MAX_OPTIONS` of them, from a few
/// before the first that leaves on the ticket's own day (issue 30: the first 30 from now
/// ended days before a ticket bought a week or more ahead, so its own day's later courses
/// were never offered). With none on or after that day, the last ones.
fn offered_window(len: usize, first_on_ticket_day: Option<usize>) -> std::ops::Range<usize> {
    const BEFORE: usize = MAX_OPTIONS / 5;
    let start = first_on_ticket_day.unwrap_or(len).saturating_sub(BEFORE).min(len.saturating_sub(MAX_OPTIONS));
    start..len.min(start + MAX_OPTIONS)
}

/// A ticket of the order's line `line` priced on a course whose fare for its stretch is
/// `fare`: its price there (the line's discount applied, as `decide_change_course` prices
/// a change) and the difference to `paid` (negative is refunded, positive would be paid).
pub(super) fn repriced(lines: &[TicketLine], line: i32, fare: i64, paid: i64) -> (i64, i64) {
    let discount = lines.iter().find(|l| i64::from(l.line) == i64::from(line)).and_then(|l| l.discount.as_ref());
    let price = seat_price(fare, discount.map(|d| d.reduction));
    (price, price - paid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_weeks_ahead_is_offered_its_own_days_courses_and_a_few_before() {
        // 100 candidates, the ticket's day starting at the 70th: not the first 30 from now.
        assert_eq!(offered_window(100, Some(70)), 64..94);
    }

    #[test]
    fn a_ticket_soon_is_offered_the_first_ones() {
        assert_eq!(offered_window(100, Some(3)), 0..30);
        assert_eq!(offered_window(12, Some(8)), 0..12);
    }

    #[test]
    fn near_the_end_the_window_stays_full() {
        assert_eq!(offered_window(100, Some(95)), 70..100);
        assert_eq!(offered_window(100, None), 70..100);
        assert_eq!(offered_window(0, None), 0..0);
    }
}
